"""Overwatch: what triggers an overwatch attack, and how the interrupted activation goes on."""

from __future__ import annotations

from typing import Any

from rules.core.rejection import RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.state import OverwatchWindow, PendingAction, PendingRoute, TannhauserState
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    a,
    b,
    decide,
    game,
    of,
    one,
    play,
    refuse,
)

R_OVERWATCH = "000 Overwatch"


def watched(mover: str, *watchers: tuple[str, str], **more: Any) -> TannhauserState:
    """Ace (alpha) is active on ``mover``; bravo's watchers (key, circle) hold pistols."""
    tokens = [b(key, circle, "pistol") for key, circle in watchers]
    options: dict[str, object] = {"cp": {ALPHA: 0, BRAVO: 0}, "points": 6}
    options.update(more)
    return game(
        a("ace", mover, "pistol"),
        *tokens,
        active="ace",
        overwatch=tuple(key for key, _ in watchers),
        **options,  # type: ignore[arg-type]
    )


def test_moving_onto_the_watchers_path_opens_a_window_with_the_rest_parked() -> None:
    # Ace walks g2 → g3 (green) → r3 (red, Cid's path) → r2
    state = watched("g2", ("cid", "r6"))
    state, events = play(state, ALPHA, "move g3 r3 r2")
    moved = one(events, ev.Moved)
    assert moved.route == ("g3", "r3")  # no trigger on g3, the walk stops on r3
    window = state.windows[-1]
    assert isinstance(window, OverwatchWindow)
    assert (window.seat, window.target, window.trigger, window.shooters) == (
        BRAVO,
        "ace",
        "move",
        ("cid",),
    )
    assert state.windows[-2] == PendingRoute(key="ace", route=("r2",))
    assert refuse(state, ALPHA, "move r4", rule=False).code == RejectionCode.NOT_YOUR_TURN


def test_moving_next_to_a_watcher_opens_a_window() -> None:
    # Cid on b1 (blue); g3 is adjacent to b1 but on no shared path
    state = watched("g2", ("cid", "b1"))
    state, _ = play(state, ALPHA, "move g3")
    assert isinstance(state.windows[-1], OverwatchWindow)


def test_moving_out_of_sight_opens_nothing() -> None:
    state = watched("g1", ("cid", "r6"))
    state, _ = play(state, ALPHA, "move g2")
    assert state.windows == ()


def test_declining_lets_the_move_go_on_and_each_step_may_trigger_again() -> None:
    state = watched("r1", ("cid", "r6"))
    state, events = play(state, ALPHA, "move r3")
    assert one(events, ev.Moved).route == ("r2",)
    state, events = play(state, BRAVO, "decline")
    assert one(events, ev.Moved).route == ("r3",)
    assert isinstance(state.windows[-1], OverwatchWindow)  # a new step, a new trigger
    state, events = play(state, BRAVO, "decline")
    assert state.windows == () and state.tokens["ace"].circle == "r3"
    assert state.activation is not None and state.activation.points == 4


def test_firing_stops_the_move_where_it_was_interrupted() -> None:
    state = watched("r1", ("cid", "r6"))
    state, _ = play(state, ALPHA, "move r3")
    state, events = play(state, BRAVO, "fire cid with pistol", [1, 1, 1, 1])
    declared = one(events, ev.AttackDeclared)
    assert (declared.attacker, declared.target, declared.kind) == ("cid", "ace", "overwatch")
    assert not of(events, ev.Moved)
    assert state.windows == () and state.tokens["ace"].circle == "r2"
    # the watcher is spent: off overwatch and not to be activated this turn
    assert state.overwatch == () and "cid" in state.activated
    # Ace carries on with the points left
    assert state.activation is not None and state.activation.points == 5
    state, events = play(state, ALPHA, "move r3")
    assert state.windows == ()


def test_one_overwatch_attack_per_trigger() -> None:
    state = watched("r1", ("cid", "r6"), ("dan", "r8"))
    state, _ = play(state, ALPHA, "move r2")
    window = state.windows[-1]
    assert isinstance(window, OverwatchWindow) and window.shooters == ("cid", "dan")
    state, _ = play(state, BRAVO, "fire cid", [1, 1, 1, 1])
    assert state.windows == ()  # Dan cannot answer the same step
    state, _ = play(state, ALPHA, "operate lever")  # a new trigger: the announcement
    window = state.windows[-1]
    assert isinstance(window, OverwatchWindow) and window.shooters == ("dan",)
    assert window.trigger == "announce"


def test_announcing_an_action_in_sight_opens_a_window_before_it_is_carried_out() -> None:
    state = watched("r2", ("cid", "r6"))
    state, events = play(state, ALPHA, "operate lever")
    assert one(events, ev.Announced).action == "operate"
    assert not of(events, ev.ActionCircleUsed)
    assert isinstance(state.windows[-2], PendingAction)
    state, events = play(state, BRAVO, "decline")
    assert one(events, ev.ActionCircleUsed).feature == "lever"
    assert state.activation is not None and state.activation.acted


def test_the_announced_attack_is_carried_out_after_the_overwatch_attack() -> None:
    state = watched("r2", ("cid", "r6"), ("dan", "r8"))
    state, events = play(state, ALPHA, "attack dan with pistol")
    assert not of(events, ev.AttackDeclared)
    # Cid hits once, Ace's shock roll cancels it; then Ace's own attack misses
    state, events = play(state, BRAVO, "fire cid", [9, 1, 1, 1, 9, 1, 1, 1, 1, 1, 1, 1])
    attacks = of(events, ev.AttackDeclared)
    assert [(d.attacker, d.target, d.kind) for d in attacks] == [
        ("cid", "ace", "overwatch"),
        ("ace", "dan", "normal"),
    ]


def test_a_mover_killed_by_overwatch_ends_its_activation() -> None:
    state = watched("r1", ("cid", "r6"), row=0)
    state = state.model_copy(
        update={
            "tokens": {**state.tokens, "ace": state.tokens["ace"].model_copy(update={"row": 3})}
        }
    )
    state = state.model_copy(update={"tokens": {**state.tokens, "amy": a("amy", "g1")}})
    state, _ = play(state, ALPHA, "move r3")
    state, events = play(state, BRAVO, "fire cid", [9, 1, 1, 1, 1, 1, 1, 1])
    assert one(events, ev.Killed).key == "ace"
    ended = one(events, ev.ActivationEnded)
    assert (ended.key, ended.reason) == ("ace", "killed")
    assert state.activation is None and state.tokens["ace"].circle is None


def test_an_actor_killed_by_overwatch_does_not_carry_out_its_action() -> None:
    state = watched("r2", ("cid", "r6"), ("dan", "r8"))
    state = state.model_copy(
        update={
            "tokens": {
                **state.tokens,
                "ace": state.tokens["ace"].model_copy(update={"row": 3}),
                "amy": a("amy", "g1"),
            }
        }
    )
    state, _ = play(state, ALPHA, "attack dan with pistol")
    state, events = play(state, BRAVO, "fire cid", [9, 1, 1, 1, 1, 1, 1, 1])
    assert [d.attacker for d in of(events, ev.AttackDeclared)] == ["cid"]
    assert one(events, ev.ActivationEnded).reason == "killed"


def test_mental_and_heavy_weapons_cannot_fire_on_overwatch() -> None:
    state = game(
        a("ace", "r1"),
        b("cid", "r6", "psi-lance", "cannon", "pistol"),
        active="ace",
        overwatch=("cid",),
        cp=0,
    )
    state, _ = play(state, ALPHA, "move r2")
    for weapon in ("psi-lance", "cannon"):
        refused = refuse(state, BRAVO, f"fire cid with {weapon}")
        assert "Mental or Heavy" in refused.message and refused.rule == R_OVERWATCH
    events = decide(state, BRAVO, "fire cid with pistol", [1, 1, 1, 1])
    assert one(events, ev.AttackDeclared).weapon == "pistol"


def test_a_watcher_with_only_mental_or_heavy_weapons_out_of_reach_does_not_trigger() -> None:
    state = game(
        a("ace", "r1"), b("cid", "r6", "psi-lance", "cannon"), active="ace", overwatch=("cid",)
    )
    state, _ = play(state, ALPHA, "move r2")
    assert state.windows == ()


def test_stopped_on_a_friends_circle_the_mover_may_neither_act_nor_end_there() -> None:
    state = watched("r1", ("cid", "r6"))
    state = state.model_copy(update={"tokens": {**state.tokens, "amy": a("amy", "r2")}})
    state, _ = play(state, ALPHA, "move r3")
    state, _ = play(state, BRAVO, "fire cid", [1, 1, 1, 1])
    assert state.tokens["ace"].circle == "r2"  # on Amy's circle
    assert "friend" in refuse(state, ALPHA, "operate lever").message
    assert "friend" in refuse(state, ALPHA, "end").message
    state, _ = play(state, ALPHA, "move r3")
    state, events = play(state, ALPHA, "end")
    assert one(events, ev.ActivationEnded).key == "ace"


def test_an_announced_attack_on_a_watcher_killed_meanwhile_is_dropped() -> None:
    # Ace announces an attack on Cid; Cid fires from overwatch and misses; alpha's
    # counterattack kills Cid; the announced attack has no living target left
    state = game(
        a("ace", "r2", "pistol"),
        b("cid", "r6", "pistol", row=3),
        b("dan", "o1"),
        active="ace",
        overwatch=("cid",),
        cp={ALPHA: 1, BRAVO: 0},
    )
    state, _ = play(state, ALPHA, "attack cid with pistol")
    state, _ = play(state, BRAVO, "fire cid", [1, 1, 1, 1])
    state, events = play(state, ALPHA, "counter with pistol", [9, 9, 9, 9, 1, 1, 1, 1])
    assert one(events, ev.Killed).key == "cid"
    assert [d.kind for d in of(events, ev.AttackDeclared)] == ["counter"]
    assert of(events, ev.Killed) == [one(events, ev.Killed)]
    assert state.activation is not None and state.activation.acted
    assert state.windows == ()


def test_entering_the_board_in_sight_of_a_watcher_opens_a_window() -> None:
    state = game(
        a("ace", None, "pistol"),
        b("cid", "r6", "pistol"),
        active="ace",
        overwatch=("cid",),
        cp=0,
    )
    state, events = play(state, ALPHA, "move r2")
    moved = one(events, ev.Moved)
    assert (moved.route, moved.entered) == (("r1",), True)
    assert isinstance(state.windows[-1], OverwatchWindow)
    assert state.windows[-2] == PendingRoute(key="ace", route=("r2",))


def test_announcing_next_to_a_watcher_on_another_path_opens_a_window() -> None:
    # Ace on g3 (green) attacks Dan on g1; Cid watches from b1, next to g3
    state = game(
        a("ace", "g3", "pistol"),
        b("cid", "b1", "knife"),
        b("dan", "g1"),
        active="ace",
        overwatch=("cid",),
        cp=0,
    )
    state, events = play(state, ALPHA, "attack dan with pistol")
    window = state.windows[-1]
    assert isinstance(window, OverwatchWindow) and window.trigger == "announce"
    state, events = play(state, BRAVO, "fire cid with knife", [1, 1, 1, 1, 1, 1, 1, 1])
    assert [d.attacker for d in of(events, ev.AttackDeclared)] == ["cid", "ace"]
