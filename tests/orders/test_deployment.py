"""Face-down deployment with decoys, the reveal and the starting facings ([20.3], [21.3]),
then the first Initiative phase ([01])."""

from __future__ import annotations

from rules.core.frames import FrameOpened
from rules.orders import events as ev
from rules.orders.state import OrdersState
from tests.orders.builders import ALPHA, BRAVO, act, fighter, fold, game, of, one, refused, sq


def deploying() -> OrdersState:
    """Alpha (defender) and Bravo (attacker), one character each, before any marker."""
    state = game([fighter("A1", "provost", None), fighter("B1", "ash-scout", None)])
    return fold(
        state.model_copy(update={"phase": "deployment", "faced": (), "active": None, "turn": 0}),
        [ev.DeployTurn(seat=ALPHA)],
    )


def test_markers_go_down_face_down_and_alternate() -> None:
    state = deploying()
    state, events = act(state, ALPHA, "deploy A1 at B2")
    assert one(events, ev.MarkerPlaced).square == sq("B2")
    secret = one(events, ev.MarkerIs)
    assert secret.fighter == "A1" and secret.visibility.seats == (ALPHA,)
    assert one(events, ev.DeployTurn).seat == BRAVO


def test_the_defender_deploys_indoors_and_the_attacker_outdoors() -> None:
    state = deploying()
    rejection = refused(state, ALPHA, "deploy A1 at F2")
    assert rejection.rule == "[20.3]"
    assert "goes on an indoor square" in rejection.message
    state, _ = act(state, ALPHA, "deploy A1 at B2")
    rejection = refused(state, BRAVO, "deploy B1 at C2")
    assert "outdoor ground or a borer" in rejection.message


def test_one_marker_per_square_and_decoys_count_out() -> None:
    state = deploying()
    state, _ = act(state, ALPHA, "deploy decoy at B2")
    state, _ = act(state, BRAVO, "deploy decoy at F2")
    assert "already stands on B2" in refused(state, ALPHA, "deploy A1 at B2").message
    state, _ = act(state, ALPHA, "deploy decoy at B3")
    state, _ = act(state, BRAVO, "deploy decoy at F3")
    assert "All your decoys are placed" in refused(state, ALPHA, "deploy decoy at B4").message


def test_the_last_marker_reveals_everything_and_decoys_leave() -> None:
    state = deploying()
    for seat, text in (
        (ALPHA, "deploy decoy at B2"),
        (BRAVO, "deploy decoy at F2"),
        (ALPHA, "deploy A1 at B3"),
        (BRAVO, "deploy B1 at F3"),
        (ALPHA, "deploy decoy at B4"),
    ):
        state, _ = act(state, seat, text)
    state, events = act(state, BRAVO, "deploy decoy at F4")
    shown = one(events, ev.MarkersRevealed).markers
    assert {(m.square, m.fighter) for m in shown if m.fighter} == {
        (sq("B3"), "A1"),
        (sq("F3"), "B1"),
    }
    assert state.markers == () and state.phase == "facing"
    assert state.fighter("A1").square == sq("B3")


def test_facings_then_the_first_initiative_phase_with_its_redraw() -> None:
    state = deploying()
    for seat, text in (
        (ALPHA, "deploy A1 at B3"),
        (BRAVO, "deploy B1 at F3"),
        (ALPHA, "deploy decoy at B4"),
        (BRAVO, "deploy decoy at F4"),
        (ALPHA, "deploy decoy at B5"),
        (BRAVO, "deploy decoy at F5"),
    ):
        state, _ = act(state, seat, text)
    state, _ = act(state, ALPHA, "face A1 east")
    state = state.model_copy(
        update={"players": tuple(p.model_copy(update={"hand": (), "cp": 0}) for p in state.players)}
    )
    state, events = act(state, BRAVO, "face B1 west", faces=[1] * 10)
    assert one(events, ev.TurnBegan).turn == 1
    assert [e.count for e in of(events, ev.TilesDrawn)] == [5, 5]
    windows = [str(getattr(e.frame, "seat", "")) for e in of(events, FrameOpened)]
    assert state.waiting_window() is not None and state.waiting_window().seat == ALPHA  # type: ignore[union-attr]
    assert sorted(windows) == [ALPHA, BRAVO]
    # Alpha redraws: 5 new tiles, then the first 5 go back into the bag
    first = state.player(ALPHA).hand
    state, events = act(state, ALPHA, "redraw", faces=[1] * 5)
    assert one(events, ev.TilesSetAside).tiles == first
    assert len(state.player(ALPHA).hand) == 5
    state, events = act(state, BRAVO, "keep")
    received = {e.seat: e for e in of(events, ev.CpReceived)}
    assert received[ALPHA].base == 15 and received[ALPHA].bonus == 2  # the provost's icon
    assert received[BRAVO].bonus == 0
    assert one(events, ev.RoundBegan).seat == ALPHA


def test_the_final_phase_makes_a_player_over_five_tiles_discard() -> None:
    hand = ("advance", "ambush", "brawl", "dash", "sweep", "tinker", "relay")
    state = game(
        [fighter("A1", "provost", "B3"), fighter("B1", "ash-scout", "G3")], hands={ALPHA: hand}
    )
    state, _ = act(state, ALPHA, "pass")
    state, events = act(state, BRAVO, "pass")
    assert state.waiting_window() is not None
    rejection = refused(state, ALPHA, "discard dash")
    assert "keep 6 tiles; the limit is 5" in rejection.message
    state, events = act(state, ALPHA, "discard dash, relay", faces=[1] * 5)
    assert one(events, ev.TilesDiscarded).visibility.seats == (ALPHA,)
    kept = {e.seat: e.count for e in of(events, ev.TilesKept)}
    assert kept == {ALPHA: 5, BRAVO: 0}
    assert one(events, ev.TurnBegan).turn == 2


def test_every_marker_of_a_player_fielding_a_large_character_keeps_a_block() -> None:
    state = game([fighter("A1", "provost", None), fighter("B1", "cinder-walker", None)])
    state = fold(
        state.model_copy(update={"phase": "deployment", "faced": (), "active": None, "turn": 0}),
        [ev.DeployTurn(seat=BRAVO)],
    )
    state, _ = act(state, BRAVO, "deploy decoy at F2")
    state = fold(state, [ev.DeployTurn(seat=BRAVO)])
    # the decoy keeps F2-G3 as a large character's marker would, so nothing tells them apart
    assert "already stands" in refused(state, BRAVO, "deploy B1 at G3").message
