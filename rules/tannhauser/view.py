"""What a viewer may see of a Tannhäuser game; the board picture is drawn from this alone.

Crate contents, secret picks and unrevealed packs are never part of a public view; a
seat's view adds only what that seat itself knows.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.tannhauser.content.maps import MapDef


class FrozenView(BaseModel):
    model_config = ConfigDict(frozen=True)


class SideView(FrozenView):
    seat: str
    label: str
    faction: str | None = None
    faction_name: str | None = None
    colour: str = "#777777"
    command_points: int = 0
    entry_points: tuple[str, ...] = ()


class TokenView(FrozenView):
    """A character in the game. ``circle`` is None before it enters and after it dies;
    ``row`` counts from 0 (the top row) to ``rows - 1`` (the last)."""

    key: str
    seat: str
    character: str
    name: str
    short: str
    kind: str
    circle: str | None
    row: int
    rows: int
    dead: bool = False
    activated: bool = False
    overwatch: bool = False
    active: bool = False
    equipment: tuple[str, ...] = ()
    values: tuple[int | None, int | None, int | None, int] = (0, 0, 0, 0)


class SmokeView(FrozenView):
    circle: str
    turns_left: int


class TrailView(FrozenView):
    """Where the current activation walked, attacked and threw (circle ids), and whose
    activation it is."""

    seat: str | None = None
    route: tuple[str, ...] = ()
    shots: tuple[tuple[str, str], ...] = ()
    blasts: tuple[str, ...] = ()


class TannhauserView(FrozenView):
    phase: str
    turn: int = 0
    map: MapDef | None = None
    sides: tuple[SideView, ...] = ()
    tokens: tuple[TokenView, ...] = ()
    crates: tuple[str, ...] = ()
    smoke: tuple[SmokeView, ...] = ()
    smoky_circles: tuple[str, ...] = ()
    rubble: tuple[str, ...] = ()
    ground: dict[str, tuple[str, ...]] = {}
    initiative: str | None = None
    first_activator: str | None = None  # on turn 1 only: the entry-roll winner
    finished: bool = False
    winners: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    trail: TrailView = TrailView()
