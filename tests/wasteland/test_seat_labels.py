"""Players read seats by their labels ("Alpha"), as the system declares them; ids stay
in what players type and in the events. A tie broken by a roll-off shows its dice."""

from __future__ import annotations

import re

from rules.core.events import Event
from rules.core.rejection import Rejection
from rules.wasteland import events as ev
from rules.wasteland.actions import SubmitList
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.facts import battle as fb
from rules.wasteland.facts import setup as fs
from rules.wasteland.flow import Flow
from rules.wasteland.narrate import describe
from rules.wasteland.present import status
from rules.wasteland.rounds import begin_round, initiative_order
from rules.wasteland.seats import SEAT_SPECS, seat_label
from rules.wasteland.system import WastelandSystem
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import battle, profile, reports, unit
from tests.wasteland.test_setup import PATROL_A, PATROL_B, start

SYSTEM = WastelandSystem()
GRUNT = profile("grunt")
BARE_ID = re.compile(r"\b(alpha|bravo|charlie|delta)\b")

REPRESENTATIVE: list[Event] = [
    ev.ListSubmitted(seat="alpha"),
    ev.DeployTurn(order=("alpha", "bravo"), seat="bravo"),
    ev.TurnPassed(seat="alpha"),
    fb.RoundAnnounced(
        round=1,
        order=("bravo", "alpha"),
        totals={"bravo": 2, "alpha": 2},
        rolloffs={"bravo": (6,), "alpha": (4,)},
    ),
    fs.DeploymentOrder(
        order=("alpha", "bravo"),
        totals={"alpha": 2, "bravo": 2},
        rolloffs={"alpha": (4,), "bravo": (6,)},
    ),
    fb.BattleEventRolled(seat="alpha", roll=3, trigger=5),
    fb.SeatScored(seat="bravo", score=2, goal=3),
    fb.SeatScored(seat="alpha", score=1, goal=3, against="bravo"),
    fs.DefenderRolled(die=4, seat="bravo"),
]


def test_the_system_declares_the_labels_the_lines_use() -> None:
    assert SYSTEM.seat_specs == SEAT_SPECS
    assert [seat_label(s.id) for s in SYSTEM.seat_specs] == ["Alpha", "Bravo", "Charlie", "Delta"]


def test_representative_lines_name_seats_by_label_never_by_bare_id() -> None:
    lines = [describe(e) for e in REPRESENTATIVE]
    assert lines[:3] == [
        "Alpha has submitted an army list.",
        "Bravo deploys.",
        "Alpha to activate a unit.",
    ]
    assert lines[3] == (
        "Round 1. Initiative (Leadership): Bravo 2, Alpha 2 (roll-off: Bravo 6, Alpha 4);"
        " Bravo goes first."
    )
    assert lines[5] == "Battle events: Alpha rolls 3 vs 5+ → no event."
    assert lines[6] == "Bravo scores: 2/3."
    assert lines[7] == "Alpha cuts Bravo's score to 1."
    for line in lines:
        assert line is not None and ("Alpha" in line or "Bravo" in line)
        assert BARE_ID.search(line) is None, line
    # the events themselves keep the ids
    assert REPRESENTATIVE[3].model_dump()["order"] == ("bravo", "alpha")


def test_status_names_the_seat_it_waits_on_by_label() -> None:
    state = start().model_copy(update={"phase": "deployment", "deploying": "bravo"})
    shown = status(state)
    assert shown.summary.endswith("Bravo deploys") and shown.waiting_on == ("bravo",)


def test_a_tied_initiative_shows_its_roll_off_dice_and_a_tied_roll_off_rolls_again() -> None:
    state = battle(
        [unit("A1", "alpha", GRUNT, (10, 5)), unit("B1", "bravo", GRUNT, (10, 40))], [GRUNT]
    )
    roller = ScriptedRoller([4, 4, 2, 9])
    assert initiative_order(Flow(state, roller, Catalog()), "initiative").rolloffs == {
        "bravo": (4, 9),
        "alpha": (4, 2),
    }
    flow = Flow(state.model_copy(update={"round": 0}), ScriptedRoller([4, 4, 2, 9]), Catalog())
    begin_round(flow)
    announced = next(line for line in reports(flow) if line.startswith("Round 1."))
    assert announced == (
        "Round 1. Initiative (Leadership): Bravo 0, Alpha 0"
        " (roll-off: Bravo 4 then 9, Alpha 4 then 2); Bravo goes first."
    )


def test_a_tied_deployment_order_shows_its_roll_off_dice() -> None:
    state = start()
    steps = [("alpha", PATROL_A), ("alpha", SubmitList()), ("bravo", PATROL_B)]
    for seat, action in steps:
        events = SYSTEM.decide(state, seat, action, ScriptedRoller([]))
        assert not isinstance(events, Rejection)
        for event in events:
            state = SYSTEM.evolve(state, event)
    # equal Leadership and units: the reveal rolls off, 3 v 8, and bravo deploys last
    revealed = SYSTEM.decide(state, "bravo", SubmitList(), ScriptedRoller([3, 8]))
    assert not isinstance(revealed, Rejection)
    lines = [line for e in revealed if (line := SYSTEM.describe(e)) is not None]
    assert (
        "Deployment order (lowest initiative first): Alpha 2, Bravo 2 (roll-off: Alpha 3, Bravo 8)."
        in lines
    )


def test_an_order_saved_without_roll_off_dice_still_loads_and_reads_as_before() -> None:
    old = {
        "type": "wt_round_announced",
        "round": 2,
        "order": ["alpha", "bravo"],
        "totals": {"alpha": 3, "bravo": 1},
    }
    event = SYSTEM.event_adapter.validate_python(SYSTEM.upcast(old))
    assert (
        describe(event) == "Round 2. Initiative (Leadership): Alpha 3, Bravo 1; Alpha goes first."
    )
    old = {
        "type": "wt_deployment_order",
        "order": ["bravo", "alpha"],
        "totals": {"alpha": 3, "bravo": 1},
    }
    event = SYSTEM.event_adapter.validate_python(SYSTEM.upcast(old))
    assert describe(event) == "Deployment order (lowest initiative first): Bravo 1, Alpha 3."
