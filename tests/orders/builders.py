"""Small order-tile games built for rule tests: the bundled packs, a hand-made ground (an
indoor room west of a wall with a door, open ground east of it), characters placed on
exact squares, actions typed as players type them and decided with scripted dice."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from rules.core import engine
from rules.core.events import Event
from rules.core.rejection import Rejection
from rules.grid.board import Board, PlacedBarrier
from rules.grid.coordinates import read_square
from rules.grid.edges import Door, Wall, edge_between
from rules.grid.facing import Facing
from rules.grid.size import BoardSize
from rules.grid.squares import Square, square_name
from rules.orders import events as ev
from rules.orders.content.loading import load_catalog
from rules.orders.ground import Ground, GroundTile
from rules.orders.state import Fighter, OrdersState, Player
from rules.orders.system import OrdersSystem
from tests.event_picks import of as of  # re-exported for the tests
from tests.event_picks import one as one
from tests.scripted_dice import scripted_attempt

ALPHA, BRAVO = "alpha", "bravo"
SEATS = (ALPHA, BRAVO)
CATALOG = load_catalog()
SYSTEM = OrdersSystem(CATALOG)
SIZE = BoardSize(columns=8, rows=6)
DOOR_ROW = 2  # the door in the wall between columns D and E stands on row 3


def sq(name: str) -> Square:
    found = read_square(name, SIZE)
    assert isinstance(found, Square), name
    return found


def ground(door: str = "wooden", door_open: bool = False) -> Ground:
    """Columns A-D indoor (a barracks room), E-H outdoor; a single wall between D and E on
    every row but row 3, where a door of kind ``door`` stands."""
    barriers = []
    for y in range(SIZE.rows):
        a, b = Square(x=3, y=y), Square(x=4, y=y)
        barrier: Wall | Door = Wall()
        if y == DOOR_ROW:
            barrier = Door(kind=door, open=door_open, name="test-door")
        barriers.append(PlacedBarrier(edge=edge_between(a, b), barrier=barrier))
    board = Board(size=SIZE, barriers=tuple(barriers))
    west = tuple(square_name(Square(x=x, y=y)) for x in range(4) for y in range(SIZE.rows))
    east = tuple(square_name(Square(x=x, y=y)) for x in range(4, 8) for y in range(SIZE.rows))
    tiles = (
        GroundTile(key="barracks", tile=CATALOG.tiles["barracks"], squares=west),
        GroundTile(key="courtyard", tile=CATALOG.tiles["courtyard"], squares=east),
    )
    squares = {**{n: "barracks" for n in west}, **{n: "courtyard" for n in east}}
    return Ground(board=board, tiles=tiles, squares=squares)


def fighter(
    label: str, character: str, at: str | None, facing: Facing = Facing.EAST, **updates: Any
) -> Fighter:
    seat = ALPHA if label.startswith("A") else BRAVO
    card = CATALOG.characters[character]
    base = Fighter(
        id=label,
        seat=seat,
        character=character,
        name=card.name,
        side="defender" if seat == ALPHA else "attacker",
        square=sq(at) if at else None,
        facing=facing,
    )
    return base.model_copy(update=updates)


def fold(state: OrdersState, events: Iterable[Event]) -> OrdersState:
    folded = engine.fold(SYSTEM, state, events)
    assert isinstance(folded, OrdersState)
    return folded


def game(
    fighters: Sequence[Fighter],
    hands: dict[str, tuple[str, ...]] | None = None,
    cp: dict[str, int] | None = None,
    ground_: Ground | None = None,
    bag: tuple[str, ...] | None = None,
    turns: int = 6,
    generator: str = "generator-2",
) -> OrdersState:
    """A game in turn 1's Activation phase with Alpha (the defender) active."""
    hands = hands or {}
    cp = cp or {ALPHA: 15, BRAVO: 15}
    state = SYSTEM.initial_state(SYSTEM.options_model(turns=turns), SEATS)
    assert isinstance(state, OrdersState)
    used = {f.character for f in fighters}
    set_event = ev.GameSet(
        generator=generator,
        turns=turns,
        base_cp=15,
        ground=ground_ or ground(),
        dice=tuple(CATALOG.dice.values()),
        characters=tuple(CATALOG.characters[c] for c in sorted(used)),
        order_tiles=tuple(CATALOG.order_tiles.values()),
        equipment=tuple(CATALOG.equipment.values()),
        players=(
            Player(seat=ALPHA, side="defender", mp=30, hand=hands.get(ALPHA, ())),
            Player(seat=BRAVO, side="attacker", mp=30, hand=hands.get(BRAVO, ())),
        ),
        fighters=tuple(fighters),
        bag=bag if bag is not None else tuple(t.id for t in CATALOG.bag()),
        abilities=tuple(CATALOG.abilities.values()),
    )
    state = fold(state, [set_event])
    state = state.model_copy(update={"phase": "facing", "faced": tuple(f.id for f in fighters)})
    state = fold(
        state,
        [
            ev.TurnBegan(turn=1, initiative=ALPHA),
            ev.CpReceived(seat=ALPHA, base=cp[ALPHA], bonus=0),
            ev.CpReceived(seat=BRAVO, base=cp[BRAVO], bonus=0),
            ev.RoundBegan(seat=ALPHA),
        ],
    )
    return state


def act(
    state: OrdersState, seat: str, text: str, faces: Sequence[int] = ()
) -> tuple[OrdersState, list[Event]]:
    """``seat`` types ``text``; it must be accepted. The state after and the events."""
    outcome = scripted_attempt(SYSTEM, state, seat, text, faces)
    assert not isinstance(outcome, Rejection), f"{text!r} refused: {outcome.message}"
    return fold(state, outcome), outcome


def refused(state: OrdersState, seat: str, text: str) -> Rejection:
    parsed = SYSTEM.parse_notation(text, state, seat)
    if isinstance(parsed, Rejection):
        return parsed
    outcome = scripted_attempt(SYSTEM, state, seat, parsed)
    assert isinstance(outcome, Rejection), f"{text!r} was accepted"
    return outcome


def automatic_moves(
    state: OrdersState, rnd: random.Random, limit: int, randomness: float
) -> Iterator[tuple[OrdersState, list[Event]]]:
    """The automatic player answers for whichever seat the game waits on, at most ``limit``
    times or until the game ends; every move it picks must be accepted. Yields the state
    after each move and the move's events."""
    for _ in range(limit):
        if state.finished:
            return
        seat = SYSTEM.status(state).waiting_on[0]
        choices = SYSTEM.legal_actions(state, seat)
        notation = SYSTEM.automatic_action(state, seat, choices, rnd, randomness=randomness)
        assert notation is not None
        action = SYSTEM.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection), (notation, action)
        events = engine.decide(SYSTEM, state, bytes(32), seat, action)
        assert not isinstance(events, Rejection), (notation, events)
        state = fold(state, events)
        yield state, events
