"""The black-powder game's secrets (hands, reserve, the draw pile's order, the units under
markers) are listed for the hidden-information suites, stay out of what the other seat
and spectators see, and a disguised game looks the same to them."""

from __future__ import annotations

import json

from rules.blackpowder.narrate import describe
from rules.blackpowder.secrets import disguise, secrets
from rules.blackpowder.state import BPState
from rules.blackpowder.view import view
from rules.core.secrets import Secret
from rules.core.visibility import Viewer
from tests.blackpowder.deciding import with_player
from tests.blackpowder.engine import set_up_game


def _listed(state: BPState) -> list[Secret]:
    return secrets(state, lambda event: describe(event, state))


def _given_away(secret: Secret, text: str) -> bool:
    return any(s.search(text) is not None for s in secret.spellings)


def _dumped(state: BPState, viewer: Viewer) -> str:
    """The view as every output is written (``json.dumps``)."""
    return json.dumps(view(state, viewer).model_dump(mode="json"))


def _state() -> BPState:
    state, _ = set_up_game(weather="dense-fog")
    return with_player(state, "alpha", reserve=("aldermoor-troop-line",))


def test_hands_reserve_pile_and_markers_are_listed() -> None:
    state = _state()
    kinds = [s.kind for s in _listed(state)]
    assert kinds.count("hand") == 2
    assert kinds.count("reserve") == 1
    assert kinds.count("draw pile") == 1
    assert kinds.count("hidden unit") == len(state.units)


def test_no_viewer_sees_a_secret_it_does_not_hold_and_holders_see_theirs() -> None:
    state = _state()
    for secret in _listed(state):
        for seat in state.seats:
            shown = _dumped(state, Viewer.of_seat(seat))
            if seat in secret.holders:
                if secret.kind in ("hand", "reserve", "hidden unit"):
                    assert _given_away(secret, shown), secret.what
            else:
                assert not _given_away(secret, shown), secret.what
        spectator = _dumped(state, Viewer.spectator())
        assert not _given_away(secret, spectator), secret.what


def test_the_public_lines_of_the_set_up_give_nothing_away() -> None:
    state, events = set_up_game(weather="dense-fog")
    listed = _listed(state)
    for event in events:
        if event.visibility.scope != "public":
            continue
        line = describe(event, state) or ""
        for secret in listed:
            assert not _given_away(secret, line), (secret.what, line)
        for secret in listed:
            if not secret.holders:
                assert not _given_away(secret, json.dumps(event.model_dump())), secret.what


def test_a_disguised_game_looks_the_same_to_a_spectator_and_not_to_the_holders() -> None:
    state = _state()
    other = disguise(state)
    assert other is not None and other != state
    assert view(other, Viewer.spectator()) == view(state, Viewer.spectator())
    for seat in state.seats:
        assert view(other, Viewer.of_seat(seat)) != view(state, Viewer.of_seat(seat))


def test_a_marker_named_in_public_does_not_pass_for_the_unit_under_it() -> None:
    """The public set-up names every marker (an export writes those events out); only
    the owner's line of which unit it hides gives the secret away."""
    state, events = set_up_game(weather="dense-fog")
    hidden = [s for s in _listed(state) if s.kind == "hidden unit"]
    assert hidden
    public = [e for e in events if e.visibility.scope == "public"]
    private = [e for e in events if e.visibility.scope != "public"]
    for secret in hidden:
        for event in public:
            assert not _given_away(secret, json.dumps(event.model_dump(mode="json"))), (
                secret.what,
                event.type,
            )
        assert any(
            _given_away(secret, json.dumps(event.model_dump(mode="json"))) for event in private
        ), secret.what


def test_dummy_markers_are_listed_kept_from_the_other_seat_and_disguised() -> None:
    state, _ = set_up_game(scenario="road-ambush")
    dummies = [s for s in _listed(state) if s.kind == "dummy marker"]
    assert [s.holders for s in dummies] == [frozenset({"bravo"})]
    for viewer in (Viewer.of_seat("alpha"), Viewer.spectator()):
        assert not _given_away(dummies[0], _dumped(state, viewer))
    assert _given_away(dummies[0], _dumped(state, Viewer.of_seat("bravo")))
    other = disguise(state)
    assert other is not None and other.dummies != state.dummies
    assert view(other, Viewer.spectator()) == view(state, Viewer.spectator())
    # the swapped unit now stands around the dummy's old marker
    swapped = next(u for u in other.on_table("bravo") if u.marker == state.dummies[0])
    assert swapped.marker not in other.dummies
