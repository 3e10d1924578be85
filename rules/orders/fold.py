"""Folding order-tile events into the state: one match over every event the system writes."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules.core.events import Event, UnknownEvent
from rules.grid.edges import Door
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders.ground import Ground
from rules.orders.ips_fold import evolve_ips
from rules.orders.state import Activation, AssignedTile, Fighter, Marker, OrdersState, Player


def evolve(state: OrdersState, event: Event) -> OrdersState:
    match event:
        case ev.GameSet():
            return state.model_copy(
                update={
                    "generator": event.generator,
                    "turns": event.turns,
                    "base_cp": event.base_cp,
                    "ground": event.ground,
                    "dice": {d.colour: d for d in event.dice},
                    "characters": {c.id: c for c in event.characters},
                    "order_tiles": {t.id: t for t in event.order_tiles},
                    "equipment": {e.id: e for e in event.equipment},
                    "players": event.players,
                    "fighters": event.fighters,
                    "bag": event.bag,
                    "abilities": {a.id: a for a in event.abilities},
                }
            )
        case ev.DeployTurn():
            return state.model_copy(update={"deploying": event.seat, "phase": "deployment"})
        case ev.MarkerPlaced():
            return state
        case ev.MarkerIs():
            marker = Marker(seat=event.seat, square=event.square, fighter=event.fighter)
            return state.model_copy(update={"markers": (*state.markers, marker)})
        case ev.MarkersRevealed():
            placed = {m.fighter: m.square for m in event.markers if m.fighter is not None}
            fighters = tuple(
                f.model_copy(update={"square": placed[f.id]}) if f.id in placed else f
                for f in state.fighters
            )
            return state.model_copy(
                update={"fighters": fighters, "markers": (), "phase": "facing", "deploying": None}
            )
        case ev.Faced():
            turned = _with(
                state, event.fighter, lambda f: f.model_copy(update={"facing": event.facing})
            )
            if state.phase != "facing" or event.fighter in state.faced:
                return turned
            return turned.model_copy(update={"faced": (*state.faced, event.fighter)})
        case ev.TurnBegan():
            return state.model_copy(
                update={
                    "turn": event.turn,
                    "initiative": event.initiative,
                    "phase": "initiative",
                    "active": None,
                    "passes": 0,
                }
            )
        case ev.BagRefilled():
            return state.model_copy(
                update={"bag": tuple(sorted((*state.bag, *state.discard))), "discard": ()}
            )
        case ev.TilesDrawn():
            return _player(
                state, event.seat, lambda p: p.model_copy(update={"cp": p.cp - event.cost})
            )
        case ev.TilesSeen():
            bag = _without(state.bag, event.tiles)
            return _player(
                state.model_copy(update={"bag": bag}),
                event.seat,
                lambda p: p.model_copy(update={"hand": (*p.hand, *event.tiles)}),
            )
        case ev.TilesSetAside():
            return _player(
                state.model_copy(update={"bag": tuple(sorted((*state.bag, *event.tiles)))}),
                event.seat,
                lambda p: p.model_copy(
                    update={"hand": _without(p.hand, event.tiles), "redrawn": True}
                ),
            )
        case ev.RedrawDeclined():
            return _player(state, event.seat, lambda p: p.model_copy(update={"redrawn": True}))
        case ev.DiscardTaken():
            return _player(
                state.model_copy(update={"discard": _without(state.discard, (event.tile,))}),
                event.seat,
                lambda p: p.model_copy(update={"cp": p.cp - 2, "hand": (*p.hand, event.tile)}),
            )
        case ev.CpReceived():
            return _player(
                state,
                event.seat,
                lambda p: p.model_copy(update={"cp": p.cp + event.base + event.bonus}),
            )
        case ev.RoundBegan():
            return state.model_copy(
                update={"active": event.seat, "phase": "activation", "activation": None}
            )
        case ev.Passed():
            return state
        case ev.Activated():
            updated = _with(state, event.fighter, lambda f: f.model_copy(update={"engaged": True}))
            return updated.model_copy(update={"activation": Activation(fighter=event.fighter)})
        case ev.TileAssigned():
            fighter = state.fighter(event.fighter)
            tile = AssignedTile(
                tile=event.tile, cp=(0,) * len(state.order_tiles[event.tile].sections)
            )
            updated = _player(
                state,
                fighter.seat,
                lambda p: p.model_copy(update={"hand": _without(p.hand, (event.tile,))}),
            )
            return _with(
                updated,
                event.fighter,
                lambda f: f.model_copy(update={"tiles": (*f.tiles, tile), "tile_this_round": True}),
            )
        case ev.OrderPaid():
            return _paid(state, event)
        case ev.DoorOpened():
            return _door(state, event.a, event.b, True, event.sliding)
        case ev.DoorClosed():
            return _door(state, event.a, event.b, False, False)
        case ev.Moved():
            return _with(
                state,
                event.fighter,
                lambda f: f.model_copy(update={"square": event.path[-1], "facing": event.facing}),
            )
        case ev.RoundEnded():
            fighters = tuple(
                f.model_copy(update={"tile_this_round": False}) if f.tile_this_round else f
                for f in state.fighters
            )
            return state.model_copy(
                update={
                    "activation": None,
                    "fighters": fighters,
                    "sliding_opened": (),
                    "passes": state.passes + 1 if event.passed else 0,
                }
            )
        case ev.FinalPhase():
            discarded = tuple(t.tile for f in state.fighters for t in f.tiles)
            fighters = tuple(
                f.model_copy(update={"engaged": False, "tiles": (), "spent": 0})
                for f in state.fighters
            )
            players = tuple(p.model_copy(update={"cp": 0}) for p in state.players)
            return state.model_copy(
                update={
                    "fighters": fighters,
                    "players": players,
                    "discard": tuple(sorted((*state.discard, *discarded))),
                    "active": None,
                    "activation": None,
                }
            )
        case ev.TilesDiscarded():
            return _player(
                state.model_copy(update={"discard": tuple(sorted((*state.discard, *event.tiles)))}),
                event.seat,
                lambda p: p.model_copy(update={"hand": _without(p.hand, event.tiles)}),
            )
        case ev.TilesKept():
            return _player(state, event.seat, lambda p: p.model_copy(update={"kept": event.count}))
        case ev.MpChanged():
            return _player(
                state, event.seat, lambda p: p.model_copy(update={"mp": p.mp + event.amount})
            )
        case (
            ev.LineResolved()
            | ev.AbilityPaid()
            | ev.Switched()
            | ev.ChargeCounted()
            | ev.CpGained()
            | ev.Healed()
            | ev.MarkerLaid()
            | ev.MinesArmed()
            | ev.Exploded()
            | ev.BarrierCut()
            | ev.Reanimated()
            | ev.RisenCpGiven()
            | ev.TimerSet()
            | ev.TimerTicked()
            | ev.PowerRestored()
            | ev.ScramblerSwitched()
            | ev.RadioMarkersPlaced()
            | ev.RadioMarkersAre()
            | ev.RadioMarkerRevealed()
        ):
            return evolve_ips(state, event)
    raise UnknownEvent("orders", event)


def _without(tiles: tuple[str, ...], taken: Iterable[str]) -> tuple[str, ...]:
    """``tiles`` with one copy of each of ``taken`` removed (a missing one is a bug)."""
    left = list(tiles)
    for tile in taken:
        left.remove(tile)
    return tuple(left)


def _with(state: OrdersState, fighter_id: str, change: Callable[[Fighter], Fighter]) -> OrdersState:
    fighters = tuple(change(f) if f.id == fighter_id else f for f in state.fighters)
    return state.model_copy(update={"fighters": fighters})


def _player(state: OrdersState, seat: str, change: Callable[[Player], Player]) -> OrdersState:
    players = tuple(change(p) if p.seat == seat else p for p in state.players)
    return state.model_copy(update={"players": players})


def _paid(state: OrdersState, event: ev.OrderPaid) -> OrdersState:
    fighter = state.fighter(event.fighter)
    tiles = list(fighter.tiles)
    total = 0
    for placed in event.placed:
        cp = list(tiles[placed.tile].cp)
        cp[placed.section] += placed.cp
        tiles[placed.tile] = tiles[placed.tile].model_copy(update={"cp": tuple(cp)})
        total += placed.cp
    updated = _with(
        state,
        fighter.id,
        lambda f: f.model_copy(update={"tiles": tuple(tiles), "spent": f.spent + total}),
    )
    return _player(updated, fighter.seat, lambda p: p.model_copy(update={"cp": p.cp - total}))


def _door(state: OrdersState, a: Square, b: Square, opened: bool, sliding: bool) -> OrdersState:
    assert state.ground is not None
    board = state.ground.board
    door = board.barrier(a, b)
    assert isinstance(door, Door)
    ground = Ground(
        board=board.with_barrier(a, b, door.model_copy(update={"open": opened})),
        tiles=state.ground.tiles,
        squares=state.ground.squares,
    )
    slid = (*state.sliding_opened, (a, b)) if sliding else state.sliding_opened
    return state.model_copy(update={"ground": ground, "sliding_opened": slid})
