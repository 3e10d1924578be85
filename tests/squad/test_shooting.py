"""Shooting (001 Shooting; `/rules` target-selection to damage, morale-checks): the target,
who fires with what, allocating hits, damage and the morale checks casualties bring."""

from __future__ import annotations

from rules.core.frames import FrameOpened
from rules.core.rejection import RejectionCode
from rules.geometry.pieces import Height, Terrain
from rules.squad.content.units import UnitDef
from rules.squad.events import Damaged, Fired, MoraleChecked, Routed, TurnPassed
from rules.squad.state import AllocateWindow, SquadState
from tests.squad.builders import (
    ALPHA,
    BRAVO,
    HERO,
    RAIDERS,
    SYSTEM,
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

SCOUTS = profile("scouts", abilities=("battle_awareness",))


def _two_targets(shooter: UnitDef = TROOPERS) -> SquadState:
    """A1 at y 10 (x 10-16); B1 9" away straight ahead, B2 27.3" away to the side."""
    return game(
        a(shooter, line(10, 10, 5)),
        b(TROOPERS, line(10, 20, 5)),
        b(TROOPERS, line(40, 25, 5)),
    )


def test_the_nearest_unit_must_be_the_target() -> None:
    refused = refuse(_two_targets(), ALPHA, "shoot A1 at B2")
    assert refused.message == (
        'A1 must shoot the nearest enemy unit in sight: B1 (9.0") is nearer than B2 (27.3").'
    )
    assert refused.legal == ("shoot A1 at B1",)


def test_battle_awareness_lifts_the_nearest_target_rule() -> None:
    state, events = play(_two_targets(SCOUTS), ALPHA, "shoot A1 at B2", faces=[2, 2, 2, 2, 2])
    fired = one(events, Fired)
    assert (fired.target, fired.band, fired.hits) == ("B2", "long", 0)
    assert one(events, TurnPassed).seat == BRAVO
    assert state.unit("A1").activated


def test_a_unit_in_close_combat_cannot_be_targeted() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        a(HERO, [(11.5, 21.5)]),  # in base contact with B1
        b(TROOPERS, line(10, 22.48, 5)),
        b(TROOPERS, line(40, 25, 5)),
    )
    refused = refuse(state, ALPHA, "shoot A1 at B1")
    assert refused.code == RejectionCode.NO_LINE_OF_SIGHT
    assert refused.message == 'B1 is in close combat; A1 can shoot B2 (27.3").'
    _, events = play(state, ALPHA, "shoot A1", faces=[1, 1, 1, 1, 1])
    assert one(events, Fired).target == "B2"


def test_only_models_that_see_the_target_shoot() -> None:
    wall = area("wall", (20, 12), (20, 8), Terrain.BUILDING, height=Height.TALL)
    state = game(
        a(TROOPERS, [(10, 10), (11.5, 10), (30, 10), (31.5, 10), (33, 10)]),
        b(HERO, [(12, 22)]),
        areas=(wall,),
    )
    _, events = play(state, ALPHA, "shoot A1", faces=[7, 4, 7])
    fired = one(events, Fired)
    assert fired.dice == (7, 4) and fired.hits == 1
    # the hero is one model: its hits need no allocation
    damaged = one(events, Damaged)
    assert [(w.model, w.strength, w.score) for w in damaged.rolls] == [("1", 4, 7)]


def test_each_model_fires_its_weapon_for_its_own_range_band() -> None:
    # the carbine reaches 12": only the two raiders within 12" of the hero fire
    state = game(
        a(RAIDERS, [(10, 10), (14, 10), (18, 10), (22, 10)]),
        b(HERO, [(10, 21.5)]),
    )
    _, events = play(state, ALPHA, "shoot A1", faces=[5, 9, 10, 10])
    fired = one(events, Fired)
    assert fired.dice == (5, 9) and fired.hits == 2
    # troopers' rifles hit with strength 4 up to 12" and 3 beyond
    state = game(
        a(TROOPERS, [(10, 10), (14, 10), (18, 10), (22, 10), (26, 10)]),
        b(HERO, [(10, 21.5)]),
    )
    _, events = play(state, ALPHA, "shoot A1", faces=[9, 9, 9, 9, 9, 1, 1, 1, 1, 1])
    damaged = one(events, Damaged)
    assert sorted(w.strength for w in damaged.rolls) == [3, 3, 3, 4, 4]


def test_hits_wait_for_the_owner_to_allocate_them() -> None:
    state = game(a(TROOPERS, line(10, 10, 5)), b(TROOPERS, line(10, 20, 5)))
    state, events = play(state, ALPHA, "shoot A1", faces=[5, 4, 6, 1, 2])
    window = of(events, FrameOpened)[-1].frame
    assert isinstance(window, AllocateWindow)
    assert (window.seat, window.target, len(window.hits)) == (BRAVO, "B1", 2)
    assert not of(events, Damaged) and not of(events, TurnPassed)
    prompt = SYSTEM.prompts(state)[0]
    assert prompt.seat == BRAVO and prompt.private
    assert prompt.on_timeout == "allocate closest" and prompt.timeout_minutes == 720
    assert refuse(state, ALPHA, "end").message == "Bravo is allocating the hits on B1."
    assert refuse(state, BRAVO, "allocate 7").message == (
        "B1 has no living model 7; its models are 1, 2, 3, 4, 5."
    )
    assert refuse(state, BRAVO, "allocate 3, 3").message == (
        "Name each model once: every model takes a hit before any takes a second."
    )
    # S4 against T4 on the test table: 6+
    state, events = play(state, BRAVO, "allocate 4, 2", faces=[6, 9])
    damaged = one(events, Damaged)
    assert [(w.model, w.score, w.wounded) for w in damaged.rolls] == [
        ("4", 6, True),
        ("2", 6, True),
    ]
    assert [m.id for m in state.unit("B1").living] == ["1", "3", "5"]
    assert told(events, "Damage") == "Damage to B1: 6✓ 9✓ (S4 v T4: 6+) → 2 wounds (model 2, 4)."
    assert one(events, TurnPassed).seat == BRAVO
    assert state.windows == ()


def test_allocate_closest_and_the_deadline_take_the_models_nearest_the_shooters() -> None:
    state = game(a(TROOPERS, line(10, 10, 5)), b(TROOPERS, line(14.5, 20, 5)))
    state, _ = play(state, ALPHA, "shoot A1", faces=[5, 1, 1, 1, 1])
    state, events = play(state, BRAVO, "allocate closest", faces=[3])
    # B1.1 at x 14.5 and B1.2 at x 16 both stand under a shooter; the lower number first
    assert [w.model for w in one(events, Damaged).rolls] == ["1"]


def test_a_squad_below_half_that_loses_a_model_checks_morale_and_routs() -> None:
    state = game(a(TROOPERS, line(10, 10, 5)), b(TROOPERS, line(10, 20, 5)))
    state = with_units(state, B1={"wounds": (0, 0, 1, 1, 1)})
    # 3 hits on 3 models: no choice to make; one wound; ML 5 needs 5+, a 4 fails
    state, events = play(state, ALPHA, "shoot A1", faces=[5, 5, 5, 1, 1, 6, 1, 1, 4])
    check = one(events, MoraleChecked)
    assert check.reason == "lost a model while below half strength"
    assert (check.roll.score, check.roll.raw, check.result) == (5, 4, "rout")
    routed = one(events, Routed)
    assert (routed.how, routed.points, routed.by) == ("routed", 100, (ALPHA,))
    assert state.kills[ALPHA] == 100
    assert not state.unit("B1").on_table
    assert told(events, "leaves the table") == "B1 routs and leaves the table (100 points)."


def test_a_squad_at_half_or_more_checks_nothing() -> None:
    state = game(a(TROOPERS, line(10, 10, 5)), b(TROOPERS, line(10, 20, 5)))
    state = with_units(state, B1={"wounds": (0, 1, 1, 1, 1)})
    # one model falls: 3 of 5 left, not below half
    state, events = play(state, ALPHA, "shoot A1", faces=[5, 5, 5, 5, 1, 6, 1, 1, 1])
    assert len(state.unit("B1").living) == 3
    assert not of(events, MoraleChecked)


def test_an_individual_checks_morale_when_its_wounds_drop_below_half() -> None:
    state = game(a(TROOPERS, line(10, 10, 5)), b(HERO, [(12, 21.5)]))
    # 4 wounds to 2: exactly half, no check
    state, events = play(state, ALPHA, "shoot A1", faces=[5, 5, 1, 1, 1, 7, 8])
    assert state.unit("B1").models[0].wounds == 2
    assert not of(events, MoraleChecked)
    # one more: below half; ML 7 needs 3+, a 2 fails; 1 wound of 4 left is below half: rout
    state = state.model_copy(update={"to_act": ALPHA})
    state = with_units(state, A1={"activated": False})
    state, events = play(state, ALPHA, "shoot A1", faces=[5, 1, 1, 1, 1, 7, 2])
    check = one(events, MoraleChecked)
    assert check.reason == "wounds dropped below half"
    assert (check.roll.score, check.result) == (3, "rout")
    assert state.kills[ALPHA] == 80


GUNNERS = profile("gunners", weapons=("cannon",))
"""Five models with a two-shot cannon: ten to-hit dice."""


def test_hits_left_over_after_a_round_are_allocated_by_the_owner_too() -> None:
    state = game(a(GUNNERS, line(10, 10, 5)), b(TROOPERS, line(10, 20, 5)))
    # seven hits on five models: two models take a second hit, the owner says which
    state, events = play(state, ALPHA, "shoot A1", faces=[5] * 7 + [1] * 3)
    window = of(events, FrameOpened)[-1].frame
    assert isinstance(window, AllocateWindow) and len(window.hits) == 7
    _, events = play(state, BRAVO, "allocate 3, 1", faces=[1] * 7)
    assert [w.model for w in one(events, Damaged).rolls] == ["3", "1", "2", "4", "5", "3", "1"]


def test_hits_that_fall_evenly_need_no_allocation() -> None:
    state = game(a(GUNNERS, line(10, 10, 5)), b(TROOPERS, line(10, 20, 5)))
    _, events = play(state, ALPHA, "shoot A1", faces=[5] * 10 + [1] * 10)
    assert not any(isinstance(e.frame, AllocateWindow) for e in of(events, FrameOpened))
    rolls = one(events, Damaged).rolls
    assert [w.model for w in rolls] == ["1", "2", "3", "4", "5"] * 2
    assert {w.strength for w in rolls} == {6}


def test_to_hit_modifiers_add_up_and_natural_rolls_win_over_them() -> None:
    marksmen = profile("marksmen", models=2, sh=10)  # 0+: only a natural 1 misses
    tiny = profile("tiny", models=2, size=1)
    state = game(a(marksmen, line(10, 10, 2)), b(tiny, line(10, 20, 2)))
    state, _ = play(state, ALPHA, "move A1 to 10.75,12")
    _, events = play(state, ALPHA, "shoot", faces=[1, 2])
    fired = one(events, Fired)
    assert (fired.score, fired.modifier, fired.hits) == (0, -2, 1)
    assert fired.modifiers == ("-1 moved", "-1 size 1")
    rookies = profile("rookies", models=2, sh=1)  # 9+
    giant = profile("giant", models=2, size=8)
    state = game(a(rookies, line(10, 10, 2)), b(giant, line(10, 20, 2)))
    state, _ = play(state, ALPHA, "move A1 to 10.75,12")
    _, events = play(state, ALPHA, "shoot", faces=[7, 6])
    fired = one(events, Fired)
    assert (fired.score, fired.modifier, fired.hits) == (9, 2, 1)  # 7+2 = 9 hits
    assert fired.modifiers == ("-1 moved", "+3 size 8")
    state = game(a(rookies, line(10, 10, 2)), b(tiny, line(10, 20, 2)))
    _, events = play(state, ALPHA, "shoot A1", faces=[10, 9])
    assert one(events, Fired).hits == 1  # 9-1 misses 9+, a natural 10 hits


def test_twelve_inches_is_short_range() -> None:
    state = game(a(HERO, [(10, 10)]), b(HERO, [(10, 22.98)]))  # exactly 12.00" apart
    _, events = play(state, ALPHA, "shoot A1", faces=[4, 9])
    fired = one(events, Fired)
    assert (fired.band, fired.gap, fired.hits) == ("short", 1200, 1)
    # the pistol: strength 3 at short range against T5 is 8+
    assert [(w.strength, w.score, w.wounded) for w in one(events, Damaged).rolls] == [(3, 8, True)]
    state = game(a(HERO, [(10, 10)]), b(HERO, [(10, 23)]))  # 12.02": beyond the pistol
    assert refuse(state, ALPHA, "shoot A1").message == (
        "A1 sees no enemy unit in range that is not in close combat."
    )


def test_the_allocation_deadline_is_the_games_option() -> None:
    state = game(a(TROOPERS, line(10, 10, 5)), b(TROOPERS, line(10, 20, 5)), allocation_minutes=30)
    state, _ = play(state, ALPHA, "shoot A1", faces=[5, 1, 1, 1, 1])
    prompt = SYSTEM.prompts(state)[0]
    assert (prompt.timeout_minutes, prompt.on_timeout) == (30, "allocate closest")
    assert "on B1 Troopers (models 1, 2, 3, 4, 5)" in prompt.text
