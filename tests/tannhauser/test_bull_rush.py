"""Bull rush: a Stamina duel to pass through an enemy's circle."""

from __future__ import annotations

from rules.core.rejection import RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.content.effects import ExtraDice
from rules.tannhauser.content.equipment import EquipmentDef
from rules.tannhauser.state import CounterWindow, FreeMeleeWindow, OverwatchWindow
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    SYSTEM,
    a,
    b,
    game,
    of,
    one,
    play,
    refuse,
)

R_RUSH = "000 Bull rush"
WIN = [9, 9, 1, 1, 9, 1, 1, 1]  # two successes against one
TIE = [9, 1, 1, 1, 9, 1, 1, 1]  # the attacker needs a success left over


def test_a_tie_goes_to_the_defender() -> None:
    state = game(a("ace", "r3"), b("bob", "r4"), active="ace", cp=0)
    state, events = play(state, ALPHA, "rush r4 r5", TIE)
    assert one(events, ev.BullRushed).won is False
    assert state.tokens["ace"].circle == "r3"


def test_the_rusher_passes_through_without_stopping_and_keeps_the_action() -> None:
    state = game(a("ace", "r3"), b("bob", "r4"), active="ace", points=3)
    state, events = play(state, ALPHA, "rush r4 r5", WIN)
    assert one(events, ev.Moved).route == ("r4", "r5")
    assert state.activation is not None
    assert (state.activation.points, state.activation.acted) == (1, False)
    assert state.activation.bull_rushed


def test_only_one_bull_rush_per_activation() -> None:
    state = game(a("ace", "r3"), b("bob", "r4"), b("cid", "r6"), active="ace", cp=0)
    state, _ = play(state, ALPHA, "rush r4 r5", WIN)
    refused = refuse(state, ALPHA, "rush r6 r7")
    assert (refused.code, refused.rule) == (RejectionCode.ALREADY_DONE, R_RUSH)


def test_a_rush_needs_a_clear_circle_beyond_and_the_points_to_reach_it() -> None:
    blocked = game(a("ace", "r3"), b("bob", "r4"), b("cid", "r5"), b("dan", "b1"), active="ace")
    refused = refuse(blocked, ALPHA, "rush r4 r5")
    assert "clear circle beyond" in refused.message and refused.rule == R_RUSH
    state = game(a("ace", "r3"), b("bob", "r4"), active="ace")
    refused = refuse(state, ALPHA, "rush r4 r3")
    assert "not a clear circle beyond" in refused.message
    assert refused.legal == ("rush r4 b1", "rush r4 r5")
    short = game(a("ace", "r3"), b("bob", "r4"), active="ace", points=1)
    assert "Not enough movement points" in refuse(short, ALPHA, "rush r4 r5").message


def test_a_rush_starts_next_to_the_enemy() -> None:
    state = game(a("ace", "r2"), b("bob", "r4"), active="ace")
    assert "adjacent" in refuse(state, ALPHA, "rush r4 r5").message
    assert "No enemy" in refuse(state, ALPHA, "rush r3 r4").message


def test_the_free_melee_attack_uses_a_hand_to_hand_weapon_or_bare_hands() -> None:
    state = game(a("ace", "r3"), b("bob", "r4", "pistol"), active="ace", cp=0)
    state, _ = play(state, ALPHA, "rush r4 r5", TIE)
    assert isinstance(state.windows[-1], FreeMeleeWindow)
    refused = refuse(state, BRAVO, "strike with pistol")
    assert refused.rule == R_RUSH
    state, events = play(state, BRAVO, "strike", [1, 1])
    declared = one(events, ev.AttackDeclared)
    assert (declared.weapon, declared.kind) == (None, "free")


def test_the_free_melee_attack_may_be_declined_and_the_activation_goes_on() -> None:
    state = game(a("ace", "r3"), b("bob", "r4", "knife"), active="ace", cp=0)
    state, _ = play(state, ALPHA, "rush r4 r5", TIE)
    state, events = play(state, BRAVO, "decline")
    assert not of(events, ev.AttackDeclared) and state.windows == ()
    state, events = play(state, ALPHA, "move g3")
    assert one(events, ev.Moved).route == ("g3",)


def test_the_failed_rusher_may_counterattack_the_free_melee_attack() -> None:
    state = game(a("ace", "r3"), b("bob", "r4", "knife"), active="ace", cp={ALPHA: 1, BRAVO: 0})
    state, _ = play(state, ALPHA, "rush r4 r5", TIE)
    state, _ = play(state, BRAVO, "strike with knife", [1, 1, 1, 1])
    window = state.windows[-1]
    assert isinstance(window, CounterWindow) and window.seat == ALPHA


def test_a_rusher_stopped_by_overwatch_in_the_target_circle_may_not_end_or_act_there() -> None:
    state = game(
        a("ace", "r3"),
        b("bob", "r4"),
        b("cid", "r7", "pistol"),
        active="ace",
        overwatch=("cid",),
        cp=0,
    )
    state, events = play(state, ALPHA, "rush r4 r5", WIN)
    assert one(events, ev.Moved).route == ("r4",)
    assert isinstance(state.windows[-1], OverwatchWindow)
    state, _ = play(state, BRAVO, "fire cid", [1, 1, 1, 1])
    assert state.tokens["ace"].circle == "r4"  # on Bob's circle
    assert refuse(state, ALPHA, "end").rule == R_RUSH
    assert refuse(state, ALPHA, "operate lever").rule == R_RUSH
    offered = [c.notation for c in SYSTEM.legal_actions(state, ALPHA)]
    assert "end" not in offered and "operate lever" not in offered and "move r5" in offered
    state, events = play(state, ALPHA, "move r5")
    assert state.tokens["ace"].circle == "r5"


def test_a_rusher_killed_by_the_free_strike_ends_his_activation() -> None:
    state = game(a("ace", "r3", row=3), a("amy", "g1"), b("bob", "r4", "knife"), active="ace", cp=0)
    state, _ = play(state, ALPHA, "rush r4 r5", TIE)
    state, events = play(state, BRAVO, "strike with knife", [9, 9, 1, 1, 1, 1, 1, 1])
    assert one(events, ev.Killed).key == "ace"
    assert one(events, ev.ActivationEnded).reason == "killed"
    assert state.activation is None and state.next_seat == BRAVO


def test_stamina_dice_from_equipment_count_in_the_duel() -> None:
    boots = EquipmentDef(
        id="brace",
        name="Bracing Harness",
        effects=(ExtraDice(trigger="passive", roll="stamina", amount=1),),
    )
    state = game(a("ace", "r3", "brace"), b("bob", "r4"), active="ace", cp=0)
    state = state.model_copy(update={"gear": {**state.gear, "brace": boots}})
    # five dice for the harnessed rusher, four for the defender
    state, events = play(state, ALPHA, "rush r4 r5", [9, 9, 1, 1, 1, 9, 1, 1, 1])
    rush = one(events, ev.BullRushed)
    assert len(rush.attacker_dice) == 5 and len(rush.defender_dice) == 4
    assert rush.won
