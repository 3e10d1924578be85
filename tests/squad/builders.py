"""Small squad battles built for rule tests: inline weapons and profiles (never the bundled
packs), units placed at exact points on an open table, actions typed as players type them
and decided with scripted dice.

Positions are given in inches from the table's top-left corner. A 25 mm base has a radius
of 0.49"; models placed 1.5" apart (centre to centre) stand in a line with gaps of about
half an inch.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules.core import engine
from rules.core.actions import Action
from rules.core.events import Event
from rules.core.rejection import Rejection
from rules.geometry.pieces import Area, Height, Table, Terrain
from rules.geometry.units import inches
from rules.squad.content.catalog import Catalog
from rules.squad.content.factions import FactionDef, ForceDef
from rules.squad.content.scenarios import ScenarioDef
from rules.squad.content.units import UnitDef
from rules.squad.content.weapons import WeaponDef
from rules.squad.events import (
    BattleSet,
    Deployed,
    ForcesRevealed,
    ShownForce,
    TurnBegan,
    TurnPassed,
)
from rules.squad.options import SquadOptions
from rules.squad.state import Objective, SquadState, SUnit
from rules.squad.system import SquadSystem
from rules.squad.zones import zones
from tests.event_picks import of as of  # re-exported for the tests
from tests.event_picks import one as one
from tests.scripted_dice import as_action, scripted_attempt

ALPHA, BRAVO, CHARLIE = "alpha", "bravo", "charlie"
SEATS = (ALPHA, BRAVO)

# -- weapons ---------------------------------------------------------------------------------
RIFLE = WeaponDef(id="rifle", name="Rifle", short=4, medium=3, long=3)
"""Strength 4 up to 12", 3 to 36"; no use in close combat."""
BLADE = WeaponDef(id="blade", name="Blade", cc=4)
PISTOL = WeaponDef(id="pistol", name="Pistol", short=3, cc=3)
CANNON = WeaponDef(id="cannon", name="Cannon", short=6, medium=6, long=5, extreme=5, shots=2)
CARBINE = WeaponDef(id="carbine", name="Carbine", short=5)
"""Strength 5 up to 12" and no further."""
WEAPONS = (RIFLE, BLADE, PISTOL, CANNON, CARBINE)


def profile(
    id: str,
    *,
    kind: str = "squad",
    models: int = 5,
    points: int = 100,
    move: int = 6,
    sh: int = 5,
    assault: int = 4,
    toughness: int = 4,
    morale: int = 5,
    size: int = 2,
    wounds: int = 1,
    weapons: tuple[str, ...] = ("rifle", "blade"),
    abilities: tuple[str, ...] = (),
) -> UnitDef:
    """A profile for a test: ``profile("vets", morale=7, abilities=("steady",))``."""
    return UnitDef.model_validate(
        {
            "id": id,
            "name": id.replace("-", " ").title(),
            "kind": kind,
            "models": 1 if kind == "individual" else models,
            "points": points,
            "move": move,
            "sh": sh,
            "assault": assault,
            "toughness": toughness,
            "morale": morale,
            "size": size,
            "wounds": wounds,
            "weapons": weapons,
            "abilities": abilities,
        }
    )


TROOPERS = profile("troopers")
"""Five models: Move 6, SH 5 (5+), AS 4, T 4, ML 5 (5+ on tests), rifle and blade."""
HERO = profile(
    "hero",
    kind="individual",
    wounds=4,
    points=80,
    sh=6,
    assault=6,
    toughness=5,
    morale=7,
    size=3,
    weapons=("pistol", "blade"),
)
RAIDERS = profile("raiders", models=4, points=90, move=7, assault=5, weapons=("carbine", "blade"))

# -- the catalog: two factions with ready-made forces ----------------------------------------
NORTH = FactionDef(
    id="north",
    name="North",
    units=(TROOPERS, HERO),
    forces=(
        ForceDef(id="north-line", name="North Line", units=("troopers", "troopers", "hero")),
        ForceDef(
            id="north-horde",
            name="North Horde",
            units=("troopers", "troopers", "troopers", "troopers", "troopers", "hero"),
        ),
    ),
)
SOUTH = FactionDef(
    id="south",
    name="South",
    units=(RAIDERS,),
    forces=(ForceDef(id="south-raid", name="South Raid", units=("raiders", "raiders")),),
)
ANNIHILATION = ScenarioDef(id="clash", name="Clash", victory="annihilation")
OBJECTIVES = ScenarioDef(
    id="hold",
    name="Hold the Line",
    victory="objectives",
    objectives=((0.5, 0.5),),
    objective_points=100,
)
BREAKTHROUGH = ScenarioDef(id="through", name="Through", victory="breakthrough")
CATALOG = Catalog(
    weapons={w.id: w for w in WEAPONS},
    factions={"north": NORTH, "south": SOUTH},
    scenarios={s.id: s for s in (ANNIHILATION, OBJECTIVES, BREAKTHROUGH)},
    units={u.id: u for u in (TROOPERS, HERO, RAIDERS)},
    unit_faction={"troopers": "north", "hero": "north", "raiders": "south"},
)
SYSTEM = SquadSystem(CATALOG)


# -- placing units ---------------------------------------------------------------------------
def line(x: float, y: float, count: int, spacing: float = 1.5) -> tuple[tuple[float, float], ...]:
    """``count`` points from (x, y) going right, ``spacing`` inches apart."""
    return tuple((x + i * spacing, y) for i in range(count))


class Placed:
    """A unit to stand on the table: its seat, profile, models' points and any updates
    (``panicked=True``, ``holding=True``, ...)."""

    def __init__(
        self,
        seat: str,
        prof: UnitDef,
        at: Sequence[tuple[float, float]],
        **updates: Any,
    ) -> None:
        assert len(at) == prof.models, f"{prof.id} has {prof.models} models"
        self.seat, self.profile, self.at, self.updates = seat, prof, tuple(at), updates


def a(prof: UnitDef, at: Sequence[tuple[float, float]], **updates: Any) -> Placed:
    return Placed(ALPHA, prof, at, **updates)


def b(prof: UnitDef, at: Sequence[tuple[float, float]], **updates: Any) -> Placed:
    return Placed(BRAVO, prof, at, **updates)


def area(
    id: str,
    corner: tuple[float, float],
    size: tuple[float, float],
    *classes: Terrain,
    height: Height = Height.FLAT,
) -> Area:
    x, y = corner
    w, h = size
    points = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    return Area(
        id=id,
        points=tuple((inches(px), inches(py)) for px, py in points),
        classes=classes,
        height=height,
    )


def fold(state: SquadState, events: Iterable[Event]) -> SquadState:
    folded = engine.fold(SYSTEM, state, events)
    assert isinstance(folded, SquadState)
    return folded


def battle_set(
    seats: tuple[str, ...] = SEATS,
    scenario: ScenarioDef = ANNIHILATION,
    areas: tuple[Area, ...] = (),
    objectives: tuple[tuple[float, float], ...] = (),
    **options: Any,
) -> SquadState:
    """A new game with its battle set on an open 72x48" table (edges: Alpha's zone is the
    top 10", Bravo's the bottom 10")."""
    state = SYSTEM.initial_state(SquadOptions(scenario=scenario.id, **options), seats)
    table = Table(areas=areas)
    event = BattleSet(
        scenario=scenario,
        battlefield="test",
        table=table,
        zones=zones(scenario, seats, table.width, table.depth),
        objectives=tuple(
            Objective(id=f"o{i}", x=inches(x), y=inches(y))
            for i, (x, y) in enumerate(objectives, start=1)
        ),
    )
    return fold(state, [event])


def game(
    *units: Placed,
    seats: tuple[str, ...] = SEATS,
    to_act: str | None = ALPHA,
    turn: int = 1,
    scenario: ScenarioDef = ANNIHILATION,
    areas: tuple[Area, ...] = (),
    objectives: tuple[tuple[float, float], ...] = (),
    **options: Any,
) -> SquadState:
    """A game in the activation phase of ``turn`` with ``units`` standing where placed
    (ids A1, A2, ... for Alpha, B1, ... for Bravo, in the order given); ``to_act`` is the
    seat to activate a unit now."""
    state = battle_set(seats, scenario, areas, objectives, **options)
    by_seat: dict[str, list[Placed]] = {s: [] for s in seats}
    for piece in units:
        by_seat[piece.seat].append(piece)
    profiles = {p.profile.id: p.profile for p in units}
    revealed = ForcesRevealed(
        forces={
            seat: ShownForce(
                name=f"{seat} test force",
                faction="north",
                units=tuple(p.profile.id for p in pieces),
                points=sum(p.profile.points for p in pieces),
            )
            for seat, pieces in by_seat.items()
        },
        profiles=tuple(profiles.values()),
        weapons=WEAPONS,
    )
    state = fold(state, [revealed])
    deployed: list[Event] = []
    updates: dict[str, dict[str, Any]] = {}
    for seat, pieces in by_seat.items():
        for number, piece in enumerate(pieces, start=1):
            unit_id = f"{seat[0].upper()}{number}"
            points = tuple((inches(x), inches(y)) for x, y in piece.at)
            deployed.append(Deployed(unit=unit_id, positions=points))
            updates[unit_id] = piece.updates
    state = fold(state, [*deployed, TurnBegan(turn=turn), TurnPassed(seat=to_act)])
    return with_units(state, **updates)


def with_units(state: SquadState, **updates: dict[str, Any]) -> SquadState:
    """``with_units(state, A1={"panicked": True})``; ``wounds`` (a tuple, one per model)
    sets the models' wounds."""
    units: list[SUnit] = []
    for unit in state.units:
        change = dict(updates.get(unit.id, {}))
        wounds = change.pop("wounds", None)
        if wounds is not None:
            models = tuple(
                m.model_copy(update={"wounds": w}) for m, w in zip(unit.models, wounds, strict=True)
            )
            change["models"] = models
        units.append(unit.model_copy(update=change) if change else unit)
    return state.model_copy(update={"units": tuple(units)})


# -- deciding actions ------------------------------------------------------------------------
def to_action(state: SquadState, seat: str, action: str | Action) -> Action:
    return as_action(SYSTEM, state, seat, action)


def attempt(
    state: SquadState, seat: str, action: str | Action, faces: Sequence[int] = ()
) -> list[Event] | Rejection:
    """Decide ``action`` with scripted dice (see :func:`tests.scripted_dice.scripted_attempt`)."""
    return scripted_attempt(SYSTEM, state, seat, action, faces)


def play(
    state: SquadState, seat: str, action: str | Action, faces: Sequence[int] = ()
) -> tuple[SquadState, list[Event]]:
    """Decide and fold: the state afterwards and the events."""
    outcome = attempt(state, seat, action, faces)
    assert not isinstance(outcome, Rejection), outcome.explain()
    return fold(state, outcome), outcome


def refuse(state: SquadState, seat: str, action: str | Action, *, rule: bool = True) -> Rejection:
    """The action is refused, with a message and (unless ``rule`` is False) the rule it
    comes from."""
    outcome = attempt(state, seat, action)
    assert isinstance(outcome, Rejection), f"expected a refusal, got {outcome}"
    assert outcome.message.strip()
    assert outcome.rule.strip() or not rule, f"no rule cited: {outcome.message}"
    return outcome


def lines(events: Iterable[Event]) -> list[str]:
    """The narration of ``events``, one line each."""
    return [t for e in events if (t := SYSTEM.describe(e)) is not None]


def told(events: Iterable[Event], fragment: str) -> str:
    """The first narrated line containing ``fragment`` (the test fails if there is none)."""
    found = [t for t in lines(events) if fragment in t]
    assert found, f"no line contains {fragment!r}: {lines(events)}"
    return found[0]
