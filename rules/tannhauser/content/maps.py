"""Circle-and-path maps (source 000, "Maps and the Pathfinding System", "Map Features").

A map lists its movement circles with drawing coordinates, the coloured paths each circle
belongs to, the explicit adjacency between circles (the map's tactical diagram), walls and
doors for drawing, Objective and Action circles with the movement circles next to them,
and which circles are entry points. Validation checks the diagram is usable: every
reference resolves, the circles form one connected board, and no adjacency line crosses
a wall (circles on opposite sides of a wall are never adjacent). Paths, walls and doors
are the parts every circle-and-path map shares (:mod:`rules.pathmap.maps`).
"""

from __future__ import annotations

from collections import deque
from typing import Literal

from pydantic import Field, model_validator
from shapely import LineString

from rules.core.content import ContentModel, Ident, Name, Text
from rules.pathmap.maps import Coordinate, DoorDef, PathDef, WallDef
from rules.tannhauser.content.skills import Skill
from rules.tannhauser.content.stats import Stat


class Modifier(ContentModel):
    """A modifier circle: green icons help, red icons hinder, one point per icon."""

    stat: Stat
    colour: Literal["green", "red"]
    icons: int = Field(ge=1, le=3)

    @property
    def amount(self) -> int:
        """Signed effect: +icons for green, -icons for red."""
        return self.icons if self.colour == "green" else -self.icons


class CircleDef(ContentModel):
    """A movement circle. ``entry`` names it as an entry point (e.g. ``"north gate"``)."""

    id: Ident
    x: Coordinate
    y: Coordinate
    paths: tuple[Ident, ...] = Field(min_length=1)
    modifier: Modifier | None = None
    entry: Name | None = None
    label: Name | None = None


class FeatureDef(ContentModel):
    """An Objective or Action circle: never stood on, never on a path, next to circles."""

    id: Ident
    kind: Literal["objective", "action"]
    x: Coordinate
    y: Coordinate
    adjacent: tuple[Ident, ...] = Field(min_length=1)
    grade: Literal["primary", "secondary"] | None = None
    skill: Skill | None = None
    label: Name | None = None
    description: Text = ""

    @model_validator(mode="after")
    def _objective_fields(self) -> FeatureDef:
        if self.kind == "objective" and (self.grade is None or self.skill is None):
            raise ValueError("an objective circle needs a grade (primary/secondary) and a skill")
        if self.kind == "action" and self.grade is not None:
            raise ValueError("only objective circles have a grade")
        return self


class MapDef(ContentModel):
    id: Ident
    name: Name
    description: Text = ""
    width: Coordinate = Field(gt=0)
    height: Coordinate = Field(gt=0)
    paths: tuple[PathDef, ...] = Field(min_length=1, max_length=16)
    circles: tuple[CircleDef, ...] = Field(min_length=2, max_length=200)
    adjacency: tuple[tuple[Ident, Ident], ...] = Field(min_length=1, max_length=1000)
    features: tuple[FeatureDef, ...] = Field(default=(), max_length=40)
    walls: tuple[WallDef, ...] = Field(default=(), max_length=200)
    doors: tuple[DoorDef, ...] = Field(default=(), max_length=100)

    @model_validator(mode="after")
    def _check_diagram(self) -> MapDef:
        # the same map is validated each time a game's state is loaded: check it once
        key = self.model_dump_json(exclude={"id", "name", "description"})
        problems = _CHECKED.get(key)
        if problems is None:
            problems = _diagram_problems(
                (self.width, self.height, self.paths, self.circles, self.adjacency),
                (self.features, self.walls, self.doors),
            )
            if len(_CHECKED) > 64:
                _CHECKED.clear()
            _CHECKED[key] = problems
        if problems:
            raise ValueError("; ".join(problems[:12]))
        return self

    @property
    def entry_points(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.circles if c.entry is not None)

    def circle(self, circle_id: str) -> CircleDef:
        for circle in self.circles:
            if circle.id == circle_id:
                return circle
        raise KeyError(circle_id)


_CHECKED: dict[str, tuple[str, ...]] = {}


def _diagram_problems(
    graph: tuple[
        float,
        float,
        tuple[PathDef, ...],
        tuple[CircleDef, ...],
        tuple[tuple[str, str], ...],
    ],
    drawing: tuple[tuple[FeatureDef, ...], tuple[WallDef, ...], tuple[DoorDef, ...]],
) -> tuple[str, ...]:
    """Everything wrong with a map's tactical diagram (empty when it is usable)."""
    width, height, paths, circles, adjacency = graph
    features, walls_def, doors = drawing
    problems: list[str] = []
    path_ids = [p.id for p in paths]
    _duplicates("path", path_ids, problems)
    circle_ids = [c.id for c in circles]
    _duplicates("circle", circle_ids, problems)
    feature_ids = [f.id for f in features]
    _duplicates("feature", feature_ids, problems)
    for clash in sorted(set(circle_ids) & set(feature_ids)):
        problems.append(f"'{clash}' is both a movement circle and an objective/action circle")
    known_paths, known = set(path_ids), set(circle_ids)
    positions = {c.id: (c.x, c.y) for c in circles}
    for circle in circles:
        for path in circle.paths:
            if path not in known_paths:
                problems.append(f"circle '{circle.id}' is on unknown path '{path}'")
        if circle.x > width or circle.y > height:
            problems.append(f"circle '{circle.id}' lies outside the map's width and height")
    for path in path_ids:
        if not any(path in c.paths for c in circles):
            problems.append(f"path '{path}' has no circles")
    neighbours: dict[str, set[str]] = {c: set() for c in circle_ids}
    walls = [LineString(w.points) for w in walls_def]
    for a, b in adjacency:
        if a not in known or b not in known:
            missing = a if a not in known else b
            problems.append(f"adjacency ({a}, {b}) names unknown circle '{missing}'")
            continue
        if a == b:
            problems.append(f"adjacency ({a}, {b}) joins a circle to itself")
            continue
        if b in neighbours[a]:
            problems.append(f"adjacency ({a}, {b}) is listed twice")
        neighbours[a].add(b)
        neighbours[b].add(a)
        line = LineString([positions[a], positions[b]])
        if any(line.intersects(wall) for wall in walls):
            problems.append(f"adjacency ({a}, {b}) crosses or touches a wall")
    lonely = [c for c, near in neighbours.items() if not near]
    if lonely:
        problems.append(f"circles with no adjacent circle: {', '.join(lonely[:10])}")
    elif circle_ids and not problems:
        reached = _reachable(circle_ids[0], neighbours)
        if len(reached) != len(circle_ids):
            cut = sorted(set(circle_ids) - reached)
            problems.append(f"circles cut off from the rest of the map: {', '.join(cut[:10])}")
    for feature in features:
        if feature.x > width or feature.y > height:
            problems.append(f"feature '{feature.id}' lies outside the map's width and height")
        if len(set(feature.adjacent)) != len(feature.adjacent):
            problems.append(f"feature '{feature.id}' lists an adjacent circle twice")
        for circle_id in feature.adjacent:
            if circle_id not in known:
                problems.append(f"feature '{feature.id}' is next to unknown '{circle_id}'")
                continue
            line = LineString([(feature.x, feature.y), positions[circle_id]])
            if any(line.intersects(wall) for wall in walls):
                problems.append(f"feature '{feature.id}' reaches '{circle_id}' through a wall")
    drawn = [p for w in walls_def for p in w.points] + [p for d in doors for p in (d.a, d.b)]
    if any(x > width or y > height for x, y in drawn):
        problems.append("a wall or door lies outside the map's width and height")
    names = [c.entry for c in circles if c.entry is not None]
    if len(set(names)) != len(names):
        problems.append("two entry points share a name")
    if sum(1 for c in circles if c.entry is not None) < 2:
        problems.append("a map needs at least 2 entry points (circles with 'entry')")
    return tuple(problems)


def _duplicates(kind: str, ids: list[str], problems: list[str]) -> None:
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            problems.append(f"{kind} id '{ident}' is used twice")
        seen.add(ident)


def _reachable(start: str, neighbours: dict[str, set[str]]) -> set[str]:
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in neighbours[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen
