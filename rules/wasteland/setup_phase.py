"""Before the battle: the mission, the battlefield and secret army lists (004 Steps 1-3).

The mission (chosen or rolled), the defender and the battlefield are fixed first, so that
players build their lists knowing what they face. Lists are drafted privately (by DM) and
revealed together once every seat has submitted one.
"""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import Visibility
from rules.geometry.battlefields import BattlefieldDef
from rules.geometry.generator import GENERATED, LAYOUT_DICE, from_layout_dice
from rules.wasteland import actions as act
from rules.wasteland.advanced import roll_settings
from rules.wasteland.deployment import start
from rules.wasteland.events import (
    DraftEntryAdded,
    DraftEntryRemoved,
    DraftUpdated,
    ListsRevealed,
    ListSubmitted,
    MissionSet,
    PhaseBegan,
)
from rules.wasteland.facts.setup import (
    DefenderRolled,
    ListRevealed,
    MissionAnnounced,
    MissionRolled,
)
from rules.wasteland.flow import Flow
from rules.wasteland.forces import (
    build_units,
    cheapest_entry,
    most_entries,
    point_limit,
    problems,
    shared_pool,
)
from rules.wasteland.missions import BY_NUMBER, MISSIONS, clear_for, objectives_for, zones_for
from rules.wasteland.state import ArmyList


def begin(flow: Flow) -> None:
    state = flow.state
    options = state.options
    if options.mission == "random":
        die = flow.dice(1, "random mission")[0]
        mission = BY_NUMBER[die]
        flow.emit(MissionRolled(die=die, mission=mission.id))
    else:
        mission = MISSIONS[options.mission]
    defender = None
    if mission.defender:
        if options.defender in state.seats:
            defender = options.defender
        else:
            die = flow.dice(1, "defender")[0]
            defender = state.seats[(die - 1) % len(state.seats)]
            flow.emit(DefenderRolled(die=die, seat=defender))
    battlefield = _battlefield(flow)
    table = battlefield.table()
    zones = zones_for(mission.id, state.seats, defender, table)
    objectives = objectives_for(mission.id, state.seats, defender, table, zones)
    table = clear_for(table, objectives)
    flow.emit(
        MissionSet(
            mission=mission.id,
            defender=defender,
            battlefield=battlefield.name,
            table=table,
            zones=zones,
            objectives=objectives,
        )
    )
    flow.emit(MissionAnnounced(mission=mission.id, battlefield=battlefield.name, defender=defender))
    flow.emit(PhaseBegan(phase="lists"))


def _battlefield(flow: Flow) -> BattlefieldDef:
    choice = flow.state.options.battlefield
    presets = flow.catalog.battlefields
    if choice in presets:
        return presets[choice]
    if choice == GENERATED or not presets:
        return from_layout_dice(flow.dice(LAYOUT_DICE, "terrain layout"))
    names = sorted(presets)
    die = flow.dice(1, "random battlefield")[0]
    return presets[names[(die - 1) % len(names)]]


def _private(seat: str) -> Visibility:
    return Visibility(scope="seats", seats=(seat,))


def draft(flow: Flow, seat: str, action: Action) -> Rejection | None:
    """Change a seat's secret draft. Each change is recorded as what changed (an entry
    added or removed), never as a copy of the whole draft, and a draft holds no more entries
    than any legal list could (004 Step 1)."""
    state = flow.state
    if seat in state.submitted:
        return reject(RejectionCode.ALREADY_DONE, "Your list is already submitted.", "004 Step 1")
    current = state.drafts.get(seat, ArmyList())
    if isinstance(action, act.DraftList):
        army = ArmyList(entries=action.entries)
    elif isinstance(action, act.AddUnit):
        army = ArmyList(entries=(*current.entries, action.entry))
    elif isinstance(action, act.RemoveUnit):
        if action.index == 0:
            army = ArmyList()
        elif not 1 <= action.index <= len(current.entries):
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"Your list has {len(current.entries)} entries; there is no entry {action.index}.",
            )
        else:
            entries = list(current.entries)
            entries.pop(action.index - 1)
            army = ArmyList(entries=tuple(entries))
    else:
        return submit(flow, seat)
    for entry in army.entries:
        if entry.profile not in flow.catalog.units:
            return reject(
                RejectionCode.BAD_ARGUMENT, f"Unknown unit '{entry.profile}'.", "004 Step 1"
            )
    most = most_entries(state, flow.catalog, seat)
    if len(army.entries) > most and len(army.entries) > len(current.entries):
        limit = point_limit(state, seat)
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"No legal list of {limit} points holds more than {most} entries (the cheapest"
            f" entry costs {cheapest_entry(state, flow.catalog)} points); this would make"
            f" {len(army.entries)}. Remove an entry first, or `clear` the draft.",
            "004 Step 1",
        )
    points = army.points(flow.catalog.units)
    tally = {"points": points, "limit": point_limit(state, seat), "pool": shared_pool(state, seat)}
    private = _private(seat)
    if isinstance(action, act.AddUnit):
        number = len(army.entries)
        flow.emit(
            DraftEntryAdded(
                seat=seat, entry=action.entry, number=number, visibility=private, **tally
            )
        )
    elif isinstance(action, act.RemoveUnit):
        gone = current.entries[action.index - 1] if action.index else None
        flow.emit(
            DraftEntryRemoved(
                seat=seat, number=action.index, entry=gone, visibility=private, **tally
            )
        )
    else:
        flow.emit(DraftUpdated(seat=seat, army=army, visibility=private, **tally))
    return None


def submit(flow: Flow, seat: str) -> Rejection | None:
    state = flow.state
    army = state.drafts.get(seat, ArmyList())
    found = problems(state, flow.catalog, seat, army)
    if found:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "The list cannot be submitted: "
            + " ".join(f.removesuffix(" (004 Step 1)") for f in found[:4]),
            "004 Step 1",
        )
    flow.emit(ListSubmitted(seat=seat))
    if set(flow.state.submitted) >= set(state.seats_in_play()):
        reveal(flow)
    return None


def reveal(flow: Flow) -> None:
    state = flow.state
    catalog = flow.catalog
    units = build_units(state, catalog)
    used = {u.profile for u in units}
    profiles = {pid: catalog.units[pid] for pid in sorted(used)}
    weapons = {wid: catalog.weapons[wid] for p in profiles.values() for wid in p.weapons}
    flow.emit(
        ListsRevealed(lists=dict(state.drafts), units=units, profiles=profiles, weapons=weapons)
    )
    for seat in state.seats:
        army = flow.state.lists.get(seat, ArmyList())
        entries = tuple((profiles[e.profile].name, e.models) for e in army.entries)
        flow.emit(ListRevealed(seat=seat, points=army.points(profiles), entries=entries))
    roll_settings(flow)
    start(flow)
