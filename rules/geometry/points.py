"""Reading what players type about a measured table: points, vectors, distances, facings
and placements.

Points are inches from the table's top-left corner (``36,24``, ``36.5, 24``, ``(36, 24)``),
turned into hundredths; y grows downwards, so facing east is 0 and south is 90.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.core.language import Phrase
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.formations import Shape
from rules.geometry.pieces import Table
from rules.geometry.units import PER_INCH, inches

NUMBER = r"[+-]?(?:\d{1,4}(?:\.\d{0,3})?|\.\d{1,3})"
_PAIR = re.compile(rf"^\(?\s*({NUMBER})\s*\"?\s*(?:,|\s)\s*({NUMBER})\s*\"?\s*\)?$")
_LENGTH = re.compile(rf"^({NUMBER})\s*(?:\"|''|in|inch|inches)?$", re.IGNORECASE)
_DEGREES = re.compile(r"^([+-]?\d{1,4})\s*(?:°|deg|degrees)?$", re.IGNORECASE)
FACINGS: dict[str, int] = {
    "east": 0,
    "e": 0,
    "south east": 45,
    "southeast": 45,
    "se": 45,
    "south": 90,
    "s": 90,
    "south west": 135,
    "southwest": 135,
    "sw": 135,
    "west": 180,
    "w": 180,
    "north west": 225,
    "northwest": 225,
    "nw": 225,
    "north": 270,
    "n": 270,
    "north east": 315,
    "northeast": 315,
    "ne": 315,
}
SHAPES: tuple[Shape, ...] = ("line", "column", "blob")
MAX_SPACING = 2 * PER_INCH
POINT_HELP = Phrase(
    "Write inches from the top-left corner as x,y, e.g. `36,24` or `(36.5, 24)`.",
    "Schreib Zoll ab der linken oberen Ecke als x,y, z. B. `36,24` oder `(36.5, 24)`.",
)


def describe_point(x: int, y: int) -> str:
    """``3600, 2400`` → ``36.0,24.0`` (inches, one decimal)."""
    return ",".join(f"{round(v / PER_INCH, 1) + 0.0:.1f}" for v in (x, y))


def _pair(text: str) -> tuple[int, int] | None:
    found = _PAIR.match(text.strip())
    if found is None:
        return None
    return inches(found.group(1)), inches(found.group(2))


def read_point(text: str, table: Table) -> tuple[int, int] | Rejection:
    """A point on the table, in hundredths."""
    point = _pair(text)
    if point is None:
        typed = text.strip()[:40]
        shown = (
            Phrase(f"'{typed}' is not a point.", f"'{typed}' ist kein Punkt.")
            if typed
            else Phrase("Give a point.", "Gib einen Punkt an.")
        )
        return reject(RejectionCode.BAD_ARGUMENT, shown + " " + POINT_HELP)
    x, y = point
    if not (0 <= x <= table.width and 0 <= y <= table.depth):
        w, d = table.width / PER_INCH, table.depth / PER_INCH
        at = describe_point(x, y)
        return reject(
            RejectionCode.BAD_ARGUMENT,
            Phrase(
                f"{at} is off the table, which is {w:g} by {d:g} inches "
                f"(x 0-{w:g} from the left edge, y 0-{d:g} from the top edge).",
                f"{at} liegt nicht auf dem Tisch, der {w:g} mal {d:g} Zoll misst "
                f"(x 0-{w:g} ab der linken Kante, y 0-{d:g} ab der oberen Kante).",
            ),
        )
    return point


def read_vector(text: str) -> tuple[int, int] | Rejection:
    """A displacement ``dx,dy`` in inches (negative numbers allowed), in hundredths."""
    vector = _pair(text)
    if vector is None:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{text.strip()[:40]}' is not a vector. Write inches as dx,dy, e.g. `6,-3` "
            "(x grows to the right, y grows downwards).",
        )
    return vector


def read_length(text: str, what: str = "distance") -> int | Rejection:
    """A non-negative length in inches (``6``, ``6.5"``, ``6 in``), in hundredths."""
    found = _LENGTH.match(text.strip())
    if found is None:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{text.strip()[:40]}' is not a {what} in inches, e.g. `6` or `2.5`.",
        )
    value = inches(found.group(1))
    if value < 0:
        return reject(RejectionCode.BAD_ARGUMENT, f"A {what} cannot be negative.")
    return value


def read_facing(text: str) -> int | Rejection:
    """Degrees (0 east, 90 south, 180 west, 270 north) or a compass word."""
    wanted = " ".join(text.lower().replace("-", " ").split())
    if wanted in FACINGS:
        return FACINGS[wanted]
    found = _DEGREES.match(text.strip())
    if found is not None:
        return int(found.group(1)) % 360
    return reject(
        RejectionCode.BAD_ARGUMENT,
        f"'{text.strip()[:40]}' is not a facing. Use degrees (0 east, 90 south, 180 west, "
        "270 north) or north, south, east, west.",
    )


@dataclass(frozen=True)
class Placing:
    """A point with the optional formation, facing and spacing that may follow it."""

    at: tuple[int, int]
    formation: Shape | None = None
    facing: int | None = None
    spacing: int | None = None


_FACING = re.compile(
    r"\b(?:facing|faces|face)\s+((?:north|south)(?:[\s-]*(?:east|west))?|[^\s]+)", re.IGNORECASE
)
_SPACING = re.compile(r"\bspac(?:ing|ed)\s+(\S+(?:\s*(?:in|inch|inches)\b)?)", re.IGNORECASE)
_SHAPE = re.compile(r"\b(line|column|blob)\b", re.IGNORECASE)


def read_placing(text: str, table: Table | None, coherency_rule: str = "") -> Placing | Rejection:
    """``36,24 [line|column|blob] [facing <deg|word>] [spacing <inches>]``; ``table`` None
    reads a vector instead of a point. ``coherency_rule`` is cited when the spacing would
    break the 2-inch coherency."""
    rest = text
    facing: int | None = None
    spacing: int | None = None
    formation: Shape | None = None
    found = _FACING.search(rest)
    if found is not None:
        value = read_facing(found.group(1))
        if isinstance(value, Rejection):
            return value
        facing, rest = value, rest[: found.start()] + " " + rest[found.end() :]
    found = _SPACING.search(rest)
    if found is not None:
        gap = read_length(found.group(1), "spacing")
        if isinstance(gap, Rejection):
            return gap
        if gap > MAX_SPACING:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                'Spacing is the gap between bases; more than 2" breaks coherency.',
                coherency_rule,
            )
        spacing, rest = gap, rest[: found.start()] + " " + rest[found.end() :]
    shapes = _SHAPE.findall(rest)
    if len(shapes) > 1:
        return reject(RejectionCode.BAD_ARGUMENT, "Give one formation: line, column or blob.")
    if shapes:
        formation = next(s for s in SHAPES if s == shapes[0].lower())
        rest = _SHAPE.sub(" ", rest)
    at = read_point(rest, table) if table is not None else read_vector(rest)
    if isinstance(at, Rejection):
        return at
    return Placing(at=at, formation=formation, facing=facing, spacing=spacing)
