"""Mission cards ([12.1], [20.4], [21.2]): dealt secretly at set-up, scored and shown the
moment they are fulfilled, and the tile-holding missions scored at the game's end.

Readings:
- The mission deck holds ``count`` cards of each mission. With 2 players each draws from
  the cards its side may hold (its side or either); with 3 or 4 players from those of the
  sides of its characters (a mercenary counts as its faction) or either. Each card is
  drawn by a die told to the drawer alone, in seat order, ``missions_per_player`` each.
- Kill missions count every character of the named side (none: any other player's) that
  has died, whoever killed it; eradicate needs the holder's own character to have made the
  kill; capture counts prisoners of the named side held by the holder's characters;
  search-room missions count the holder's searches that found equipment in a room of that
  type; exit missions count the holder's characters that left the map; find-equipment
  missions need a standing character of the holder carrying it; destroy-element missions
  need that element of a tile of that kind destroyed. A player holding two copies of a
  counting mission (kill, capture, search room, exit) needs the count twice over for the
  second. Hold-tile missions are checked only at the end of the last turn.
- `check_missions(flow)` is called after every accepted action, so anything that fulfils
  a mission scores before the next one.
"""

from __future__ import annotations

from rules.core.visibility import only
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders.content.missions import (
    Capture,
    DestroyElement,
    Eradicate,
    ExitMap,
    FindEquipment,
    HoldTile,
    KillAny,
    MissionDef,
    SearchRoom,
)
from rules.orders.content.scenarios import GeneratorDef
from rules.orders.flow import Flow
from rules.orders.state import OrdersState, Player


def deal_missions(flow: Flow, generator: GeneratorDef) -> None:
    catalog = flow.catalog
    if not catalog.missions or generator.missions_per_player < 1:
        return
    flow.emit(ev.MissionDeckSet(missions=tuple(catalog.missions.values())))
    deck = [m.id for m in catalog.missions.values() for _ in range(m.count)]
    for seat in flow.state.seats:
        player = flow.state.player(seat)
        sides = _sides(flow.state, player)
        drawn: list[str] = []
        for _ in range(generator.missions_per_player):
            fitting = [m for m in deck if catalog.missions[m].holder in (*sides, "either")]
            if not fitting:
                break
            picked = fitting[flow.pick(len(fitting), "a mission card", seat=seat)]
            deck.remove(picked)
            drawn.append(picked)
        if drawn:
            flow.emit(ev.MissionsDrawn(seat=seat, count=len(drawn)))
            flow.emit(ev.MissionsSeen(seat=seat, missions=tuple(drawn), visibility=only(seat)))


def _sides(state: OrdersState, player: Player) -> tuple[str, ...]:
    if len(state.players) == 2 and player.side is not None:
        return (player.side,)
    return tuple(sorted({f.side for f in state.fighters if f.seat == player.seat and f.side}))


def check_missions(flow: Flow, at_end: bool = False) -> None:
    """Score every mission card now fulfilled ([20.4]: at once); ``at_end`` adds the
    hold-tile missions."""
    for player in flow.state.players:
        held = player.missions
        for index, mission_id in enumerate(held):
            mission = flow.state.missions.get(mission_id)
            if mission is None:
                continue
            copy = held[:index].count(mission_id) + player.fulfilled.count(mission_id) + 1
            if fulfilled(flow.state, player, mission, copy, at_end):
                flow.emit(ev.MissionFulfilled(seat=player.seat, mission=mission_id))
                flow.emit(
                    ev.MpChanged(seat=player.seat, amount=mission.mp, why=f"mission {mission.name}")
                )
                check_missions(flow, at_end)
                return


def fulfilled(
    state: OrdersState, player: Player, mission: MissionDef, copy: int, at_end: bool
) -> bool:
    """Whether the ``copy``-th card of ``mission`` held by ``player`` is fulfilled now."""
    condition = mission.condition
    own = [f for f in state.fighters if f.seat == player.seat]
    own_ids = {f.id for f in own}
    match condition:
        case KillAny():
            dead = [
                f
                for f in state.fighters
                if f.condition == "dead"
                and (f.side == condition.side if condition.side else f.seat != player.seat)
            ]
            return len(dead) >= copy
        case Eradicate():
            return any(
                f.character == condition.character
                and f.condition == "dead"
                and f.killed_by in own_ids
                for f in state.fighters
            )
        case DestroyElement():
            return _element_destroyed(state, condition)
        case Capture():
            held = [
                f
                for f in state.fighters
                if f.condition == "captured"
                and f.captor in own_ids
                and (condition.side is None or f.side == condition.side)
            ]
            return len(held) >= copy
        case FindEquipment():
            return any(f.standing and condition.equipment in f.equipment for f in own)
        case SearchRoom():
            return sum(condition.room in rooms for rooms in player.finds) >= copy
        case ExitMap():
            return sum(f.condition == "exited" for f in own) >= condition.count * copy
        case HoldTile():
            return at_end and any(
                f.standing and any(_on_tile(state, s, condition.tile) for s in state.squares_of(f))
                for f in own
            )
    return False


def _element_destroyed(state: OrdersState, condition: DestroyElement) -> bool:
    if state.ground is None:
        return False
    for placed in state.ground.tiles:
        if placed.tile.id != condition.tile:
            continue
        element = next((e for e in placed.tile.elements if e.id == condition.element), None)
        if element is None:
            continue
        cells = set(state.ground.cells(placed))
        if any(
            e.destroyed and e.name == element.name and e.squares & cells
            for e in state.ground.board.floor
        ):
            return True
    return False


def _on_tile(state: OrdersState, square: Square | None, tile: str) -> bool:
    if state.ground is None or square is None:
        return False
    placed = state.ground.tile_at(square)
    return placed is not None and placed.tile.id == tile
