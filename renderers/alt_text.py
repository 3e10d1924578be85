"""The words that go with a board picture for people who cannot see it: Discord shows them
as the attachment's description to screen readers (at most :data:`LIMIT` characters).

Each kind of scene says what a sighted player reads first: the title and caption, then
every side with its pieces and where they stand (squares players type, circles by name,
units by label), and what lies face down."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel

from rules.core.track import TrackScene
from rules.geometry.scene import SceneCounter, SceneUnit, TableScene
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


_SUMMARIES: dict[type[BaseModel], Callable[[Any], str]] = {
    TrackScene: _track,
    GridScene: _grid,
    TableScene: _table,
    CircleMapScene: _circles,
}
