"""The frames of the animated replay (`/game replay`): the steps of a game that drew a
board, each with the public board after it and the public lines that led to it.

A step is one batch of the log (``step_views.py``). A step gets a frame where the game
posted a board: its start, an undo, the end, and wherever the system's ``board_after``
asks for one, judged on the step's public events alone (a step that says nothing in
public posts nothing, so gets none). The lines of steps without a
board join the next frame's caption, so every public line belongs to exactly one frame,
and lines after the last board make a last frame of the board as it stands. The lines
are the log's own public lines, narrated in the reader's language, without their Discord
markup; boards and lines come from the spectator's view only, whoever asks and whenever.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from pydantic import BaseModel

from bot.service.history import log_line
from bot.service.loaded import LoadedGame, undone_batches, visibility_of
from bot.service.public_numbers import log_numbers
from bot.service.step_views import public_scene, states_after_batches
from bot.store.records import LogRow
from renderers.replay_frame import CaptionLine
from rules.core import engine
from rules.core.events import DiceRolled, Event, GameEnded, SeatConceded
from rules.core.language import Language
from rules.core.state import GameState
from rules.core.visibility import Viewer

_NUMBER = re.compile(r"^`[^`]*` ?")  # the log number in front of a line
_MARKUP = re.compile(r"\*\*|__|~~|`")


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """One board of the replay: ``scene`` indexes the different scenes, ``round`` is the
    system's round after the step (None before play proper), ``first`` to ``last`` the
    public log numbers it covers (``last`` < ``first`` when it covers none)."""

    scene: int
    round: int | None
    first: int
    last: int
    lines: tuple[CaptionLine, ...]


def _starts(row: LogRow) -> bool:
    """Whether ``row`` is the note of the game's start (it names the dice commitment)."""
    return row.kind == "meta" and "commitment" in json.loads(row.payload)


def plain_line(line: str) -> str:
    """A log line without its number and Discord markup."""
    return _MARKUP.sub("", _NUMBER.sub("", line, count=1))


def replay_frames(
    game: LoadedGame, rows: list[LogRow], language: Language = Language.ENGLISH
) -> tuple[list[ReplayFrame], list[BaseModel]]:
    """The frames of ``game`` from its whole log ``rows``, and the different public scenes
    they show (each frame names one by index)."""
    system = game.system
    viewer = Viewer.spectator()
    undone = undone_batches(rows)
    numbers = log_numbers(rows, lambda row: visibility_of(row.scope).allows(viewer))
    actions = {row.seq: row for row in rows if row.kind == "action"}
    scenes: list[BaseModel] = []
    known: dict[str, int] = {}

    def frame(state: GameState, lines: list[CaptionLine], first: int, last: int) -> bool:
        """A frame of the public board of ``state``, when the system draws one."""
        scene = public_scene(system, state)
        if scene is None:
            return False
        index = known.setdefault(scene.model_dump_json(), len(scenes))
        if index == len(scenes):
            scenes.append(scene)
        frames.append(ReplayFrame(index, system.round_number(state), first, last, tuple(lines)))
        return True

    frames: list[ReplayFrame] = []
    pending: list[CaptionLine] = []
    counted = 0  # public records so far
    covered = 0  # public records the frames so far cover
    started = ended = False
    state: GameState | None = None
    for after in states_after_batches(system, game.options(), game.seat_ids(), rows):
        events: list[Event] = []
        said_before = len(pending)
        for row in after.rows:
            if not visibility_of(row.scope).allows(viewer):
                continue
            counted += 1  # the spectator's numbers count public records alone
            event = None
            if row.kind == "event":
                event = engine.parse_event(system, json.loads(row.payload))
                events.append(event)
            line = log_line(game, row, numbers.get(row.seq), undone, viewer, actions, language)
            if line is not None:
                text = plain_line(line)
                detail = isinstance(event, DiceRolled) or text[:1].isspace()
                key = isinstance(event, GameEnded | SeatConceded)
                pending.append(CaptionLine(text.strip(), detail, key))
        state = after.state
        if state is None and any(_starts(row) for row in after.rows):
            # a game whose opening makes no events: the board as it was set up
            state = system.initial_state(game.options(), game.seat_ids())
        if state is None:
            continue
        begins, started = not started, True
        ends = state.finished and not ended
        ended = ended or state.finished
        undo = any(row.kind == "undo" for row in after.rows)
        # a step that says nothing in public (a player looking at their own hand, an
        # unnarrated step) posts nothing, so no board either
        said_here = len(pending) > said_before
        if not (begins or ends or undo or (said_here and system.board_after(events))):
            continue
        if frame(state, pending, covered + 1, counted):
            covered, pending = counted, []
    if pending and state is not None and frames:
        frame(state, pending, covered + 1, counted)  # lines after the last board: as it stands
    return frames, scenes
