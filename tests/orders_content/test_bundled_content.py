"""The bundled packs of the order-tile game: what they hold and the source's numbers."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.grid.facing import Facing
from rules.grid.squares import Square
from rules.orders.content.catalog import Catalog
from rules.orders.content.loading import load_catalog
from rules.orders.content.orders import MAX_SECTION_CP
from rules.orders.content.terms import DIE_COLOURS, ORDER_COLOURS, ORDER_TYPES
from rules.orders.content.tiles import BORER_GROUP, CONSTRUCTION_GROUPS, UNSEARCHABLE, TileDef


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def test_the_bundled_packs_load(catalog: Catalog) -> None:
    assert set(catalog.sources) == {
        "abilities.json",
        "dice.json",
        "equipment.json",
        "faction_ashfall_reclaimers.json",
        "faction_cloister_wardens.json",
        "mercenaries.json",
        "missions.json",
        "order_tiles.json",
        "tiles.json",
    }
    sides = sorted(f.side for f in catalog.factions.values())
    assert sides == ["attacker", "defender"]


def test_each_faction_fields_six_characters_and_four_mercenaries_join_them(
    catalog: Catalog,
) -> None:
    for faction in catalog.factions.values():
        playable = [c for c in faction.characters if not c.risen]
        assert len(playable) >= 6, faction.id
    mercenaries = [c for c, owner in catalog.character_faction.items() if owner is None]
    assert len(mercenaries) == 4
    counted = {catalog.characters[c].counts_as for c in mercenaries}
    assert counted == set(catalog.factions)  # mercenaries lean to both sides


def test_there_are_enough_characters_for_every_generated_band(catalog: Catalog) -> None:
    pool = [c for c in catalog.characters.values() if not c.risen]
    for generator in catalog.generators.values():
        assert generator.players * generator.characters_per_player <= len(pool), generator.id


def test_character_sides_read_as_the_rules_need(catalog: Catalog) -> None:
    for character in catalog.characters.values():
        healthy, wounded = character.healthy, character.wounded
        assert wounded.movement <= healthy.movement, character.id
        assert wounded.max_cp <= healthy.max_cp, character.id
        assert character.large == (character.rotating_cost is not None), character.id
    assert any(c.large for c in catalog.characters.values())
    assert any(c.healthy.bonus_cp > 0 for c in catalog.characters.values())
    assert any(c.healthy.bonus_cp == 0 for c in catalog.characters.values())


def test_every_ability_is_used_and_reanimation_raises_the_risen(catalog: Catalog) -> None:
    sides = [s for c in catalog.characters.values() for s in (c.healthy, c.wounded)]
    used = {ability for side in sides for ability in side.abilities}
    assert used == set(catalog.abilities)
    risen = [c for c in catalog.characters.values() if c.risen]
    assert [c.id for c in risen] == ["hollow"]
    assert any(t.elements and any(e.cadavers for e in t.elements) for t in catalog.tiles.values())


def test_every_order_tile_obeys_the_section_limits(catalog: Catalog) -> None:
    for tile in catalog.order_tiles.values():
        assert 2 <= len(tile.sections) <= 4, tile.id
        for section in tile.sections:
            assert 1 <= section.max_cp <= MAX_SECTION_CP, tile.id
            if section.order == "search":
                assert section.max_cp <= 4, tile.id  # [13.3] 1-4 CP on a search


def test_the_bag_holds_every_order_type_in_every_colour_it_needs(catalog: Catalog) -> None:
    bag = catalog.bag()
    assert len(bag) == sum(t.count for t in catalog.order_tiles.values()) == 30
    sections = [s for tile in bag for s in tile.sections]
    assert {s.order for s in sections} == set(ORDER_TYPES)
    assert {s.colour for s in sections} == set(ORDER_COLOURS)
    for order in ORDER_TYPES:  # every order can be given in an interruption (red or gold)
        assert any(s.order == order and s.colour in ("red", "gold") for s in sections), order
        assert any(s.order == order and s.colour == "gold" for s in sections), order  # combined
    # striking hard [08.5] needs a close-combat section printed above 1
    assert any(s.order == "close_combat" and s.max_cp > 1 for s in sections)
    # a move section worth splitting [04.2]
    assert any(s.order == "move" and s.max_cp > 1 for s in sections)
    # black sections are the commonest, as the activated character uses them most
    colours = Counter(s.colour for s in sections)
    assert colours["black"] > colours["red"] > colours["gold"]


def test_each_die_colour_has_six_faces(catalog: Catalog) -> None:
    assert set(catalog.dice) == set(DIE_COLOURS)
    for die in catalog.dice.values():
        assert len(die.faces) == 6, die.colour
    icons = {c: {i for f in d.faces for i in f.icons} for c, d in catalog.dice.items()}
    assert icons["blue"] == {"out_of_ammo"}
    assert icons["red"] == {"critical"}
    assert icons["black"] == {"flip", "shuffle", "spy"}
    assert icons["yellow"] == set()


def test_each_construction_group_has_tiles(catalog: Catalog) -> None:
    groups = Counter(t.group for t in catalog.tiles.values())
    assert set(CONSTRUCTION_GROUPS) <= set(groups)
    assert groups[BORER_GROUP] == 5  # [20.1] step 05: five of them
    assert groups[None] == 2  # stairs up and down, removed before building
    assert sum(1 for tile in catalog.tiles.values() if _enclosed(tile)) == 1


def _enclosed(tile: TileDef) -> bool:
    """A borer with walls on every outer side ([21.1] removes the one such borer)."""

    def outer(square: Square, side: Facing) -> bool:
        dx, dy = side.step
        return not (0 <= square.x + dx < tile.columns and 0 <= square.y + dy < tile.rows)

    walls = {(square, side) for square, side, _ in tile.wall_sections()}
    sides = [(s, side) for s in tile.size.squares() for side in Facing if outer(s, side)]
    return tile.terrain == "borer" and all(pair in walls for pair in sides)


def test_search_is_possible_only_where_the_source_allows(catalog: Catalog) -> None:
    for tile in catalog.tiles.values():
        if tile.terrain in UNSEARCHABLE:
            assert not tile.searchable, tile.id
    found_in = {room for item in catalog.equipment.values() for room in item.rooms}
    on_tiles = {room for tile in catalog.tiles.values() for room in tile.rooms}
    assert found_in <= on_tiles  # every item can be found somewhere


def test_every_piece_of_equipment_is_on_one_card_face(catalog: Catalog) -> None:
    faces = Counter(f for c in catalog.cards.values() for f in (c.front, c.back))
    assert set(faces) == set(catalog.equipment)
    assert set(faces.values()) == {1}
    assert {c.background for c in catalog.cards.values()} == {"defender", "attacker"}
    kinds = {e.kind for e in catalog.equipment.values()}
    assert kinds == {"weapon", "explosive", "item"}
    assert any(e.charges for e in catalog.equipment.values())
    assert any(e.starts_on is not None for e in catalog.equipment.values())


def test_door_markers_cover_the_draws(catalog: Catalog) -> None:
    large = sum(d.markers for d in catalog.doors.values() if d.size == "large")
    small = sum(d.markers for d in catalog.doors.values() if d.size == "small")
    kinds = {(d.kind, d.magnetic) for d in catalog.doors.values()}
    assert {("sliding", False), ("wooden", False), ("sliding", True)} <= kinds
    for generator in catalog.generators.values():
        if generator.door_draw is not None:
            assert generator.players * generator.door_draw.large <= large
            assert generator.players * generator.door_draw.small <= small
    costs = {(d.mp_cost.defender, d.mp_cost.attacker) for d in catalog.doors.values()}
    assert len(costs) > 1  # both the -1 MP and the -0 MP stacks have doors


def test_the_generators_carry_the_source_numbers(catalog: Catalog) -> None:
    by_players = {g.players: g for g in catalog.generators.values()}
    two, three, four = by_players[2], by_players[3], by_players[4]
    assert (two.starting_mp, three.starting_mp, four.starting_mp) == (30, 25, 20)
    assert two.base_cp == 15 and two.turns == three.turns == four.turns == 6
    assert (two.decoys, three.decoys, four.decoys) == (2, 1, 1)
    assert two.magnetic_cards == 2 and two.initiative == "defender"
    assert two.door_mp_costs and not three.door_mp_costs and not four.door_mp_costs
    assert three.door_draw is not None and (three.door_draw.large, three.door_draw.small) == (2, 5)
    assert four.door_draw is not None and (four.door_draw.large, four.door_draw.small) == (2, 4)
    assert three.marker_distance == four.marker_distance == 4
    assert three.missing_door_mp == four.missing_door_mp == 2
    assert (two.columns, two.rows) == (16, 20)
    assert not any(g.multiple_levels for g in by_players.values())


def test_missions_serve_both_sides(catalog: Catalog) -> None:
    holders = {m.holder for m in catalog.missions.values()}
    assert holders == {"defender", "attacker", "either"}
    kinds = {m.condition.kind for m in catalog.missions.values()}
    assert {"kill", "eradicate", "destroy_element"} <= kinds
