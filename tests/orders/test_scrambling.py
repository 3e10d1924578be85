"""Radio scrambling ([15]): switching a scrambler ON and OFF, the six secret markers of
the Initiative phase, their reveal and effects, and power down."""

from __future__ import annotations

from rules.core.events import Event
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.ips_state import Scrambling
from rules.orders.secrets import disguise, secrets
from rules.orders.state import AssignedTile, OrdersState
from tests.orders.builders import ALPHA, BRAVO, act, fighter, game, of, one, refused
from tests.orders.ips_ground import tiles_ground

FIVE: tuple[str, ...] = ("advance", "dash", "tinker", "relay", "sweep")


def _jammer_on() -> OrdersState:
    """Alpha's A1 switches its jammer ON in turn 1 (yellow 6: 3 points)."""
    jammer = fighter("A1", "provost", "B3", equipment=("signal-jammer",))
    enemies = [
        fighter("B1", "ash-scout", "F2", facing=Facing.WEST),  # bonus CP 0
        fighter(
            "B2", "borer-engineer", "F4", facing=Facing.WEST, equipment=("flare-pack",)
        ),  # bonus CP 1
    ]
    state = game([jammer, *enemies], hands={ALPHA: ("tinker", *FIVE[:4]), BRAVO: FIVE})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact signal jammer", faces=[6])
    assert one(events, ev.ScramblerSwitched).on
    assert one(events, ev.Switched).on
    return state


def _next_turn(state: OrdersState) -> tuple[OrdersState, list[Event]]:
    state, _ = act(state, ALPHA, "done")
    state, _ = act(state, BRAVO, "pass")
    return act(state, ALPHA, "pass", faces=[1])  # alpha draws one tile for turn 2


def test_a_scrambler_on_asks_for_the_markers_in_the_next_initiative_phase() -> None:
    state, events = _next_turn(_jammer_on())
    assert state.waiting_window() is not None and state.waiting_window().seat == ALPHA  # type: ignore[union-attr]
    assert "Waiting for" in refused(state, BRAVO, "pass").message
    state, events = act(state, ALPHA, "radio B1 scrambled, B2 listening")
    placed = one(events, ev.RadioMarkersPlaced)
    assert placed.fighters == ("B1", "B2")
    told = one(events, ev.RadioMarkersAre)
    assert told.visibility.seats == (ALPHA,)
    kinds = {s.what for s in secrets(state) if s.kind == "radio marker"}
    assert kinds == {
        "alpha's radio marker on B1 is scrambled",
        "alpha's radio marker on B2 is listening",
    }


def test_markers_go_on_standing_enemies_in_the_numbers_held() -> None:
    state, _ = _next_turn(_jammer_on())
    assert "only enemy characters" in refused(state, ALPHA, "radio A1 clear, B1 clear").message
    assert "Place 2 markers" in refused(state, ALPHA, "radio B1 clear").message
    assert "one radio marker" in refused(state, ALPHA, "radio B1 clear, B1 listening").message


def test_left_to_chance_the_markers_are_drawn_by_dice_only_their_owner_sees() -> None:
    state, _ = _next_turn(_jammer_on())
    state, events = act(state, ALPHA, "radio random", faces=[2, 6, 1])
    rolls = [e for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls and all(r.visibility.seats == (ALPHA,) for r in rolls)
    assert len(one(events, ev.RadioMarkersAre).markers) == 2


def _scrambled_b1() -> OrdersState:
    state, _ = _next_turn(_jammer_on())
    state, _ = act(state, ALPHA, "radio B1 scrambled, B2 listening")
    state, _ = act(state, ALPHA, "pass")
    return state


def test_a_marker_on_a_character_without_bonus_cp_is_revealed_at_activation() -> None:
    state = _scrambled_b1()
    state, events = act(state, BRAVO, "activate B1 dash")
    shown = one(events, ev.RadioMarkerRevealed)
    assert (shown.fighter, shown.frequency) == ("B1", "scrambled")
    assert [s for s in secrets(state) if "B1" in s.what] == []
    # scrambled with 0 bonus CP: not a single CP may be spent
    assert "Maximum CP per turn (0)" in refused(state, BRAVO, "move to F1").message


def test_a_listening_marker_gives_the_scrambler_a_spy_point_once_bonus_cp_are_exceeded() -> None:
    state = _scrambled_b1()
    state, events = act(state, BRAVO, "activate B2 dash")
    assert of(events, ev.RadioMarkerRevealed) == []  # bonus CP 1: nothing spent yet
    state, events = act(state, BRAVO, "move to G4 cp 2")
    assert one(events, ev.RadioMarkerRevealed).frequency == "listening"
    assert one(events, ev.SpyPoints).seat == ALPHA
    state, events = act(state, ALPHA, "spy mp")
    gained = one(events, ev.MpChanged)
    assert (gained.seat, gained.amount) == (ALPHA, 1)


def test_switching_the_last_scrambler_off_ends_the_scrambling() -> None:
    state, _ = _next_turn(_jammer_on())
    state, _ = act(state, ALPHA, "radio B1 scrambled, B2 listening")
    state, _ = act(state, ALPHA, "activate A1 relay")
    state, events = act(state, ALPHA, "interact signal jammer line 2")
    off = one(events, ev.ScramblerSwitched)
    assert not off.on and off.ended
    assert state.ips.scrambling == ()
    assert [s for s in secrets(state) if s.kind == "radio marker"] == []


def test_disguise_changes_the_hidden_frequencies_only() -> None:
    state, _ = _next_turn(_jammer_on())
    state, _ = act(state, ALPHA, "radio B1 scrambled, B2 listening")
    changed = disguise(state)
    assert changed is not None
    before = state.ips.scrambling[0].markers
    after = changed.ips.scrambling[0].markers
    assert [m.fighter for m in after] == [m.fighter for m in before]
    assert [m.frequency for m in after] != [m.frequency for m in before]


def test_a_power_down_ends_the_console_scrambling() -> None:
    tech = fighter("A1", "provost", "E2", facing=Facing.EAST)
    state = game(
        [tech, fighter("B1", "ash-scout", "A5")],
        hands={ALPHA: ("tinker", *FIVE[:4]), BRAVO: FIVE},
        ground_=tiles_ground(("signal-room", "D1"), ("generator-hall", "A4")),
    )
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact jammer console", faces=[6])
    assert one(events, ev.ScramblerSwitched).on
    assert state.ground is not None
    board = state.ground.board
    floor = tuple(
        f.model_copy(update={"destroyed": True}) if f.name == "Generator" else f
        for f in board.floor
    )
    ground = state.ground.model_copy(update={"board": board.model_copy(update={"floor": floor})})
    state = state.model_copy(update={"ground": ground})
    state, events = act(state, ALPHA, "done")  # the generator fell during the round
    ended = one(events, ev.ScramblerSwitched)
    assert (ended.on, ended.ended, ended.why) == (False, True, "power down")
    state, _ = act(state, BRAVO, "pass")
    state, _ = act(state, ALPHA, "pass", faces=[1])
    assert state.waiting_window() is None  # no markers to place in turn 2


THREE_INTERACTS = (
    AssignedTile(tile="tinker", cp=(0, 0, 0)),
    AssignedTile(tile="relay", cp=(0, 0)),
    AssignedTile(tile="ransack", cp=(0, 0, 0)),
)


def test_the_rooms_scrambler_is_not_switched_on_again_in_the_turn_by_who_switched_it_off() -> None:
    tech = fighter("A1", "provost", "E2", facing=Facing.EAST, tiles=THREE_INTERACTS)
    state = game(
        [tech, fighter("B1", "ash-scout", "A5")],
        ground_=tiles_ground(("signal-room", "D1"), ("generator-hall", "A4")),
    )
    state, _ = act(state, ALPHA, "activate A1")
    state, _ = act(state, ALPHA, "interact jammer console", faces=[6])
    fresh = {"ips": state.ips.model_copy(update={"tried": ()})}  # as if another character
    assert (
        "already ON"
        in refused(state.model_copy(update=fresh), ALPHA, "interact jammer console line 1").message
    )
    state, events = act(state.model_copy(update=fresh), ALPHA, "interact jammer console line 2")
    assert one(events, ev.ScramblerSwitched).ended
    fresh = {"ips": state.ips.model_copy(update={"tried": ()})}
    rejection = refused(state.model_copy(update=fresh), ALPHA, "interact jammer console line 1")
    assert "may not switch it ON again in the same turn" in rejection.message


def test_two_scramblers_of_one_player_must_both_be_off_to_end_it() -> None:
    carrier = fighter("A1", "provost", "E2", equipment=("signal-jammer",), tiles=THREE_INTERACTS)
    console = "element:signal-room:jammer-console"
    state = game(
        [carrier, fighter("B1", "ash-scout", "A5")],
        ground_=tiles_ground(("signal-room", "D1"), ("generator-hall", "A4")),
    )
    state = state.model_copy(
        update={
            "ips": state.ips.model_copy(
                update={"scrambling": (Scrambling(seat=ALPHA, sources=(console,)),)}
            )
        }
    )
    state, _ = act(state, ALPHA, "activate A1")
    state, _ = act(state, ALPHA, "interact signal jammer", faces=[6])
    assert state.ips.scrambling[0].sources == (console, "item:A1:signal-jammer")
    state, events = act(state, ALPHA, "interact signal jammer line 2")
    assert not one(events, ev.ScramblerSwitched).ended
    assert state.ips.scrambling[0].sources == (console,)


def test_an_order_that_reveals_a_scrambled_marker_keeps_only_the_bonus_cp() -> None:
    state, _ = _next_turn(_jammer_on())
    state, _ = act(state, ALPHA, "radio B1 listening, B2 scrambled")
    state, _ = act(state, ALPHA, "pass")
    state, _ = act(state, BRAVO, "activate B2 tinker")
    # 2 CP asked; B2's bonus CP is 1: the marker turns up and 1 CP stays behind the screen
    state, events = act(state, BRAVO, "interact flare pack cp 2", faces=[4, 1])
    assert one(events, ev.RadioMarkerRevealed).frequency == "scrambled"
    assert one(events, ev.OrderPaid).placed[0].cp == 1
    assert len(one(events, ev.LineResolved).dice) == 2  # no extra die for the CP taken back
    assert state.fighter("B2").spent == 1
    assert "Maximum CP per turn (1)" in refused(state, BRAVO, "move to G4").message
