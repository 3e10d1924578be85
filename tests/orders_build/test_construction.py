"""The scenario generator's map construction: the same seed builds the same map, tiles
never overlap, every indoor square can be reached through doors, no door covers a double
wall, and the MP each seat ends with are its starting MP plus what the log says."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.grid.edges import Door, Wall, WallKind
from rules.grid.facing import Facing, square_ahead
from rules.grid.squares import Square
from rules.orders.construction import (
    LAYOUT_DICE,
    Construction,
    DoorLaid,
    DoorMissing,
    TileLaid,
    bench_construction,
    construct,
    from_layout_dice,
)
from rules.orders.content.loading import load_catalog
from rules.orders.content.scenarios import GeneratorDef
from rules.orders.content.terms import Side
from rules.orders.layout import MapIndex

CATALOG = load_catalog()
PROPERTY = settings(deadline=None, derandomize=True, max_examples=30)
SEATS = ("alpha", "bravo", "charlie", "delta")


def _generator(players: int) -> GeneratorDef:
    return CATALOG.generators[f"generator-{players}"]


def _sides(players: int) -> dict[str, Side | None]:
    if players == 2:
        return {"alpha": "defender", "bravo": "attacker"}
    return dict.fromkeys(SEATS[:players])


def _build(players: int, seed: int) -> Construction:
    return construct(CATALOG, _generator(players), SEATS[:players], _sides(players), seed)


def _index(built: Construction) -> MapIndex:
    return built.layout.index(CATALOG.tiles, CATALOG.doors)


def _reached_from_ground_and_borers(index: MapIndex) -> set[Square]:
    """Every map square a walk from outdoor ground or a borer reaches."""
    return _walk(index, ("outdoor", "sewer_exit", "borer"))


def _walk(index: MapIndex, terrains: tuple[str, ...]) -> set[Square]:
    """Every map square a walk from squares of ``terrains`` reaches, crossing open edges
    and doors (open or closed), never walls, on one level."""
    start = [s for s, t in index.terrain.items() if t in terrains]
    seen = set(start)
    todo = deque(start)
    while todo:
        square = todo.popleft()
        for side in Facing:
            ahead = square_ahead(square, side)
            if ahead is None or ahead in seen or ahead not in index.terrain:
                continue
            if isinstance(index.board.barrier(square, ahead), Wall):
                continue
            seen.add(ahead)
            todo.append(ahead)
    return seen


builds = st.tuples(st.sampled_from((2, 3, 4)), st.integers(0, 10**6))


@given(builds)
@PROPERTY
def test_the_same_seed_builds_the_same_map(build: tuple[int, int]) -> None:
    players, seed = build
    assert _build(players, seed) == _build(players, seed)


@given(builds)
@PROPERTY
def test_a_built_map_keeps_every_construction_rule(build: tuple[int, int]) -> None:
    players, seed = build
    built = _build(players, seed)
    index = _index(built)  # refuses overlapping tiles, tiles off the frame, bad markers
    covered = [s for f in index.footprints for s in f.covered()]
    assert len(covered) == len(set(covered))
    assert all(built.layout.size.contains(s) for s in covered)
    assert (built.layout.size.columns, built.layout.size.rows) == (16, 20)
    # the stairs are never used, and every other tile at most once
    used = [p.tile for p in built.layout.tiles]
    assert len(used) == len(set(used))
    assert not any(CATALOG.tiles[t].terrain.startswith("stairs") for t in used)
    # indoor squares can be reached from outside, or a missing door was paid for
    indoor = {s for s, t in index.terrain.items() if t == "indoor"}
    missing = [step for step in built.log if isinstance(step, DoorMissing)]
    assert indoor <= _reached_from_ground_and_borers(index) or missing
    # there is ground for the attackers and a building for the defenders
    assert any(t == "outdoor" for t in index.terrain.values()) and indoor
    # no door covers a double wall
    for placed in index.board.barriers:
        if isinstance(placed.barrier, Door):
            assert placed.barrier.over != WallKind.DOUBLE, placed.edge
    # every tile in the log is on the map where the log says, and every door marker too
    laid = [(s.tile, s.at, s.turns) for s in built.log if isinstance(s, TileLaid)]
    assert laid == [(p.tile, p.at, p.turns) for p in built.layout.tiles]
    doors = [(s.door, s.a, s.b) for s in built.log if isinstance(s, DoorLaid)]
    assert doors == [(m.door, m.a, m.b) for m in built.layout.doors]


@given(builds)
@PROPERTY
def test_the_mp_each_seat_ends_with_add_up_to_the_log(build: tuple[int, int]) -> None:
    players, seed = build
    built = _build(players, seed)
    generator = _generator(players)
    for seat in SEATS[:players]:
        changes = sum(step.mp.get(seat, 0) for step in built.log)
        assert built.mp[seat] == generator.starting_mp + changes
    for step in built.log:
        if isinstance(step, DoorMissing):
            assert step.mp == {step.seat: -generator.missing_door_mp}
        if isinstance(step, DoorLaid) and players > 2:
            assert step.mp == {}  # door MP icons are ignored with 3 or 4 players


@given(builds)
@PROPERTY
def test_a_construction_round_trips_through_json_exactly(build: tuple[int, int]) -> None:
    built = _build(*build)
    text = built.model_dump_json()
    again = Construction.model_validate_json(text)
    assert again == built and again.model_dump_json() == text


@given(builds)
@PROPERTY
def test_borers_go_to_their_owners_and_are_laid_by_them(build: tuple[int, int]) -> None:
    players, seed = build
    built = _build(players, seed)
    borers = sorted(t.id for t in CATALOG.tiles.values() if t.terrain == "borer")
    owned = [b for seat in SEATS[:players] for b in built.borers[seat]]
    if players == 2:
        assert built.borers["bravo"] == tuple(borers)
        assert built.borers["alpha"] == ()
    else:
        assert all(len(built.borers[seat]) == 1 for seat in SEATS[:players])
        assert "borer-5" not in owned  # the borer walled on every side is removed
        assert len(set(owned)) == players
    for step in built.log:
        if isinstance(step, TileLaid) and CATALOG.tiles[step.tile].terrain == "borer":
            assert step.tile in built.borers[step.seat]


def test_tile_mp_icons_follow_the_generator_rule() -> None:
    # 2 players, printed: the officers' rest makes the constructor's opponent lose 1 MP
    for players, seed in ((2, s) for s in range(40)):
        built = _build(players, seed)
        for step in built.log:
            if isinstance(step, TileLaid) and step.tile == "officers-rest":
                other = next(s for s in SEATS[:2] if s != step.seat)
                assert step.mp == {other: -1}
                break
        else:
            continue
        break
    else:
        pytest.fail("no 2-player map of 40 used the officers' rest")
    built = _build(4, 7)
    icons = [s for s in built.log if isinstance(s, TileLaid) and CATALOG.tiles[s.tile].mp_icon]
    assert icons
    for step in icons:
        assert step.mp == {seat: 1 if seat == step.seat else -1 for seat in SEATS}


def test_the_layout_dice_are_the_seed() -> None:
    dice = (3, 1, 4, 1, 5, 9)[:LAYOUT_DICE]
    seed = int("".join(str(d) for d in dice))
    built = from_layout_dice(CATALOG, _generator(3), SEATS[:3], _sides(3), dice)
    assert built == _build(3, seed)
    assert from_layout_dice(CATALOG, _generator(3), SEATS[:3], _sides(3), (10,) * 6) == _build(3, 0)


def test_seats_that_do_not_fit_the_generator_are_refused() -> None:
    with pytest.raises(ValueError, match="needs 3 different seats"):
        construct(CATALOG, _generator(3), ("a", "b"), {}, 1)
    with pytest.raises(ValueError, match="needs 3 different seats"):
        construct(CATALOG, _generator(3), ("a", "a", "b"), {}, 1)
    with pytest.raises(ValueError, match="one defender seat and one attacker seat"):
        construct(CATALOG, _generator(2), ("a", "b"), {"a": "defender", "b": "defender"}, 1)


def test_the_benchmark_map_is_a_full_two_player_map() -> None:
    built = bench_construction(CATALOG)
    assert set(built.mp) == {"defender", "attacker"}
    assert len(built.layout.tiles) >= 20


@given(builds)
@PROPERTY
def test_door_markers_come_from_the_constructors_stock(build: tuple[int, int]) -> None:
    players, seed = build
    built = _build(players, seed)
    generator = _generator(players)
    laid = [s for s in built.log if isinstance(s, DoorLaid)]
    if generator.door_draw is None:
        for step in laid:
            side = _sides(2)[step.seat]
            cost = (
                CATALOG.doors[step.door].mp_cost.defender
                if side == "defender"
                else (CATALOG.doors[step.door].mp_cost.attacker)
            )
            assert step.mp == ({step.seat: -cost} if cost else {})
        for door in CATALOG.doors.values():
            assert sum(s.door == door.id for s in laid) <= door.markers
        return
    draw = generator.door_draw
    for seat in SEATS[:players]:
        mine = [CATALOG.doors[s.door] for s in laid if s.seat == seat]
        assert sum(d.width == 2 for d in mine) <= draw.large
        assert sum(d.width == 1 for d in mine) <= draw.small


def test_a_door_that_cannot_be_placed_costs_its_constructor_the_listed_mp() -> None:
    no_markers = {
        door_id: door.model_copy(update={"markers": 0}) for door_id, door in CATALOG.doors.items()
    }
    bare = replace(CATALOG, doors=no_markers)
    generator = _generator(2)
    built = construct(bare, generator, SEATS[:2], _sides(2), 5)
    missing = [s for s in built.log if isinstance(s, DoorMissing)]
    assert missing and not built.layout.doors
    for step in missing:
        assert step.mp == {step.seat: -generator.missing_door_mp}
    for seat in SEATS[:2]:
        assert built.mp[seat] == generator.starting_mp + sum(s.mp.get(seat, 0) for s in built.log)


@given(builds)
@PROPERTY
def test_an_upper_floor_stands_on_stairs_and_is_built_from_unused_indoor_tiles(
    build: tuple[int, int],
) -> None:
    players, seed = build
    built = construct(CATALOG, _generator(players), SEATS[:players], _sides(players), seed, 2)
    index = _index(built)
    assert built.layout.size.levels == 2
    used = [p.tile for p in built.layout.tiles]
    assert len(used) == len(set(used))  # the upper floor takes tiles the ground left
    by_level = {p.tile: p for p in built.layout.tiles}
    up, down = by_level["stairs-up"], by_level["stairs-down"]
    assert (up.at.level, down.at.level) == (0, 1)
    assert (down.at.x, down.at.y, down.turns) == (up.at.x, up.at.y, up.turns)
    assert used.index("stairs-up") == 2  # the third tile laid
    upper = [p for p in built.layout.tiles if p.at.level == 1]
    assert all(CATALOG.tiles[p.tile].terrain in ("indoor", "stairs_down") for p in upper)
    assert len(upper) >= 2
    # each stair square joins the square straight above it
    assert {(s.a, s.b) for s in index.board.stairs} == {
        (s, s.model_copy(update={"level": 1}))
        for s in index.footprints[used.index("stairs-up")].covered()
    }
    # the upper floor is reached from its stairs, or a missing door was paid for there
    indoor = {s for s, t in index.terrain.items() if s.level == 1}
    missing = [step for step in built.log if isinstance(step, DoorMissing)]
    assert indoor <= _walk(index, ("stairs_down",)) or missing
    # the ground floor is still reached from outside
    ground = {s for s, t in index.terrain.items() if t == "indoor" and s.level == 0}
    assert ground <= _reached_from_ground_and_borers(index) or missing


def test_a_map_has_one_level_or_two() -> None:
    with pytest.raises(ValueError, match="1 or 2 levels"):
        construct(CATALOG, _generator(2), SEATS[:2], _sides(2), 1, 3)
    assert _build(2, 5) == construct(CATALOG, _generator(2), SEATS[:2], _sides(2), 5, 1)
