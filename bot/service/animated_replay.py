"""`/game replay [from:] [to:]`: the boards of a game as an animated GIF, one frame per step
that drew a board (``replay_frames.py``), each with a caption strip of that step's public
lines (``replay_pictures.py``), in files Discord accepts (``replay_files.py``).

GIF rather than animated WebP: Discord plays a GIF inline on every client, phones
included, while an animated WebP attachment animates on desktop clients only; and for
these flat pictures the GIF, sharing one palette and storing only what changed, is the
smaller and by far the quicker to encode (figures in ``docs/animated-replay.md``).

Everything is drawn from the spectator's view, whoever asks and whenever, so the files
may go to the channel. The work runs in a worker thread with a progress callback.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.messages import as_is
from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.export_files import PART_BYTES
from bot.service.loaded import LoadedGame
from bot.service.replay_files import fitted_replay
from bot.service.replay_frames import replay_frames
from bot.service.replay_pictures import HOLD_MS, ShownFrame, replay_pictures, round_words
from bot.service.replay_range import Bound, selected_frames
from bot.store.records import LogRow
from rules.core.language import Language, Phrase

MOST_PARTS = 4  # files in one reply, each a message of its own

Progress = Callable[[int, int], None]  # pictures made so far, pictures to make

_REPLAYING = Phrase("Replaying the log…", "Spiele das Protokoll nach…")
_PROGRESS = Phrase(
    "Drawing the replay: {done} of {total} pictures…",
    "Zeichne die Wiederholung: {done} von {total} Bildern…",
)
_NOT_STARTED = Phrase(
    "Game #{game} has not started yet: there is no board to replay.",
    "Spiel #{game} hat noch nicht begonnen: es gibt kein Brett zum Wiederholen.",
)
_NO_BOARD = Phrase(
    "Game #{game} has shown no board yet, so there is nothing to replay.",
    "Spiel #{game} hat noch kein Brett gezeigt, also gibt es nichts zu wiederholen.",
)
_REPLY = Phrase(
    "Replay of game #{game} ({system}): {boards}, {span}, about {playing}. Each"
    " caption gives that step's public lines; `/game log` has all of them. Only what"
    " everybody may see is shown.",
    "Wiederholung von Spiel #{game} ({system}): {boards}, {span}, etwa {playing}."
    " Unter jedem Brett stehen die öffentlichen Zeilen des Schritts; `/spiel protokoll`"
    " hat sie alle. Gezeigt wird nur, was alle sehen dürfen.",
)
_SPAN = Phrase("{first} to {last}", "{first} bis {last}")
_DESCRIPTION = Phrase(
    "Animated replay of game #{game}, {system}: {boards}, {span}, each with its step's"
    " public lines under it.",
    "Animierte Wiederholung von Spiel #{game}, {system}: {boards}, {span}, unter jedem die"
    " öffentlichen Zeilen seines Schritts.",
)
_BOARDS = Phrase("{count} boards", "{count} Bretter")
_ONE_BOARD = Phrase("1 board", "1 Brett")
_PART = Phrase("Part {n} of {count}.", "Teil {n} von {count}.")


def progress_text(done: int, total: int, language: Language) -> str:
    """The progress message: the log replayed first (nothing counted yet), then the
    boards drawn and the frames made."""
    if total == 0:
        return _REPLAYING.in_(language)
    return _PROGRESS.in_(language).format(done=done, total=total)


def part_text(n: int, count: int, language: Language) -> str:
    """The words with every file after the first."""
    return _PART.in_(language).format(n=n, count=count)


@dataclass(frozen=True, slots=True)
class ReplayFile:
    name: str
    data: bytes
    description: str  # what it shows, for screen readers


@dataclass(frozen=True, slots=True)
class AnimatedReplay:
    files: tuple[ReplayFile, ...]
    note: str  # the reply's words
    frames: int  # frames in the files
    boards: int  # different boards drawn
    seconds: float  # how long the files play, together


def _playing(seconds: float) -> str:
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    return f"{whole // 60} min {whole % 60:02d} s"


def _boards(count: int, language: Language) -> str:
    return (_ONE_BOARD if count == 1 else _BOARDS).in_(language).format(count=count)


def _span(shown: Sequence[ShownFrame], language: Language) -> str:
    first = round_words(shown[0].frame, language)
    last = round_words(shown[-1].frame, language)
    return first if first == last else _SPAN.in_(language).format(first=first, last=last)


def animated_replay_of(
    game: LoadedGame,
    rows: list[LogRow],
    language: Language = Language.ENGLISH,
    start: Bound | None = None,
    end: Bound | None = None,
    progress: Progress | None = None,
    limit: int = PART_BYTES,
    most_parts: int = MOST_PARTS,
) -> AnimatedReplay:
    """The replay of ``game`` from ``start`` to ``end`` as GIF files of at most ``limit``
    bytes, at most ``most_parts`` of them."""
    if game.state is None:
        raise UserError(as_is(_NOT_STARTED.in_(language).format(game=game.id)))
    every, scenes = replay_frames(game, rows, language)
    if not every:
        raise UserError(as_is(_NO_BOARD.in_(language).format(game=game.id)))
    chosen = selected_frames(every, start, end, language)
    total = len({frame.scene for frame in chosen}) + len(chosen)
    done = 0

    def tick() -> None:
        nonlocal done
        done = min(total, done + 1)
        if progress is not None:
            progress(done, total)

    if progress is not None:
        progress(0, total)
    pictures = replay_pictures(chosen, scenes, language, tick)
    fitted = fitted_replay(pictures, limit, most_parts, language, tick)
    files = fitted.files
    system = game.system.name
    made = []
    for n, (shown, data) in enumerate(files, 1):
        name = f"umpire-replay-{game.id}.gif"
        if len(files) > 1:
            name = f"umpire-replay-{game.id}-part{n}-of-{len(files)}.gif"
        description = _DESCRIPTION.in_(language).format(
            game=game.id,
            system=system,
            boards=_boards(len(shown), language),
            span=_span(shown, language),
        )
        made.append(ReplayFile(name, data, description))
    everything = [item for shown, _ in files for item in shown]
    seconds = (sum(item.duration for item in everything) + HOLD_MS * len(files)) / 1000
    note = _REPLY.in_(language).format(
        game=game.id,
        system=system,
        boards=_boards(len(everything), language),
        span=_span(everything, language),
        playing=_playing(seconds),
    )
    boards = len(pictures.boards)
    return AnimatedReplay(
        tuple(made), note + "".join(fitted.notes), len(everything), boards, seconds
    )


class AnimatedReplays:
    """The animated replay of a channel's game (its open one, or its last)."""

    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def replay(
        self,
        channel_id: int,
        language: Language = Language.ENGLISH,
        start: Bound | None = None,
        end: Bound | None = None,
        progress: Progress | None = None,
    ) -> AnimatedReplay:
        """The files, made in a worker thread; ``progress`` is called from that thread."""
        game = await self.access.open_or_last(channel_id)
        rows = await self.access.db.log(game.id)
        return await asyncio.to_thread(
            animated_replay_of, game, rows, language, start, end, progress
        )
