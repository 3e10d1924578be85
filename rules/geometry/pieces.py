"""What stands on a measured table: model bases, units, terrain areas and the table itself.

Heights are classes, not measurements: a model or area blocks sight to what is no taller
than itself.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from functools import cached_property, lru_cache

from pydantic import BaseModel, ConfigDict, Field, model_validator
from shapely import Polygon
from shapely.geometry import Point as ShapelyPoint

from rules.geometry.units import PER_INCH


class Height(IntEnum):
    FLAT = 0  # no height at all: markers, open ground
    LOW = 1  # knee height: barricades, low walls, crawling beasts
    MAN = 2  # a standing figure
    TALL = 3  # vehicles, monsters, single-storey buildings
    TOWERING = 4  # multi-storey buildings, cliffs


class Terrain(StrEnum):
    CLEAR = "clear"
    DIFFICULT = "difficult"
    DANGEROUS = "dangerous"
    IMPASSABLE = "impassable"
    CONCEALMENT = "concealment"
    COVER = "cover"
    BUILDING = "building"
    RUINS = "ruins"


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


@lru_cache(maxsize=8192)
def _disc(x: int, y: int, radius: int) -> Polygon:
    # shapely geometries are immutable, so one disc serves every base at the same spot
    return ShapelyPoint(x, y).buffer(radius, quad_segs=8)


@lru_cache(maxsize=1024)
def _outline(points: tuple[tuple[int, int], ...]) -> Polygon:
    # the same table is loaded with every position of a game: its areas' polygons are
    # made once (shapely geometries are immutable)
    return Polygon(points)


class Model(Frozen):
    """One miniature: a round base at (x, y) in hundredths, ``radius`` in hundredths."""

    id: str = Field(min_length=1, max_length=40)
    x: int
    y: int
    radius: int = Field(ge=1, le=10 * PER_INCH)
    height: Height = Height.MAN

    def at(self, x: int, y: int) -> Model:
        return self.model_copy(update={"x": x, "y": y})

    @property
    def centre(self) -> tuple[int, int]:
        return self.x, self.y

    def shape(self) -> Polygon:
        """The base as a shapely disc (a 32-sided polygon)."""
        return _disc(self.x, self.y, self.radius)


class Unit(Frozen):
    id: str = Field(min_length=1, max_length=40)
    side: str = ""
    models: tuple[Model, ...] = Field(min_length=1, max_length=60)

    @model_validator(mode="after")
    def _distinct(self) -> Unit:
        ids = [m.id for m in self.models]
        if len(set(ids)) != len(ids):
            raise ValueError("model ids within a unit must differ")
        return self

    @property
    def height(self) -> Height:
        return max(m.height for m in self.models)


class Area(Frozen):
    """A terrain area: a polygon with one or more classes and a height class.

    ``dangerous`` is the roll that harms a model (the X of "Dangerous Terrain X").
    """

    id: str = Field(min_length=1, max_length=40)
    points: tuple[tuple[int, int], ...] = Field(min_length=3, max_length=64)
    classes: tuple[Terrain, ...] = Field(min_length=1)
    height: Height = Height.FLAT
    dangerous: int | None = Field(default=None, ge=1, le=11)

    @model_validator(mode="after")
    def _valid(self) -> Area:
        if not Polygon(self.points).is_valid:
            raise ValueError(f"area '{self.id}' is not a simple polygon (its edges cross)")
        if (Terrain.DANGEROUS in self.classes) != (self.dangerous is not None):
            raise ValueError("a dangerous area needs its roll (dangerous: X) and only it")
        return self

    @cached_property
    def polygon(self) -> Polygon:
        return _outline(self.points)

    def has(self, kind: Terrain) -> bool:
        return kind in self.classes

    @property
    def blocks_movement(self) -> bool:
        return self.has(Terrain.IMPASSABLE) or self.has(Terrain.BUILDING)


class Table(Frozen):
    """The playing surface; 72 by 48 inches unless said otherwise."""

    width: int = Field(default=72 * PER_INCH, ge=12 * PER_INCH, le=240 * PER_INCH)
    depth: int = Field(default=48 * PER_INCH, ge=12 * PER_INCH, le=240 * PER_INCH)
    areas: tuple[Area, ...] = Field(default=(), max_length=200)

    def contains(self, model: Model) -> bool:
        """Whether the whole base lies on the table."""
        r = model.radius
        return r <= model.x <= self.width - r and r <= model.y <= self.depth - r
