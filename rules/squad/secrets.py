"""What the squad game keeps secret: each force until every seat has chosen."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.events import Event
from rules.core.secrets import Secret, jsonish, spelled
from rules.squad.events import ForceChosen
from rules.squad.state import SquadState


def secrets(state: SquadState, describe: Callable[[Event], str | None]) -> list[Secret]:
    if state.phase != "forces":
        return []
    found = []
    for seat, units in state.forces.items():
        own_line = describe(
            ForceChosen(
                seat=seat,
                name=state.force_names[seat],
                faction=state.factions[seat],
                units=units,
                points=0,
            )
        )
        found.append(
            Secret(
                "force",
                f"{seat}'s secret force {state.force_names[seat]}",
                spelled(
                    (own_line or "").split(" (")[0],  # "You chose **Name**"
                    jsonish("units", list(units)),
                    jsonish(seat, list(units)),
                    f"'{seat}': {tuple(units)!r}",
                ),
                frozenset({seat}),
            )
        )
    return found


def disguise(
    state: SquadState, other_force: Callable[[tuple[str, ...]], tuple[str, ...]]
) -> SquadState | None:
    """The same game with every chosen force changed."""
    if state.phase != "forces" or not state.forces:
        return None
    forces = {seat: other_force(units) for seat, units in state.forces.items()}
    names = {seat: f"{name} (disguised)" for seat, name in state.force_names.items()}
    return state.model_copy(update={"forces": forces, "force_names": names})
