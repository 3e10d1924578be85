"""How much of an accepted action the channel is told, by the game's ``posts`` setting.

* ``full``: every action's public lines, as they happen, with a ping for whoever is newly
  awaited and a board picture as often as the ``board`` setting says.
* ``compact``: one summary message a step: the public lines of a whole round (with the
  setup before the first round as one step) are held back and posted together when the
  round changes, with the awaited players pinged then. A system without rounds closes a
  step whenever somebody new is awaited.
* ``quiet``: nothing for routine actions; the dashboard (edited in place) and the log say
  where things stand, and the game's result is posted.

Nothing is lost: the log holds every line, and the dashboard shows the latest ones. Lines
held back are read again from the log when the step closes (public events only, never an
action taken back in the meantime), so a restart in between loses nothing either.
"""

from __future__ import annotations

from typing import Any

from bot.service.loaded import LoadedGame
from bot.service.public_lines import public_lines
from bot.store.contract import Store
from rules.core.language import Language
from rules.core.state import GameState
from rules.core.system import GameSystem


def step_closes(
    system: GameSystem[Any],
    old_state: GameState | None,
    new_state: GameState,
    *,
    newly_awaited: bool,
) -> bool:
    """Whether this action ends a compact step: the round changed (the setup before the
    first round is a step of its own), or, without rounds, somebody new is awaited."""
    if new_state.finished:
        return True
    before = system.round_number(old_state) if old_state is not None else None
    after = system.round_number(new_state)
    if before != after:
        return True
    return after is None and newly_awaited and not system_has_rounds(system)


def system_has_rounds(system: GameSystem[Any]) -> bool:
    """Whether the system counts rounds at all: only its setup is then without one."""
    return type(system).round_number is not GameSystem.round_number


def board_due(
    system: GameSystem[Any],
    cadence: str,
    old_state: GameState | None,
    new_state: GameState,
    drawn_today: bool,
) -> bool:
    """Whether a fresh board picture is due: ``activation`` whenever the system says the
    board changed, ``round`` when the round changes or the game ends, ``request`` never
    (``/game board`` draws one)."""
    if cadence == "request" or not drawn_today:
        return False
    if cadence == "round":
        before = system.round_number(old_state) if old_state is not None else None
        return new_state.finished or before != system.round_number(new_state)
    return True


async def held_lines(
    db: Store,
    game: LoadedGame,
    after_version: int,
    state: GameState,
    language: Language = Language.ENGLISH,
) -> list[str]:
    """The public lines of the records after ``after_version`` up to the game's version,
    without those of actions taken back since, in ``language``."""
    if after_version >= game.version:
        return []
    return public_lines(game, await db.log(game.id, after_seq=after_version), state, language)
