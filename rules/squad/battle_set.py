"""Setting the battle at the start: the scenario, the battlefield, zones and objectives."""

from __future__ import annotations

from rules.geometry.battlefields import BattlefieldDef
from rules.geometry.generator import GENERATED, LAYOUT_DICE, from_layout_dice
from rules.geometry.units import inches
from rules.squad.events import BattleSet
from rules.squad.flow import Flow
from rules.squad.state import Objective
from rules.squad.zones import zones

RANDOM = "random"


def _pick(flow: Flow, names: list[str], purpose: str) -> str:
    die = flow.roll(1, len(names), purpose=purpose).values[0] if len(names) > 1 else 1
    return names[die - 1]


def _battlefield(flow: Flow) -> BattlefieldDef:
    choice = flow.state.options.battlefield
    presets = flow.catalog.battlefields
    if choice in presets:
        return presets[choice]
    if choice == GENERATED or not presets:
        return from_layout_dice(flow.dice(LAYOUT_DICE, "terrain layout"))
    return presets[_pick(flow, sorted(presets), "random battlefield")]


def set_battle(flow: Flow) -> None:
    options = flow.state.options
    scenarios = flow.catalog.scenarios
    if options.scenario in scenarios:
        scenario = scenarios[options.scenario]
    else:
        scenario = scenarios[_pick(flow, sorted(scenarios), "random scenario")]
    field = _battlefield(flow)
    table = field.table()
    objectives = tuple(
        Objective(
            id=f"o{i}",
            x=inches(round(fx * field.width, 2)),
            y=inches(round(fy * field.depth, 2)),
        )
        for i, (fx, fy) in enumerate(scenario.objectives, start=1)
    )
    flow.emit(
        BattleSet(
            scenario=scenario,
            battlefield=field.name,
            table=table,
            zones=zones(scenario, flow.state.seats, table.width, table.depth),
            objectives=objectives,
        )
    )
