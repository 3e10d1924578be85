"""A frame of the animated replay: the board picture scaled to the frame's width, with a
caption strip under it that says what happened in that step.

Discord shows a picture about 400 pixels wide on a phone, so the frame is sized for the
caption: at :data:`FRAME_WIDTH` its lettering (a thirtieth of the width) shows about 13
pixels high there, and a tap opens the frame at full size, where the board's own labels
read. Every frame of one animation has the same size: the boards are scaled alike (the
largest of them fits the width, and a tall one a square as high), so pieces do not jump
between frames.

The caption holds a heading (round, log numbers, place in the animation) and at most
:data:`CAPTION_ROWS` rows of the step's lines, each line wrapped to two rows at most. When
they do not fit, detail lines (dice, indented sub-lines) go first, the earliest first
(rolls come before what they did), then the last row says how many lines are left out;
a key line (the game's end) comes first so that it always shows.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.colour import Colour
from renderers.lettering import fold, font, has_glyph, label, shorten

FRAME_WIDTH = 960
CAPTION_ROWS = 4  # rows of caption text under the heading
ROWS_A_LINE = 2  # a long line wraps onto this many rows at most
_TEXT_SHARE = 30  # the lettering is a thirtieth of the frame's width
_STRIP: Colour = (32, 36, 44)
_HEADING: Colour = (250, 204, 112)
_TEXT: Colour = (242, 242, 242)
_DETAIL: Colour = (196, 202, 212)
_DROPPED = {"So", "Sk", "Cf", "Mn", "Co", "Cs"}  # pictographs, joiners, selectors


@dataclass(frozen=True, slots=True)
class CaptionLine:
    """One line of a step, in plain words; ``detail`` when it can go first for lack of
    room (a die rolled, an indented sub-line), ``key`` when it must show whatever else
    does not (the game's end): it comes first."""

    text: str
    detail: bool = False
    key: bool = False


@dataclass(frozen=True, slots=True)
class CaptionRow:
    text: str
    detail: bool = False


@dataclass(frozen=True, slots=True)
class FrameLayout:
    """Where things go on every frame of one animation."""

    width: int
    scale: float  # of the boards
    board_height: int  # the board area, the tallest board scaled

    @property
    def text_size(self) -> int:
        return max(12, self.width // _TEXT_SHARE)

    @property
    def row_height(self) -> int:
        return round(self.text_size * 1.3)

    @property
    def padding(self) -> int:
        return self.text_size // 2

    @property
    def strip_height(self) -> int:
        return 2 * self.padding + self.row_height * (1 + CAPTION_ROWS)

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.board_height + self.strip_height

    @property
    def text_width(self) -> int:
        return self.width - 2 * self.padding


def frame_layout(board_sizes: Iterable[tuple[int, int]], width: int = FRAME_WIDTH) -> FrameLayout:
    """The layout for boards of these sizes: the widest fits ``width``, the tallest a
    square of it; boards are never enlarged."""
    sizes = list(board_sizes) or [(width, width)]
    widest = max(w for w, _ in sizes)
    tallest = max(h for _, h in sizes)
    scale = min(1.0, width / widest, width / tallest)
    return FrameLayout(width, scale, max(1, round(tallest * scale)))


def shown_text(text: str) -> str:
    """``text`` as the caption can letter it: pictographs the font lacks left out (rather
    than shown as a question mark), the rest folded to glyphs it has."""
    kept = "".join(
        char for char in text if has_glyph(char) or unicodedata.category(char) not in _DROPPED
    )
    return " ".join(fold(kept).split())


def caption_rows(lines: Sequence[CaptionLine], layout: FrameLayout, more: str) -> list[CaptionRow]:
    """The rows of ``lines`` that fit the caption. ``more`` words the last row when lines
    are left out; ``{count}`` in it is their number."""
    size = layout.text_size
    ordered = [line for line in lines if line.key] + [line for line in lines if not line.key]
    wrapped = [
        (line, _line_rows(shown_text(line.text), layout.text_width, size)) for line in ordered
    ]
    wrapped = [(line, rows) for line, rows in wrapped if rows]
    kept = list(wrapped)
    # details go first while the rest does not fit, the earliest first: rolls come before
    # what they did (a wound taken), which is the better one to keep
    for item in wrapped:
        if _count(kept) <= CAPTION_ROWS:
            break
        if item[0].detail:
            kept.remove(item)
    if _count(kept) <= CAPTION_ROWS:
        return [CaptionRow(row, line.detail) for line, rows in kept for row in rows]
    # still too many: the first lines, the last of them cut short, then how many are left
    shown: list[CaptionRow] = []
    whole = 0
    for line, rows in kept:
        room = CAPTION_ROWS - 1 - len(shown)
        if room <= 0:
            break
        if len(rows) > room:
            rows = [*rows[: room - 1], shorten(rows[room - 1] + " ...", layout.text_width, size)]
        shown.extend(CaptionRow(row, line.detail) for row in rows)
        whole += 1
    shown.append(
        CaptionRow(shorten(more.format(count=len(wrapped) - whole), layout.text_width, size))
    )
    return shown


def _count(lines: Sequence[tuple[CaptionLine, list[str]]]) -> int:
    return sum(len(rows) for _, rows in lines)


@lru_cache(maxsize=8192)
def _word_width(word: str, size: int) -> float:
    return float(font(size).getlength(fold(word)))


def _wrap(text: str, width: float, size: int) -> list[str]:
    """``text`` broken at spaces into rows that fit ``width``, measured a word at a time
    (a caption has hundreds of words; measuring every candidate row would be slow)."""
    space = _word_width(" ", size)
    rows: list[str] = []
    current: list[str] = []
    used = 0.0
    for word in text.split():
        needed = _word_width(word, size)
        if current and used + space + needed > width:
            rows.append(" ".join(current))
            current, used = [], 0.0
        used += (space if current else 0.0) + needed
        current.append(word)
    if current:
        rows.append(" ".join(current))
    return [shorten(row, width, size) if _word_width(row, size) > width else row for row in rows]


def _line_rows(text: str, width: float, size: int) -> list[str]:
    rows = _wrap(text, width, size)
    if len(rows) <= ROWS_A_LINE:
        return rows
    rest = " ".join(rows[ROWS_A_LINE - 1 :])
    return [*rows[: ROWS_A_LINE - 1], shorten(rest, width, size)]


def frame_picture(
    board_png: bytes | Image.Image, heading: str, rows: Sequence[CaptionRow], layout: FrameLayout
) -> Image.Image:
    """One frame: the board (PNG bytes, or a board already scaled with
    :func:`scaled_board`) over the caption strip, as an RGB picture."""
    board = board_png if isinstance(board_png, Image.Image) else scaled_board(board_png, layout)
    width, height = layout.size
    frame = Image.new("RGB", (width, height), _STRIP)
    ground = board.getpixel((0, 0))
    assert isinstance(ground, tuple)
    frame.paste(ground[:3], (0, 0, width, layout.board_height))
    frame.paste(board, ((width - board.width) // 2, 0))
    draw = ImageDraw.Draw(frame)
    size = layout.text_size
    x = layout.padding
    y = layout.board_height + layout.padding + layout.row_height // 2
    label(
        draw,
        (x, y),
        shorten(heading, layout.text_width, size),
        size,
        _HEADING,
        anchor="lm",
        bold=True,
    )
    for row in rows:
        y += layout.row_height
        label(draw, (x, y), row.text, size, _DETAIL if row.detail else _TEXT, anchor="lm")
    return frame


def scaled_board(png: bytes, layout: FrameLayout) -> Image.Image:
    """The board picture at the layout's scale, in RGB."""
    with Image.open(io.BytesIO(png)) as opened:
        board = opened.convert("RGB")
    if layout.scale >= 1.0:
        return board
    size = (max(1, round(board.width * layout.scale)), max(1, round(board.height * layout.scale)))
    return board.resize(size, Image.Resampling.BOX)
