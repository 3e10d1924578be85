"""Equipment actions: searching a crate and activating an Action circle."""

from __future__ import annotations

from rules.core.rejection import RejectionCode
from rules.core.visibility import Viewer
from rules.tannhauser import events as ev
from rules.tannhauser.state import CrateWindow, TannhauserState
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

R_CRATE = "000 Search a crate"


def searching(crate: str, *kit: str, cp: int = 2) -> TannhauserState:
    """Ace stands on b2, next to the vault (an Objective circle) holding ``crate``."""
    state = game(a("ace", "b2", *kit), b("bob", "r9"), active="ace", crates={"vault": crate}, cp=cp)
    state, _ = play(state, ALPHA, "search vault")
    return state


def test_the_searcher_alone_sees_what_the_crate_holds() -> None:
    state = game(a("ace", "b2"), b("bob", "r9"), active="ace", crates={"vault": "crate-grenade"})
    state, events = play(state, ALPHA, "search vault")
    assert one(events, ev.CrateSearched).feature == "vault"
    seen = one(events, ev.CrateSeen)
    assert (seen.seat, seen.crate, seen.contents) == (ALPHA, "crate-grenade", "Grenade")
    assert seen.visibility.allows(Viewer.of_seat(ALPHA))
    assert not seen.visibility.allows(Viewer.of_seat(BRAVO))
    assert not seen.visibility.allows(Viewer.spectator())
    window = state.windows[-1]
    assert isinstance(window, CrateWindow) and (window.seat, window.searcher) == (ALPHA, "ace")
    public = SYSTEM.view(state, Viewer.spectator()).model_dump_json()
    assert "crate-grenade" not in public
    assert refuse(state, BRAVO, "crate return", rule=False).code == RejectionCode.NOT_YOUR_TURN


def test_the_crate_may_be_put_back_face_down() -> None:
    state = searching("crate-grenade")
    state, events = play(state, ALPHA, "crate return")
    assert one(events, ev.CrateReturned).feature == "vault"
    assert state.crates == {"vault": "crate-grenade"} and state.windows == ()
    assert state.tokens["ace"].equipment == ()


def test_equipment_may_be_taken_into_the_inventory() -> None:
    state = searching("crate-grenade", "banner")
    state, events = play(state, ALPHA, "crate take")
    assert one(events, ev.CrateTaken).contents == "Grenade"
    assert state.tokens["ace"].equipment == ("banner", "grenade")
    assert state.crates == {}


def test_a_full_searcher_drops_an_item_on_his_circle_to_make_room() -> None:
    full = ("banner", "pistol", "smoke", "medkit")
    state = searching("crate-grenade", *full)
    refused = refuse(state, ALPHA, "crate take")
    assert "no free equipment slot" in refused.message and refused.rule == R_CRATE
    state, _ = play(state, ALPHA, "crate take drop smoke")
    assert state.tokens["ace"].equipment == ("banner", "pistol", "medkit", "grenade")
    assert state.ground == {"b2": ("smoke",)}


def test_command_points_may_be_taken_for_the_side() -> None:
    state = searching("crate-cp", cp=1)
    refused = refuse(state, ALPHA, "crate take")
    assert "crate points" in refused.message and refused.rule == R_CRATE
    state, events = play(state, ALPHA, "crate points")
    gained = one(events, ev.CommandPointsGained)
    assert (gained.seat, gained.amount) == (ALPHA, 2)
    assert state.command_points[ALPHA] == 3 and state.crates == {}


def test_equipment_crates_hold_no_command_points() -> None:
    state = searching("crate-medkit")
    refused = refuse(state, ALPHA, "crate points")
    assert refused.rule == R_CRATE


def test_a_crate_is_searched_from_an_adjacent_circle() -> None:
    state = game(a("ace", "b1"), b("bob", "r9"), active="ace", crates={"vault": "crate-cp"})
    refused = refuse(state, ALPHA, "search vault")
    assert (refused.code, refused.rule) == (RejectionCode.OUT_OF_RANGE, R_CRATE)
    state = game(a("ace", "r2"), b("bob", "r9"), active="ace")
    assert "no crate" in refuse(state, ALPHA, "search lever").message


def test_an_action_circle_is_activated_from_an_adjacent_circle() -> None:
    state = game(a("ace", "r3"), b("bob", "r9"), active="ace", crates={"lever": "crate-cp"})
    state, events = play(state, ALPHA, "operate lever")  # a crate on it is no obstacle
    used = one(events, ev.ActionCircleUsed)
    assert (used.key, used.feature) == ("ace", "lever")
    assert state.activation is not None and state.activation.acted
    far = game(a("ace", "r5"), b("bob", "r9"), active="ace")
    refused = refuse(far, ALPHA, "operate lever")
    assert refused.rule == "000 Activate an action circle"
    near_vault = game(a("ace", "b2"), b("bob", "r9"), active="ace")
    assert "not an Action circle" in refuse(near_vault, ALPHA, "operate vault").message
    assert not of(events, ev.CrateSearched)
