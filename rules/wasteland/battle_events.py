"""Random battle events (004 Advanced Rules: Random battle events).

At the start of each round the side with the initiative rolls a die; on 9+ an event occurs,
rolled on the table (1-2 friendly fire, 3-4 breakdown, 5-6 earthquake, 7-8 comms down, 9-10
"It's a trap!"), rolling again while the event does not apply. When none could apply, no
event happens. Umpire decides the picks the rules leave to the player:

* Friendly fire: the side's unit farthest from its Battle Group's Leadership units on the
  table (ties: the first by id; units whose group has no Leadership unit on the table are
  not candidates; it needs a ranged weapon) shoots its closest friendly unit, gains a
  Suppression marker and counts as activated.
* Breakdown: the side's slowest Vehicle unit still able to move (ties: the first by id).
* Earthquake and Comms are down last for the round (``state.event_this_round``); movement
  and orders read them. Comms are down applies when a Leadership unit is on the table.
* "It's a trap!": of the enemy units with most of their models inside a terrain area, the
  one in the largest area (ties: the first by unit id) — that area becomes Dangerous 6.
"""

from __future__ import annotations

from rules.geometry.pieces import Area
from rules.wasteland import table as tb
from rules.wasteland.conditions import move_of
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.effects import add_marker, put
from rules.wasteland.events import AreaDangerous, RoundEvent
from rules.wasteland.facts.battle import (
    BattleEventInForce,
    BattleEventRolled,
    BrokeDown,
    FriendlyFireOpened,
    TrapSprung,
)
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.shooting import resolve_friendly_fire
from rules.wasteland.state import WastelandState, WUnit

RULE = "004 Random battle events"
TRIGGER = 9
TRAP_DANGER = 6
EVENT_NAMES = {
    "friendly_fire": "Friendly fire incident",
    "breakdown": "Breakdown",
    "earthquake": "Earthquake",
    "comms_down": "Comms are down",
    "trap": "It's a trap!",
}
EVENT_KEYS = tuple(EVENT_NAMES)


def event_for_roll(raw: int) -> str:
    return EVENT_KEYS[min(4, max(0, (raw - 1) // 2))]


def round_event(flow: Flow) -> None:
    """Roll for a random battle event at the start of a round and resolve it."""
    state = flow.state
    if not state.order:
        return
    seat = state.order[0]
    raw = flow.dice(1, f"{seat} random battle event")[0]
    if raw < TRIGGER:
        flow.emit(BattleEventRolled(seat=seat, roll=raw, trigger=TRIGGER))
        return
    possible = [e for e in EVENT_KEYS if applies(state, seat, e)]
    if not possible:
        flow.emit(BattleEventRolled(seat=seat, roll=raw, trigger=TRIGGER, result=None))
        return
    tried: list[tuple[int, str]] = []
    while True:
        roll = flow.dice(1, "battle event table")[0]
        event = event_for_roll(roll)
        if event in possible:
            break
        tried.append((roll, event))
    flow.emit(RoundEvent(event=event))
    flow.emit(
        BattleEventRolled(
            seat=seat, roll=raw, trigger=TRIGGER, result=roll, event=event, tried=tuple(tried)
        )
    )
    _resolve(flow, seat, event)


def applies(state: WastelandState, seat: str, event: str) -> bool:
    if event == "friendly_fire":
        return friendly_fire_pair(state, seat) is not None
    if event == "breakdown":
        return breakdown_unit(state, seat) is not None
    if event == "comms_down":
        return any(profile_in_play(state, u).has("leadership") for u in state.on_table())
    if event == "trap":
        return trap_pick(state, seat) is not None
    return True


def _resolve(flow: Flow, seat: str, event: str) -> None:
    state = flow.state
    if event == "friendly_fire":
        pair = friendly_fire_pair(state, seat)
        assert pair is not None
        friendly_fire(flow, pair[0].id, pair[1].id)
    elif event == "breakdown":
        unit = breakdown_unit(state, seat)
        assert unit is not None
        put(flow, unit.model_copy(update={"immobile": True}))
        flow.emit(BrokeDown(unit=unit.id, name=unit.name))
    elif event == "earthquake":
        flow.emit(BattleEventInForce(event="earthquake"))
    elif event == "comms_down":
        flow.emit(BattleEventInForce(event="comms_down"))
    else:
        pick = trap_pick(state, seat)
        assert pick is not None
        unit, area = pick
        flow.emit(AreaDangerous(area=area.id, roll=TRAP_DANGER))
        flow.emit(TrapSprung(area=area.id, unit=unit.id, danger=TRAP_DANGER))


# -- friendly fire -------------------------------------------------------------------------
def friendly_fire_pair(state: WastelandState, seat: str) -> tuple[WUnit, WUnit] | None:
    """(shooter, target) of a friendly fire incident for ``seat``, if any."""
    mine = state.on_table(seat)
    leaders = [u for u in mine if profile_in_play(state, u).has("leadership")]
    ranked: list[tuple[float, str, WUnit]] = []
    for unit in mine:
        group = [u for u in leaders if u.group == unit.group]
        if not group or not _ranged(state, unit):
            continue
        far = min(tb.distance(state, unit, u, visible_only=False) for u in group)
        ranked.append((-far, unit.id, unit))
    if not ranked:
        return None
    shooter = min(ranked, key=lambda r: r[:2])[2]
    friends = sorted(
        (tb.distance(state, shooter, u, visible_only=False), u.id, u)
        for u in state.on_table()
        if u.id != shooter.id and not state.hostile(u.seat, seat)
    )
    if not friends:
        return None
    return shooter, friends[0][2]


def _ranged(state: WastelandState, unit: WUnit) -> list[WeaponDef]:
    found = []
    for wid in profile_in_play(state, unit).weapons:
        weapon = state.weapons.get(wid)
        if weapon is not None and weapon.ranged and wid not in unit.broken_weapons:
            found.append(weapon)
    return found


def friendly_fire(flow: Flow, shooter_id: str, target_id: str) -> None:
    flow.emit(FriendlyFireOpened(shooter=shooter_id, target=target_id))
    resolve_friendly_fire(flow, shooter_id, target_id)
    if flow.state.units[shooter_id].on_table:
        add_marker(flow, shooter_id, "friendly fire")
    shooter = flow.state.units[shooter_id]
    put(flow, shooter.model_copy(update={"activated": True}))


# -- breakdown and trap ----------------------------------------------------------------------
def breakdown_unit(state: WastelandState, seat: str) -> WUnit | None:
    vehicles = [
        u
        for u in state.on_table(seat)
        if profile_in_play(state, u).has("vehicle") and move_of(state, u) > 0
    ]
    if not vehicles:
        return None
    return min(vehicles, key=lambda u: (move_of(state, u), u.id))


def trap_pick(state: WastelandState, seat: str) -> tuple[WUnit, Area] | None:
    ranked: list[tuple[float, str, str, WUnit, Area]] = []
    for unit in state.enemies(seat):
        for area in state.table.areas:
            if area.blocks_movement or not tb.majority_in(state, unit, area):
                continue
            current = _danger(state, area)
            if current is not None and current <= TRAP_DANGER:
                continue
            ranked.append((-area.polygon.area, unit.id, area.id, unit, area))
    if not ranked:
        return None
    best = min(ranked, key=lambda r: r[:3])
    return best[3], best[4]


def _danger(state: WastelandState, area: Area) -> int | None:
    values = [v for v in (area.dangerous, state.dangerous_areas.get(area.id)) if v is not None]
    return min(values) if values else None
