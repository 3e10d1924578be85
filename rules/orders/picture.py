"""The board picture of an order-tile game: floor tiles, walls, doors, floor elements,
characters with their facing, arc of sight and state, face-down markers (showing nothing
of what they hide), the last shot's line of fire with its shooter's red zone, a ruler and
a key. A map with an upper floor ([19]) is drawn as two levels side by side."""

from __future__ import annotations

from rules.core.wording import plural
from rules.grid.edges import Door, Edge, Wall
from rules.grid.facing import Facing
from rules.grid.scene import (
    GridArc,
    GridDoor,
    GridElement,
    GridLevel,
    GridMarker,
    GridRoute,
    GridScene,
    GridSeat,
    GridSight,
    GridTile,
    GridToken,
    GridWall,
    KeyEntry,
    TileKind,
)
from rules.grid.squares import Square
from rules.orders.seats import seat_label
from rules.orders.state import Fighter
from rules.orders.view import OrdersView

TERRAIN_SHADES = {
    "indoor": 0,
    "outdoor": 1,
    "borer": 2,
    "sewer_exit": 3,
    "stairs_up": 4,
    "stairs_down": 4,
}
COMPASS = {Facing.NORTH: "N", Facing.EAST: "E", Facing.SOUTH: "S", Facing.WEST: "W"}
ARC_OF_SIGHT = 180  # degrees: the front half of the base ([09.1], see sight.py)
RED_ZONE = 90  # degrees: the front quarter, a weapon's red fire zone
TERRAIN_NAMES = {
    "indoor": "Indoor",
    "outdoor": "Outdoor",
    "borer": "Borer",
    "sewer_exit": "Drain exit",
    "stairs_up": "Stairs up",
    "stairs_down": "Stairs down",
}
LEVEL_NAMES = ("Ground floor", "Upper floor (@1)")


def orders_scene(view: OrdersView) -> GridScene:
    ground = view.ground
    if ground is None:
        return GridScene(title="Order Tiles: the map is being built")
    board = ground.board
    kinds = sorted({t.tile.terrain for t in ground.tiles})
    tiles = tuple(
        GridTile(
            id=t.key,
            kind=t.tile.terrain,
            squares=tuple(_xy(s) for s in ground.cells(t)),
            level=ground.cells(t)[0].level if ground.cells(t) else 0,
        )
        for t in ground.tiles
    )
    walls = []
    doors = []
    for placed in board.barriers:
        barrier = placed.barrier
        if isinstance(barrier, Wall):
            walls.append(
                GridWall(
                    between=_edge(placed.edge),
                    kind=barrier.kind.value,
                    destroyed=barrier.destroyed,
                    level=placed.edge.a.level,
                )
            )
        elif isinstance(barrier, Door):
            state = "destroyed" if barrier.destroyed else "open" if barrier.open else "closed"
            doors.append(
                GridDoor(
                    between=_edge(placed.edge),
                    state=state,
                    kind=barrier.kind[:16],
                    level=placed.edge.a.level,
                )
            )
    elements = tuple(
        GridElement(
            id=f"el{i}",
            label=_short(e.name),
            squares=tuple(_xy(s) for s in sorted(e.squares, key=lambda q: q.order)),
            blocks_movement=e.blocks_movement,
            blocks_sight=e.blocks_sight,
            level=min(s.level for s in e.squares),
        )
        for i, e in enumerate(board.floor)
    )
    tokens = tuple(
        GridToken(
            id=f.id,
            label=f.id,
            seat=f.seat,
            square=_xy(f.square),
            facing=COMPASS[f.facing],
            sight=None if f.condition == "dead" else ARC_OF_SIGHT,
            state="W" if f.condition == "wounded" else "",
            marks=_marks(f),
            active=f.id == view.activated,
            dead=f.condition == "dead",
            large=f.id in view.large,
            level=f.square.level,
        )
        for f in view.fighters
        if f.square is not None and f.condition in ("healthy", "wounded", "dead")
    )
    markers = tuple(GridMarker(square=_xy(m.square), level=m.square.level) for m in view.markers)
    seats = tuple(GridSeat(id=s, name=seat_label(s), colour=i) for i, s in enumerate(view.seats))
    title = (
        f"Order Tiles — turn {view.turn} of {view.turns}"
        if view.turn
        else "Order Tiles — deployment"
    )
    if view.deck_top is not None:
        title = f"{title} · search deck top: {view.deck_top}"[:100]
    caption = tuple(
        f"{seat_label(p.seat)}: {p.mp} MP, {plural(p.tiles, 'order tile')} behind the screen"
        for p in view.players
    )[:4]
    key = _key(tokens)
    return GridScene(
        columns=board.size.columns,
        rows=board.size.rows,
        levels=tuple(GridLevel(name=n) for n in LEVEL_NAMES[: board.size.levels])
        if board.size.levels > 1
        else (),
        title=title,
        caption=caption,
        seats=seats,
        tile_kinds=tuple(
            TileKind(id=k, name=TERRAIN_NAMES.get(k, k), shade=TERRAIN_SHADES.get(k, 0))
            for k in kinds
        ),
        tiles=tiles,
        walls=tuple(walls),
        doors=tuple(doors),
        elements=elements,
        tokens=tokens,
        markers=markers,
        sights=_shot_line(view),
        key=key,
        arcs=_fire_arc(view),
        routes=_routes(view),
    )


def _routes(view: OrdersView) -> tuple[GridRoute, ...]:
    """The last activated character's walk this turn, one route a level (a flight of stairs
    ends one and starts the next)."""
    trail = view.trail
    fighter = next((f for f in view.fighters if trail and f.id == trail.fighter), None)
    if trail is None or fighter is None:
        return ()
    steps = [s for i, s in enumerate(trail.squares) if i == 0 or s != trail.squares[i - 1]]
    stretches: list[list[Square]] = []
    for square in steps:
        if stretches and stretches[-1][-1].level == square.level:
            stretches[-1].append(square)
        else:
            stretches.append([square])
    return tuple(
        GridRoute(seat=fighter.seat, squares=tuple(_xy(s) for s in part), level=part[0].level)
        for part in stretches
        if len(part) > 1
    )[:8]


def _key(tokens: tuple[GridToken, ...]) -> tuple[KeyEntry, ...]:
    shown = {m for t in tokens for m in t.marks} | {t.state for t in tokens if t.state}
    key = [
        KeyEntry(text=t, meaning=m)
        for t, m in (("W", "Wounded side"), ("E", "engaged"))
        if t in shown
    ]
    tiles = sorted(m for m in shown if m.endswith("T"))
    if tiles:
        key.append(KeyEntry(text=tiles[0], meaning="order tiles assigned"))
    return tuple(key)


def _marks(fighter: Fighter) -> tuple[str, ...]:
    """Small markers beside a token: engaged, and how many order tiles lie under its card
    (shown from three on as 3T)."""
    marks = []
    if fighter.engaged:
        marks.append("E")
    if fighter.tiles:
        marks.append(f"{min(len(fighter.tiles), 3)}T")
    return tuple(marks)


def _short(name: str) -> str:
    """A floor element's label on the board: its first word, at most six letters."""
    return name.split()[0][:6] if name.strip() else "?"


def _shot_line(view: OrdersView) -> tuple[GridSight, ...]:
    """The last shot: from the shooter to its target, labelled with the zone and result."""
    shot = view.last_shot
    if shot is None or shot.origin.level != shot.target.level:
        return ()  # a shot through stairs has no line on one level ([19])
    label = " ".join(w for w in (shot.zone or "", "hit" if shot.hit else "miss") if w)
    return (
        GridSight(
            start=_xy(shot.origin),
            end=_xy(shot.target),
            blocked=shot.blocked,
            label=label,
            level=shot.origin.level,
        ),
    )


def _fire_arc(view: OrdersView) -> tuple[GridArc, ...]:
    """The red fire zone of the last shot's shooter, as it faced when it fired."""
    shot = view.last_shot
    if shot is None:
        return ()
    return (
        GridArc(
            origin=_xy(shot.origin),
            facing=COMPASS[shot.facing],
            degrees=RED_ZONE,
            label=f"{shot.shooter} red zone",
            level=shot.origin.level,
        ),
    )


def _xy(square: Square) -> tuple[int, int]:
    return (square.x, square.y)


def _edge(edge: Edge) -> tuple[tuple[int, int], tuple[int, int]]:
    return (_xy(edge.a), _xy(edge.b))
