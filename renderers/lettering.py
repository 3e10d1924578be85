"""Fonts and lettering for every picture: the built-in font only, with names folded to the
glyphs it has (a character the font lacks is spelled with ones it has, so no picture ever
shows a missing-glyph box)."""

from __future__ import annotations

import math
import unicodedata
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from renderers.colour import Colour

# Plain spellings of characters the built-in font lacks (it covers printable ASCII and a
# few marks; accented letters lose their accents, see fold). Umlauts are spelled as German
# writes them without the dots (ae, oe, ue), which a German reader takes in at once,
# where "Gelande" for "Gelände" would read as another word.
_REPLACEMENTS = {
    "ä": "ae",
    "ö": "oe",
    "ü": "ue",
    "Ä": "Ae",
    "Ö": "Oe",
    "Ü": "Ue",
    "ß": "ss",
    "Æ": "AE",
    "æ": "ae",
    "Ø": "O",
    "ø": "o",
    "Œ": "OE",
    "œ": "oe",
    "Ł": "L",
    "ł": "l",
    "—": "-",
    "–": "-",
    "−": "-",
    "×": "x",
    "‘": "’",
    "“": '"',
    "”": '"',
    "«": '"',
    "»": '"',
    "…": "...",
    "→": "->",
    "←": "<-",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "±": "+/-",
    "½": "1/2",
    "¼": "1/4",
    "¾": "3/4",
    "•": "·",
    "°": " deg",
    "\u00a0": " ",
}
_MISSING = "\ue000"  # a private-use character: no font draws it, so it shows the missing box
_PROBE_SIZE = 24


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    face = ImageFont.load_default(size=max(6, size))
    if not isinstance(face, ImageFont.FreeTypeFont):
        raise RuntimeError("drawing pictures needs Pillow built with FreeType")
    return face


@lru_cache(maxsize=2048)
def _mask(text: str, size: int, stroke: int, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a coverage mask, and the mask's offset from the anchor.

    The same names and numbers come back on every picture of a game, so they are kept.
    """
    face = font(size)
    left, top, right, bottom = face.getbbox(text, anchor=anchor, stroke_width=stroke)
    x0, y0 = math.floor(left), math.floor(top)
    mask = Image.new("L", (max(1, math.ceil(right) - x0), max(1, math.ceil(bottom) - y0)))
    ImageDraw.Draw(mask).text(
        (-x0, -y0),
        text,
        fill=255,
        font=face,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=255,
    )
    return mask, x0, y0


@cache
def has_glyph(char: str) -> bool:
    """Whether the font draws ``char`` itself rather than its missing-glyph box."""
    if char == " ":
        return True
    if not char.isprintable():
        return False
    face = font(_PROBE_SIZE)
    return bytes(face.getmask(char)) != bytes(face.getmask(_MISSING))


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """``text`` with characters the font lacks replaced by their nearest plain spelling
    (accents dropped, dashes and arrows spelled in ASCII), ``?`` when there is none."""
    out: list[str] = []
    for char in text:
        if has_glyph(char):
            out.append(char)
        elif char in _REPLACEMENTS:
            out.append(_REPLACEMENTS[char])
        else:
            plain = "".join(
                c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
            )
            out.append(plain if plain and all(has_glyph(c) for c in plain) else "?")
    return "".join(out)


@lru_cache(maxsize=4096)
def bbox(text: str, size: int, anchor: str = "la") -> tuple[float, float, float, float]:
    """The box ``text`` covers relative to its anchor point."""
    return font(size).getbbox(fold(text), anchor=anchor)


def width(text: str, size: int) -> float:
    left, _, right, _ = bbox(text, size)
    return float(right - left)


def fit(text: str, max_width: float, size: int, smallest: int) -> int:
    """The largest size from ``size`` down to ``smallest`` at which ``text`` fits."""
    while size > smallest and width(text, size) > max_width:
        size -= 1
    return size


def shorten(text: str, max_width: float, size: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width``."""
    if width(text, size) <= max_width:
        return text
    while text and width(text + "...", size) > max_width:
        text = text[:-1]
    return text.rstrip() + "..."


def wrap(text: str, max_width: float, size: int) -> list[str]:
    """``text`` broken into lines at spaces so that each fits ``max_width``."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and width(candidate, size) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return [shorten(line, max_width, size) for line in lines]


def label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    *,
    anchor: str = "mm",
    bold: bool = False,
    halo: Colour | None = None,
    halo_width: int = 0,
) -> None:
    """Draw ``text``; ``bold`` thickens the strokes, ``halo`` outlines it for busy ground."""
    shown = fold(text)
    if not shown.strip():
        return
    x, y = round(xy[0]), round(xy[1])
    if halo is not None:
        mask, dx, dy = _mask(shown, size, halo_width or max(2, size // 7), anchor)
        draw.bitmap((x + dx, y + dy), mask, fill=halo)
    mask, dx, dy = _mask(shown, size, max(1, size // 22) if bold else 0, anchor)
    draw.bitmap((x + dx, y + dy), mask, fill=fill)
