"""Large miniatures ([16]) acting from any of their four squares: shooting and close
combat against doors, walls and floor elements, IPS conditions and effects, capture,
searching a room of their choice and room abilities once per turn.

Dice are scripted by D6 value: red 1-2 blank, 3-4 one hit, 5 two hits, 6 a critical; blue
4 is 3 points."""

from __future__ import annotations

from rules.core import engine
from rules.core.rejection import Rejection
from rules.grid.board import Board
from rules.grid.edges import Wall
from rules.grid.facing import Facing
from rules.grid.floor import FloorElement
from rules.orders import events as ev
from rules.orders.choices import legal
from rules.orders.ground import Ground, GroundTile
from rules.orders.narrate import describe
from rules.orders.state import OrdersState, SearchWindow, SpyWindow
from tests.orders.builders import (
    ALPHA,
    BRAVO,
    CATALOG,
    SIZE,
    SYSTEM,
    act,
    fighter,
    fold,
    game,
    ground,
    one,
    refused,
    sq,
)
from tests.orders.ips_ground import tiles_ground
from tests.orders.search_builders import deck_card, with_deck

WALKER = "cinder-walker"  # movement 2, max 4 CP, rotating cost 2, armour 3
MINES = "card-mines-restraints"  # tripwire mines / restraint kit (quarters, find 2)


def defended(element: FloorElement | None = None) -> Ground:
    """The test ground, its door known as a small wooden one (defensive value 3)."""
    base = ground()
    board = base.board
    if element is not None:
        board = Board(size=SIZE, barriers=board.barriers, floor=(element,))
    return base.model_copy(update={"board": board, "door_defs": {"test-door": "wooden-small"}})


def walker_game(
    at: str, facing: Facing, tile: str, ground_: Ground | None = None, **updates: object
) -> OrdersState:
    state = game(
        [
            fighter("A1", WALKER, at, facing=facing, **updates),
            fighter("B1", "ash-scout", "H6", facing=Facing.WEST),
        ],
        hands={ALPHA: (tile,)},
        ground_=ground_ or defended(),
    )
    state, _ = act(state, ALPHA, f"activate A1 {tile}")
    return state


def every_choice_is_accepted(state: OrdersState, prefix: str) -> list[str]:
    offered = [c.notation for c in legal(state, CATALOG, ALPHA) if c.notation.startswith(prefix)]
    for notation in offered:
        parsed = SYSTEM.parse_notation(notation, state, ALPHA)
        assert not isinstance(parsed, Rejection), notation
        decided = engine.decide(SYSTEM, state, bytes(32), ALPHA, parsed)
        assert not isinstance(decided, Rejection), (notation, decided)
    return offered


def test_a_large_shooter_aims_at_a_wall_from_a_rear_square_that_has_it_in_its_arc() -> None:
    # the block B3-C4 faces north: the wall D4|E4 lies level with its rear square C4 only
    state = walker_game("B3", Facing.NORTH, "crossfire", equipment=("carbine",))
    _, events = act(state, ALPHA, "shoot D4|E4", faces=[4, 4, 4, 4, 4, 4])
    shot = one(events, ev.Shot)
    assert (shot.target.kind, shot.target.square, shot.range, shot.zone) == (
        "wall",
        sq("D4"),
        1,
        "orange",
    )


def test_a_large_shooter_aims_at_a_door_from_its_nearest_red_square() -> None:
    state = walker_game("B2", Facing.EAST, "crossfire", equipment=("carbine",))
    _, events = act(state, ALPHA, "shoot D3|E3", faces=[4, 4, 4, 4, 1, 1, 1])
    shot = one(events, ev.Shot)
    assert (shot.range, shot.zone) == (1, "red")  # from C3, not from its corner B2


def test_a_large_character_strikes_a_door_on_the_side_of_any_of_its_squares() -> None:
    # the block C2-D3 faces east: the door D3|E3 is on the east side of D3
    state = walker_game("C2", Facing.EAST, "assault")
    _, events = act(state, ALPHA, "fight door east", faces=[5, 5, 5, 5])
    damaged = one(events, ev.BarrierDamaged)
    assert (damaged.target.a, damaged.target.b, damaged.destroyed) == (sq("D3"), sq("E3"), True)
    assert "fight door east" in every_choice_is_accepted(state, "fight door")


def test_a_large_character_with_two_walls_on_one_side_names_the_square() -> None:
    # the block C4-D5: walls stand east of both D4 and D5
    state = walker_game("C4", Facing.EAST, "assault")
    rejection = refused(state, ALPHA, "fight wall east")
    assert rejection.rule == "[16]" and "`fight wall east at D4`" in rejection.message
    assert refused(state, ALPHA, "fight wall east at C4").rule == "[16]"
    _, events = act(state, ALPHA, "fight wall east at D5", faces=[1, 1, 1, 1])
    assert one(events, ev.BarrierDamaged).target.a == sq("D5")
    offered = every_choice_is_accepted(state, "fight wall")
    assert {"fight wall east at D4", "fight wall east at D5"} <= set(offered)
    assert "fight wall east" not in offered


def test_a_large_character_strikes_a_floor_element_next_to_any_of_its_squares() -> None:
    bunks = FloorElement(
        name="Bunks", squares=frozenset({sq("A5"), sq("B5"), sq("C5")}), blocks_movement=True
    )  # the barracks prints it with defensive value 2; it touches B4 and C4, not B3
    state = walker_game("B3", Facing.SOUTH, "assault", defended(bunks))
    _, events = act(state, ALPHA, "fight bunks", faces=[5, 1, 1, 1])
    damaged = one(events, ev.BarrierDamaged)
    assert (damaged.target.name, damaged.destroyed) == ("Bunks", True)
    assert "fight Bunks" in every_choice_is_accepted(state, "fight B")


def with_ability(state: OrdersState, ability: str) -> OrdersState:
    """The game with the walker's Healthy side given ``ability``."""
    card = state.characters[WALKER]
    healthy = card.healthy.model_copy(update={"abilities": (*card.healthy.abilities, ability)})
    characters = {**state.characters, WALKER: card.model_copy(update={"healthy": healthy})}
    return state.model_copy(update={"characters": characters})


def test_a_large_character_immediately_faces_what_lies_ahead_of_either_front_square() -> None:
    # the block C2-D3 faces east: D2 faces the wall D2|E2 (its corner C2 faces D2, its own)
    state = game([fighter("A1", WALKER, "C2", facing=Facing.EAST)])
    state = with_ability(state, "breacher")
    state, _ = act(state, ALPHA, "activate A1")
    state, events = act(state, ALPHA, "ability breacher", faces=[6, 4, 1])
    cut = one(events, ev.BarrierCut)
    assert (cut.a, cut.b, cut.part) == (sq("D2"), sq("E2"), "wall")


def test_a_large_character_heals_a_friend_ahead_of_its_other_front_square() -> None:
    walker = fighter("A1", WALKER, "B2", facing=Facing.EAST, equipment=("stim-injector",))
    hurt = fighter("A2", "sentinel", "D3", condition="wounded", wounds=1)
    state = game([walker, hurt], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    assert "interact stim-injector line 1" in every_choice_is_accepted(state, "interact")
    _, events = act(state, ALPHA, "interact stim injector on A2", faces=[6, 1])
    assert one(events, ev.Healed).fighter == "A2"


def test_a_large_character_uses_a_facing_icon_under_any_of_its_squares() -> None:
    # the watch room's monitor wall is used from B2 facing north; the block is A2-B3
    state = game(
        [fighter("A1", WALKER, "A2", facing=Facing.NORTH)],
        hands={ALPHA: ("tinker",)},
        ground_=tiles_ground(("watch-room", "A1"), ("generator-hall", "A4")),
    )
    state, _ = act(state, ALPHA, "activate A1 tinker")
    _, events = act(state, ALPHA, "interact monitor wall", faces=[4, 4])
    assert one(events, ev.CpGained).amount == 3


def officers_next_door() -> Ground:
    """A courtyard (A-D) west of the officers' rest (E-G), the wall between them broken
    on rows 2 and 3."""
    base = tiles_ground(("courtyard", "A1"), ("officers-rest", "E1"))
    board = base.board
    for row in ("2", "3"):
        board = board.with_barrier(sq(f"D{row}"), sq(f"E{row}"), Wall(destroyed=True))
    return base.model_copy(update={"board": board})


def test_a_large_character_partly_in_a_room_uses_its_line_once_per_turn() -> None:
    # the block D2-E3 stands half in the officers' rest; its corner D2 is outdoors
    state = game(
        [fighter("A1", WALKER, "D2", facing=Facing.EAST), fighter("B1", "provost", "H6")],
        hands={ALPHA: ("tinker", "ransack")},
        ground_=officers_next_door(),
    )
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact officers rest", faces=[5, 3])
    assert one(events, ev.MpChanged).amount == 1
    state, _ = act(state, ALPHA, "done")
    state, _ = act(state, BRAVO, "pass")
    state, _ = act(state, ALPHA, "activate A1 ransack")  # a second Interact section
    rejection = refused(state, ALPHA, "interact officers rest")
    assert rejection.rule == "[16]" and "once per turn" in rejection.message
    assert not [c for c in legal(state, CATALOG, ALPHA) if "officers" in c.notation]


def test_a_large_character_captures_an_enemy_next_to_any_of_its_squares() -> None:
    state = game(
        [
            fighter("A1", WALKER, "B2", facing=Facing.EAST),
            fighter("B1", "ash-scout", "D3", facing=Facing.WEST, condition="wounded", wounds=1),
        ],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    assert "capture B1" in every_choice_is_accepted(state, "capture")
    state, events = act(state, ALPHA, "capture B1", faces=[3, 1, 1, 1, 1])
    assert one(events, ev.Captured).captor == "A1"
    assert state.fighter("B1").captor == "A1"


def test_a_wounded_large_character_is_captured_through_any_of_its_squares() -> None:
    state = game(
        [
            fighter("A1", "provost", "D3", facing=Facing.WEST),
            fighter("B1", WALKER, "B2", facing=Facing.EAST, condition="wounded", wounds=4),
        ],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    assert "capture B1" in every_choice_is_accepted(state, "capture")
    state, events = act(state, ALPHA, "capture B1", faces=[6, 6, 6, 1, 1, 1])
    assert one(events, ev.Captured).victim == "B1"
    assert state.fighter("B1").square is None and state.occupant(sq("C3")) is None


def halves(west: str = "barracks", east: str = "holding-cells") -> Ground:
    """The test ground with the floor tiles ``west`` (columns A-D) and ``east`` (E-H),
    each keyed by its id, and the wall between them broken on rows 2 and 3."""
    base = ground()
    squares = {n: (west if k == "barracks" else east) for n, k in base.squares.items()}
    tiles = tuple(
        GroundTile(key=tile, tile=CATALOG.tiles[tile], squares=t.squares)
        for tile, t in zip((west, east), base.tiles, strict=True)
    )
    board = base.board
    for row in ("2", "3"):
        board = board.with_barrier(sq(f"D{row}"), sq(f"E{row}"), Wall(destroyed=True))
    return Ground(board=board, tiles=tiles, squares=squares)


def test_a_large_torturer_partly_in_a_torture_room_rolls_its_dice() -> None:
    # the block D2-E3: its corner D2 is in the barracks, E2 and E3 in the holding cells
    state = game(
        [
            fighter("A1", WALKER, "D2"),
            fighter("B1", "ash-scout", None, condition="captured", captor="A1"),
            fighter("B2", "ash-scout", "H6"),
        ],
        hands={ALPHA: ("ransack",)},
        ground_=halves(),
    )
    state, _ = act(state, ALPHA, "activate A1 ransack")
    _, events = act(state, ALPHA, "torture", faces=[3, 3])
    assert one(events, ev.Tortured).room_dice == 1


def searching(ground_: Ground) -> OrdersState:
    """The walker (the block D2-E3) activated with a search section, a deck to search."""
    state = game(
        [fighter("A1", WALKER, "D2"), fighter("B1", "ash-scout", "H6")],
        hands={ALPHA: ("sweep",)},
        ground_=ground_,
    )
    state = with_deck(state, deck_card(MINES), deck_card(MINES))
    state, _ = act(state, ALPHA, "activate A1 sweep")
    return state


def test_a_large_character_on_two_rooms_names_the_one_it_searches() -> None:
    state = searching(halves())  # D2 and D3 in the barracks, E2 and E3 in the cells
    rejection = refused(state, ALPHA, "search")
    assert rejection.rule == "[16]" and "`search in holding-cells`" in rejection.message
    refusal = refused(state, ALPHA, "search in H5")
    assert refusal.rule == "[16]" and "does not stand on H5" in refusal.message
    assert "No floor tile or square" in refused(state, ALPHA, "search in attic").message
    offered = every_choice_is_accepted(state, "search")
    assert {"search in barracks", "search in holding-cells"} <= set(offered)
    assert "search" not in offered
    searched, events = act(state, ALPHA, "search in E3")
    assert one(events, ev.Searched).room == "Holding cells"
    window = next(w for w in searched.windows if isinstance(w, SearchWindow))
    assert window.tile == "holding-cells"
    _, events = act(state, ALPHA, "search in barracks")
    assert "searches the Barracks" in (describe(one(events, ev.Searched)) or "")


def test_a_large_character_on_one_room_searches_it_without_naming_it() -> None:
    # the corner D2 is outdoors; E2 and E3 stand in the holding cells
    state = searching(halves(west="courtyard"))
    offered = every_choice_is_accepted(state, "search")
    assert "search" in offered
    searched, events = act(state, ALPHA, "search")
    assert one(events, ev.Searched).room is None
    window = next(w for w in searched.windows if isinstance(w, SearchWindow))
    assert window.tile == "holding-cells"


def test_a_large_character_partly_on_the_searched_tile_joins_a_combined_search() -> None:
    state = game(
        [
            fighter("A1", "provost", "F3"),
            fighter("A2", WALKER, "D2"),
            fighter("B1", "ash-scout", "H6"),
        ],
        hands={ALPHA: ("sweep", "hunt")},
        ground_=halves(west="courtyard"),
    )
    state = with_deck(state, deck_card(MINES))
    state, _ = act(state, ALPHA, "activate A2 hunt")
    state, _ = act(state, ALPHA, "done")
    state = fold(state, [ev.RoundBegan(seat=ALPHA)])
    state, _ = act(state, ALPHA, "activate A1 sweep")
    assert "search with A2" in every_choice_is_accepted(state, "search")
    _, events = act(state, ALPHA, "search with A2", faces=[1])
    assert [h.fighter for h in one(events, ev.Searched).helpers] == ["A2"]


def test_a_large_attacker_partly_indoors_searches_on_foreign_ground() -> None:
    # both attackers search the holding cells: the walker's corner D2 is outdoors
    state = game(
        [
            fighter("A1", "provost", "F3", side="attacker"),
            fighter("A2", WALKER, "D2", side="attacker"),
            fighter("B1", "ash-scout", "H6"),
        ],
        hands={ALPHA: ("sweep", "hunt")},
        ground_=halves(west="courtyard"),
    )
    state = with_deck(state, deck_card(MINES))
    state, _ = act(state, ALPHA, "activate A2 hunt")
    state, _ = act(state, ALPHA, "done")
    state = fold(state, [ev.RoundBegan(seat=ALPHA)])
    state, _ = act(state, ALPHA, "activate A1 sweep")
    state, _ = act(state, ALPHA, "search with A2", faces=[6])  # a spy point
    spy = state.waiting_window()
    assert isinstance(spy, SpyWindow) and spy.mp
