"""Setting a generated scenario on the table: the map, the teams and their equipment, the
order bag, then face-down deployment ([20.1], [21.1]-[21.3])."""

from __future__ import annotations

from collections.abc import Sequence

from rules.orders import events as ev
from rules.orders.content.scenarios import GeneratorDef
from rules.orders.flow import Flow
from rules.orders.ground import Ground
from rules.orders.teams import choose_teams


def generator_for(flow: Flow) -> GeneratorDef:
    """The generator settings for this many players."""
    players = len(flow.state.seats)
    return next(g for g in flow.catalog.generators.values() if g.players == players)


def set_game(
    flow: Flow,
    generator: GeneratorDef,
    ground: Ground,
    mp: dict[str, int],
    lines: Sequence[str] = (),
) -> None:
    teams = choose_teams(flow, generator, mp)
    catalog = flow.catalog
    carried = {item for f in teams.fighters for item in f.equipment}
    flow.emit(
        ev.GameSet(
            generator=generator.id,
            turns=flow.state.options.turns,
            base_cp=generator.base_cp,
            ground=ground,
            dice=tuple(catalog.dice.values()),
            characters=teams.characters,
            order_tiles=tuple(catalog.order_tiles.values()),
            equipment=tuple(catalog.equipment[e] for e in sorted(carried)),
            players=teams.players,
            fighters=teams.fighters,
            bag=tuple(t.id for t in catalog.bag()),
            lines=tuple(lines),
            abilities=tuple(catalog.abilities.values()),
        )
    )
    seats = flow.state.seats
    defender = next((p.seat for p in flow.state.players if p.side == "defender"), None)
    first = defender if defender is not None else seats[flow.pick(len(seats), "who deploys first")]
    flow.emit(ev.DeployTurn(seat=first))
