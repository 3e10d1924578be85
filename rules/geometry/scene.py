"""What a picture of a measured table shows, independent of any one game.

A system turns its public view into a :class:`TableScene`; the table renderer draws the
scene and nothing else, so whatever a scene leaves out cannot appear in the picture.

Positions and lengths are whole hundredths of an inch with the origin at the table's
top-left corner, x to the right and y downwards (the convention of ``rules.geometry``).
Facings are compass degrees: 0 points up the table (towards y = 0), 90 to the right.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.language import Language
from rules.geometry.pieces import Height, Terrain
from rules.geometry.units import PER_INCH

# Far enough off the table for anything a system may place beside it; the picture clips.
Coordinate = Annotated[int, Field(ge=-100 * PER_INCH, le=400 * PER_INCH)]
Point = tuple[Coordinate, Coordinate]
Polygon = Annotated[tuple[Point, ...], Field(min_length=3, max_length=64)]
Ident = Annotated[str, Field(min_length=1, max_length=40)]

SEAT_COLOURS = 8


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SceneSeat(Frozen):
    """A player's side: ``colour`` picks one of the eight seat colours (0-7)."""

    id: Ident
    name: str = Field(max_length=60)
    colour: int = Field(ge=0, lt=SEAT_COLOURS)


class SceneArea(Frozen):
    """A terrain area: a polygon with its classes, height class and Dangerous X."""

    id: Ident
    label: str = Field(default="", max_length=40)
    points: Polygon
    classes: tuple[Terrain, ...] = Field(min_length=1, max_length=8)
    height: Height = Height.FLAT
    dangerous: int | None = Field(default=None, ge=1, le=99)

    @model_validator(mode="after")
    def _roll_only_when_dangerous(self) -> SceneArea:
        if self.dangerous is not None and Terrain.DANGEROUS not in self.classes:
            raise ValueError(f"area '{self.id}' has a Dangerous roll but not the dangerous class")
        return self


class SceneZone(Frozen):
    """A deployment zone (or any marked region): a seat's, or neutral when ``seat`` is None."""

    seat: str | None = None
    label: str = Field(default="", max_length=40)
    points: Polygon


class SceneObjective(Frozen):
    """An objective at (x, y). A ``face_down`` counter is drawn like every other face-down
    counter: its label, score, owner and kind are never shown."""

    id: Ident
    label: str = Field(default="", max_length=16)
    x: Coordinate
    y: Coordinate
    radius: int = Field(default=79, ge=1, le=24 * PER_INCH)
    kind: Literal["marker", "terrain"] = "marker"
    score: str = Field(default="", max_length=8)
    owner: str | None = None
    face_down: bool = False


class SceneBarrier(Frozen):
    """A terrain piece laid as a line (a fence, a wall, a wagon): its ``points`` in order,
    its height class and a ``label`` written beside it."""

    id: Ident
    label: str = Field(default="", max_length=40)
    points: tuple[Point, ...] = Field(min_length=2, max_length=64)
    height: Height = Height.LOW


class SceneCounter(Frozen):
    """A counter standing in for a piece whose identity is hidden (a hidden-movement
    marker). It is drawn plain, in its seat's colour when ``seat`` is given, with only its
    public ``label``: every counter of a seat looks alike, whatever it hides."""

    id: Ident
    label: str = Field(default="", max_length=6)
    x: Coordinate
    y: Coordinate
    radius: int = Field(ge=1, le=10 * PER_INCH)
    seat: str | None = None


class SceneMark(Frozen):
    """What one code of the units' ``marks`` means, for the key (``Sh``: shaken)."""

    code: str = Field(min_length=1, max_length=6, pattern=r"^\S+$")
    meaning: str = Field(min_length=1, max_length=40)


class SceneModel(Frozen):
    """One model's base: centre and radius in hundredths, and its height class."""

    x: Coordinate
    y: Coordinate
    radius: int = Field(ge=1, le=10 * PER_INCH)
    height: Height = Height.MAN


class SceneUnit(Frozen):
    """A unit on the table and the markers a player needs to read at a glance.

    ``label`` is a short code (``AW1``); ``wounds`` a short note such as ``T2``; ``marks``
    a short note of the unit's state the caption explains (an order taken, ``Hd``), or
    codes parted by spaces that the scene's ``mark_key`` explains (``Cl Sh``);
    ``facing`` (degrees) draws a front notch on each base; ``embarked`` counts models
    carried inside; ``smoke`` hangs a cloud round its bases; ``tether`` joins its
    models' bases with lines so that a loose unit reads as one.
    """

    id: Ident
    label: str = Field(min_length=1, max_length=6)
    seat: str
    models: tuple[SceneModel, ...] = Field(min_length=1, max_length=100)
    suppression: int = Field(default=0, ge=0, le=99)
    activated: bool = False
    defending: bool = False
    active: bool = False
    wounds: str = Field(default="", max_length=6)
    marks: str = Field(default="", max_length=16)
    facing: int | None = Field(default=None, ge=-360, le=360)
    embarked: int | None = Field(default=None, ge=0, le=99)
    smoke: bool = False
    tether: bool = False


class SceneMeasure(Frozen):
    """A line on the table: a measured ``distance``, a ``sight`` line, a ``blocked`` sight
    line, or a move or charge ``path`` (through ``via`` when it bends)."""

    kind: Literal["distance", "sight", "blocked", "path"]
    start: Point
    end: Point
    via: tuple[Point, ...] = Field(default=(), max_length=16)
    label: str = Field(default="", max_length=16)

    @property
    def points(self) -> tuple[Point, ...]:
        return (self.start, *self.via, self.end)


class TableScene(Frozen):
    """Everything one picture of a measured table shows; 72 by 48 inches by default.

    ``mark_key`` says what the codes in the units' ``marks`` mean; without it the key
    points to the caption for them. ``language`` is the language of the key's own words
    (headings, terrain, markers: ``renderers/table/key_words.py``); the scene's other
    words come in it already."""

    width: int = Field(default=72 * PER_INCH, ge=6 * PER_INCH, le=240 * PER_INCH)
    depth: int = Field(default=48 * PER_INCH, ge=6 * PER_INCH, le=240 * PER_INCH)
    title: str = Field(default="", max_length=100)
    caption: tuple[Annotated[str, Field(max_length=100)], ...] = Field(default=(), max_length=4)
    seats: tuple[SceneSeat, ...] = Field(default=(), max_length=SEAT_COLOURS)
    areas: tuple[SceneArea, ...] = Field(default=(), max_length=200)
    zones: tuple[SceneZone, ...] = Field(default=(), max_length=16)
    objectives: tuple[SceneObjective, ...] = Field(default=(), max_length=60)
    units: tuple[SceneUnit, ...] = Field(default=(), max_length=200)
    measures: tuple[SceneMeasure, ...] = Field(default=(), max_length=24)
    barriers: tuple[SceneBarrier, ...] = Field(default=(), max_length=80)
    counters: tuple[SceneCounter, ...] = Field(default=(), max_length=60)
    mark_key: tuple[SceneMark, ...] = Field(default=(), max_length=16)
    language: Language = Language.ENGLISH

    @model_validator(mode="after")
    def _consistent(self) -> TableScene:
        for kind, ids in (
            ("seat", (s.id for s in self.seats)),
            ("area", (a.id for a in self.areas)),
            ("objective", (o.id for o in self.objectives)),
            ("unit", (u.id for u in self.units)),
            ("barrier", (b.id for b in self.barriers)),
            ("counter", (c.id for c in self.counters)),
            ("mark code", (m.code for m in self.mark_key)),
        ):
            _distinct(kind, ids)
        seats = {s.id for s in self.seats}
        for unit in self.units:
            if unit.seat not in seats:
                raise ValueError(f"unit '{unit.id}' belongs to unknown seat '{unit.seat}'")
        for zone in self.zones:
            if zone.seat is not None and zone.seat not in seats:
                raise ValueError(f"zone '{zone.label}' belongs to unknown seat '{zone.seat}'")
        for counter in self.counters:
            if counter.seat is not None and counter.seat not in seats:
                raise ValueError(f"counter '{counter.id}' belongs to unknown seat '{counter.seat}'")
        for objective in self.objectives:
            if objective.owner is not None and objective.owner not in seats:
                raise ValueError(
                    f"objective '{objective.id}' is held by unknown seat '{objective.owner}'"
                )
        return self

    def seat(self, seat_id: str | None) -> SceneSeat | None:
        return next((s for s in self.seats if s.id == seat_id), None)


def _distinct(kind: str, ids: Iterable[str]) -> None:
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            raise ValueError(f"two {kind}s share the id '{ident}'")
        seen.add(ident)
