"""The compiled sight-line kernel (``_sightlines.c``) and the arrays it reads.

The kernel walks every (viewer, target) pair of each party in C, line by line, and stops a
party at its first pair in sight. It decides only what is clear by ``MARGIN`` (the same
tests as :mod:`rules.geometry.outlines`); a party with a line too close to an outline to
tell comes back as :data:`DOUBT`, and :mod:`rules.geometry.seeing` settles it with the array
code. Without a C compiler the package installs without the kernel, and
:data:`AVAILABLE` is false: the array code then answers everything, with the same answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from rules.core.by_identity import ByIdentity
from rules.geometry.outlines import Outlines
from rules.geometry.pieces import Model

try:
    from rules.geometry import _sightlines
except ImportError:  # built without a C compiler: the array code answers alone
    _sightlines = None  # type: ignore[assignment]


AVAILABLE = _sightlines is not None

HIDDEN, VISIBLE, DOUBT = 0, 1, 2

Numbers = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Verdicts = npt.NDArray[np.int8]
Flags = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Pieces:
    """An :class:`Outlines` as the kernel reads it: per shape its kind, first piece, number
    of pieces and height; per piece its circles and edges."""

    shape: Numbers
    cx: Floats
    cy: Floats
    inner: Floats
    outer: Floats
    edges: Numbers
    nx: Floats
    ny: Floats
    off: Floats

    @classmethod
    def of(cls, outlines: Outlines, heights: Numbers) -> Pieces:
        def floats(a: Floats) -> Floats:
            return np.ascontiguousarray(a, dtype=np.float64)

        shape = np.stack([outlines.kinds, outlines.first, outlines.count, heights], axis=1)
        return cls(
            shape=np.ascontiguousarray(shape, dtype=np.int64),
            cx=floats(outlines.cx),
            cy=floats(outlines.cy),
            inner=floats(outlines.inner),
            outer=floats(outlines.outer),
            edges=np.ascontiguousarray(outlines.edges, dtype=np.int64),
            nx=floats(outlines.nx),
            ny=floats(outlines.ny),
            off=floats(outlines.off),
        )

    @property
    def width(self) -> int:
        return int(self.nx.shape[1]) if self.nx.ndim == 2 else 0

    def arrays(self) -> tuple[object, ...]:
        return (
            self.shape,
            self.cx,
            self.cy,
            self.inner,
            self.outer,
            self.edges,
            self.nx,
            self.ny,
            self.off,
        )


class ShapeGroup(Protocol):
    """Some of a crowd's shapes: their numbers, and how many each unit has."""

    @property
    def index(self) -> Numbers: ...

    @property
    def count(self) -> Numbers: ...


class Reach(Protocol):
    """Per unit or area: its box, and the middle and size of a circle holding it."""

    @property
    def bounds(self) -> Floats: ...

    @property
    def middle(self) -> Floats: ...

    @property
    def size(self) -> Floats: ...


class Crowd(Protocol):
    """The units that may stand in the way, as :mod:`rules.geometry.seeing` holds them."""

    @property
    def outlines(self) -> Outlines: ...

    @property
    def heights(self) -> Numbers: ...

    @property
    def code(self) -> dict[str, int]: ...

    @property
    def reach(self) -> Reach: ...

    @property
    def tallest(self) -> Numbers: ...

    @property
    def groups(self) -> tuple[ShapeGroup, ShapeGroup]: ...


class Ground(Protocol):
    """The table's areas, as :mod:`rules.geometry.seeing` holds them."""

    @property
    def outlines(self) -> Outlines: ...

    @property
    def reach(self) -> Reach: ...

    @property
    def heights(self) -> Numbers: ...

    @property
    def walls(self) -> Flags: ...

    @property
    def cover(self) -> Flags: ...

    @property
    def concealment(self) -> Flags: ...


class Party(Protocol):
    """A target group: its models, and the units whose shapes never block its lines."""

    @property
    def models(self) -> Sequence[Model]: ...

    @property
    def ignore(self) -> frozenset[str]: ...


@dataclass(frozen=True)
class CrowdArrays:
    """Per unit: the middle and size of a circle holding it, its tallest shape and its box;
    its shapes, footprint first, as spans of ``shape_list``; and every shape's pieces."""

    units: Floats
    unit_shapes: Numbers
    shape_list: Numbers
    pieces: Pieces

    @classmethod
    def of(cls, crowd: Crowd) -> CrowdArrays:
        plain, round_ = crowd.groups
        units = len(crowd.code)
        # per unit its plain shapes (footprint, gaps) then its bases
        owner = np.concatenate(
            [np.repeat(np.arange(units), plain.count), np.repeat(np.arange(units), round_.count)]
        )
        listed = np.concatenate([plain.index, round_.index])
        order = np.argsort(owner * 2 + (np.arange(len(owner)) >= len(plain.index)), kind="stable")
        count = plain.count + round_.count
        table = np.column_stack(
            [crowd.reach.middle, crowd.reach.size, crowd.tallest, crowd.reach.bounds]
        )
        return cls(
            units=np.ascontiguousarray(table, dtype=np.float64),
            unit_shapes=np.ascontiguousarray(
                np.stack([np.cumsum(count) - count, count], axis=1), dtype=np.int64
            ),
            shape_list=np.ascontiguousarray(listed[order], dtype=np.int64),
            pieces=Pieces.of(crowd.outlines, crowd.heights),
        )

    @classmethod
    def of_nothing(cls) -> CrowdArrays:
        nothing = Outlines.of([])
        return cls(
            units=np.zeros((0, 8), dtype=np.float64),
            unit_shapes=np.zeros((0, 2), dtype=np.int64),
            shape_list=np.zeros(0, dtype=np.int64),
            pieces=Pieces.of(nothing, np.zeros(0, dtype=np.int64)),
        )


@dataclass(frozen=True)
class GroundArrays:
    """Per area: its height and whether it is a wall, cover or concealment; the middle and
    radius of a circle holding it, and its box; its pieces."""

    flags: Numbers
    reach: Floats
    pieces: Pieces

    @classmethod
    def of(cls, ground: Ground) -> GroundArrays:
        flags = np.stack(
            [ground.heights, ground.walls, ground.cover, ground.concealment], axis=1
        ).astype(np.int64)
        return cls(
            flags=np.ascontiguousarray(flags.reshape(-1, 4)),
            reach=np.ascontiguousarray(
                np.column_stack(
                    [ground.reach.middle, ground.reach.size, ground.reach.bounds]
                ).reshape(-1, 7),
                dtype=np.float64,
            ),
            pieces=Pieces.of(ground.outlines, ground.heights),
        )


_NOTHING = CrowdArrays.of_nothing()  # no unit stands in the way
_CROWDS: ByIdentity[Crowd, CrowdArrays] = ByIdentity(32)
_GROUNDS: ByIdentity[Ground, GroundArrays] = ByIdentity(32)


def crowd_arrays(crowd: Crowd) -> CrowdArrays:
    """The crowd as the kernel reads it, built once per crowd."""
    return _CROWDS.get(crowd) or _CROWDS.put(crowd, CrowdArrays.of(crowd))


def ground_arrays(ground: Ground) -> GroundArrays:
    """The areas as the kernel reads them, built once per table."""
    return _GROUNDS.get(ground) or _GROUNDS.put(ground, GroundArrays.of(ground))


def judge(
    viewers: Numbers,
    groups: Sequence[int],
    targets: Numbers,
    parties: Sequence[Party],
    eyes: Sequence[int],
    crowd: Crowd | None,
    ground: Ground,
    *,
    every: bool = False,
) -> tuple[Verdicts, Verdicts]:
    """HIDDEN, VISIBLE or DOUBT for each party: whether a model of its viewing group
    (``eyes[i]``) sees one of its models. ``viewers`` and ``targets`` hold the groups' and
    the parties' models end to end (x, y, radius and height rows), ``groups`` the size of
    each group; every group and party has models. With ``every``, also the verdict of every
    (viewer, target) pair, party by party and viewer by viewer (no party then stops at its
    first pair in sight); else the second array is empty."""
    assert _sightlines is not None
    g_size = np.array(groups, dtype=np.int64)
    p_size = np.array([len(p.models) for p in parties], dtype=np.int64)
    ignored: list[int] = []
    spans: list[tuple[int, int]] = []
    for p in parties:
        codes = [crowd.code[u] for u in p.ignore if u in crowd.code] if crowd is not None else []
        spans.append((len(ignored), len(codes)))
        ignored.extend(codes)
    rows = np.column_stack(
        [
            np.array(eyes, dtype=np.int64),
            np.cumsum(p_size) - p_size,
            p_size,
            np.array(spans, dtype=np.int64).reshape(-1, 2),
        ]
    )
    people = crowd_arrays(crowd) if crowd is not None else _NOTHING
    terrain = ground_arrays(ground)
    out = np.zeros(len(parties), dtype=np.int8)
    pairs = np.zeros(int((g_size[rows[:, 0]] * p_size).sum()) if every else 0, dtype=np.int8)
    _sightlines.judge_parties(
        np.ascontiguousarray(viewers.T, dtype=np.float64),
        np.ascontiguousarray(targets.T, dtype=np.float64),
        np.ascontiguousarray(np.stack([np.cumsum(g_size) - g_size, g_size], axis=1)),
        np.ascontiguousarray(rows, dtype=np.int64),
        np.array(ignored, dtype=np.int64),
        people.units,
        people.unit_shapes,
        people.shape_list,
        *people.pieces.arrays(),
        terrain.flags,
        terrain.reach,
        *terrain.pieces.arrays(),
        out,
        pairs,
        people.pieces.width,
        terrain.pieces.width,
        every,
    )
    return out, pairs
