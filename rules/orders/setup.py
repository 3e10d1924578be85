"""Setting a generated scenario on the table: the map, the teams and their equipment, the
order bag, the search deck and the mission cards, then face-down deployment ([20.1],
[21.1]-[21.3])."""

from __future__ import annotations

from rules.orders import events as ev
from rules.orders.content.scenarios import GeneratorDef
from rules.orders.flow import Flow
from rules.orders.map_setup import build_ground
from rules.orders.missions import deal_missions
from rules.orders.search_deck import set_deck
from rules.orders.teams import choose_sides, choose_teams


def generator_for(flow: Flow) -> GeneratorDef:
    """The generator settings for this many players."""
    players = len(flow.state.seats)
    return next(g for g in flow.catalog.generators.values() if g.players == players)


def set_game(flow: Flow, generator: GeneratorDef) -> None:
    """Sides, the map, the teams and the bag; then the first marker is to be placed."""
    sides = choose_sides(flow)
    ground, mp, lines = build_ground(flow, generator, sides)
    teams = choose_teams(flow, generator, sides, mp)
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
    set_deck(flow, teams.deck)
    deal_missions(flow, generator)
    seats = flow.state.seats
    defender = next((p.seat for p in flow.state.players if p.side == "defender"), None)
    first = defender if defender is not None else seats[flow.pick(len(seats), "who deploys first")]
    flow.emit(ev.DeployTurn(seat=first))
