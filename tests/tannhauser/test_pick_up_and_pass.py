"""Equipment actions: picking up, dropping and passing equipment."""

from __future__ import annotations

from rules.core.rejection import RejectionCode
from rules.tannhauser import actions as act
from rules.tannhauser import events as ev
from tests.tannhauser.builders import (
    ALPHA,
    a,
    b,
    game,
    one,
    play,
    refuse,
)

R_PICK = "000 Pick up equipment"
R_PASS = "000 Pass equipment"
R_DISPOSABLE = "000 Disposable equipment"


def test_pick_up_from_ones_own_and_an_adjacent_circle_in_one_action() -> None:
    state = game(
        a("ace", "r2", "banner"),
        b("bob", "r9"),
        active="ace",
        ground={"r2": ("grenade",), "r3": ("medkit", "smoke")},
    )
    state, events = play(state, ALPHA, "pickup grenade, medkit from r3")
    changed = one(events, ev.InventoryChanged)
    assert changed.what == "pick_up"
    assert changed.inventories == {"ace": ("banner", "grenade", "medkit")}
    assert state.ground == {"r3": ("smoke",)}
    assert one(events, ev.Announced).action == "pick_up"
    assert state.activation is not None and state.activation.acted


def test_pick_up_only_from_ones_own_or_an_adjacent_circle() -> None:
    state = game(a("ace", "r2"), b("bob", "r9"), active="ace", ground={"r4": ("grenade",)})
    refused = refuse(state, ALPHA, "pickup grenade from r4")
    assert (refused.code, refused.rule) == (RejectionCode.OUT_OF_RANGE, R_PICK)
    assert "There is no Medkit" in refuse(state, ALPHA, "pickup medkit from r3").message


def test_only_disposable_equipment_may_be_dropped() -> None:
    state = game(a("ace", "r2", "banner", "grenade"), b("bob", "r9"), active="ace")
    refused = refuse(state, ALPHA, "drop banner")
    assert "not disposable" in refused.message and refused.rule == R_DISPOSABLE
    state, _ = play(state, ALPHA, "drop grenade")
    assert state.tokens["ace"].equipment == ("banner",)
    assert state.ground == {"r2": ("grenade",)}


def test_nobody_ends_a_pick_up_with_more_tokens_than_slots() -> None:
    full = ("banner", "pistol", "grenade", "smoke")  # the captain has four slots
    state = game(a("ace", "r2", *full), b("bob", "r9"), active="ace", ground={"r3": ("medkit",)})
    refused = refuse(state, ALPHA, "pickup medkit from r3")
    assert "4 equipment slots" in refused.message and refused.rule == R_PICK
    state, _ = play(state, ALPHA, "pickup medkit from r3 drop smoke")
    assert state.tokens["ace"].equipment == ("banner", "pistol", "grenade", "medkit")
    assert state.ground == {"r2": ("smoke",)}


def test_pass_equipment_to_a_friend_on_an_adjacent_circle() -> None:
    state = game(a("ace", "r2", "grenade", "medkit"), a("amy", "r3"), b("bob", "r9"), active="ace")
    state, events = play(state, ALPHA, "give grenade, medkit to amy")
    changed = one(events, ev.InventoryChanged)
    assert changed.what == "pass"
    assert changed.inventories == {"ace": (), "amy": ("grenade", "medkit")}
    assert state.activation is not None and state.activation.acted


def test_pass_only_to_an_adjacent_friend_and_only_disposables() -> None:
    state = game(a("ace", "r2", "grenade", "banner"), a("amy", "r4"), b("bob", "r3"), active="ace")
    refused = refuse(state, ALPHA, "give grenade to amy")
    assert (refused.code, refused.rule) == (RejectionCode.OUT_OF_RANGE, R_PASS)
    refused = refuse(state, ALPHA, "give grenade to bob")
    assert "friendly" in refused.message and refused.rule == R_PASS
    near = game(a("ace", "r2", "banner"), a("amy", "r3"), b("bob", "r9"), active="ace")
    assert refuse(near, ALPHA, "give banner to amy").rule == R_DISPOSABLE


def test_a_full_friend_gives_something_back_or_drops_it() -> None:
    full = ("banner", "pistol", "grenade", "smoke")
    state = game(a("ace", "r2", "medkit"), a("amy", "r3", *full), b("bob", "r9"), active="ace")
    refused = refuse(state, ALPHA, "give medkit to amy")
    assert "5 tokens" in refused.message and refused.rule == R_PASS
    swapped, _ = play(state, ALPHA, "give medkit to amy take grenade")
    assert swapped.tokens["ace"].equipment == ("grenade",)
    assert swapped.tokens["amy"].equipment == ("banner", "pistol", "smoke", "medkit")
    dropped, _ = play(state, ALPHA, act.PassItems(to="amy", give=("medkit",), drop=("smoke",)))
    assert dropped.tokens["amy"].equipment == ("banner", "pistol", "grenade", "medkit")
    assert dropped.ground == {"r3": ("smoke",)}  # on the receiver's circle


def test_a_pass_hands_over_at_least_one_token() -> None:
    state = game(a("ace", "r2", "medkit"), a("amy", "r3", "grenade"), b("bob", "r9"), active="ace")
    refused = refuse(state, ALPHA, act.PassItems(to="amy", give=(), take=("grenade",)))
    assert refused.rule == R_PASS


def test_the_receiver_gives_back_or_drops_only_when_short_of_slots() -> None:
    state = game(a("ace", "r2", "medkit"), a("amy", "r3", "grenade"), b("bob", "r9"), active="ace")
    refused = refuse(state, ALPHA, "give medkit to amy take grenade")
    assert "slots" in refused.message and refused.rule == R_PASS
    refused = refuse(state, ALPHA, act.PassItems(to="amy", give=("medkit",), drop=("grenade",)))
    assert refused.rule == R_PASS
