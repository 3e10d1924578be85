"""The worked examples of the rulebook, replayed with the same dice."""

from __future__ import annotations

from rules.core.d10 import count_pool
from rules.core.events import GameEnded
from rules.tannhauser import events as ev
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.state import FreeMeleeWindow
from rules.tannhauser.values import current
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    a,
    b,
    game,
    of,
    one,
    play,
)


def test_pistol_attack_three_successes_one_cancelled_two_wounds() -> None:
    # Eva (Combat 5) attacks John (Stamina 5) with a Pistol: 4 dice at difficulty 5.
    state = game(a("eva", "r2", "pistol"), b("john", "r4"), b("tala", "o1"), active="eva", cp=0)
    state, events = play(state, ALPHA, "attack john with pistol", [3, 5, 6, 9, 2, 4, 4, 6])
    rolled = one(events, ev.AttackRolled)
    assert (rolled.pool, rolled.difficulty, rolled.raw) == (4, 5, (3, 5, 6, 9))
    assert rolled.successes == 3
    shock = one(events, ev.ShockRolled)
    assert (shock.pool, shock.difficulty, shock.raw) == (4, 5, (2, 4, 4, 6))
    assert (shock.against, shock.successes, shock.wounds) == (3, 1, 2)
    wounded = one(events, ev.Wounded)
    assert (wounded.wounds, wounded.row_before, wounded.row_after) == (2, 0, 2)
    assert state.tokens["john"].row == 2  # dialled down two rows
    assert state.activation is not None and state.activation.acted


def test_natural_tens_and_ones_are_counted_on_raw_results() -> None:
    tens = count_pool((4, 7, 8, 10), difficulty=9, per_die=2)
    assert tens.modified == (6, 9, 10, 12)
    assert (tens.successes, tens.natural_tens) == (3, 1)
    ones = count_pool((1, 2, 6, 9), difficulty=5, per_die=-3)
    assert ones.modified == (-2, -1, 3, 6)
    assert (ones.successes, ones.natural_ones) == (1, 1)


def test_a_natural_ten_always_succeeds_and_a_natural_one_never_does() -> None:
    assert count_pool((10,), difficulty=10, per_die=-5).successes == 1
    assert count_pool((1,), difficulty=2, per_die=5).successes == 0
    assert count_pool((9,), difficulty=10, per_die=1).successes == 1  # a modified 10


def test_plus_two_per_die_against_difficulty_nine_through_an_attack() -> None:
    # A Combat 1 recruit (difficulty 9) fires a weapon adding +2 to each die.
    state = game(
        a("rookie", "r2", "keen-pistol", character="recruit"),
        b("john", "r4"),
        active="rookie",
        cp=0,
    )
    state, events = play(state, ALPHA, "attack john with keen-pistol", [4, 7, 8, 10, 1, 1, 1, 1])
    rolled = one(events, ev.AttackRolled)
    assert (rolled.difficulty, rolled.per_die, rolled.successes) == (9, 2, 3)
    assert one(events, ev.Wounded).row_after == 3


def test_minus_three_per_die_against_difficulty_five_through_an_attack() -> None:
    state = game(a("eva", "r2", "rusty-pistol"), b("john", "r4"), active="eva", cp=0)
    state, events = play(state, ALPHA, "attack john with rusty-pistol", [1, 2, 6, 9, 1, 2, 3, 4])
    rolled = one(events, ev.AttackRolled)
    assert (rolled.difficulty, rolled.per_die, rolled.successes) == (5, -3, 1)
    assert one(events, ev.ShockRolled).wounds == 1


def test_grenade_four_automatic_successes_two_cancelled_then_rubble() -> None:
    # John (second row, Stamina 4) stands next to the circle the grenade lands on.
    state = game(
        a("thrower", "r2", "grenade"),
        b("john", "r4", row=1),
        b("tala", "o1"),
        active="thrower",
        cp=0,
    )
    state, events = play(state, ALPHA, "throw grenade at r5", [3, 5, 7, 10])
    thrown = one(events, ev.GrenadeThrown)
    assert (thrown.circle, thrown.victims, thrown.smoke) == ("r5", ("john",), False)
    assert not of(events, ev.AttackRolled)  # automatic successes: no attack roll
    shock = one(events, ev.ShockRolled)
    assert (shock.against, shock.difficulty, shock.successes, shock.wounds) == (4, 6, 2, 2)
    assert state.tokens["john"].row == 3
    assert one(events, ev.RubblePlaced).circle == "r5"
    assert state.rubble == ("r5",)
    assert "grenade" not in state.tokens["thrower"].equipment


def test_two_wounds_from_the_second_lowest_row_kill_and_leave_disposables() -> None:
    state = game(
        a("trooper", "r2", "pistol", character="rifleman"),
        b("john", "r4", "banner", "grenade", "medkit", row=2),
        b("tala", "o1"),
        active="trooper",
        cp=0,
    )
    # four attack successes against Combat 4 (difficulty 6), two shock successes
    state, events = play(state, ALPHA, "attack john with pistol", [6, 7, 8, 9, 6, 7, 1, 2])
    assert one(events, ev.AttackRolled).successes == 4
    assert one(events, ev.ShockRolled).wounds == 2
    killed = one(events, ev.Killed)
    assert (killed.circle, killed.dropped) == ("r4", ("grenade", "medkit"))
    john = state.tokens["john"]
    assert john.dead and john.circle is None and john.equipment == ()
    assert state.ground["r4"] == ("grenade", "medkit")  # the banner is not disposable
    assert not of(events, GameEnded)  # Tala is still standing


def test_bull_rush_stamina_duel_three_against_two_lets_the_rusher_through() -> None:
    # Eva and John both roll four dice at Stamina 4 (difficulty 6).
    state = game(a("eva", "r3", row=1), b("john", "r4", row=1), active="eva")
    state, events = play(state, ALPHA, "rush r4 r5", [6, 7, 8, 1, 6, 7, 1, 2])
    rush = one(events, ev.BullRushed)
    assert (rush.attacker_successes, rush.defender_successes, rush.won) == (3, 2, True)
    moved = one(events, ev.Moved)
    assert moved.route == ("r4", "r5")
    assert state.tokens["eva"].circle == "r5"
    assert state.activation is not None and state.activation.points == 5 - 2
    assert not state.activation.acted  # a bull rush is not the action


def test_failed_bull_rush_opens_a_free_melee_attack_for_the_target() -> None:
    state = game(a("eva", "r3", row=1), b("john", "r4", "knife", row=1), active="eva", cp=0)
    state, events = play(state, ALPHA, "rush r4 r5", [6, 1, 1, 1, 6, 7, 1, 2])
    assert one(events, ev.BullRushed).won is False
    assert state.tokens["eva"].circle == "r3"
    window = state.windows[-1]
    assert isinstance(window, FreeMeleeWindow)
    assert (window.seat, window.striker, window.target) == (BRAVO, "john", "eva")
    # the free attack costs no Command Point and uses no action
    state, events = play(state, BRAVO, "strike with knife", [9, 9, 1, 1, 1, 1, 1, 1])
    declared = one(events, ev.AttackDeclared)
    assert (declared.kind, declared.weapon) == ("free", "knife")
    assert not of(events, ev.CommandPointsSpent)
    assert state.tokens["eva"].row == 3
    assert state.activation is not None and state.activation.key == "eva"
    assert not state.activation.acted


def test_rubble_replaces_a_modifier_circle() -> None:
    state = game(a("eva", "r5"), b("john", "r9"))
    eva = state.tokens["eva"]
    assert current(state, eva, Stat.COMBAT) == 6  # the green Combat icon on r5
    rubbled = state.model_copy(update={"rubble": ("r5",)})
    assert current(rubbled, eva, Stat.COMBAT) == 5
