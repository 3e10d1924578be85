"""A seat whose last unit is gone is out of the battle: it is told so, with what it means for
the mission, and nothing waits on it any more (turns, initiative, undo approvals)."""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode
from rules.wasteland import events as ev
from rules.wasteland.actions import EndActivation
from rules.wasteland.activation import finish
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.missions import check_victory
from rules.wasteland.rounds import initiative_order
from rules.wasteland.state import WastelandState
from rules.wasteland.system import WastelandSystem
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import battle, profile, unit

GRUNT = profile("grunt", leadership=1)
SEATS = ("alpha", "bravo", "charlie")


def charlie_wiped_out(**updates: object) -> WastelandState:
    """Three sides; charlie's only unit has just been destroyed."""
    gone = unit("C1", "charlie", GRUNT, (60, 40), status="destroyed")
    gone = gone.model_copy(update={"models": (gone.models[0].model_copy(update={"wounds": 0}),)})
    return battle(
        [
            unit("A1", "alpha", GRUNT, (10, 10)),
            unit("B1", "bravo", GRUNT, (10, 40)),
            gone,
        ],
        [GRUNT],
        seats=SEATS,
        active="A1",
        **updates,
    )


def test_a_seat_whose_last_unit_is_gone_is_told_it_is_out_and_what_that_means() -> None:
    flow = Flow(charlie_wiped_out(), ScriptedRoller([]), Catalog())
    check_victory(flow)
    outs = [e for e in flow.events if isinstance(e, ev.SeatOut)]
    assert [e.seat for e in outs] == ["charlie"]
    line = WastelandSystem().describe(outs[0], flow.state)
    assert line is not None and line.startswith("Charlie has no units left and is out")
    assert "points still count" in line  # Total Annihilation scores every side at the end
    assert not flow.over
    assert flow.state.seats_in_play() == ("alpha", "bravo")
    again = Flow(flow.state, ScriptedRoller([]), Catalog())
    check_victory(again)
    assert again.events == []  # told once


def test_an_attacker_that_is_out_still_shares_the_attackers_victory() -> None:
    state = charlie_wiped_out(defender="alpha", mission="hold")
    flow = Flow(state, ScriptedRoller([]), Catalog())
    check_victory(flow)
    out = next(e for e in flow.events if isinstance(e, ev.SeatOut))
    assert "share the victory" in out.meaning


def test_nothing_waits_on_a_seat_that_is_out() -> None:
    flow = Flow(charlie_wiped_out(), ScriptedRoller([]), Catalog())
    check_victory(flow)
    state = flow.state
    # initiative leaves it out: no roll-off with a side that has nothing on the table
    order, totals, rolloffs = initiative_order(
        Flow(state, ScriptedRoller([4, 7]), Catalog()), "initiative"
    )
    assert "charlie" not in order and "charlie" not in totals and "charlie" not in rolloffs
    # the turn passes over it
    flow = Flow(state.model_copy(update={"order": SEATS}), ScriptedRoller([]), Catalog())
    finish(flow, "A1")
    assert flow.state.turn == "bravo"
    # and it may not act
    refused = WastelandSystem().decide(state, "charlie", EndActivation(), ScriptedRoller([]))
    assert isinstance(refused, Rejection) and refused.code == RejectionCode.NOT_SEATED
    assert "out of the battle" in refused.message
