"""Saved rolls: dice expressions a player keeps under a name, to roll with ``/roll name:``.

Each player has their own saved rolls in each server (server 0 outside any server), at
most :data:`MAX_SAVED` of them. A name is 1 to :data:`MAX_NAME_LENGTH` letters, digits,
``-`` or ``_``, compared without regard to case and kept lower-cased. The dice must be a
valid roll command when saved, so a saved roll always rolls.
"""

from __future__ import annotations

import difflib
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.messages import Message, joined, said
from bot.service.errors import UserError
from bot.store.contract import Store
from rules.notation import NotationError, parse_command

MAX_SAVED = 50
"""Most rolls one player may keep in one server."""

MAX_NAME_LENGTH = 32


@dataclass(frozen=True, slots=True)
class SavedRoll:
    name: str
    dice: str


def notation_problem(error: NotationError) -> Message:
    """A roll command's syntax error for the player: the message and a caret under it."""
    return said(
        "{problem}\n```\n{caret}\n```\nSee `/help roll`.",
        problem=error.message,
        caret=error.render(),
    )


def _clean_name(name: str) -> str:
    cleaned = name.strip().lower()
    if not cleaned:
        raise UserError(said("Give the saved roll a name, such as `stats` or `fireball`."))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise UserError(
            said(
                "A saved roll's name can be at most {limit} characters long.",
                limit=MAX_NAME_LENGTH,
            )
        )
    if not all(ch.isalnum() or ch in "-_" for ch in cleaned):
        raise UserError(
            said(
                "A saved roll's name may hold only letters, digits, `-` and `_`, such as"
                " `sneak-attack`."
            )
        )
    return cleaned


class RollMacros:
    def __init__(self, db: Store, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock

    async def saved(self, guild_id: int, user_id: int) -> list[SavedRoll]:
        """The player's saved rolls in the server, by name."""
        return [
            SavedRoll(name, dice) for name, dice in await self.db.roll_macros(guild_id, user_id)
        ]

    async def save(
        self, guild_id: int, user_id: int, name: str, dice: str
    ) -> tuple[SavedRoll, bool]:
        """Save (or replace) a roll; also says whether one of that name was replaced."""
        cleaned = _clean_name(name)
        dice = dice.strip()
        try:
            parse_command(dice)
        except NotationError as error:
            raise UserError(
                said(
                    "`{name}` was not saved: {problem}",
                    name=cleaned,
                    problem=notation_problem(error),
                )
            ) from None
        replaced = await self.db.save_roll_macro(
            guild_id, user_id, cleaned, dice, self.clock(), MAX_SAVED
        )
        if replaced is None:
            raise UserError(
                said(
                    "You already keep {limit} saved rolls here; delete one first with"
                    " `/macro delete`.",
                    limit=MAX_SAVED,
                )
            )
        return SavedRoll(cleaned, dice), replaced

    async def find(self, guild_id: int, user_id: int, name: str) -> SavedRoll:
        """The saved roll of that name, or a UserError naming the nearest ones."""
        cleaned = name.strip().lower()
        saved = await self.saved(guild_id, user_id)
        for roll in saved:
            if roll.name == cleaned:
                return roll
        if not saved:
            raise UserError(
                said(
                    "You have no saved rolls here yet; save one with"
                    " `/macro save name:stats dice:6 4d6k3`."
                )
            )
        names = [roll.name for roll in saved]
        near = difflib.get_close_matches(cleaned, names, n=1)
        hint = said(" Did you mean `{name}`?", name=near[0]) if near else ""
        shown = joined([*(f"`{n}`" for n in names[:10]), *(["…"] if len(names) > 10 else [])])
        raise UserError(
            said(
                "You have no saved roll named `{name}`.{hint} Yours: {shown}.",
                name=cleaned[:40],
                hint=hint,
                shown=shown,
            )
        )

    async def delete(self, guild_id: int, user_id: int, name: str) -> SavedRoll:
        found = await self.find(guild_id, user_id, name)
        if not await self.db.delete_roll_macro(guild_id, user_id, found.name):
            raise UserError(said("`{name}` was already deleted.", name=found.name))
        return found
