"""Folding order-tile events into the state: one match over every event the system writes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from rules.core.events import Event, UnknownEvent
from rules.grid.edges import Door
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders.frames import Duel, Interruption
from rules.orders.ips_fold import evolve_ips
from rules.orders.state import (
    Activation,
    AssignedTile,
    DeckCard,
    Fighter,
    Marker,
    OrdersState,
    Player,
    ShotLine,
    Trail,
)
from rules.orders.wreckage import wrecked


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
                    "trail": None,
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
            start = state.fighter(event.fighter).square
            trail = Trail(fighter=event.fighter, squares=(start,) if start is not None else ())
            return updated.model_copy(
                update={"activation": Activation(fighter=event.fighter), "trail": trail}
            )
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
            return _interrupt_order(_paid(state, event), event.fighter)
        case ev.DoorOpened():
            return _door(state, event.a, event.b, True, event.sliding)
        case ev.DoorClosed():
            return _door(state, event.a, event.b, False, False)
        case ev.Moved():
            moved = _with(
                state,
                event.fighter,
                lambda f: f.model_copy(update={"square": event.path[-1], "facing": event.facing}),
            )
            walking = state.trail
            if walking is None or walking.fighter != event.fighter:
                return moved
            walked = walking.model_copy(update={"squares": (*walking.squares, *event.path)})
            return moved.model_copy(update={"trail": walked})
        case ev.RoundEnded():
            fighters = tuple(
                f.model_copy(update={"tile_this_round": False}) if f.tile_this_round else f
                for f in state.fighters
            )
            return state.model_copy(
                update={
                    "activation": None,
                    "fighters": fighters,
                    "sliding_opened": _still_open(state),
                    "watched": (),
                    "passes": state.passes + 1 if event.passed else 0,
                }
            )
        case ev.FinalPhase():
            discarded = tuple(t.tile for f in state.fighters for t in f.tiles)
            fighters = tuple(
                f.model_copy(update={"engaged": False, "tiles": (), "spent": 0, "dry": ()})
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
                    "last_shot": None,
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
        case ev.Wounded():
            return _with(
                state,
                event.fighter,
                lambda f: f.model_copy(update={"wounds": f.wounds + event.count}),
            )
        case ev.Flipped():
            return _with(
                state,
                event.fighter,
                lambda f: f.model_copy(update={"condition": "wounded", "wounds": event.carried}),
            )
        case ev.Died():
            return _with(state, event.fighter, lambda f: f.model_copy(update={"condition": "dead"}))
        case ev.Healed():
            condition = "healthy" if event.recovered else None
            return _with(
                state,
                event.fighter,
                lambda f: f.model_copy(
                    update={"wounds": event.wounds, "condition": condition or f.condition}
                ),
            )
        case ev.CloseCombatFought() | ev.Tortured():
            return state
        case ev.BarrierDamaged():
            return _wreck(state, event.target) if event.destroyed else state
        case ev.AbilityPaid():
            return _interrupt_order(evolve_ips(state, event), event.fighter)
        case ev.BarrierCut():
            return _wreck(state, ev.BarrierTarget(kind=event.part, a=event.a, b=event.b))
        case ev.Captured():
            return _with(
                state,
                event.victim,
                lambda f: f.model_copy(
                    update={"condition": "captured", "square": None, "captor": event.captor}
                ),
            )
        case ev.Shot():
            return _shot(state, event)
        case ev.Exploded() | ev.BlastHit():
            return state
        case ev.SearchDeckSet():
            return state.model_copy(
                update={
                    "deck": event.cards,
                    "cards": {c.id: c for c in event.card_defs},
                    "equipment": {**state.equipment, **{e.id: e for e in event.equipment}},
                }
            )
        case ev.DeckArranged():
            return state.model_copy(update={"deck": event.cards + state.deck[len(event.cards) :]})
        case ev.DeckCycled():
            cut = event.count % len(state.deck) if state.deck else 0
            return state.model_copy(update={"deck": state.deck[cut:] + state.deck[:cut]})
        case ev.DeckFlipped():
            flipped = tuple(c.model_copy(update={"flipped": not c.flipped}) for c in state.deck)
            return state.model_copy(update={"deck": flipped})
        case ev.EquipmentFound():
            return _found(state, event)
        case ev.EquipmentDropped():
            return _dropped(state, event)
        case ev.EquipmentPassed():
            return _passed(state, event)
        case ev.MissionDeckSet():
            return state.model_copy(update={"missions": {m.id: m for m in event.missions}})
        case ev.MissionsSeen():
            return _player(
                state,
                event.seat,
                lambda p: p.model_copy(update={"missions": (*p.missions, *event.missions)}),
            )
        case ev.MissionFulfilled():
            return _player(
                state,
                event.seat,
                lambda p: p.model_copy(
                    update={
                        "missions": _without(p.missions, (event.mission,)),
                        "fulfilled": (*p.fulfilled, event.mission),
                    }
                ),
            )
        case ev.Exited():
            return _with(
                state,
                event.fighter,
                lambda f: f.model_copy(
                    update={
                        "condition": "exited",
                        "square": None,
                        "magnetic": False,
                        "equipment": (),
                    }
                ),
            )
        case ev.DeckTop() | ev.Searched() | ev.SpyPoints() | ev.DeckSpied() | ev.MissionSpied():
            return state
        case ev.MissionsDrawn():
            return state
        case ev.Watched():
            watched = (*state.watched, *(k for k in event.keys if k not in state.watched))
            return state.model_copy(update={"watched": watched})
        case ev.DuelAsked() | ev.DuelDeclined():
            return state
        case ev.BidMade():
            duel = state.duel or Duel(kind=event.kind)
            duel = duel.model_copy(update={"bids": (*duel.bids, event.bid)})
            return state.model_copy(update={"duel": duel})
        case ev.DuelRevealed():
            paid = {b.seat: b.cp for b in event.bids}
            players = tuple(
                p.model_copy(update={"cp": p.cp - paid.get(p.seat, 0)}) for p in state.players
            )
            return state.model_copy(update={"players": players, "duel": None})
        case ev.InterruptBegan():
            interruption = Interruption(fighter=event.fighter, mover=event.mover)
            return state.model_copy(update={"interruption": interruption})
        case ev.InterruptEnded():
            return state.model_copy(update={"interruption": None})
        case ev.InitiativeTaken():
            return state.model_copy(update={"initiative": event.seat})
        case (
            ev.LineResolved()
            | ev.Switched()
            | ev.ChargeCounted()
            | ev.CpGained()
            | ev.MarkerLaid()
            | ev.MinesArmed()
            | ev.MarkerDetonated()
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


def _interrupt_order(state: OrdersState, fighter_id: str) -> OrdersState:
    """An order paid by the interrupting character counts toward its 2 ([10.3])."""
    interruption = state.interruption
    if interruption is None or interruption.fighter != fighter_id:
        return state
    counted = interruption.model_copy(update={"orders": interruption.orders + 1})
    return state.model_copy(update={"interruption": counted})


def _door(state: OrdersState, a: Square, b: Square, opened: bool, sliding: bool) -> OrdersState:
    assert state.ground is not None
    board = state.ground.board
    door = board.barrier(a, b)
    assert isinstance(door, Door)
    ground = state.ground.model_copy(
        update={"board": board.with_barrier(a, b, door.model_copy(update={"open": opened}))}
    )
    fresh = sliding and (a, b) not in state.sliding_opened
    slid = (*state.sliding_opened, (a, b)) if fresh else state.sliding_opened
    return state.model_copy(update={"ground": ground, "sliding_opened": slid})


def _shot(state: OrdersState, event: ev.Shot) -> OrdersState:
    shooter = state.fighter(event.shooter)
    line = ShotLine(
        shooter=shooter.id,
        origin=event.origin,
        facing=shooter.facing,
        target=event.target.square,
        zone=None if event.used_up else event.zone,  # a thrown explosive has no zone
        hit=event.hit,
    )
    dry = (*shooter.dry, event.weapon) if event.out_of_ammo else shooter.dry
    equipment = list(shooter.equipment)
    if event.used_up and event.weapon in equipment:
        equipment.remove(event.weapon)
    updated = _with(
        state.model_copy(update={"last_shot": line}),
        shooter.id,
        lambda f: f.model_copy(update={"dry": dry, "equipment": tuple(equipment)}),
    )
    for helper in event.helpers:
        if helper.out_of_ammo:
            updated = _with(updated, helper.fighter, partial(_dry, weapon=helper.weapon))
    return updated


def _dry(fighter: Fighter, weapon: str) -> Fighter:
    return fighter.model_copy(update={"dry": (*fighter.dry, weapon)})


def _found(state: OrdersState, event: ev.EquipmentFound) -> OrdersState:
    fighter = state.fighter(event.fighter)
    updated = _with(
        state.model_copy(update={"deck": state.deck[1:]}),
        fighter.id,
        lambda f: f.model_copy(update={"equipment": (*f.equipment, event.item)}),
    )
    return _player(
        updated, fighter.seat, lambda p: p.model_copy(update={"finds": (*p.finds, event.rooms)})
    )


def _dropped(state: OrdersState, event: ev.EquipmentDropped) -> OrdersState:
    updated = _with(
        state,
        event.fighter,
        lambda f: f.model_copy(update={"equipment": _without(f.equipment, (event.item,))}),
    )
    card = next((c for c in state.cards.values() if event.item in (c.front, c.back)), None)
    if not event.under or card is None:
        return updated
    under = DeckCard(
        card=card.id, front=card.front, back=card.back, flipped=card.back == event.item
    )
    return updated.model_copy(update={"deck": (*state.deck, under)})


def _passed(state: OrdersState, event: ev.EquipmentPassed) -> OrdersState:
    item = event.item
    if item is None:
        gave = _with(state, event.source, lambda f: f.model_copy(update={"magnetic": False}))
        return _with(gave, event.to, lambda f: f.model_copy(update={"magnetic": True}))
    gave = _with(
        state,
        event.source,
        lambda f: f.model_copy(update={"equipment": _without(f.equipment, (item,))}),
    )
    return _with(gave, event.to, lambda f: f.model_copy(update={"equipment": (*f.equipment, item)}))


def _wreck(state: OrdersState, target: ev.BarrierTarget) -> OrdersState:
    """``state`` once ``target`` is destroyed, whatever destroyed it (``wreckage``)."""
    assert state.ground is not None
    ground = wrecked(state.ground, target)
    # a destroyed sliding door has nothing left to close at the round's end
    sliding = tuple(
        (a, b)
        for a, b in state.sliding_opened
        if isinstance(door := ground.board.barrier(a, b), Door) and not door.destroyed
    )
    return state.model_copy(update={"ground": ground, "sliding_opened": sliding})


def _still_open(state: OrdersState) -> tuple[tuple[Square, Square], ...]:
    """Sliding doors left open at the round's end (a large miniature held the doorway):
    they try to shut again at the next round's end."""
    if state.ground is None:
        return ()
    board = state.ground.board
    return tuple(
        (a, b)
        for a, b in state.sliding_opened
        if isinstance(door := board.barrier(a, b), Door) and door.open and not door.destroyed
    )
