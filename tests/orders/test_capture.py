"""Capture, prisoners and torture ([17.1]-[17.3]) and spy points as MP ([12.2]).

Red die faces by D6 value: 1 and 2 blank, 3 and 4 one hit, 5 two hits, 6 a critical.
Black die faces: 1 and 2 no points, 3 and 4 one point, 5 two, 6 one (with the spy icon).
"""

from __future__ import annotations

from typing import Any

from rules.grid.facing import Facing
from rules.grid.squares import Square, square_name
from rules.orders import events as ev
from rules.orders.choices import legal
from rules.orders.flow import Flow
from rules.orders.ground import Ground, GroundTile
from rules.orders.state import OrdersState
from rules.orders.turns import receive_cp
from tests.orders.builders import (
    ALPHA,
    BRAVO,
    CATALOG,
    SIZE,
    act,
    fighter,
    game,
    ground,
    of,
    one,
    refused,
    sq,
)
from tests.scripted_dice import ScriptedRoller


def capture_game(
    captor: dict[str, Any] | None = None, character: str = "ash-scout", **victim: Any
) -> OrdersState:
    """A1 (provost) on B3 facing east; B1 (a scout, Wounded with 1 of its 2 life points
    left unless told otherwise) on C3 facing west."""
    updates = {"condition": "wounded", "wounds": 1, **victim}
    state = game(
        [
            fighter("A1", "provost", "B3", **(captor or {})),
            fighter("B1", character, "C3", facing=Facing.WEST, **updates),
        ],
        hands={ALPHA: ("assault", "ransack")},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    return state


def test_damage_that_would_kill_captures_without_wounding() -> None:
    # provost front 3 dice: 1 hit; wounded scout front 1 die: blank, armor 0 -> 1 wound
    state, events = act(capture_game(), ALPHA, "capture B1", faces=[3, 1, 1, 1])
    fought = one(events, ev.CloseCombatFought)
    assert fought.capture and fought.captured
    assert not of(events, ev.Wounded)
    scout = state.fighter("B1")
    assert (scout.condition, scout.square, scout.captor) == ("captured", None, "A1")
    assert scout.wounds == 1


def test_damage_that_would_not_kill_fails_and_nobody_is_wounded() -> None:
    state, events = act(capture_game(), ALPHA, "capture B1", faces=[1, 1, 1, 6])
    fought = one(events, ev.CloseCombatFought)
    assert fought.capture and not fought.captured
    assert not of(events, ev.Wounded) and not of(events, ev.Captured)
    assert state.fighter("B1").condition == "wounded"
    assert state.fighter("A1").wounds == 0  # the defender's critical deals nothing either


def test_only_a_wounded_character_can_be_captured() -> None:
    state = capture_game(condition="healthy", wounds=0)
    assert "only a Wounded character" in refused(state, ALPHA, "capture B1").message


def test_a_captor_over_its_weight_allowance_drops_the_heaviest_equipment() -> None:
    # provost allowance 3: gauntlet (2) + pistol (1) + the prisoner (1) is 4
    carried = {"equipment": ("hydraulic-gauntlet", "service-pistol")}
    state = capture_game(captor=carried)
    # the gauntlet adds 2 dice: 5 dice, 1 hit
    state, events = act(state, ALPHA, "capture B1", faces=[3, 1, 1, 1, 1, 1])
    assert one(events, ev.Captured).captor == "A1"
    assert [e.item for e in of(events, ev.EquipmentDropped)] == ["hydraulic-gauntlet"]
    assert state.fighter("A1").equipment == ("service-pistol",)


def test_a_prisoner_is_not_activated_and_gives_no_bonus_cp() -> None:
    # the chief gives 1 bonus CP on its Wounded side; 1 of its 3 life points is left
    chief = capture_game(character="reclaimer-chief", wounds=2)
    state, _ = act(chief, ALPHA, "capture B1", faces=[3, 1, 1, 1, 1])
    assert not state.fighter("B1").standing
    assert all(f.id != "B1" for f in state.standing(BRAVO))
    flow = Flow(state, ScriptedRoller([]), CATALOG)
    receive_cp(flow)
    bravo = next(e for e in of(flow.events, ev.CpReceived) if e.seat == BRAVO)
    assert bravo.bonus == 0
    offered = [c.notation for c in legal(state, CATALOG, ALPHA)]
    assert not any(n.startswith(("fight B1", "capture B1")) for n in offered)
    state = state.model_copy(update={"active": BRAVO, "activation": None})
    assert "captured and cannot be activated" in refused(state, BRAVO, "activate B1").message


def held(tile: str = "barracks", side: str = "defender") -> OrdersState:
    """A1 carries the prisoner B1 on a ground whose west half is ``tile``."""
    base = ground()
    west = tuple(square_name(Square(x=x, y=y)) for x in range(4) for y in range(SIZE.rows))
    tiles = (GroundTile(key="west", tile=CATALOG.tiles[tile], squares=west), base.tiles[1])
    squares = {**base.squares, **{n: "west" for n in west}}
    floor = Ground(board=base.board, tiles=tiles, squares=squares)
    state = game(
        [
            fighter("A1", "provost", "B3", side=side),
            fighter("B1", "ash-scout", None, condition="captured", captor="A1"),
            fighter("B2", "ash-scout", "H6"),
        ],
        hands={ALPHA: ("ransack",)},  # Interact black 2
        ground_=floor,
    )
    state, _ = act(state, ALPHA, "activate A1 ransack")
    return state


def test_torture_rolls_a_black_die_per_cp_and_its_points_become_mp() -> None:
    state, events = act(held(), ALPHA, "torture cp 2", faces=[5, 6])
    tortured = one(events, ev.Tortured)
    assert (tortured.prisoner, tortured.room_dice, tortured.spy_points) == ("B1", 0, 3)
    assert one(events, ev.MpChanged).amount == 3
    assert state.player(ALPHA).mp == 33
    assert one(events, ev.OrderPaid).order == "interact"


def test_a_torture_room_adds_its_dice_for_the_defending_side_only() -> None:
    _, events = act(held("holding-cells"), ALPHA, "torture", faces=[3, 3])
    assert one(events, ev.Tortured).room_dice == 1
    _, events = act(held("holding-cells", side="attacker"), ALPHA, "torture", faces=[3])
    assert one(events, ev.Tortured).room_dice == 0


def test_torture_needs_a_prisoner_carried() -> None:
    state = capture_game()
    rejection = refused(state, ALPHA, "torture")
    assert "carries no prisoner" in rejection.message
    state = held()
    assert "does not carry B2" in refused(state, ALPHA, "torture B2").message
    assert sq("B3") == state.fighter("A1").square
