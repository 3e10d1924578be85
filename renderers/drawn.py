"""What a picture drew where, for checking that its lettering stays readable.

A renderer handed a :class:`Recorder` notes the box (in output pixels) of every label it
placed and of every mark a label must leave visible: pieces, markers and the identifiers
players type. :func:`overprints` lists the pairs that overlap. Drawing without a recorder
notes nothing anyone reads."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

Rect = tuple[float, float, float, float]

# Overlaps thinner than this (output pixels) are anti-aliased edges touching, not overprint.
TOLERANCE = 1.0


class Kind(StrEnum):
    LABEL = "label"  # lettering placed where it fits: names, tags, badges
    MARK = "mark"  # what lettering must not cover: pieces, markers, identifiers in place


@dataclass(frozen=True)
class DrawnBox:
    """One thing drawn: its kind, its text (or what it is), its box in output pixels,
    whether it is the disc inside that box, and the things it belongs with (a badge drawn
    against its own circle is meant to touch it)."""

    kind: Kind
    text: str
    box: Rect
    round: bool = False
    owners: frozenset[str] = frozenset()


@dataclass
class Recorder:
    """Collects what one picture drew."""

    boxes: list[DrawnBox] = field(default_factory=list)

    def label(self, text: str, box: Rect, ss: float, owners: tuple[str, ...] = ()) -> None:
        """A label whose box is ``box`` in drawing units of ``ss`` a pixel."""
        self.boxes.append(DrawnBox(Kind.LABEL, text, _pixels(box, ss), False, frozenset(owners)))

    def mark(
        self,
        text: str,
        box: Rect,
        ss: float,
        owners: tuple[str, ...] = (),
        *,
        round: bool = False,
    ) -> None:
        """A mark lettering must keep off (``round``: the disc inside ``box``)."""
        self.boxes.append(DrawnBox(Kind.MARK, text, _pixels(box, ss), round, frozenset(owners)))

    def disc(
        self,
        text: str,
        centre: tuple[float, float],
        radius: float,
        ss: float,
        owners: tuple[str, ...] = (),
    ) -> None:
        x, y = centre
        self.mark(text, (x - radius, y - radius, x + radius, y + radius), ss, owners, round=True)

    @property
    def labels(self) -> list[DrawnBox]:
        return [b for b in self.boxes if b.kind is Kind.LABEL]


def _pixels(box: Rect, ss: float) -> Rect:
    return (box[0] / ss, box[1] / ss, box[2] / ss, box[3] / ss)


def _boxes_overlap(a: Rect, b: Rect) -> bool:
    return (
        min(a[2], b[2]) - max(a[0], b[0]) > TOLERANCE
        and min(a[3], b[3]) - max(a[1], b[1]) > TOLERANCE
    )


def _disc_overlaps(disc: Rect, box: Rect) -> bool:
    x, y = (disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2
    r = (disc[2] - disc[0]) / 2 - TOLERANCE
    if r <= 0:
        return False
    nx, ny = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
    return math.hypot(nx - x, ny - y) < r


def overlap(a: DrawnBox, b: DrawnBox) -> bool:
    """Whether ``a`` and ``b`` overprint each other (things that belong together never do)."""
    if a.owners & b.owners:
        return False
    if a.round and b.round:
        ax, ay = (a.box[0] + a.box[2]) / 2, (a.box[1] + a.box[3]) / 2
        bx, by = (b.box[0] + b.box[2]) / 2, (b.box[1] + b.box[3]) / 2
        reach = (a.box[2] - a.box[0] + b.box[2] - b.box[0]) / 2 - TOLERANCE
        return math.hypot(ax - bx, ay - by) < reach
    if a.round:
        return _disc_overlaps(a.box, b.box)
    if b.round:
        return _disc_overlaps(b.box, a.box)
    return _boxes_overlap(a.box, b.box)


def overprints(boxes: list[DrawnBox]) -> list[tuple[DrawnBox, DrawnBox]]:
    """Each pair of a label and another label or a mark that overlap."""
    found: list[tuple[DrawnBox, DrawnBox]] = []
    for index, first in enumerate(boxes):
        for second in boxes[index + 1 :]:
            if Kind.LABEL not in (first.kind, second.kind):
                continue
            if overlap(first, second):
                found.append((first, second))
    return found
