"""Battle states built directly for rule tests: units placed where the test wants them,
with inline profiles and weapons so tests never depend on the bundled packs."""

from __future__ import annotations

from typing import Any

from rules.core.choices import ActionChoice
from rules.geometry.pieces import Area, Height, Table, Terrain
from rules.geometry.units import inches
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.special import UnitRule, WeaponRule
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.facts.base import Fact
from rules.wasteland.flow import Flow
from rules.wasteland.narrate import describe
from rules.wasteland.options import WastelandOptions
from rules.wasteland.state import Activation, Fighter, WastelandState, WUnit
from rules.wasteland.system import WastelandSystem

RIFLE = WeaponDef(id="rifle", name="Rifle", range=24, hit=5, damage=0)
KNIFE = WeaponDef(id="knife", name="Knife", hit=5, damage=0)


def weapon(
    id: str, *, range: int | None = 24, hit: int = 5, damage: int = 0, **rules: int | bool
) -> WeaponDef:
    """``weapon("gun", deadly=2, assault=True)``."""
    parsed = tuple(
        WeaponRule(kind=k, value=None if v is True else int(v)) for k, v in rules.items()
    )
    return WeaponDef(id=id, name=id.title(), range=range, hit=hit, damage=damage, rules=parsed)


def profile(
    id: str,
    *,
    type: str = "troops",
    move: int = 6,
    will: int = 6,
    life: int = 6,
    weapons: tuple[str, ...] = ("rifle", "knife"),
    base_mm: int = 25,
    height: str = "man",
    points: int = 10,
    **rules: int | bool | tuple[UnitRule, ...],
) -> UnitDef:
    """``profile("brute", tough=3, fearless=True)``; ``support=(UnitRule(...),)``."""
    parsed = []
    for k, v in rules.items():
        if k == "support":
            assert isinstance(v, tuple)
            parsed.append(UnitRule(kind="support", grants=v))
        else:
            assert not isinstance(v, tuple)
            parsed.append(UnitRule(kind=k, value=None if v is True else int(v)))
    return UnitDef(
        id=id,
        name=id.replace("-", " ").title(),
        type=type,
        points=points,
        move=move,
        will=will,
        life=life,
        weapons=weapons,
        base_mm=base_mm,
        height=height,
        max_models=30,
        rules=tuple(parsed),
    )


def unit(
    id: str,
    seat: str,
    prof: UnitDef,
    at: tuple[float, float],
    count: int = 1,
    *,
    spacing: float = 1.5,
    columns: int = 5,
    **updates: Any,
) -> WUnit:
    """``count`` models in rows of ``columns`` from ``at`` (inches), ``spacing`` apart."""
    x0, y0 = at
    tough = prof.value("tough")
    wounds = tough if tough else 1
    models = tuple(
        Fighter(
            id=f"{id}.{i + 1}",
            x=inches(x0 + (i % columns) * spacing),
            y=inches(y0 + (i // columns) * spacing),
            wounds=wounds,
        )
        for i in range(count)
    )
    base = WUnit(
        id=id,
        seat=seat,
        profile=prof.id,
        name=prof.name,
        models=models,
        starting=count,
        cost=prof.points * count,
        status="table",
    )
    return base.model_copy(update=updates)


def area(
    id: str,
    corner: tuple[float, float],
    size: tuple[float, float],
    *classes: Terrain,
    height: Height = Height.FLAT,
    dangerous: int | None = None,
) -> Area:
    x, y = corner
    w, h = size
    points = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    return Area(
        id=id,
        points=tuple((inches(px), inches(py)) for px, py in points),
        classes=classes,
        height=height,
        dangerous=dangerous,
    )


def battle(
    units: list[WUnit],
    profiles: list[UnitDef],
    weapons: tuple[WeaponDef, ...] = (RIFLE, KNIFE),
    *,
    areas: tuple[Area, ...] = (),
    seats: tuple[str, ...] = ("alpha", "bravo"),
    active: str | None = None,
    actions: int = 2,
    options: WastelandOptions | None = None,
    **updates: Any,
) -> WastelandState:
    """A state in round 1 of the battle; ``active`` names the unit activating now."""
    by_id = {u.id: u for u in units}
    state = WastelandState(
        seats=seats,
        options=options or WastelandOptions(mission="annihilation", battlefield="open"),
        phase="battle",
        mission="annihilation",
        battlefield="test",
        table=Table(areas=areas),
        profiles={p.id: p for p in profiles},
        weapons={w.id: w for w in weapons},
        units=by_id,
        round=1,
        order=seats,
        turn=by_id[active].seat if active else seats[0],
        active=Activation(unit=active, seat=by_id[active].seat, actions=actions)
        if active
        else None,
        scores={s: 0 for s in seats},
    )
    return state.model_copy(update=updates)


def reports(flow: Flow) -> list[str]:
    """The told facts of what the rules rolled and decided, one line each."""
    return [
        line
        for e in flow.events
        if isinstance(e, Fact) and (line := describe(e, flow.state)) is not None
    ]


def said(flow: Flow, fragment: str) -> str:
    """The first narration line containing ``fragment`` (the test fails if there is none)."""
    found = [t for t in reports(flow) if fragment in t]
    assert found, f"no report contains {fragment!r}: {reports(flow)}"
    return found[0]


OPEN_TRUCK = profile(
    "truck",
    type="fast",
    vehicle=True,
    open=True,
    transport=10,
    tough=3,
    base_mm=60,
    height="tall",
    weapons=("rifle",),
)


def legal(state: WastelandState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    """What the system suggests to ``seat`` (each trial tried as the engine would)."""
    return WastelandSystem(catalog).legal_actions(state, seat)
