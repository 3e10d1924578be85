"""What each seat may do now, worked out once per game version.

A player typing into ``/act`` asks for suggestions at every keystroke, and the answer
changes only when the game does (every change, an action, an undo, a pause, is a new
version). Working the legal actions out once per version keeps typing cheap even in the
largest games, where listing them tries every move, shot and fight on the rules.
"""

from __future__ import annotations

from collections import OrderedDict

from bot.service.loaded import LoadedGame
from rules.core.choices import ActionChoice
from rules.core.language import Language

LIMIT = 256  # games whose suggestions are kept, most recently asked first


class Suggestions:
    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._known: OrderedDict[tuple[int, int, str, Language], tuple[ActionChoice, ...]] = (
            OrderedDict()
        )

    def of(
        self, game: LoadedGame, seat: str, language: Language = Language.ENGLISH
    ) -> tuple[ActionChoice, ...]:
        """``seat``'s legal actions in ``game`` as it stands (nothing before the start),
        written for a reader of ``language``."""
        if game.state is None:
            return ()
        key = (game.id, game.version, seat, language)
        found = self._known.get(key)
        if found is None:
            found = tuple(game.system.legal_actions_in(game.state, seat, language))
            self._known[key] = found
            while len(self._known) > self.limit:
                self._known.popitem(last=False)
        else:
            self._known.move_to_end(key)
        return found
