"""Squad units on the measured table: their bases, who sees whom, gaps and contact.

Every question here is asked of the shared geometry (:mod:`rules.geometry`); members of
one unit never block each other's sight (001 Shooting), other models and blocking terrain
do.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.by_identity import ByIdentity
from rules.geometry.measure import boxes_near, closest_pair, extent, gap, in_contact
from rules.geometry.pieces import Height, Model, Table, Unit
from rules.geometry.sight import Blockers, visible_among
from rules.geometry.units import mm
from rules.squad.state import SquadState, SUnit

_BODIES: ByIdentity[SUnit, Unit] = ByIdentity(4096)
_BLOCKERS: ByIdentity[tuple[SUnit, ...], Blockers] = ByIdentity(64)
_ENGAGED: ByIdentity[tuple[SUnit, ...], dict[str, tuple[str, ...]]] = ByIdentity(64)


def height_of(size: int) -> Height:
    if size <= 1:
        return Height.LOW
    if size <= 3:
        return Height.MAN
    return Height.TALL


def number(model: Model) -> str:
    """The model's number within its unit (its base is named ``A3.2``)."""
    return model.id.rsplit(".", 1)[-1]


def body(state: SquadState, unit: SUnit) -> Unit:
    """The unit's living models as bases on the table, named ``<unit>.<number>``."""
    found = _BODIES.get(unit)
    if found is None:
        profile = state.profile(unit)
        radius = mm(profile.base_mm) // 2
        height = height_of(profile.size)
        found = Unit(
            id=unit.id,
            side=unit.seat,
            models=tuple(
                Model(id=f"{unit.id}.{m.id}", x=m.x, y=m.y, radius=radius, height=height)
                for m in unit.living
            ),
        )
        _BODIES.put(unit, found)
    return found


def bases(state: SquadState, unit: SUnit) -> tuple[Model, ...]:
    return body(state, unit).models if unit.living else ()


def table_of(state: SquadState) -> Table:
    assert state.table is not None, "the battle is set before any unit stands on the table"
    return state.table


def unit_gap(state: SquadState, a: SUnit, b: SUnit) -> float:
    """Closest model to closest model, edge to edge, in hundredths."""
    pair = closest_pair(bases(state, a), bases(state, b))
    return pair[2] if pair is not None else float("inf")


def blockers(state: SquadState) -> Blockers:
    """Every unit on the table as something that blocks sight (kept per position)."""
    found = _BLOCKERS.get(state.units)
    if found is None:
        found = _BLOCKERS.put(state.units, Blockers.of(body(state, u) for u in state.on_table()))
    return found


def sight_pairs(state: SquadState, viewer: SUnit, target: SUnit) -> list[tuple[Model, Model]]:
    """Every (viewer model, target model) pair that see each other; neither unit blocks
    its own lines."""
    return visible_among(
        bases(state, viewer),
        bases(state, target),
        table_of(state),
        blockers(state),
        frozenset({viewer.id, target.id}),
    )


def engagements(state: SquadState) -> dict[str, tuple[str, ...]]:
    """For each unit on the table, the enemy units it is in base contact with (001: in
    close combat); worked out once per position."""
    found = _ENGAGED.get(state.units)
    if found is not None:
        return found
    units = state.on_table()
    boxes = {u.id: extent(body(state, u)) for u in units}
    pairs: dict[str, list[str]] = {u.id: [] for u in units}
    for i, a in enumerate(units):
        for b in units[i + 1 :]:
            box, other = boxes[a.id], boxes[b.id]
            if a.seat == b.seat or not boxes_near(box, *other[:4], box[4] + other[4] + 2):
                continue
            if any(in_contact(m, n) for m in bases(state, a) for n in bases(state, b)):
                pairs[a.id].append(b.id)
                pairs[b.id].append(a.id)
    return _ENGAGED.put(state.units, {k: tuple(v) for k, v in pairs.items()})


def engaged_with(state: SquadState, unit: SUnit) -> tuple[SUnit, ...]:
    """Enemy units with a model in base contact with one of ``unit``'s (001: in close
    combat)."""
    return tuple(state.unit(key) for key in engagements(state).get(unit.id, ()))


def in_combat(state: SquadState, unit: SUnit) -> bool:
    return bool(engaged_with(state, unit))


def nearest_first(models: Sequence[Model], to: Sequence[Model]) -> list[Model]:
    """``models`` ordered by their gap to the nearest of ``to`` (ties by number)."""
    return sorted(models, key=lambda m: (min((gap(m, t) for t in to), default=0.0), int(number(m))))
