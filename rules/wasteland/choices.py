"""Legal choices for autocomplete, buttons and DM menus.

A measured table has endless legal moves, so movement choices are suggestions (toward each
objective and enemy within reach); shooting, fighting, casting and orders list only the
targets and weapons the rules allow right now.
"""

from __future__ import annotations

from collections.abc import Callable

from shapely.geometry import Point

from rules.core.choices import ActionChoice
from rules.geometry.pieces import Area
from rules.geometry.units import PER_INCH, show
from rules.wasteland import table as tb
from rules.wasteland.activation import allowed, arrivals
from rules.wasteland.buildings import intact
from rules.wasteland.casting import cast_choices
from rules.wasteland.checks import effective_markers
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.deployment import arrival_spot, deploy_spot, held_scouts, normal_waiting
from rules.wasteland.forces import problems
from rules.wasteland.missions import scoring, touching
from rules.wasteland.orders import leadership_of
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.reactions import reaction_choices
from rules.wasteland.shoot_fire import can_fire_from, source
from rules.wasteland.starter_lists import starter_list
from rules.wasteland.state import WastelandState, WUnit

Accepts = Callable[[str], bool]
"""Whether the seat typing this notation now would be accepted (tried on a copy)."""


def _c(notation: str, label: str, complete: bool = True) -> ActionChoice:
    return ActionChoice(notation=notation, label=label[:100], complete=complete)


def legal(
    state: WastelandState, catalog: Catalog, seat: str, accepts: Accepts
) -> list[ActionChoice]:
    if state.finished or seat not in state.seats:
        return []
    if state.phase == "lists":
        return list_choices(state, catalog, seat)
    if state.phase == "deployment":
        return _deployment(state, seat)
    if state.windows:
        return window_choices(state, seat)
    if state.phase != "battle":
        return []
    found: list[ActionChoice] = []
    active = state.active
    if active is None:
        if state.turn != seat:
            return []  # orders only on your turn or while your unit activates (004 Leadership)
        for unit in allowed(state, seat):
            label = f"{unit.id} {unit.name}"
            found.append(_c(f"activate {unit.id}", label))
            markers = effective_markers(state, unit)  # as activate() counts them (Stubborn)
            if markers and not profile_in_play(state, unit).big:
                found.append(
                    _c(f"activate {unit.id} heroic", f"{label}: heroism (Will -{markers})")
                )
        for i, unit in enumerate(arrivals(state, seat)):
            spot = arrival_spot(state, unit) if i < SPOTS else None
            point = f"{spot[0] // PER_INCH},{spot[1] // PER_INCH}" if spot else TYPE_POINT
            label = f"{unit.id} {unit.name} arrives" + ("" if spot else ": type a point")
            found.append(_c(f"arrive {unit.id} at {point}", label, spot is not None))
        if not allowed(state, seat):
            found.append(_c("wait", "Wait (hold back the rest this round)"))
        return found + _orders(state, seat)
    if active.seat != seat:
        return []
    unit = state.units[active.unit]
    if active.actions > 0:
        found.extend(_moves(state, accepts, unit))
        found.extend(_checked(accepts, _shots(state, unit), SHOTS))
        found.extend(_checked(accepts, _fights(state, unit), FIGHTS))
        profile = profile_in_play(state, unit)
        boxed = unit.status == "embarked"  # only a Move to disembark (004 Transport)
        stoic = any(profile.has(k) for k in ("fearless", "bulky", "flying"))
        if not boxed and not profile.big and not stoic:
            found.append(_c("defend", "Defend (last Action)"))
        carrier = state.units.get(unit.embarked_in or "")
        if not boxed or (carrier is not None and profile_in_play(state, carrier).has("open")):
            found.extend(_casts(state, unit))
        found.extend(_interacts(state, unit))
    found.append(_c("end", f"End {unit.id}'s activation"))
    return found + _orders(state, seat)


def list_choices(state: WastelandState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    if seat in state.submitted:
        return []
    found: list[ActionChoice] = []
    draft = state.drafts.get(seat)
    if draft and not problems(state, catalog, seat, draft):
        found.append(_c("submit", "Submit the list (secret until every list is in)"))
    if not draft or not draft.entries:
        for faction in sorted(catalog.factions.values(), key=lambda f: f.id):
            if starter_list(state, catalog, seat, faction.id) is not None:
                found.append(_c(f"army starter {faction.id}", f"Ready-made list: {faction.name}"))
    factions = {catalog.unit_faction[e.profile] for e in draft.entries} if draft else set()
    for pid, profile in catalog.units.items():
        if factions and catalog.unit_faction[pid] not in factions:
            continue
        if state.options.size == "patrol" and profile.big:
            continue
        found.append(
            _c(
                f"add {pid} x{profile.min_models}",
                f"{profile.name} ({profile.type}, {profile.points} pts/model)",
            )
        )
    if draft:
        for i, entry in enumerate(draft.entries, 1):
            found.append(_c(f"remove {i}", f"Remove {i}: {entry.profile} ×{entry.models}"))
    return found


MOVE_TARGETS = 5  # nearest enemies offered as move targets
SHOTS = 12  # shooting suggestions at most
FIGHTS = 6
SPOTS = 3  # deployment suggestions that come with a checked free spot
TYPE_POINT = "<x,y>"  # where a suggestion leaves the point to the player


def _deployment(state: WastelandState, seat: str) -> list[ActionChoice]:
    if state.deploying != seat:
        return []
    found = []
    scouting = not any(normal_waiting(state, s) for s in state.deploy_order)
    pool = held_scouts(state, seat) if scouting else normal_waiting(state, seat)
    for i, unit in enumerate(pool):
        # Searching for room is the slow part: a free spot for the first few units only.
        spot = deploy_spot(state, unit, scouting=scouting) if i < SPOTS else None
        label = f"Deploy {unit.id} {unit.name}" + (" (out of enemy sight)" if scouting else "")
        if spot is not None:
            point = f"{spot[0] / PER_INCH:.0f},{spot[1] / PER_INCH:.0f}"
            found.append(_c(f"deploy {unit.id} at {point}", label))
        else:
            # no spot was searched for: a form to fill in, never blank coordinates
            found.append(
                _c(f"deploy {unit.id} at {TYPE_POINT}", f"{label}: type a point", complete=False)
            )
        profile = profile_in_play(state, unit)
        if profile.has("ambush") or (profile.has("scouts") and not scouting):
            found.append(_c(f"hold {unit.id}", f"Hold {unit.id} back"))
        elif i < SPOTS and spot is None and not scouting:
            found.append(_c(f"hold {unit.id}", f"No room left: {unit.id} enters later"))
    return found


def window_choices(state: WastelandState, seat: str) -> list[ActionChoice]:
    window = state.window()
    if window is None or window.seat != seat:
        return []
    if window.frame == "reaction":
        return [_c(n, label) for n, label in reaction_choices(state, window)]

    return [_c(n, label) for n, label in cast_choices(state, window)]


SIDESTEPS = ((3, 0), (-3, 0), (0, 3), (0, -3))


def _moves(state: WastelandState, accepts: Accepts, unit: WUnit) -> list[ActionChoice]:
    """Moves toward objectives and the nearest enemies that would be accepted (stopping
    short of whatever is in the way), and short sidesteps when none is."""
    targets = [(o.id, o.name, "") for o in state.objectives if not o.removed]
    away = [(tb.distance(state, unit, e, visible_only=False), e) for e in state.enemies(unit.seat)]
    for d, enemy in sorted(away, key=lambda pair: pair[0])[:MOVE_TARGETS]:
        targets.append((enemy.id, f"{enemy.id} {enemy.name}", f" ({show(d)})"))
    found = []
    for ident, name, note in targets:
        # a move toward something stops short of what is in the way, so when it is refused
        # no shorter move toward the same thing would be accepted either
        notation = f"move toward {ident}"
        if accepts(notation):
            found.append(_c(notation, f"Move toward {name}{note}"))
    if not found:
        for dx, dy in SIDESTEPS:
            notation = f"move by {dx},{dy}"
            if accepts(notation):
                found.append(_c(notation, f'Sidestep {dx}",{dy}"'))
    if state.options.occupy_buildings and unit.on_table:
        found.extend(_occupy(state, accepts, unit))
    return found


BUILDINGS = 2  # nearest intact buildings offered for occupation


def _occupy(state: WastelandState, accepts: Accepts, unit: WUnit) -> list[ActionChoice]:
    """Occupying the nearest intact buildings (004 Occupying buildings)."""

    def gap(area: Area) -> float:
        return min(area.polygon.distance(Point(m.x, m.y)) for m in unit.living)

    found = []
    for area in sorted(intact(state), key=lambda a: (gap(a), a.id))[:BUILDINGS]:
        notation = f"move embark {area.id}"
        if accepts(notation):
            found.append(_c(notation, f"Occupy {area.id} ({show(gap(area))})"))
    return found


def _shots(state: WastelandState, unit: WUnit) -> list[ActionChoice]:
    """Targets in sight and range; a unit embarked on an Open transport shoots from it
    (004 Open), so its sight and distances are the transport's."""
    profile = profile_in_play(state, unit)
    ranged = [
        state.weapons[w]
        for w in profile.weapons
        if state.weapons[w].ranged and w not in unit.broken_weapons
    ]
    if not ranged or not can_fire_from(state, unit):
        return []
    base = source(state, unit)
    if tb.enemy_contacts(state, base):
        return []
    found = []
    for enemy in state.enemies(unit.seat):
        if not tb.sees(state, base, enemy):
            continue
        d = tb.distance(state, base, enemy)
        for weapon in ranged:
            if weapon.range is not None and d <= weapon.range * PER_INCH:
                found.append(
                    _c(
                        f"shoot {enemy.id} with {weapon.id}",
                        f"Shoot {enemy.id} {enemy.name} with {weapon.name} ({show(d)})",
                    )
                )
    return found


def _checked(accepts: Accepts, choices: list[ActionChoice], limit: int) -> list[ActionChoice]:
    """The first ``limit`` of ``choices`` the rules would accept (closest target, Sniper,
    sight through other units and the rest are checked by trying them)."""
    found: list[ActionChoice] = []
    for choice in choices:
        if len(found) >= limit:
            break
        if accepts(choice.notation):
            found.append(choice)
    return found


def _fights(state: WastelandState, unit: WUnit) -> list[ActionChoice]:
    profile = profile_in_play(state, unit)
    melee = [
        w for w in profile.weapons if not state.weapons[w].ranged or state.weapons[w].has("assault")
    ]
    if not melee or unit.disembarked or unit.status != "table":
        return []
    reach = (profile.move + profile.value("bloodthirsty")) * PER_INCH + unit.push_forward
    found = []
    for enemy in state.enemies(unit.seat):
        d = tb.distance(state, unit, enemy, visible_only=False)
        if d <= reach:
            found.append(_c(f"fight {enemy.id}", f"Fight {enemy.id} {enemy.name} ({show(d)})"))
    return found


def _casts(state: WastelandState, unit: WUnit) -> list[ActionChoice]:
    if not profile_in_play(state, unit).has("caster") or not can_fire_from(state, unit):
        return []
    base = source(state, unit)  # aboard an Open transport: measured from it (004 Open)
    if tb.enemy_contacts(state, base):
        return []
    found = []
    for enemy in state.enemies(unit.seat):
        if tb.sees(state, base, enemy) and tb.distance(state, base, enemy) <= 20 * PER_INCH:
            found.append(_c(f"cast fury at {enemy.id}", f"Psychic Fury at {enemy.id}"))
    for friend in state.on_table(unit.seat):
        found.append(_c(f"cast blessing on {friend.id}", f"War Blessing on {friend.id}"))
    return found[:10]


def _interacts(state: WastelandState, unit: WUnit) -> list[ActionChoice]:
    if not scoring(state, unit):
        return []
    found = []
    for objective in state.objectives:
        if not objective.removed and touching(state, unit, objective):
            if state.mission == "rescue" and objective.holder == unit.seat:
                continue  # the captive is already under control (004 Rescue/Capture)
            found.append(
                _c(
                    f"interact {objective.id} broke",
                    f"Interact with {objective.name}: go for broke (Will)",
                )
            )
            if state.active is not None and state.active.steady:
                continue  # already under way: the next Interact succeeds (004 Interact)
            found.append(
                _c(
                    f"interact {objective.id} steady",
                    f"Interact with {objective.name}: slow and steady",
                )
            )
    return found


def _orders(state: WastelandState, seat: str) -> list[ActionChoice]:
    found = []
    for leader in state.on_table(seat):
        x = leadership_of(state, leader)  # a Terrible commander's X is 0
        if not x or leader.orders_issued >= x:
            continue
        for friend in state.on_table(seat):
            if friend.group != leader.group:
                continue
            if tb.distance(state, leader, friend, visible_only=False) <= 5 * PER_INCH:
                if friend.markers and "regroup" not in friend.orders:
                    found.append(
                        _c(
                            f"order {leader.id} regroup {friend.id}",
                            f"{leader.id}: Regroup! to {friend.id}",
                        )
                    )
                if "push" not in friend.orders:
                    found.append(
                        _c(
                            f"order {leader.id} push {friend.id}",
                            f"{leader.id}: Push forward! to {friend.id}",
                        )
                    )
    return found[:8]
