"""Saved rolls: dice expressions kept under a name, to roll with ``/roll name:``.

Each player has their own saved rolls in each server (server 0 outside any server), at
most :data:`MAX_SAVED` of them, and each server keeps up to :data:`MAX_SERVER_SAVED` for
all its members. ``/roll name:`` looks for the player's own roll of that name first, then
the server's. A server's rolls are saved, replaced and deleted by members who may manage
the server; where the server allows it (``/server settings member_rolls:true``) any member
may save new ones and replace or delete the ones they saved. A name is 1 to
:data:`MAX_NAME_LENGTH` letters, digits, ``-`` or ``_``, compared without regard to case
and kept lower-cased. The dice must be a valid roll command when saved, so a saved roll
always rolls.
"""

from __future__ import annotations

import difflib
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.messages import Joined, Message, joined, said
from bot.service.errors import UserError
from bot.service.player import Player
from bot.service.server_defaults import ServerSettings
from bot.store.contract import Store
from rules.notation import NotationError, parse_command

MAX_SAVED = 50
"""Most rolls one player may keep in one server."""

MAX_SERVER_SAVED = 100
"""Most rolls one server may keep for its members."""

MAX_NAME_LENGTH = 32

NO_SAVED_ROLLS = said(
    "You have no saved rolls here yet; save one with `/macro save name:stats dice:6 4d6k3`."
)


SAVE = said("save")  # what a member may or may not do to the server's rolls
DELETE = said("delete")


def _near(name: str, names: list[str]) -> Message | str:
    """ " Did you mean `x`?" for the closest of ``names``, or nothing."""
    near = difflib.get_close_matches(name, names, n=1)
    return said(" Did you mean `{name}`?", name=near[0]) if near else ""


def _listed(names: list[str]) -> Joined:
    """The first ten names in backticks, and an ellipsis for more."""
    return joined([*(f"`{n}`" for n in names[:10]), *(["…"] if len(names) > 10 else [])])


@dataclass(frozen=True, slots=True)
class SavedRoll:
    name: str
    dice: str
    server: bool = False
    """One of the server's rolls, kept for every member, rather than the player's own."""
    saved_by: int | None = None
    """Who saved a server's roll (None for a player's own)."""


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


def _checked_dice(cleaned: str, dice: str) -> str:
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
    return dice


class RollMacros:
    def __init__(
        self,
        db: Store,
        clock: Callable[[], float] = time.time,
        settings: ServerSettings | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        self.settings = settings or ServerSettings(db, clock)

    async def saved(self, guild_id: int, user_id: int) -> list[SavedRoll]:
        """The player's saved rolls in the server, by name."""
        return [
            SavedRoll(name, dice) for name, dice in await self.db.roll_macros(guild_id, user_id)
        ]

    async def server_saved(self, guild_id: int) -> list[SavedRoll]:
        """The server's saved rolls, by name (none outside any server)."""
        if not guild_id:
            return []
        return [
            SavedRoll(name, dice, server=True, saved_by=saved_by)
            for name, dice, saved_by in await self.db.server_roll_macros(guild_id)
        ]

    async def offered(self, guild_id: int, user_id: int) -> list[SavedRoll]:
        """What ``/roll name:`` can roll here: the player's own, then the server's that no
        roll of the player's hides."""
        own = await self.saved(guild_id, user_id)
        names = {roll.name for roll in own}
        shared = [roll for roll in await self.server_saved(guild_id) if roll.name not in names]
        return own + shared

    async def save(
        self, guild_id: int, user_id: int, name: str, dice: str
    ) -> tuple[SavedRoll, bool]:
        """Save (or replace) a roll; also says whether one of that name was replaced."""
        cleaned = _clean_name(name)
        dice = _checked_dice(cleaned, dice)
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

    async def save_for_server(
        self, guild_id: int, player: Player, name: str, dice: str
    ) -> tuple[SavedRoll, bool]:
        """Save (or replace) one of the server's rolls, if ``player`` may."""
        cleaned = _clean_name(name)
        found = await self._server_roll(guild_id, cleaned)
        await self._check_may_change(guild_id, player, found, SAVE)
        dice = _checked_dice(cleaned, dice)
        replaced = await self.db.save_server_roll_macro(
            guild_id, cleaned, dice, player.user_id, self.clock(), MAX_SERVER_SAVED
        )
        if replaced is None:
            raise UserError(
                said(
                    "This server already keeps {limit} saved rolls; delete one first"
                    " with `/macro delete server:true`.",
                    limit=MAX_SERVER_SAVED,
                )
            )
        return SavedRoll(cleaned, dice, server=True, saved_by=player.user_id), replaced

    async def find(self, guild_id: int, user_id: int, name: str) -> SavedRoll:
        """The player's saved roll of that name, else the server's, or a UserError naming
        the nearest ones."""
        cleaned = name.strip().lower()
        offered = await self.offered(guild_id, user_id)
        for roll in offered:
            if roll.name == cleaned:
                return roll
        if not offered:
            raise UserError(NO_SAVED_ROLLS)
        names = [roll.name for roll in offered]
        whose = said("Yours and the server's") if offered[-1].server else said("Yours")
        if offered[0].server:
            whose = said("The server's")
        raise UserError(
            said(
                "You have no saved roll named `{name}`.{hint} {whose}: {shown}.",
                name=cleaned[:40],
                hint=_near(cleaned, names),
                whose=whose,
                shown=_listed(names),
            )
        )

    async def delete(self, guild_id: int, user_id: int, name: str) -> SavedRoll:
        cleaned = name.strip().lower()
        mine = await self.saved(guild_id, user_id)
        found = next((roll for roll in mine if roll.name == cleaned), None)
        if found is None:
            if guild_id and await self._server_roll(guild_id, cleaned) is not None:
                raise UserError(
                    said(
                        "`{name}` is one of the server's saved rolls; forget it with"
                        " `/macro delete name:{name} server:true`.",
                        name=cleaned,
                    )
                )
            if not mine:
                raise UserError(NO_SAVED_ROLLS)
            names = [r.name for r in mine]
            raise UserError(
                said(
                    "You have no saved roll named `{name}`.{hint} Yours: {shown}.",
                    name=cleaned[:40],
                    hint=_near(cleaned, names),
                    shown=_listed(names),
                )
            )
        if not await self.db.delete_roll_macro(guild_id, user_id, found.name):
            raise UserError(said("`{name}` was already deleted.", name=found.name))
        return found

    async def delete_for_server(self, guild_id: int, player: Player, name: str) -> SavedRoll:
        """Forget one of the server's rolls, if ``player`` may."""
        cleaned = name.strip().lower()
        found = await self._server_roll(guild_id, cleaned)
        if found is None:
            shared = await self.server_saved(guild_id)
            if not shared:
                raise UserError(said("This server keeps no saved rolls."))
            raise UserError(
                said(
                    "This server has no saved roll named `{name}`.{hint}",
                    name=cleaned[:40],
                    hint=_near(cleaned, [r.name for r in shared]),
                )
            )
        await self._check_may_change(guild_id, player, found, DELETE)
        if not await self.db.delete_server_roll_macro(guild_id, found.name):
            raise UserError(said("`{name}` was already deleted.", name=found.name))
        return found

    async def _server_roll(self, guild_id: int, cleaned: str) -> SavedRoll | None:
        if not guild_id:
            raise UserError(
                said(
                    "A server's saved rolls belong to a server; use the command in one, or save"
                    " the roll as your own without `server:`."
                )
            )
        return next((r for r in await self.server_saved(guild_id) if r.name == cleaned), None)

    async def _check_may_change(
        self, guild_id: int, player: Player, found: SavedRoll | None, verb: Message
    ) -> None:
        """Managers change any of the server's rolls; other members, where the server lets
        them, add new ones and change their own."""
        if player.manager:
            return
        if not (await self.settings.of(guild_id)).member_rolls:
            raise UserError(
                said(
                    "Only members who may manage this server can {verb} its saved rolls (they"
                    " can let every member save them with `/server settings member_rolls:true`);"
                    " save it as your own roll without `server:`.",
                    verb=verb,
                )
            )
        if found is not None and found.saved_by != player.user_id:
            raise UserError(
                said(
                    "`{name}` was saved for the server by <@{user}>; only they or a member who"
                    " may manage the server can {verb} it.",
                    name=found.name,
                    user=found.saved_by or 0,
                    verb=verb,
                )
            )
