"""What each frame of the animated replay shows and for how long: its board drawn from the
public scene (each different board once), a heading (round, the log numbers it covers,
its place among the frames) and the caption rows that fit (``renderers/replay_frame.py``).

A frame shows for a second plus the time to skim its caption (longer for more text,
within limits); a file's last frame is held longer before the animation loops.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image
from pydantic import BaseModel

from bot.service.replay_frames import ReplayFrame
from renderers import draw
from renderers.animated_gif import shared_palette
from renderers.replay_frame import (
    CaptionRow,
    FrameLayout,
    caption_rows,
    frame_layout,
    frame_picture,
    scaled_board,
)
from rules.core.language import Language, Phrase

FIRST_MS = 800  # every frame shows this long, plus its caption's reading time
MS_A_CHARACTER = 25  # a caption skimmed at about 2,400 characters a minute
SHORTEST_MS = 1500
LONGEST_MS = 4500
HOLD_MS = 4000  # a file's last frame shows this much longer before the loop
PALETTE_SAMPLES = 6  # frames the shared palette is chosen from

_SETUP = Phrase("Setup", "Aufbau")
_ROUND = Phrase("Round {round}", "Runde {round}")
_SETUP_WORD = Phrase("setup", "Aufbau")
_ROUND_WORD = Phrase("round {round}", "Runde {round}")
_MORE = Phrase(
    "... and {count} more lines in /game log", "... und {count} weitere Zeilen im Protokoll"
)


def round_words(frame: ReplayFrame, language: Language, capital: bool = False) -> str:
    """The round a frame shows ("round 3"; "setup" before round 1)."""
    if frame.round is None:
        return (_SETUP if capital else _SETUP_WORD).in_(language)
    return (_ROUND if capital else _ROUND_WORD).in_(language).format(round=frame.round)


@dataclass(frozen=True, slots=True)
class ShownFrame:
    """A frame as shown: ``position`` from 1 among the frames chosen, its heading, caption
    rows and milliseconds on screen (before a file's last frame is held)."""

    frame: ReplayFrame
    position: int
    heading: str
    rows: tuple[CaptionRow, ...]
    duration: int


def _heading(frame: ReplayFrame, position: int, total: int, language: Language) -> str:
    parts = [round_words(frame, language, capital=True)]
    if frame.last > frame.first:
        parts.append(f"#{frame.first}-{frame.last}")
    elif frame.last == frame.first:
        parts.append(f"#{frame.last}")
    parts.append(f"{position}/{total}")
    return " · ".join(parts)


def _duration(rows: Sequence[CaptionRow]) -> int:
    """Milliseconds on screen, in the hundredths of a second a GIF counts."""
    reading = FIRST_MS + MS_A_CHARACTER * sum(len(row.text) for row in rows)
    return round(max(SHORTEST_MS, min(LONGEST_MS, reading)), -1)


class ReplayPictures:
    """The frames chosen with their boards drawn; each frame's picture is made when asked
    for (the board last used is kept scaled), so memory does not grow with the game."""

    def __init__(
        self, shown: list[ShownFrame], boards: dict[int, bytes], layout: FrameLayout
    ) -> None:
        self.shown = shown
        self.boards = boards
        self.layout = layout
        self._scaled: tuple[int, Image.Image] | None = None

    def picture(self, item: ShownFrame) -> Image.Image:
        scene = item.frame.scene
        if self._scaled is None or self._scaled[0] != scene:
            self._scaled = (scene, scaled_board(self.boards[scene], self.layout))
        return frame_picture(self._scaled[1], item.heading, item.rows, self.layout)

    def palette(self) -> Image.Image:
        """One palette for every frame, chosen from a few spread over the replay."""
        step = max(1, len(self.shown) // PALETTE_SAMPLES)
        samples = self.shown[::step][:PALETTE_SAMPLES]
        return shared_palette([self.picture(item) for item in samples])


def replay_pictures(
    chosen: Sequence[ReplayFrame],
    scenes: Sequence[BaseModel],
    language: Language,
    drawn: Callable[[], None] = lambda: None,
) -> ReplayPictures:
    """The frames ``chosen`` with the boards they show drawn from ``scenes``; ``drawn`` is
    called after each board."""
    boards: dict[int, bytes] = {}
    for scene in sorted({frame.scene for frame in chosen}):
        png = draw(scenes[scene])
        assert png is not None  # the frames keep scenes that are drawn
        boards[scene] = png
        drawn()
    sizes = []
    for png in boards.values():
        with Image.open(io.BytesIO(png)) as opened:
            sizes.append(opened.size)
    layout = frame_layout(sizes)
    more = _MORE.in_(language)
    shown = []
    for position, frame in enumerate(chosen, 1):
        rows = tuple(caption_rows(frame.lines, layout, more))
        heading = _heading(frame, position, len(chosen), language)
        shown.append(ShownFrame(frame, position, heading, rows, _duration(rows)))
    return ReplayPictures(shown, boards, layout)
