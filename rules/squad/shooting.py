"""Shooting (001 Shooting; `/rules` target-selection, shoot-order, hit-allocation, damage):
sight and range, the nearest target, to-hit, allocating hits and damage."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.frames import FrameOpened
from rules.geometry.measure import closest_pair, gap
from rules.geometry.pieces import Model
from rules.geometry.units import PER_INCH, show
from rules.squad.bodies import bases, in_combat, nearest_first, number, sight_pairs
from rules.squad.content.weapons import BandName, WeaponDef
from rules.squad.events import Damaged, Fired, Wound
from rules.squad.flow import Flow
from rules.squad.morale import after_losses, strength
from rules.squad.state import AllocateWindow, Hit, SquadState, SUnit
from rules.squad.tables import band_of, grid_score, shooting_score, size_modifier, succeeds

BARE_HANDS = 2


def weapons_of(state: SquadState, unit: SUnit) -> tuple[WeaponDef, ...]:
    return tuple(state.weapons[w] for w in state.profile(unit).weapons if w in state.weapons)


def reach(state: SquadState, unit: SUnit) -> int:
    """The furthest the unit's weapons fire, in hundredths."""
    return max((w.reach() for w in weapons_of(state, unit)), default=0) * PER_INCH


def best_weapon(state: SquadState, unit: SUnit, band: BandName) -> WeaponDef | None:
    usable = [w for w in weapons_of(state, unit) if w.strength(band)]
    return max(usable, key=lambda w: (w.strength(band) or 0, w.shots), default=None)


def cc_strength(state: SquadState, unit: SUnit) -> int:
    return max((w.cc for w in weapons_of(state, unit) if w.cc), default=BARE_HANDS)


@dataclass(frozen=True)
class Sighting:
    """A possible target: the gap between the closest models that see each other."""

    target: SUnit
    gap: float
    line: tuple[Model, Model]


def sighting(state: SquadState, shooter: SUnit, target: SUnit) -> Sighting | None:
    """The target as the shooter sees it, or None (out of sight or reach)."""
    pairs = sight_pairs(state, shooter, target)
    if not pairs:
        return None
    a, b = min(pairs, key=lambda p: (gap(p[0], p[1]), p[0].id, p[1].id))
    found = gap(a, b)
    if found > reach(state, shooter):
        return None
    return Sighting(target=target, gap=found, line=(a, b))


def targets(state: SquadState, shooter: SUnit) -> list[Sighting]:
    """Enemy units in sight and reach, not in close combat, nearest first."""
    found = []
    for enemy in state.on_table():
        if enemy.seat == shooter.seat or in_combat(state, enemy):
            continue
        seen = sighting(state, shooter, enemy)
        if seen is not None:
            found.append(seen)
    return sorted(found, key=lambda s: (_closest(state, shooter, s.target), s.target.id))


def _closest(state: SquadState, a: SUnit, b: SUnit) -> float:
    pair = closest_pair(bases(state, a), bases(state, b))
    return pair[2] if pair is not None else float("inf")


def nearest(state: SquadState, shooter: SUnit) -> list[Sighting]:
    """The targets the shooter may choose: the nearest (all if it has Battle Awareness)."""
    found = targets(state, shooter)
    if not found or "battle_awareness" in state.profile(shooter).abilities:
        return found
    closest = _closest(state, shooter, found[0].target)
    return [s for s in found if _closest(state, shooter, s.target) == closest]


def firing_bands(state: SquadState, shooter: SUnit, target: SUnit) -> list[BandName]:
    """The range band of each shooting model that sees the target: the band of the
    nearest target model it sees (/rules shoot-order); models that see none within 48" have none."""
    nearest_seen: dict[str, float] = {}
    for a, b in sight_pairs(state, shooter, target):
        key = number(a)
        nearest_seen[key] = min(gap(a, b), nearest_seen.get(key, float("inf")))
    found = []
    for model in shooter.living:
        own = band_of(nearest_seen[model.id]) if model.id in nearest_seen else None
        if own is not None:
            found.append(own)
    return found


def fire(flow: Flow, shooter_id: str, seen: Sighting, reaction: bool = False) -> bool:
    """Roll to hit; returns True when hits wait for the target's owner to allocate them
    (a window is open), False when everything is resolved."""
    state = flow.state
    shooter = state.unit(shooter_id)
    target = seen.target
    band = band_of(seen.gap)
    assert band is not None, "a sighting is within the shooter's reach"
    hits_by: list[int] = []
    for own_band in firing_bands(state, shooter, target):
        weapon = best_weapon(state, shooter, own_band)
        if weapon is not None:
            hits_by.extend([weapon.strength(own_band) or 0] * weapon.shots)
    profile = state.profile(shooter)
    score = shooting_score(profile.sh)
    notes = []
    modifier = 0
    if shooter.moved and not reaction:
        modifier -= 1
        notes.append("-1 moved")
    size = size_modifier(state.profile(target).size)
    if size:
        modifier += size
        notes.append(f"{size:+d} size {state.profile(target).size}")
    dice = flow.dice(len(hits_by), f"{shooter.id} shoots {target.id}")
    hits = tuple(s for s, raw in zip(hits_by, dice, strict=True) if succeeds(raw, score, modifier))
    a, b = seen.line
    flow.emit(
        Fired(
            unit=shooter.id,
            target=target.id,
            band=band,
            gap=round(seen.gap),
            sh=profile.sh,
            score=score,
            modifier=modifier,
            modifiers=tuple(notes),
            dice=dice,
            hits=len(hits),
            reaction=reaction,
            line=((a.x, a.y), (b.x, b.y)),
        )
    )
    if not hits:
        return False
    window = AllocateWindow(
        seat=target.seat,
        shooter=shooter.id,
        target=target.id,
        band=band,
        hits=tuple(Hit(strength=s) for s in hits),
    )
    if _owner_chooses(state, target, len(hits)):
        flow.emit(FrameOpened(frame=window))
        return True
    damage(flow, window, closest_order(state, window))
    return False


def _owner_chooses(state: SquadState, target: SUnit, hits: int) -> bool:
    """The owner allocates when the choice matters: a squad whose models cannot all take
    the same number of hits (fewer hits than models, or some left over after a round)."""
    return state.profile(target).kind == "squad" and hits % len(target.living) != 0


def closest_order(state: SquadState, window: AllocateWindow) -> tuple[str, ...]:
    """The default allocation: the models closest to the shooters first."""
    shooter = state.find(window.shooter)
    target = state.unit(window.target)
    eyes = bases(state, shooter) if shooter is not None else ()
    return tuple(number(m) for m in nearest_first(bases(state, target), eyes))


def allocation(state: SquadState, window: AllocateWindow, chosen: tuple[str, ...]) -> list[str]:
    """Which model takes each hit: the chosen order, one hit per model until every living
    model has one, then round again; models not named follow, closest first."""
    living = [m.id for m in state.unit(window.target).living]
    order = [m for m in chosen if m in living]
    order += [m for m in closest_order(state, window) if m not in order]
    return [order[i % len(order)] for i in range(len(window.hits))]


def damage(flow: Flow, window: AllocateWindow, chosen: tuple[str, ...]) -> None:
    """Roll to damage each allocated hit on the test table against the target's T."""
    state = flow.state
    target = state.unit(window.target)
    toughness = state.profile(target).toughness
    models = allocation(state, window, chosen)
    dice = flow.dice(len(models), f"damage to {target.id}")
    left = {m.id: m.wounds for m in target.living}
    rolls = []
    for hit, model, raw in zip(window.hits, models, dice, strict=True):
        score = grid_score(hit.strength, toughness)
        wounded = left.get(model, 0) > 0 and succeeds(raw, score)
        if wounded:
            left[model] -= 1
        rolls.append(
            Wound(model=model, strength=hit.strength, score=score, raw=raw, wounded=wounded)
        )
    before = strength(state, target)
    flow.emit(Damaged(unit=target.id, toughness=toughness, rolls=tuple(rolls)))
    shooter = state.find(window.shooter)
    by = (shooter.seat,) if shooter is not None else ()
    after_losses(flow, target.id, before, by, in_combat=False)


def range_text(seen: Sighting) -> str:
    return f"{seen.target.id} ({show(seen.gap)})"
