"""``/game sheet``: the cards of units and characters, found by name, as the asker may see them.

The cards come from the systems' ``sheets``/``sheet`` hooks (:mod:`rules.core.sheets`). In
a channel with a game, its system's cards are offered: the game's own units or characters
(as the asker's seat, or a spectator, may see them) first, then the content packs'. A
``system:`` named explicitly shows that system's content (and the game's units when it is
the game's system); where no game was played and none is named, every system's content is
searched. Reading never changes a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import zip_longest
from typing import Any

from bot.messages import as_is, said
from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.lobby import unknown_system
from bot.service.standing import viewer_for
from rules.core.language import Language
from rules.core.names import Option
from rules.core.registry import available_systems
from rules.core.rejection import Rejection
from rules.core.sheets import Sheet, SheetEntry, find_sheet, matching
from rules.core.state import GameState
from rules.core.system import GameSystem
from rules.core.visibility import Viewer

MAX_CHOICES = 25
SEPARATOR = ":"  # a choice's value: ``<system>:<key>``


@dataclass(frozen=True, slots=True)
class SheetChoice:
    """One suggestion: what the menu shows and the value sent back (within 100 characters)."""

    name: str
    value: str


@dataclass(frozen=True, slots=True)
class Shelf:
    """One system's cards as the asker may see them here."""

    system: GameSystem[Any]
    state: GameState | None
    viewer: Viewer
    entries: list[SheetEntry]

    def ident(self, entry: SheetEntry) -> str:
        return f"{self.system.id}{SEPARATOR}{entry.key}"


def _clip(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


class Sheets:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def _shelves(
        self,
        channel_id: int | None,
        user_id: int | None,
        system_id: str | None,
        language: Language,
        unlisted: bool,
    ) -> list[Shelf]:
        game = None if channel_id is None else await self.access.game_in(channel_id)
        offered = available_systems(unlisted=unlisted)
        if system_id is not None:
            wanted = system_id.strip().casefold()
            chosen = [s for s in offered if wanted in (s.id, s.name.casefold())]
            if not chosen:
                raise UserError(unknown_system(system_id[:40], (s.id for s in offered)))
        elif game is not None:
            chosen = [game.system]
        else:
            chosen = offered
        shelves = []
        for system in chosen:
            here = game is not None and game.system.id == system.id
            state = game.state if here and game is not None else None
            viewer = viewer_for(game, user_id) if here and game is not None else Viewer.spectator()
            entries = system.sheets(state, viewer, language)
            shelves.append(Shelf(system, state, viewer, entries))
        return shelves

    async def choices(
        self,
        channel_id: int | None,
        user_id: int | None,
        typed: str,
        system_id: str | None = None,
        language: Language = Language.ENGLISH,
        *,
        unlisted: bool = False,
    ) -> list[SheetChoice]:
        """At most 25 suggestions for what ``typed`` may name: the game's units or
        characters first (alone while nothing is typed, when the game has any), then
        the content packs'. Never refuses: an unknown system offers nothing."""
        try:
            shelves = await self._shelves(channel_id, user_id, system_id, language, unlisted)
        except UserError:
            return []
        several = len(shelves) > 1

        def choice(shelf: Shelf, entry: SheetEntry) -> SheetChoice:
            detail = entry.detail
            if several:
                detail = f"{detail} · {shelf.system.name}" if detail else shelf.system.name
            shown = f"{entry.name} — {detail}" if detail else entry.name
            return SheetChoice(_clip(shown), _clip(shelf.ident(entry)))

        def fitting(in_game: bool) -> list[SheetChoice]:
            """Each system's matches in turn, so that every system shows among them."""
            per_shelf = [
                [choice(shelf, e) for e in matching(shelf.entries, typed) if e.in_game is in_game]
                for shelf in shelves
            ]
            return [c for row in zip_longest(*per_shelf) for c in row if c is not None]

        own = fitting(True)
        if own and not typed.strip():
            return own[:MAX_CHOICES]  # nothing typed: the game's own alone
        return (own + fitting(False))[:MAX_CHOICES]

    async def show(
        self,
        channel_id: int | None,
        user_id: int | None,
        name: str,
        system_id: str | None = None,
        language: Language = Language.ENGLISH,
        *,
        unlisted: bool = False,
    ) -> Sheet:
        """The card ``name`` means (a suggestion's value or free text), worded in
        ``language`` where its system speaks it; refused with the closest spelling."""
        shelves = await self._shelves(channel_id, user_id, system_id, language, unlisted)
        found = find_sheet(name, *self._options(shelves), language=language)
        if isinstance(found, Rejection):
            raise UserError(as_is(found.explain(language=language)))
        system_id, _, key = found.partition(SEPARATOR)
        shelf = next(s for s in shelves if s.system.id == system_id)
        sheet = shelf.system.sheet(shelf.state, shelf.viewer, key, language)
        if sheet is None:  # listed a moment ago: the game moved on meanwhile
            raise UserError(said("There is no card of '{name}' here any more.", name=name[:40]))
        return sheet

    @staticmethod
    def _options(shelves: Sequence[Shelf]) -> tuple[list[Option], set[str]]:
        """Every card as something to name (qualified by its system) and those of the game."""
        several = len(shelves) > 1
        options, likely = [], set()
        for shelf in shelves:
            for entry in shelf.entries:
                label = f"{entry.name} ({shelf.system.name})" if several else None
                options.append(entry.option(shelf.ident(entry), label))
                if entry.in_game:
                    likely.add(shelf.ident(entry))
        return options, likely
