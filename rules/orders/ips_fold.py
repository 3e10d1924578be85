"""Folding the events of IPS lines, Interact orders, abilities, power and scrambling into
the state (``fold.evolve`` hands them here)."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.events import Event, UnknownEvent
from rules.orders import events as ev
from rules.orders.ips_state import IpsState, RadioMarker, Scrambling
from rules.orders.state import Fighter, OrdersState, Player


def _ips(state: OrdersState, **update: object) -> OrdersState:
    return state.model_copy(update={"ips": state.ips.model_copy(update=update)})


def _fighter(
    state: OrdersState, fighter_id: str, change: Callable[[Fighter], Fighter]
) -> OrdersState:
    fighters = tuple(change(f) if f.id == fighter_id else f for f in state.fighters)
    return state.model_copy(update={"fighters": fighters})


def _player(state: OrdersState, seat: str, change: Callable[[Player], Player]) -> OrdersState:
    players = tuple(change(p) if p.seat == seat else p for p in state.players)
    return state.model_copy(update={"players": players})


def _cp(state: OrdersState, seat: str, amount: int) -> OrdersState:
    return _player(state, seat, lambda p: p.model_copy(update={"cp": p.cp + amount}))


def _drop(fighter: Fighter, equipment: str) -> Fighter:
    kept = list(fighter.equipment)
    if equipment in kept:
        kept.remove(equipment)
    return fighter.model_copy(update={"equipment": tuple(kept)})


def _scrambler(ips: IpsState, event: ev.ScramblerSwitched) -> tuple[Scrambling, ...]:
    current = ips.scrambling_of(event.seat) or Scrambling(seat=event.seat)
    others = tuple(s for s in ips.scrambling if s.seat != event.seat)
    if event.on:
        sources = tuple(dict.fromkeys((*current.sources, event.source)))
        return (*others, current.model_copy(update={"sources": sources}))
    sources = tuple(s for s in current.sources if s != event.source)
    if not sources:
        return others
    return (*others, current.model_copy(update={"sources": sources}))


def _with_markers(
    ips: IpsState, seat: str, markers: tuple[RadioMarker, ...]
) -> tuple[Scrambling, ...]:
    return tuple(
        s.model_copy(update={"markers": markers}) if s.seat == seat else s for s in ips.scrambling
    )


def evolve_ips(state: OrdersState, event: Event) -> OrdersState:
    ips: IpsState = state.ips
    match event:
        case ev.LineResolved():
            if event.element is None:
                return state
            tried = (*ips.tried, (event.turn, event.fighter, event.element))
            return _ips(state, tried=tried)
        case ev.AbilityPaid():
            fighter = state.fighter(event.fighter)
            paid = _fighter(
                state, fighter.id, lambda f: f.model_copy(update={"spent": f.spent + event.cp})
            )
            return _cp(paid, fighter.seat, -event.cp)
        case ev.Switched():
            switched = {**ips.switched, event.component: event.on}
            off = ips.switched_off_by
            if not event.on and event.fighter is not None:
                off = (*off, (event.turn, event.fighter, event.component))
            return _ips(state, switched=switched, switched_off_by=off)
        case ev.ChargeCounted():
            counters = {**ips.counters, event.component: ips.counters.get(event.component, 0) + 1}
            if event.used_up:
                counters.pop(event.component)
                state = _fighter(state, event.fighter, lambda f: _drop(f, event.equipment))
            return _ips(state, counters=counters)
        case ev.CpGained():
            gained = _cp(state, event.seat, event.amount)
            if event.fighter is None:
                return gained
            earmarked = (*ips.earmarked, (state.turn, event.fighter, event.amount))
            return _ips(gained, earmarked=earmarked)
        case ev.MarkerLaid():
            if event.leaves_carrier:
                state = _fighter(state, event.fighter, lambda f: _drop(f, event.marker.equipment))
            return _ips(state, laid=(*ips.laid, event.marker), laid_count=ips.laid_count + 1)
        case ev.MinesArmed():
            laid = tuple(
                m.model_copy(update={"armed": True}) if m.key in event.markers else m
                for m in ips.laid
            )
            return _ips(state, laid=laid)
        case ev.MarkerDetonated():
            switched = {k: v for k, v in ips.switched.items() if k != event.marker}
            laid = tuple(m for m in ips.laid if m.key != event.marker)
            return _ips(state, laid=laid, switched=switched)
        case ev.Reanimated():
            characters = {**state.characters, event.character.id: event.character}
            fighters = tuple(
                f.model_copy(update={"square": None}) if f.id == event.body else f
                for f in state.fighters
            )
            graves = ips.graves
            if event.grave is not None:
                graves = {**graves, event.grave: graves.get(event.grave, 0) + 1}
            updated = state.model_copy(
                update={"characters": characters, "fighters": (*fighters, event.risen)}
            )
            return _ips(updated, graves=graves)
        case ev.RisenCpGiven():
            fighter = state.fighter(event.fighter)
            earmarked = (*ips.earmarked, (state.turn, fighter.id, event.amount))
            return _ips(_cp(state, fighter.seat, event.amount), earmarked=earmarked)
        case ev.TimerSet():
            return _ips(state, timers=(*ips.timers, event.timer))
        case ev.TimerTicked():
            timers = tuple(
                t.model_copy(update={"left": event.left})
                if (t.component, t.line) == (event.component, event.line)
                else t
                for t in ips.timers
                if event.left > 0 or (t.component, t.line) != (event.component, event.line)
            )
            return _ips(state, timers=timers)
        case ev.PowerRestored():
            return _ips(state, power_restored=event.cuts)
        case ev.ScramblerSwitched():
            return _ips(state, scrambling=_scrambler(ips, event))
        case ev.RadioMarkersPlaced():
            return state
        case ev.RadioMarkersAre():
            return _ips(state, scrambling=_with_markers(ips, event.seat, event.markers))
        case ev.RadioMarkerRevealed():
            found = ips.scrambling_of(event.seat)
            assert found is not None
            markers = tuple(
                m.model_copy(update={"revealed": True}) if m.fighter == event.fighter else m
                for m in found.markers
            )
            return _ips(state, scrambling=_with_markers(ips, event.seat, markers))
    raise UnknownEvent("orders", event)
