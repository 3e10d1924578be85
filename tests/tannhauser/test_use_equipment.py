"""Equipment actions: using equipment (Command Points, healing, stat bonuses, skills)."""

from __future__ import annotations

from rules.tannhauser import events as ev
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.values import current
from tests.tannhauser.builders import (
    ALPHA,
    a,
    b,
    game,
    one,
    play,
    refuse,
)

R_USE = "000 Use equipment"


def test_an_item_may_give_the_side_command_points_and_is_spent() -> None:
    state = game(a("ace", "r2", "banner", "medal"), b("bob", "r9"), active="ace", cp=1)
    state, events = play(state, ALPHA, "use medal")
    assert one(events, ev.EquipmentUsed).item == "medal"
    gained = one(events, ev.CommandPointsGained)
    assert (gained.seat, gained.amount) == (ALPHA, 2)
    assert state.command_points[ALPHA] == 3
    assert state.tokens["ace"].equipment == ("banner",)  # single use
    assert state.activation is not None and state.activation.acted


def test_a_medkit_heals_an_adjacent_friend() -> None:
    state = game(a("ace", "r2", "medkit"), a("amy", "r3", row=2), b("bob", "r9"), active="ace")
    state, events = play(state, ALPHA, "use medkit on amy")
    healed = one(events, ev.Healed)
    assert (healed.key, healed.row_before, healed.row_after) == ("amy", 2, 1)
    assert state.tokens["ace"].equipment == ()


def test_healing_never_rises_above_the_top_row() -> None:
    state = game(a("ace", "r2", "medkit", row=0), b("bob", "r9"), active="ace")
    state, events = play(state, ALPHA, "use medkit")
    assert one(events, ev.Healed).row_after == 0
    bigger = game(a("ace", "r2", "salve"), a("amy", "r3", row=1), b("bob", "r9"), active="ace")
    bigger, events = play(bigger, ALPHA, "use salve on amy")
    assert one(events, ev.Healed).row_after == 0


def test_healing_reaches_only_friends_it_is_meant_for() -> None:
    state = game(
        a("ace", "r2", "medkit", "salve", row=1),
        a("amy", "r4", row=1),
        b("bob", "r3", row=1),
        active="ace",
    )
    assert "adjacent" in refuse(state, ALPHA, "use medkit on amy").message
    assert "friendly" in refuse(state, ALPHA, "use medkit on bob").message
    refused = refuse(state, ALPHA, "use salve")  # the salve treats others only
    assert "others only" in refused.message and refused.rule == R_USE


def test_a_stat_bonus_lasts_for_the_activation() -> None:
    state = game(a("ace", "r2", "stim"), b("bob", "r9"), active="ace")
    state, events = play(state, ALPHA, "use stim")
    boosted = one(events, ev.Boosted)
    assert (boosted.stat, boosted.amount, boosted.source) == ("combat", 1, "Stimulant")
    assert current(state, state.tokens["ace"], Stat.COMBAT) == 6
    assert state.tokens["ace"].equipment == ()
    state, _ = play(state, ALPHA, "end")
    assert current(state, state.tokens["ace"], Stat.COMBAT) == 5


def test_an_item_may_need_a_skill() -> None:
    # the captain has Mechanics, the medic does not
    skilled = game(a("ace", "r2", "toolkit"), b("bob", "r9"), active="ace", cp=0)
    skilled, events = play(skilled, ALPHA, "use toolkit")
    assert one(events, ev.CommandPointsGained).amount == 1
    unskilled = game(a("doc", "r2", "toolkit", character="medic"), b("bob", "r9"), active="doc")
    refused = refuse(unskilled, ALPHA, "use toolkit")
    assert "mechanics skill" in refused.message and refused.rule == R_USE


def test_only_carried_items_with_a_use_are_used() -> None:
    state = game(a("ace", "r2", "vest"), b("bob", "r9"), active="ace")
    refused = refuse(state, ALPHA, "use vest")
    assert "no effect" in refused.message and refused.rule == R_USE
    assert refuse(state, ALPHA, "use medal").rule == R_USE


def test_using_equipment_is_the_action_of_the_activation() -> None:
    state = game(a("ace", "r2", "medal", "stim"), b("bob", "r9"), active="ace", cp=0)
    state, _ = play(state, ALPHA, "use medal")
    refused = refuse(state, ALPHA, "use stim")
    assert "already took its action" in refused.message and refused.rule == "000 Actions"
