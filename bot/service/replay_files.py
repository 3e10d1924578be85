"""The animated replay as GIF files Discord accepts: one file when it fits the upload limit,
else parts split where a round ends (a round too large alone at a frame).

Beyond the most parts one reply carries, only each round's last board is kept; if that is
still too many parts, the replay stops after the parts that fit and says where to go on
from. Each encoding is quick next to drawing the boards, so a part is planned from the
size each frame added to the whole file and then encoded; a part the estimate got wrong
is planned again smaller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image

from bot.service.replay_pictures import HOLD_MS, ReplayPictures, ShownFrame, round_words
from renderers.animated_gif import AnimatedGif
from rules.core.language import Language, Phrase

_PLAN_MARGIN = 0.95  # of the limit, for a part's estimated size

_PARTS = Phrase(
    " It comes in {count} files to stay under Discord's upload limit, split where a round ends.",
    " Es kommt in {count} Dateien, damit jede unter Discords Upload-Grenze bleibt, geteilt"
    " am Ende einer Runde.",
)
_PER_ROUND = Phrase(
    " To fit Discord's upload limit only each round's last board is kept ({kept} of {total}).",
    " Damit es unter Discords Upload-Grenze passt, bleibt nur das letzte Brett jeder Runde"
    " ({kept} von {total}).",
)
_STOPS = Phrase(
    " It stops at {last} to fit Discord's upload limit: `/game replay from:{next}` shows the rest.",
    " Es endet bei {last}, damit es unter Discords Upload-Grenze passt:"
    " `/spiel wiederholung von:{next}` zeigt den Rest.",
)


@dataclass(frozen=True, slots=True)
class FittedReplay:
    """The files (the frames each holds, its bytes) and what the reply must say about them."""

    files: list[tuple[list[ShownFrame], bytes]]
    notes: list[str]


def encoded(
    pictures: ReplayPictures,
    shown: Sequence[ShownFrame],
    palette: Image.Image,
    made: Callable[[], None] = lambda: None,
) -> tuple[bytes, list[int]]:
    """The GIF of ``shown`` and its length after each frame; ``made`` is called after each."""
    animation = AnimatedGif(palette)
    sizes = []
    for n, item in enumerate(shown):
        held = HOLD_MS if n + 1 == len(shown) else 0
        animation.add(pictures.picture(item), item.duration + held)
        sizes.append(animation.size)
        made()
    return animation.data, sizes


def round_ends(shown: Sequence[ShownFrame]) -> list[int]:
    """The index just after each round's last frame."""
    return [
        n + 1
        for n, item in enumerate(shown)
        if n + 1 == len(shown) or shown[n + 1].frame.round != item.frame.round
    ]


def planned_parts(
    sizes: Sequence[int], ends: Sequence[int], budget: float
) -> list[tuple[int, int]]:
    """Parts ``[start, stop)`` whose estimated size stays within ``budget``: a part's first
    frame costs as much as the whole file's first, the others what they added to it. A
    part ends where a round ends when one does inside it."""
    cost = [sizes[0]] + [sizes[n] - sizes[n - 1] for n in range(1, len(sizes))]
    parts: list[tuple[int, int]] = []
    start = 0
    while start < len(sizes):
        total = cost[0]
        stop = start + 1
        while stop < len(sizes) and total + cost[stop] <= budget:
            total += cost[stop]
            stop += 1
        if stop < len(sizes):
            inside = [end for end in ends if start < end <= stop]
            stop = inside[-1] if inside else stop
        parts.append((start, stop))
        start = stop
    return parts


def fitted_replay(
    pictures: ReplayPictures,
    limit: int,
    most_parts: int,
    language: Language,
    made: Callable[[], None] = lambda: None,
) -> FittedReplay:
    """The replay's files, each at most ``limit`` bytes, at most ``most_parts`` of them."""
    shown = pictures.shown
    palette = pictures.palette()
    data, sizes = encoded(pictures, shown, palette, made)
    if len(data) <= limit:
        return FittedReplay([(shown, data)], [])
    notes: list[str] = []
    budget = limit * _PLAN_MARGIN
    ends = round_ends(shown)
    parts = planned_parts(sizes, ends, budget)
    if len(parts) > most_parts:
        kept = [shown[end - 1] for end in ends]
        notes.append(_PER_ROUND.in_(language).format(kept=len(kept), total=len(shown)))
        shown = kept
        _, sizes = encoded(pictures, shown, palette)
        ends = round_ends(shown)
        parts = planned_parts(sizes, ends, budget)
    while True:
        files = []
        for start, stop in parts[:most_parts]:
            part, _ = encoded(pictures, shown[start:stop], palette)
            files.append((shown[start:stop], part))
        if all(len(part) <= limit for _, part in files) or budget < limit / 8:
            break
        budget *= 0.8  # the estimate fell short: plan smaller parts
        parts = planned_parts(sizes, ends, budget)
    if len(parts) > most_parts:
        last = files[-1][0][-1].frame
        following = shown[parts[most_parts][0]].frame
        same_round = following.round == last.round or following.round is None
        go_on = f"#{following.first}" if same_round else str(following.round)
        notes.append(_STOPS.in_(language).format(last=round_words(last, language), next=go_on))
    if len(files) > 1:
        notes.insert(0, _PARTS.in_(language).format(count=len(files)))
    return FittedReplay(files, notes)
