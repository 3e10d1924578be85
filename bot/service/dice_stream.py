"""Where a game's dice stream stands: every roll draws from counters no roll ever used.

The state carries the stream position (``dice_counter``), and replaying the log never
re-rolls. An undo approved across rolls would rewind that position and deal the same dice
again to a player who has seen them; instead the stream moves on to the first counter no
roll ever used (:meth:`bot.store.database.Database.next_dice_counter`), with a
:class:`~rules.core.events.DiceMovedOn` event in the log so that the fold of the log still
gives the state. An action checks the same before it rolls, which also moves on a game
saved by an earlier release right after such an undo.
"""

from __future__ import annotations

from bot.service.access import GameAccess
from bot.service.loaded import LoadedGame
from rules.core.events import DiceMovedOn, Event
from rules.core.state import GameState


async def moved_on(access: GameAccess, game: LoadedGame, state: GameState) -> list[Event]:
    """``[DiceMovedOn]`` when ``state``'s stream stands below a counter already drawn."""
    counter = game.next_dice
    if counter is None:  # not read with the game
        counter = await access.db.next_dice_counter(game.id)
    return [DiceMovedOn(counter=counter)] if counter > state.dice_counter else []
