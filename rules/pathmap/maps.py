"""The parts of a circle-and-path map that carry no game's rules: drawing coordinates,
coloured paths, and the walls and doors drawn on the map."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from rules.core.content import Colour, ContentModel, Ident, Name

Coordinate = Annotated[float, Field(ge=0, le=4000)]
Point = tuple[Coordinate, Coordinate]


class PathDef(ContentModel):
    id: Ident
    name: Name
    colour: Colour


class WallDef(ContentModel):
    """A wall drawn as a polyline; adjacency lines may not cross it."""

    points: tuple[Point, ...] = Field(min_length=2, max_length=64)


class DoorDef(ContentModel):
    """A decorative door between two points; it does not change adjacency."""

    a: Point
    b: Point
