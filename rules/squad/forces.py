"""Choosing forces in secret and revealing them together (/rules forces)."""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.squad import rules_cited as rule
from rules.squad.actions import ChooseForce
from rules.squad.content.catalog import Catalog
from rules.squad.deployment import open_deployment
from rules.squad.events import ForceChosen, ForceLocked, ForcesRevealed, ShownForce
from rules.squad.flow import Flow

MAX_UNITS = 20


def force_points(catalog: Catalog, units: tuple[str, ...]) -> int:
    return sum(catalog.units[u].points for u in units)


def read_force(catalog: Catalog, action: ChooseForce, limit: int) -> ShownForce | Rejection:
    """The force ``action`` asks for, checked against the catalog and the points."""
    if action.force is not None:
        found = next(
            (
                (faction, force)
                for faction in catalog.factions.values()
                for force in faction.forces
                if force.id == action.force
            ),
            None,
        )
        if found is None:
            return reject(
                RejectionCode.BAD_ARGUMENT, f"There is no force '{action.force}'.", rule.FORCES
            )
        faction, force = found
        name, units = force.name, force.units
    else:
        units = action.units
        if not units:
            return reject(RejectionCode.BAD_ARGUMENT, "Name at least one unit.", rule.FORCES)
        unknown = [u for u in units if u not in catalog.units]
        if unknown:
            return reject(
                RejectionCode.BAD_ARGUMENT, f"There is no unit '{unknown[0]}'.", rule.FORCES
            )
        factions = {catalog.unit_faction[u] for u in units}
        if len(factions) > 1:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                "A force is drawn from one faction; these units come from "
                + " and ".join(catalog.factions[f].name for f in sorted(factions))
                + ".",
                rule.FORCES,
            )
        faction = catalog.factions[factions.pop()]
        name = f"{faction.name} (own choice)"
    if len(units) > MAX_UNITS:
        return reject(
            RejectionCode.BAD_ARGUMENT, f"A force has at most {MAX_UNITS} units.", rule.FORCES
        )
    points = force_points(catalog, units)
    if points > limit:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            f"That force costs {points} points; this game allows {limit}.",
            rule.FORCES,
        )
    return ShownForce(name=name, faction=faction.id, units=units, points=points)


def choose_force(flow: Flow, seat: str, action: ChooseForce) -> Rejection | None:
    state = flow.state
    shown = read_force(flow.catalog, action, state.options.points)
    if isinstance(shown, Rejection):
        return shown
    flow.emit(
        ForceLocked(seat=seat),
        ForceChosen(
            seat=seat,
            name=shown.name,
            faction=shown.faction,
            units=shown.units,
            points=shown.points,
            limit=state.options.points,
            visibility=only(seat),
        ),
    )
    chosen = flow.state.forces
    if all(s in chosen for s in flow.state.seats_in_play()):
        _reveal(flow)
    return None


def _reveal(flow: Flow) -> None:
    state = flow.state
    catalog = flow.catalog
    forces = {
        seat: ShownForce(
            name=state.force_names[seat],
            faction=state.factions[seat],
            units=units,
            points=force_points(catalog, units),
        )
        for seat, units in state.forces.items()
    }
    profiles = sorted({u for units in state.forces.values() for u in units})
    weapons = sorted({w for p in profiles for w in catalog.units[p].weapons})
    flow.emit(
        ForcesRevealed(
            forces=forces,
            profiles=tuple(catalog.units[p] for p in profiles),
            weapons=tuple(catalog.weapons[w] for w in weapons),
        )
    )
    open_deployment(flow)
