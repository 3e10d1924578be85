"""Close combat (001 Close Combat; `/rules` assault-order, close-combat, combat-result):
assault moves, blows with their modifiers, the result and the loser's morale check, and
fighting on."""

from __future__ import annotations

from typing import Any

from rules.core.rejection import RejectionCode
from rules.geometry.pieces import Terrain
from rules.squad.events import (
    Assaulted,
    CombatResult,
    Damaged,
    Fought,
    MoraleChecked,
    Moved,
)
from rules.squad.state import SquadState
from tests.squad.builders import (
    ALPHA,
    BRAVO,
    TROOPERS,
    a,
    area,
    b,
    game,
    line,
    of,
    one,
    play,
    profile,
    refuse,
    told,
    with_units,
)


def _apart(y: float = 15, **b1: Any) -> SquadState:
    """A1 in a line at y 10 (x 10-16), B1 in a line at ``y`` straight ahead."""
    return game(a(TROOPERS, line(10, 10, 5)), b(TROOPERS, line(10, y, 5), **b1))


def test_the_assault_move_brings_models_into_contact_and_the_charger_wins() -> None:
    # AS 4 against AS 4: 6+; A1 +1 for the charge: 5 5 5 hit; B1 only its 6
    faces = [5, 5, 5, 1, 1, 6, 5, 5, 5, 5]
    # blades strike with strength 4 against T4: 6+; B1 loses 2, A1 none
    faces += [6, 6, 2, 3]
    # B1 lost: morale ML 5 needs 5+; a 4 fails with 3 of 5 left: panic
    faces += [4]
    state, events = play(_apart(), ALPHA, "assault A1 B1", faces=faces)
    moved = one(events, Moved)
    assert moved.how == "assault" and moved.distance == 402
    # each model went straight for the one ahead of it, to base contact (0.98" apart)
    assert moved.positions == tuple((x, 1402) for x, _ in moved.positions)
    assert [x for x, _ in moved.positions] == [1000, 1150, 1300, 1450, 1600]
    fought = one(events, Fought)
    assert (fought.attacker.score, fought.attacker.modifier, fought.attacker.hits) == (6, 1, 3)
    assert (fought.defender.score, fought.defender.modifier, fought.defender.hits) == (6, 0, 1)
    assert told(events, "Close combat") == (
        "Close combat: A1 5 5 5 1 1 vs 6+ (AS 4 v 4, +1 charged) → 3 hits;"
        " B1 6 5 5 5 5 vs 6+ (AS 4 v 4) → 1 hit."
    )
    on_b1, on_a1 = of(events, Damaged)
    assert (on_b1.unit, [w.wounded for w in on_b1.rolls]) == ("B1", [True, True, False])
    assert (on_a1.unit, [w.wounded for w in on_a1.rolls]) == ("A1", [False])
    result = one(events, CombatResult)
    assert (result.attacker_wounds, result.defender_wounds, result.loser) == (2, 0, "B1")
    assert told(events, "Combat result") == "Combat result A1 2 – B1 0: B1 loses and checks morale."
    check = one(events, MoraleChecked)
    assert (check.unit, check.reason, check.result) == ("B1", "lost a close combat", "panic")
    assert state.unit("B1").panicked and len(state.unit("B1").living) == 3
    assert not state.unit("A1").charged  # the +1 is spent


def test_an_assault_out_of_reach_is_refused_with_the_gap_and_movement() -> None:
    refused = refuse(_apart(17.5), ALPHA, "assault A1 B1")
    assert refused.code == RejectionCode.OUT_OF_RANGE
    assert refused.message == 'No model of A1 can reach B1: the gap is 6.5", its Movement 6".'


def test_a_draw_keeps_both_locked_and_they_fight_on_without_the_charge() -> None:
    faces = [4, 4, 4, 4, 4, 1, 1, 1, 1, 1]  # nobody hits
    state, events = play(_apart(), ALPHA, "assault A1 B1", faces=faces)
    result = one(events, CombatResult)
    assert result.loser is None
    assert told(events, "drawn") == (
        "Combat drawn (A1 0 – B1 0): both stay locked in close combat."
    )
    assert not of(events, MoraleChecked)
    # Bravo's turn: B1 is locked with A1 and may only fight on
    assert state.to_act == BRAVO
    assert refuse(state, BRAVO, "hold B1").message == (
        "B1 is in close combat with A1: only an Assault order (fight on) is possible."
    )
    faces = [6, 5, 5, 5, 5, 1, 1, 1, 1, 1, 2]
    state, events = play(state, BRAVO, "assault B1 A1", faces=[*faces, 4, 8])  # and initiative
    assaulted = one(events, Assaulted)
    assert not assaulted.charge
    assert not of(events, Moved)  # every model already in contact
    fought = one(events, Fought)
    assert fought.attacker.modifiers == () and fought.defender.modifiers == ()
    assert (fought.attacker.hits, fought.defender.hits) == (1, 0)


def test_panic_in_close_combat_minus_2_and_plus_2() -> None:
    # B1 panicked: A1 +1 charged +2 opponent panicked, B1 -2
    faces = [3, 3, 3, 1, 1, 9, 7, 7, 7, 7]  # 3+3 = 6 hits; 9-2 = 7 hits, 7-2 = 5 misses
    faces += [1, 1, 1, 1]  # no blow wounds
    _, events = play(_apart(panicked=True), ALPHA, "assault A1 B1", faces=faces)
    fought = one(events, Fought)
    assert fought.attacker.modifier == 3
    assert fought.attacker.modifiers == ("+1 charged", "+2 opponent panicked")
    assert fought.defender.modifier == -2
    assert fought.defender.modifiers == ("-2 panicked",)
    assert (fought.attacker.hits, fought.defender.hits) == (3, 1)


def test_a_defender_in_cover_adds_1() -> None:
    hedge = area("hedge", (8, 14), (12, 3), Terrain.COVER)
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        b(TROOPERS, line(10, 15, 5)),
        areas=(hedge,),
    )
    faces = [1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1]
    _, events = play(state, ALPHA, "assault A1 B1", faces=faces)
    fought = one(events, Fought)
    assert fought.defender.modifiers == ("+1 defending cover",)
    assert fought.defender.hits == 1


def test_a_stronger_assault_stat_needs_less() -> None:
    brutes = profile("brutes", assault=5, models=2)
    state = game(a(brutes, line(10, 10, 2)), b(TROOPERS, line(10, 10.98, 5)))
    # already locked: AS 5 against AS 4 needs 5+, AS 4 against AS 5 7+; no charge bonus
    # when fighting on; B1 loses a model and the combat, and holds steady on a 9
    _, events = play(state, ALPHA, "assault A1 B1", faces=[5, 4, 1, 1, 7, 9])
    fought = one(events, Fought)
    assert (fought.attacker.score, fought.defender.score) == (5, 7)
    assert fought.attacker.hits == 1 and fought.defender.hits == 0
    assert len(fought.defender.dice) == 2  # only B1's models in contact strike
    assert one(events, MoraleChecked).result == "steady"


def test_casualties_in_close_combat_bring_only_the_losers_check() -> None:
    state = with_units(_apart(10.98), B1={"wounds": (1, 1, 1, 0, 0)})
    # fighting on: A1's two free models close in but find no room; the three facing B1's
    # strike 6 6 6 (6+); B1's three miss
    faces = [6, 6, 6, 1, 1, 1]
    faces += [6, 6, 1]  # two of B1 fall: one model of five left, below half
    faces += [9]  # the one morale check: for losing the combat, passed
    state, events = play(state, ALPHA, "assault A1 B1", faces=faces)
    check = one(events, MoraleChecked)
    assert (check.reason, check.result) == ("lost a close combat", "steady")
    assert len(state.unit("B1").living) == 1
