"""What a picture of a circle-and-path board shows, independent of any one game.

A system turns its public view into a :class:`CircleMapScene`; the circle-map renderer
draws the scene and nothing else, so whatever a scene leaves out cannot appear in the
picture. Positions are the map's own drawing coordinates.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.pathmap.maps import DoorDef, PathDef, WallDef


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Badge(Frozen):
    """A short badge such as ``C+2``, green when it ``helps`` and red when it hinders."""

    text: str
    helps: bool


class SceneCircle(Frozen):
    """A movement circle on its ``paths``; ``entry`` names it as an entry point."""

    id: str
    x: float
    y: float
    paths: tuple[str, ...]
    entry: str | None = None
    modifier: Badge | None = None


class SceneFeature(Frozen):
    """An Objective (primary or secondary) or Action circle next to ``adjacent`` circles."""

    id: str
    kind: Literal["objective", "action"]
    x: float
    y: float
    adjacent: tuple[str, ...]
    grade: Literal["primary", "secondary"] | None = None
    label: str | None = None


class SceneMap(Frozen):
    """The board: circles on coloured paths, the lines between neighbours, features,
    walls and doors."""

    paths: tuple[PathDef, ...]
    circles: tuple[SceneCircle, ...]
    adjacency: tuple[tuple[str, str], ...]
    features: tuple[SceneFeature, ...] = ()
    walls: tuple[WallDef, ...] = ()
    doors: tuple[DoorDef, ...] = ()


class SceneSide(Frozen):
    """A player's side: its colour (``#rrggbb``), points to spend and entry circles."""

    seat: str
    label: str
    faction_name: str | None = None
    colour: str
    command_points: int = 0
    entry_points: tuple[str, ...] = ()


class SceneToken(Frozen):
    """A character: ``circle`` is None before it enters and after it dies; its health
    row ``row`` counts from 0 (the top row) to ``rows - 1`` (the last)."""

    seat: str
    name: str
    short: str
    circle: str | None
    row: int
    rows: int
    dead: bool = False
    activated: bool = False
    overwatch: bool = False
    active: bool = False


class SceneSmoke(Frozen):
    """A smoke cloud centred on ``circle`` with the turns it has left."""

    circle: str
    turns_left: int


class SceneTrail(Frozen):
    """What the latest activation did, for its close-up: the circles its character
    walked (from where it started), a line from each attacker's circle to its target's,
    and the circles blasts landed on; ``seat`` is the acting side's."""

    seat: str | None = None
    route: tuple[str, ...] = ()
    shots: tuple[tuple[str, str], ...] = ()
    blasts: tuple[str, ...] = ()


class MapKey(Frozen):
    """How the key under the map explains modifier badges: samples and a line of text."""

    badges: tuple[Badge, ...] = ()
    text: str = ""


class CircleMapScene(Frozen):
    """Everything one picture of a circle-and-path board shows.

    ``smoky_circles`` are covered by smoke; ``crates`` are features with a crate still on
    them; ``ground`` counts the items lying on a circle.
    """

    title: str
    phase: str
    turn: int = 0
    map: SceneMap | None = None
    key: MapKey = MapKey()
    sides: tuple[SceneSide, ...] = ()
    tokens: tuple[SceneToken, ...] = ()
    crates: tuple[str, ...] = ()
    smoke: tuple[SceneSmoke, ...] = ()
    smoky_circles: tuple[str, ...] = ()
    rubble: tuple[str, ...] = ()
    ground: dict[str, int] = {}
    initiative: str | None = None
    first_activator: str | None = None  # when another seat than initiative's moves first
    finished: bool = False
    winners: tuple[str, ...] = ()
    trail: SceneTrail = SceneTrail()
