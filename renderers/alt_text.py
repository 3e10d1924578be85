"""The words that go with a board picture for people who cannot see it: Discord shows them
as the attachment's description to screen readers (at most :data:`LIMIT` characters).

Each kind of scene says what a sighted player reads first: the title and caption, then
every side with its pieces and where they stand (squares players type, circles by name,
units by label), and what lies face down."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel

from renderers.table.closeup import region as closeup_region
from rules.core.track import TrackScene
from rules.geometry.scene import SceneCounter, SceneUnit, TableScene
from rules.geometry.units import PER_INCH
from rules.grid.scene import GridScene
from rules.grid.squares import column_letters
from rules.pathmap.scene import CircleMapScene

LIMIT = 1024
"""Discord's longest attachment description."""


def alt_text(scene: BaseModel | None) -> str | None:
    """What ``scene`` shows, in words; None when there is no picture or no summary of its
    kind."""
    if scene is None:
        return None
    summary = _SUMMARIES.get(type(scene))
    if summary is None:
        return None
    text = summary(scene)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def closeup_alt_text(scene: BaseModel | None) -> str | None:
    """What the close-up of ``scene`` shows, in words: the action it frames and the
    pieces in it; None when there is no close-up summary of its kind."""
    if scene is None:
        return None
    summary = _CLOSEUPS.get(type(scene))
    if summary is None:
        return None
    text = "Close-up of the latest action: " + summary(scene)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


_MEASURED = {
    "distance": "distance",
    "sight": "line of sight",
    "blocked": "blocked sight",
    "path": "move",
}


def _table_closeup(scene: TableScene) -> str:
    parts = []
    acting = [u.label for u in scene.units if u.active]
    if acting:
        parts.append(f"{', '.join(acting)} acting.")
    lines = [
        f"{_MEASURED[m.kind]} {m.label}".strip() if m.label else _MEASURED[m.kind]
        for m in scene.measures
    ]
    if lines:
        parts.append(f"Measured: {', '.join(lines)}.")
    part = closeup_region(scene)
    if part is not None:
        shown = [
            _table_unit(scene, u)
            for u in scene.units
            if any(part.x0 <= m.x <= part.x1 and part.y0 <= m.y <= part.y1 for m in u.models)
        ]
        if shown:
            parts.append(f"In view: {', '.join(shown)}.")
        inches = [round(v / PER_INCH) for v in (part.x0, part.y0, part.x1, part.y1)]
        parts.append("From {},{} to {},{} inches.".format(*inches))
    return " ".join(parts)


def _circles_closeup(scene: CircleMapScene) -> str:
    trail = scene.trail
    side = next((s.label for s in scene.sides if s.seat == trail.seat), None)
    on = {t.circle: t.short for t in scene.tokens if t.circle is not None and not t.dead}
    parts = [f"{side}'s activation." if side else ""]
    if len(trail.route) > 1:
        parts.append(f"Walked {', '.join(trail.route)}.")
    for start, end in dict.fromkeys(trail.shots):
        at = f" ({on[end]})" if end in on else ""
        parts.append(f"Attack from {start} at {end}{at}.")
    if trail.blasts:
        parts.append(f"Burst on {', '.join(dict.fromkeys(trail.blasts))}.")
    return " ".join(p for p in parts if p)


def _grid_closeup(scene: GridScene) -> str:
    parts = []
    for route in scene.routes:
        seat = scene.seat(route.seat)
        steps = " to ".join(_square(s) for s in (route.squares[0], route.squares[-1]))
        parts.append(f"{seat.name if seat else route.seat} walked {steps}.")
    parts += [f"{t.label} acting on {_square(t.square)}." for t in scene.tokens if t.active]
    for sight in scene.sights:
        label = f" ({sight.label})" if sight.label else ""
        parts.append(f"Line of fire {_square(sight.start)} to {_square(sight.end)}{label}.")
    return " ".join(parts)


def _square(square: tuple[int, int]) -> str:
    return f"{column_letters(square[0])}{square[1] + 1}"


def _opening(title: str, caption: Iterable[str]) -> list[str]:
    return [line.rstrip(".") + "." for line in (title, *caption) if line.strip()]


def _grid(scene: GridScene) -> str:
    parts = _opening(scene.title, scene.caption)
    levels = scene.level_count
    for seat in scene.seats:
        pieces = []
        for token in scene.tokens:
            if token.seat != seat.id:
                continue
            column, row = token.square
            where = f"{column_letters(column)}{row + 1}"
            if levels > 1 and token.level:
                where += f"@{token.level}"
            state = " (dead)" if token.dead else ""
            pieces.append(f"{token.label} on {where}{state}")
        if pieces:
            parts.append(f"{seat.name}: {', '.join(pieces)}.")
    if scene.markers:
        count = len(scene.markers)
        parts.append(f"{count} face-down marker{'s' if count != 1 else ''}.")
    if levels > 1:
        names = ", ".join(scene.level_name(i) or f"level {i}" for i in range(levels))
        parts.append(f"Levels side by side: {names}.")
    return " ".join(parts)


def _table(scene: TableScene) -> str:
    parts = _opening(scene.title, scene.caption)
    for seat in scene.seats:
        units = [_table_unit(scene, u) for u in scene.units if u.seat == seat.id]
        units += [_counter(c) for c in scene.counters if c.seat == seat.id]
        if units:
            parts.append(f"{seat.name}: {', '.join(units)}.")
    unowned = [_counter(c) for c in scene.counters if scene.seat(c.seat) is None]
    if unowned:
        said = ", ".join(unowned)
        parts.append(f"{said[:1].upper()}{said[1:]}.")
    if scene.objectives:
        parts.append(f"{len(scene.objectives)} objective markers.")
    return " ".join(parts)


def _counter(counter: SceneCounter) -> str:
    return f"marker {counter.label or counter.id} (a hidden unit)"


def _table_unit(scene: TableScene, unit: SceneUnit) -> str:
    """``B4 (6 models, must reload, in smoke)``: the marks the key explains, in words."""
    notes = [f"{len(unit.models)} model{'s' if len(unit.models) != 1 else ''}"]
    meanings = {mark.code: mark.meaning.lower() for mark in scene.mark_key}
    if meanings:
        notes += [meanings.get(code, code) for code in unit.marks.split()]
    if unit.smoke:
        notes.append("in smoke")
    return f"{unit.label} ({', '.join(notes)})"


def _circles(scene: CircleMapScene) -> str:
    parts = _opening(scene.title, ())
    turn = f", turn {scene.turn}" if scene.turn else ""
    parts.append(f"{scene.phase}{turn}.")
    for side in scene.sides:
        pieces = []
        for token in scene.tokens:
            if token.seat != side.seat:
                continue
            if token.dead:
                pieces.append(f"{token.short} dead")
            elif token.circle is None:
                pieces.append(f"{token.short} not on the map")
            else:
                health = f"health row {token.row + 1} of {token.rows}"
                pieces.append(f"{token.short} on {token.circle} ({health})")
        if pieces:
            parts.append(f"{side.label}: {', '.join(pieces)}.")
    if scene.smoke:
        parts.append("Smoke on " + ", ".join(s.circle for s in scene.smoke) + ".")
    return " ".join(parts)


def _track(scene: TrackScene) -> str:
    lanes = ", ".join(f"{lane.label} on square {lane.position}" for lane in scene.lanes)
    return " ".join([*_opening(scene.title, ()), f"Goal {scene.goal}: {lanes}."])


_CLOSEUPS: dict[type[BaseModel], Callable[[Any], str]] = {
    GridScene: _grid_closeup,
    TableScene: _table_closeup,
    CircleMapScene: _circles_closeup,
}
_SUMMARIES: dict[type[BaseModel], Callable[[Any], str]] = {
    TrackScene: _track,
    GridScene: _grid,
    TableScene: _table,
    CircleMapScene: _circles,
}
