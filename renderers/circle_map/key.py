"""The key under the map: what the modifier badges and every marker mean."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from renderers.circle_map import icons, trail
from renderers.circle_map.layout import KEY_COLUMNS, KEY_ROW, Layout, Point
from renderers.circle_map.palette import (
    ACTION,
    HELPS,
    HIGHLIGHT,
    HINDERS,
    INK,
    PRIMARY,
    SECONDARY,
    SMOKE,
    SOFT_INK,
    WHITE,
)
from renderers.colour import Colour
from renderers.lettering import label, shorten
from rules.pathmap.scene import CircleMapScene, MapKey

NO_SCENE = CircleMapScene(title="", phase="")  # a route sample in no side's colour

PADDING = 14

Sample = Callable[[ImageDraw.ImageDraw, Layout, Point], None]


def key_height() -> float:
    """Output pixels the key needs: its heading line and the rows of samples."""
    rows = -(-len(SAMPLES) // KEY_COLUMNS)
    return 2 * PADDING + KEY_ROW * (1 + rows)


def draw_key(draw: ImageDraw.ImageDraw, lay: Layout, key: MapKey) -> None:
    x0, y0, x1, _ = lay.key_box
    left, right = x0 + lay.u(PADDING), x1 - lay.u(PADDING)
    y = y0 + lay.u(PADDING) + lay.u(KEY_ROW) / 2
    label(draw, (left, y), "Key", lay.fs(19), INK, anchor="lm", bold=True)
    x = left + lay.u(52)
    fs = lay.fs(16)
    for badge in key.badges:
        span = icons.badge_size(badge.text, fs)[0]
        icons.badge(draw, (x + span / 2, y), badge.text, fs, HELPS if badge.helps else HINDERS)
        x += span + lay.u(8)
    small = lay.fs(15)
    label(
        draw, (x + lay.u(4), y), shorten(key.text, right - x, small), small, SOFT_INK, anchor="lm"
    )
    top = y + lay.u(KEY_ROW) / 2
    column = (right - left) / KEY_COLUMNS
    for index, (text, sample) in enumerate(SAMPLES):
        cx = left + (index % KEY_COLUMNS) * column
        cy = top + (index // KEY_COLUMNS) * lay.u(KEY_ROW) + lay.u(KEY_ROW) / 2
        sample(draw, lay, (cx + lay.u(15), cy))
        room = column - lay.u(40)
        label(draw, (cx + lay.u(34), cy), shorten(text, room, small), small, INK, anchor="lm")


def _objective(colour: Colour) -> Sample:
    def sample(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
        x, y = at
        r = lay.u(12)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=lay.w(2))
        icons.star(draw, at, r * 0.7, WHITE, INK)

    return sample


def _action(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    icons.diamond(draw, at, lay.u(13), ACTION, INK, lay.w(2))
    icons.gear(draw, at, lay.u(6), WHITE)


def _crate(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    icons.crate(draw, at, lay.u(20))


def _entry(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    x, y = at
    r = lay.u(13)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=SOFT_INK, outline=INK, width=lay.w(2))
    inner = lay.u(8)
    draw.ellipse(
        (x - inner, y - inner, x + inner, y + inner), fill=WHITE, outline=INK, width=lay.w(1)
    )


def _smoke(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    icons.cloud(draw, at, lay.u(14), SMOKE)


def _smoke_turns(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    icons.smoke_badge(draw, at, lay.fs(15), 2)


def _rubble(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    icons.rubble_badge(draw, at, lay.fs(15))


def _bag(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    icons.bag(draw, (at[0], at[1] + lay.u(3)), lay.u(20), 2)


def _active(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    x, y = at
    r = lay.u(13)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=INK)
    r -= lay.u(2)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=HIGHLIGHT)
    r -= lay.u(4)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=SOFT_INK, outline=INK, width=lay.w(2))


def _activated(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    icons.tick(draw, at, lay.u(11))


def _overwatch(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    icons.crosshair(draw, at, lay.u(11))


def _route(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    x, y = at
    draw.line(
        (x - lay.u(14), y, x + lay.u(14), y), fill=trail.route_colour(NO_SCENE), width=lay.w(10)
    )


def _attack(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    x, y = at
    r = lay.u(9)
    draw.ellipse((x - r, y - r, x + r, y + r), outline=trail.BURST, width=lay.w(3))
    icons.dashed(draw, (x - lay.u(16), y), (x + lay.u(4), y), trail.SHOT, lay.w(3), lay.u(5))


def _health(draw: ImageDraw.ImageDraw, lay: Layout, at: Point) -> None:
    icons.health_pips(draw, at, lay.fs(11), 2, 3)


SAMPLES: tuple[tuple[str, Sample], ...] = (
    ("primary objective", _objective(PRIMARY)),
    ("secondary objective", _objective(SECONDARY)),
    ("action circle", _action),
    ("face-down crate", _crate),
    ("entry point", _entry),
    ("smoke", _smoke),
    ("smoke: turns left", _smoke_turns),
    ("rubble", _rubble),
    ("dropped items", _bag),
    ("active character", _active),
    ("activated", _activated),
    ("on overwatch", _overwatch),
    ("health rows (filled: left)", _health),
    ("route walked this activation", _route),
    ("attack or throw; burst", _attack),
)
