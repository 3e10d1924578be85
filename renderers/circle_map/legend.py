"""The panel under the map's key: turn and phase, initiative, each side with its Command
Points and the characters not on the board in the left column, the paths in the right."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.circle_map import icons
from renderers.circle_map.layout import Layout, Point
from renderers.circle_map.palette import (
    BANNER,
    HINDERS,
    INK,
    MAP_EDGE,
    SOFT_INK,
    ink_on,
    rgb,
)
from renderers.colour import Colour
from renderers.lettering import label, shorten, width, wrap
from rules.pathmap.scene import CircleMapScene, SceneSide, SceneToken

PADDING = 16


@dataclass
class Pen:
    """Writes the legend top to bottom; ``y`` is the next free line (drawing units).

    A pen that is not ``live`` only advances, which is how the legend is measured.
    """

    draw: ImageDraw.ImageDraw
    lay: Layout
    left: float
    right: float
    y: float
    live: bool

    def u(self, pixels: float) -> float:
        return self.lay.u(pixels)

    def label(
        self,
        xy: Point,
        text: str,
        size: int,
        colour: Colour = INK,
        *,
        anchor: str = "la",
        bold: bool = False,
    ) -> None:
        if self.live:
            label(self.draw, xy, text, size, colour, anchor=anchor, bold=bold)

    def text(self, text: str, size: float, colour: Colour = INK, *, bold: bool = False) -> None:
        fs = self.lay.fs(size)
        for line in wrap(text, self.right - self.left, fs):
            self.label((self.left, self.y), line, fs, colour, bold=bold)
            self.y += fs * 1.22

    def gap(self, pixels: float) -> None:
        self.y += self.u(pixels)

    def rule(self) -> None:
        self.gap(6)
        if self.live:
            self.draw.line(
                (self.left, self.y, self.right, self.y), fill=MAP_EDGE, width=self.lay.w(1.5)
            )
        self.gap(10)


def measure_legend(lay: Layout, scene: CircleMapScene) -> float:
    """The height (output pixels) the legend needs."""
    return _legend(ImageDraw.Draw(Image.new("RGB", (1, 1))), lay, scene, live=False)


def draw_legend(draw: ImageDraw.ImageDraw, lay: Layout, scene: CircleMapScene) -> float:
    """Draw the legend in ``lay.legend_box``; returns the height it used (output pixels)."""
    return _legend(draw, lay, scene, live=True)


def _legend(draw: ImageDraw.ImageDraw, lay: Layout, scene: CircleMapScene, live: bool) -> float:
    x0, y0, x1, _ = lay.legend_box
    middle = (x0 + x1) / 2
    pen = Pen(
        draw, lay, x0 + lay.u(PADDING), middle - lay.u(PADDING / 2), y0 + lay.u(PADDING), live
    )
    pen.text(scene.title, 26, bold=True)
    pen.gap(2)
    phase = scene.phase.replace("_", " ").strip().capitalize() or "-"
    pen.text(f"Turn {scene.turn} - {phase}" if scene.turn else phase, 22, bold=True)
    sides = {side.seat: side for side in scene.sides}
    if scene.initiative is not None:
        side = sides.get(scene.initiative)
        _swatched(pen, "Initiative: " + (side.label if side else scene.initiative), side, 19)
    first = scene.first_activator
    if first is not None and first != scene.initiative:
        side = sides.get(first)
        _swatched(pen, "Activates first: " + (side.label if side else first), side, 19)
    pen.rule()
    for side in scene.sides:
        _side(pen, side, [t for t in scene.tokens if t.seat == side.seat])
    right = Pen(
        draw, lay, middle + lay.u(PADDING / 2), x1 - lay.u(PADDING), y0 + lay.u(PADDING), live
    )
    if scene.map is not None:
        _paths(right, scene)
    return (max(pen.y, right.y) - y0) / lay.ss + PADDING


def _swatched(pen: Pen, text: str, side: SceneSide | None, size: float) -> None:
    """A line of bold text after a disc in the side's colour."""
    fs = pen.lay.fs(size)
    middle = pen.y + fs * 0.6
    r = pen.u(12 * size / 22)
    if side is not None and pen.live:
        x = pen.left + r
        pen.draw.ellipse(
            (x - r, middle - r, x + r, middle + r),
            fill=rgb(side.colour),
            outline=INK,
            width=pen.lay.w(2),
        )
    room = pen.right - pen.left - 2 * r - pen.u(8)
    start = (pen.left + 2 * r + pen.u(8), middle)
    pen.label(start, shorten(text, room, fs), fs, anchor="lm", bold=True)
    pen.y += fs * 1.3


def _side(pen: Pen, side: SceneSide, tokens: list[SceneToken]) -> None:
    fs = pen.lay.fs(22)
    cp = f"CP {side.command_points}"
    cp_width = icons.badge_size(cp, fs)[0]
    if pen.live:
        middle = (pen.right - cp_width / 2, pen.y + fs * 0.6)
        colour = rgb(side.colour)
        icons.badge(pen.draw, middle, cp, fs, colour, ink=ink_on(colour))
    right = pen.right
    pen.right -= cp_width + pen.u(8)
    _swatched(pen, side.label, side, 22)
    pen.right = right
    if side.faction_name:
        pen.text(side.faction_name, 18, SOFT_INK)
    waiting = [t for t in tokens if not t.dead and t.circle is None]
    dead = [t for t in tokens if t.dead]
    if waiting:
        pen.text("waiting: " + ", ".join(_who(t) for t in waiting), 17)
    if dead:
        pen.text("dead: " + ", ".join(_who(t) for t in dead), 17, HINDERS)
    pen.gap(8)


def _who(token: SceneToken) -> str:
    if token.short.casefold() == token.name.casefold():
        return token.name
    return f"{token.name} ({token.short})"


def _paths(pen: Pen, scene: CircleMapScene) -> None:
    if scene.map is None:
        return
    pen.text("Paths", 19, bold=True)
    paths = scene.map.paths
    fs = pen.lay.fs(18)
    r = pen.u(10)
    # Two columns when every name fits in one, else one path a line.
    half = (pen.right - pen.left) / 2 - 2 * r - pen.u(14)
    columns = 2 if len(paths) > 3 and all(width(p.name, fs) <= half for p in paths) else 1
    column_width = (pen.right - pen.left) / columns
    line = fs * 1.35
    for index, path in enumerate(paths):
        x = pen.left + (index % columns) * column_width
        y = pen.y + (index // columns) * line + line / 2
        if pen.live:
            pen.draw.ellipse(
                (x, y - r, x + 2 * r, y + r),
                fill=rgb(path.colour),
                outline=INK,
                width=pen.lay.w(2),
            )
        room = column_width - 2 * r - pen.u(14)
        pen.label((x + 2 * r + pen.u(8), y), shorten(path.name, room, fs), fs, anchor="lm")
    pen.y += line * ((len(paths) + columns - 1) // columns) + pen.u(4)


def draw_banner(draw: ImageDraw.ImageDraw, lay: Layout, scene: CircleMapScene) -> None:
    """The end-of-game banner across the top of the picture."""
    if lay.banner_box is None:
        return
    x0, y0, x1, y1 = lay.banner_box
    draw.rounded_rectangle(
        lay.banner_box, radius=lay.u(12), fill=BANNER, outline=INK, width=lay.w(3)
    )
    sides = {side.seat: side for side in scene.sides}
    names = [sides[seat].label if seat in sides else seat for seat in scene.winners]
    if not names:
        text = "Game over - a draw"
    elif len(names) == 1:
        text = f"Game over - {names[0]} wins"
    else:
        text = "Game over - " + ", ".join(names[:-1]) + f" and {names[-1]} win"
    fs = lay.fs(36)
    shown = shorten(text, x1 - x0 - lay.u(40), fs)
    label(draw, ((x0 + x1) / 2, (y0 + y1) / 2), shown, fs, INK, bold=True)
