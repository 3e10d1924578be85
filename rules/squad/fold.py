"""Folding squad events into the state: one match over every event the system writes."""

from __future__ import annotations

from rules.core.events import Event, UnknownEvent
from rules.geometry.units import show
from rules.squad import events as ev
from rules.squad.seats import unit_letter
from rules.squad.state import Activation, Measure, SquadState, SUnit, Trooper


def evolve(state: SquadState, event: Event) -> SquadState:
    match event:
        case ev.BattleSet():
            return state.model_copy(
                update={
                    "scenario": event.scenario,
                    "table": event.table,
                    "zones": dict(event.zones),
                    "objectives": event.objectives,
                }
            )
        case ev.ForceLocked():
            return state
        case ev.ForceChosen():
            return state.model_copy(
                update={
                    "forces": {**state.forces, event.seat: event.units},
                    "force_names": {**state.force_names, event.seat: event.name},
                    "factions": {**state.factions, event.seat: event.faction},
                }
            )
        case ev.ForcesRevealed():
            return _revealed(state, event)
        case ev.DeployTurn():
            phase = "deployment" if event.seat is not None else state.phase
            return state.model_copy(update={"deploying": event.seat, "phase": phase})
        case ev.Deployed():
            return _with_unit(state, _placed(state.unit(event.unit), event.positions, "table"))
        case ev.TurnBegan():
            units = tuple(
                u.model_copy(
                    update={
                        "activated": False,
                        "order": None,
                        "moved": False,
                        "holding": False,
                        "charged": False,
                    }
                )
                for u in state.units
            )
            return state.model_copy(
                update={
                    "turn": event.turn,
                    "units": units,
                    "phase": "initiative",
                    "deploying": None,
                    "initiative": {},
                    "to_act": None,
                    "activation": None,
                    "measures": (),
                }
            )
        case ev.InitiativeRolled():
            return state.model_copy(update={"initiative": dict(event.rolls)})
        case ev.FirstChosen():
            return state.model_copy(update={"phase": "activation"})
        case ev.TurnPassed():
            return state.model_copy(update={"to_act": event.seat, "phase": "activation"})
        case ev.Activated():
            before = state.unit(event.unit)
            unit = before.model_copy(
                update={"activated": True, "order": event.order, "holding": event.order == "hold"}
            )
            # a Shoot or Assault after a Move keeps the move's path on the picture
            measures = state.measures if before.activated else ()
            state = _with_unit(state, unit)
            return state.model_copy(update={"activation": _activation(event), "measures": measures})
        case ev.Rallied():
            if not event.roll.passed:
                # still panicked: a Hold order taken with the activation is lost
                unit = state.unit(event.unit).model_copy(update={"holding": False})
                return _with_unit(state, unit)
            unit = state.unit(event.unit).model_copy(update={"panicked": False})
            return _with_unit(state, unit)
        case ev.Moved():
            before = state.unit(event.unit)
            unit = _placed(before, event.positions, "table")
            if event.how in ("move", "rush"):
                unit = unit.model_copy(update={"moved": True})
            path = Measure(
                kind="path",
                start=_centre(tuple((m.x, m.y) for m in before.living)),
                end=_centre(event.positions),
                label=show(event.distance),
            )
            return _with_unit(state, unit).model_copy(update={"measures": (path,)})
        case ev.Held():
            return state
        case ev.ActivationEnded():
            return state.model_copy(update={"activation": None})
        case ev.ReactionTested():
            unit = state.unit(event.unit).model_copy(update={"holding": False})
            return _with_unit(state, unit)
        case ev.Fired():
            return state.model_copy(update={"measures": _shot_line(state, event)})
        case ev.Damaged():
            return _with_unit(state, _wounded(state.unit(event.unit), event.rolls))
        case ev.Assaulted():
            attacker = state.unit(event.unit).model_copy(update={"charged": event.charge})
            state = _with_unit(state, attacker)
            if event.counter:
                defender = state.unit(event.target).model_copy(update={"charged": True})
                state = _with_unit(state, defender)
            return state
        case ev.Fought():
            return state
        case ev.CombatResult():
            # the +1 of a charge counts in the first round only
            for key in (event.attacker, event.defender):
                fighter = state.find(key)
                if fighter is not None:
                    state = _with_unit(state, fighter.model_copy(update={"charged": False}))
            return state
        case ev.MoraleChecked():
            if event.result != "panic":
                return state
            unit = state.unit(event.unit).model_copy(update={"panicked": True})
            return _with_unit(state, unit)
        case ev.Routed():
            unit = state.unit(event.unit).model_copy(update={"status": event.how, "holding": False})
            kills = dict(state.kills)
            for seat in event.by:
                kills[seat] = kills.get(seat, 0) + event.points // max(1, len(event.by))
            return _with_unit(state, unit).model_copy(update={"kills": kills})
        case ev.TurnEnded():
            return state.model_copy(update={"to_act": None, "activation": None})
        case ev.Scored():
            return state.model_copy(update={"scores": dict(event.scores), "phase": "over"})
    raise UnknownEvent("squad", event)


def _activation(event: ev.Activated) -> Activation | None:
    if event.order in ("rush", "hold"):
        return None  # these pass play at once
    return Activation(unit=event.unit, order=event.order)


def _centre(points: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    return sum(p[0] for p in points) // len(points), sum(p[1] for p in points) // len(points)


def _with_unit(state: SquadState, unit: SUnit) -> SquadState:
    units = tuple(unit if u.id == unit.id else u for u in state.units)
    return state.model_copy(update={"units": units})


def _placed(unit: SUnit, positions: tuple[tuple[int, int], ...], status: str) -> SUnit:
    living = [m for m in unit.models if m.alive]
    moved = {
        m.id: m.model_copy(update={"x": x, "y": y})
        for m, (x, y) in zip(living, positions, strict=True)
    }
    models = tuple(moved.get(m.id, m) for m in unit.models)
    return unit.model_copy(update={"models": models, "status": status})


def _wounded(unit: SUnit, rolls: tuple[ev.Wound, ...]) -> SUnit:
    taken: dict[str, int] = {}
    for roll in rolls:
        if roll.wounded:
            taken[roll.model] = taken.get(roll.model, 0) + 1
    models = tuple(
        m.model_copy(update={"wounds": max(0, m.wounds - taken.get(m.id, 0))}) for m in unit.models
    )
    return unit.model_copy(update={"models": models})


def _shot_line(state: SquadState, event: ev.Fired) -> tuple[Measure, ...]:
    """The shot's sight line, after the path of a move made in the same activation."""
    if event.line is None:
        return state.measures
    line = Measure(kind="sight", start=event.line[0], end=event.line[1], label=event.band)
    paths = tuple(m for m in state.measures if m.kind == "path")
    return (*paths, line)


def _revealed(state: SquadState, event: ev.ForcesRevealed) -> SquadState:
    profiles = {p.id: p for p in event.profiles}
    units: list[SUnit] = []
    for seat in state.seats:
        shown = event.forces.get(seat)
        if shown is None:
            continue
        for number, profile_id in enumerate(shown.units, start=1):
            profile = profiles[profile_id]
            units.append(
                SUnit(
                    id=f"{unit_letter(seat)}{number}",
                    seat=seat,
                    profile=profile_id,
                    name=profile.name,
                    models=tuple(
                        Trooper(id=str(i), wounds=profile.wounds)
                        for i in range(1, profile.models + 1)
                    ),
                )
            )
    return state.model_copy(
        update={
            "forces": {s: f.units for s, f in event.forces.items()},
            "force_names": {s: f.name for s, f in event.forces.items()},
            "factions": {s: f.faction for s, f in event.forces.items()},
            "profiles": profiles,
            "weapons": {w.id: w for w in event.weapons},
            "units": tuple(units),
            "kills": {s: 0 for s in state.seats},
        }
    )
