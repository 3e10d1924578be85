"""Characters on the board: side-coloured discs with their short name and health row."""

from __future__ import annotations

from PIL import ImageDraw

from renderers.circle_map import icons
from renderers.circle_map.layout import Layout, Point, spread
from renderers.circle_map.palette import (
    HIGHLIGHT,
    INK,
    MAP_FLOOR,
    SOFT_INK,
    WHITE,
    ink_on,
    rgb,
)
from renderers.colour import blend
from renderers.lettering import fit, label
from rules.pathmap.scene import CircleMapScene, SceneToken

DIMMED = (236, 236, 232)
SHADOW = blend(MAP_FLOOR, INK, 0.5)


def on_board(scene: CircleMapScene, circles: set[str]) -> dict[str, list[SceneToken]]:
    """Living tokens standing on a known circle, grouped by circle in view order."""
    groups: dict[str, list[SceneToken]] = {}
    for token in scene.tokens:
        if not token.dead and token.circle is not None and token.circle in circles:
            groups.setdefault(token.circle, []).append(token)
    return groups


def rows_left(token: SceneToken) -> int:
    """The health rows a character has left, its current row included: all of them when
    unhurt, 1 on its last row (the next wound kills)."""
    return token.rows - token.row


def placed(
    lay: Layout, scene: CircleMapScene, where: dict[str, Point]
) -> list[tuple[SceneToken, Point, float]]:
    """Each token on the board with its centre and radius; tokens sharing a circle are
    spread around it. The active character comes last so that nothing covers it."""
    out: list[tuple[SceneToken, Point, float]] = []
    groups = on_board(scene, set(where))
    for circle, tokens in sorted(groups.items(), key=lambda item: any(t.active for t in item[1])):
        x, y = where[circle]
        radius, offsets = spread(len(tokens), lay.token_radius, lay.ss)
        for token, (dx, dy) in zip(tokens, offsets, strict=True):
            out.append((token, (x + dx, y + dy), radius))
    return out


def health_size(lay: Layout, radius: float) -> int:
    return max(lay.fs(11), round(radius * 0.62))


def health_box(
    lay: Layout, token: SceneToken, centre: Point, radius: float
) -> tuple[float, float, float, float]:
    """Where the health badge under a token goes."""
    x, y = centre
    text_width, height = icons.pips_size(token.rows, health_size(lay, radius))
    y += radius * 0.98
    return (x - text_width / 2, y - height / 2, x + text_width / 2, y + height / 2)


def draw_tokens(
    draw: ImageDraw.ImageDraw, lay: Layout, scene: CircleMapScene, where: dict[str, Point]
) -> None:
    colours = {side.seat: rgb(side.colour) for side in scene.sides}
    tokens = placed(lay, scene, where)
    for token, centre, radius in tokens:
        if token.active:
            _ring(draw, lay, centre, radius)
    for token, centre, radius in tokens:
        _token(draw, lay, token, centre, radius, colours.get(token.seat, SOFT_INK))


def _ring(draw: ImageDraw.ImageDraw, lay: Layout, centre: Point, radius: float) -> None:
    x, y = centre
    outer = radius + lay.u(9)
    draw.ellipse((x - outer, y - outer, x + outer, y + outer), fill=INK)
    glow = outer - lay.u(2)
    draw.ellipse((x - glow, y - glow, x + glow, y + glow), fill=HIGHLIGHT)


def _token(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    token: SceneToken,
    centre: Point,
    radius: float,
    colour: tuple[int, int, int],
) -> None:
    x, y = centre
    fill = blend(colour, DIMMED, 0.55) if token.activated else colour
    edge = SOFT_INK if token.activated else INK
    drop = lay.u(2.5)
    draw.ellipse(
        (x - radius + drop, y - radius + drop, x + radius + drop, y + radius + drop), fill=SHADOW
    )
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius), fill=fill, outline=edge, width=lay.w(3)
    )
    inner = radius - lay.u(4.5)
    draw.ellipse(
        (x - inner, y - inner, x + inner, y + inner),
        outline=blend(fill, WHITE, 0.55),
        width=lay.w(1.5),
    )
    start = round(radius * 0.95)
    size = fit(token.short, radius * 1.55, start, lay.fs(9))
    label(draw, (x, y - radius * 0.06), token.short, size, ink_on(fill), bold=True)
    icons.health_pips(
        draw, (x, y + radius * 0.98), health_size(lay, radius), rows_left(token), token.rows
    )
    mark = max(lay.u(7), radius * 0.36)
    if token.overwatch:
        icons.crosshair(draw, (x - radius * 0.92, y - radius * 0.62), mark)
    if token.activated:
        icons.tick(draw, (x + radius * 0.92, y - radius * 0.62), mark)
