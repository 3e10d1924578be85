"""Rounds (004 Step 5): coherency, initiative, activations, then the morale phase.

Initiative: each seat adds up its units' Leadership; the highest goes first, ties go to the
seat with fewer units, and a roll-off settles what is still tied. The activation order
follows the initiative order and repeats until every unit has activated.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.geometry.formations import centroid
from rules.geometry.measure import incoherent
from rules.wasteland import table as tb
from rules.wasteland.activation import has_turn
from rules.wasteland.advanced import round_event
from rules.wasteland.effects import add_marker, put
from rules.wasteland.events import RoundBegan, TurnPassed
from rules.wasteland.facts.battle import RoundAnnounced
from rules.wasteland.facts.units import Regrouped
from rules.wasteland.flow import Flow
from rules.wasteland.missions import end_of_round, time_up
from rules.wasteland.morale import morale_phase
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import WastelandState, WUnit

ROUND_RESET = {
    "activated": False,
    "moved": False,
    "moved_models": (),
    "move_actions": 0,
    "slow_fired": (),
    "assault_fired": False,
    "failed_life": False,
    "defending": False,
    "disembarked": False,
    "orders": (),
    "melee": {},
    "orders_issued": 0,
}


def leadership(state: WastelandState, seat: str) -> int:
    """The seat's initiative value: its units' Leadership (heroic figure +1, a terrible
    commander's best Leadership counts 0)."""
    values = []
    for unit in state.units_of(seat):
        if unit.gone:
            continue
        value = profile_in_play(state, unit).value("leadership") + (1 if unit.heroic_figure else 0)
        values.append(value)
    if "terrible_commander" in state.advantages.get(seat, ()) and values:
        values.remove(max(values))
    return sum(values)


def fielded(state: WastelandState, seat: str) -> int:
    return sum(1 for u in state.units_of(seat) if not u.gone)


class Initiative(NamedTuple):
    """Seats from highest initiative to lowest, each seat's total, and the roll-off dice
    each tied seat rolled (more than one when the roll-off itself tied)."""

    order: tuple[str, ...]
    totals: dict[str, int]
    rolloffs: dict[str, tuple[int, ...]]


def initiative_order(flow: Flow, purpose: str, bonus: dict[str, int] | None = None) -> Initiative:
    """Seats from highest initiative to lowest (ties: fewer units first, then a roll-off).

    Good intel always has the initiative."""
    state = flow.state
    seats = list(state.seats_in_play())
    totals = {s: leadership(state, s) + (bonus or {}).get(s, 0) for s in seats}
    intel = {s: 1 if "intel" in state.advantages.get(s, ()) else 0 for s in seats}
    keyed = {s: (intel[s], totals[s], -fielded(state, s)) for s in seats}
    rolled: dict[str, list[int]] = {}
    groups: dict[tuple[int, int, int], list[str]] = {}
    for s in seats:
        groups.setdefault(keyed[s], []).append(s)
    for tied in groups.values():
        if len(tied) < 2:
            continue
        while True:
            dice = flow.dice(len(tied), f"{purpose} roll-off: {', '.join(tied)}")
            for s, d in zip(tied, dice, strict=True):
                rolled.setdefault(s, []).append(d)
            if len(set(dice)) == len(dice):
                break
    order = sorted(seats, key=lambda s: (keyed[s], rolled.get(s, [0])[-1]), reverse=True)
    rolloffs = {s: tuple(rolled[s]) for s in order if s in rolled}
    return Initiative(tuple(order), totals, rolloffs)


def begin_round(flow: Flow) -> None:
    state = flow.state
    number = state.round + 1
    if number > state.options.rounds:
        time_up(flow)
        return
    reset = []
    for unit in state.units.values():
        updates: dict[str, object] = dict(ROUND_RESET)
        if unit.on_table:
            updates["in_contact_at_start"] = bool(tb.enemy_contacts(state, unit))
        reset.append(unit.model_copy(update=updates))
    put(flow, *reset)
    for unit in flow.state.on_table():
        _regroup(flow, unit)
    order, totals, rolloffs = initiative_order(flow, "initiative")
    flow.emit(RoundBegan(round=number, order=order, totals=totals))
    flow.emit(RoundAnnounced(round=number, order=order, totals=totals, rolloffs=rolloffs))
    if flow.state.options.random_events:
        round_event(flow)
    if flow.over:
        return

    for seat in flow.state.order:
        if has_turn(flow.state, seat):
            flow.emit(TurnPassed(seat=seat))
            return
    end_round(flow)


def _regroup(flow: Flow, unit: WUnit) -> None:
    """Models out of coherency at the start of a round are drawn back (a Withdraw Reaction,
    so the unit gains a marker)."""
    g = tb.geo(flow.state, unit)
    if len(g.models) < 2:
        return
    stray = {m.id for m in incoherent(g.models)}
    if not stray:
        return
    cx, cy = centroid(g.models)
    models = []
    for m in unit.models:
        if m.id in stray and m.alive:
            m = m.model_copy(update={"x": (m.x + 2 * cx) // 3, "y": (m.y + 2 * cy) // 3})
        models.append(m)
    put(flow, unit.model_copy(update={"models": tuple(models)}))
    flow.emit(Regrouped(unit=unit.id, stragglers=len(stray)))
    add_marker(flow, unit.id, "regrouping")


def end_round(flow: Flow) -> None:
    """The morale phase, end-of-round effects, mission scoring, then the next round."""
    morale_phase(flow)
    if flow.over:
        return
    end_of_round(flow)
    if flow.over:
        return
    begin_round(flow)
