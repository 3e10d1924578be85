"""A server's defaults for new games, kept as JSON per server and changed by its stewards
(members with Manage Server): ``threads``, whether ``/game new`` opens a thread for the
game when ``thread:`` is not given, and ``member_rolls``, whether every member may save
rolls for the whole server (``/macro save server:true``), not only its stewards."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, ValidationError

from bot.messages import Message, said
from bot.service.errors import UserError
from bot.service.player import Player
from bot.store.contract import Store


class ServerDefaults(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    threads: bool = False  # /game new opens a thread unless thread: says otherwise
    member_rolls: bool = False  # every member may save rolls for the server

    def describe(self) -> Message:
        if self.threads:
            threads = said(
                "New games in this server are set up in a thread of their own unless "
                "`/game new thread:` says otherwise."
            )
        else:
            threads = said(
                "New games in this server are set up in the channel itself unless "
                "`/game new thread:` says otherwise."
            )
        if self.member_rolls:
            rolls = said("The server's saved rolls are saved by every member.")
        else:
            rolls = said("The server's saved rolls are saved by members who may manage the server.")
        return said("{threads} {rolls}", threads=threads, rolls=rolls)


def read_defaults(text: str | None) -> ServerDefaults:
    """The defaults saved as ``text`` (the built-in ones for none, or for a value an
    earlier release wrote that no longer reads)."""
    if not text:
        return ServerDefaults()
    try:
        return ServerDefaults.model_validate(json.loads(text))
    except (ValueError, ValidationError):
        return ServerDefaults()


class ServerSettings:
    def __init__(self, db: Store, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock

    async def of(self, guild_id: int | None) -> ServerDefaults:
        """The server's defaults (the built-in ones outside any server)."""
        if guild_id is None:
            return ServerDefaults()
        return read_defaults(await self.db.server_settings(guild_id))

    async def change(
        self,
        guild_id: int | None,
        player: Player,
        *,
        threads: bool | None = None,
        member_rolls: bool | None = None,
    ) -> tuple[ServerDefaults, bool]:
        """The server's defaults after the change (none: just shown), and whether they
        changed; only stewards of the server (Manage Server) may change them."""
        if guild_id is None:
            raise UserError(said("Server settings belong to a server; use the command in one."))
        current = await self.of(guild_id)
        update = {
            key: value
            for key, value in (("threads", threads), ("member_rolls", member_rolls))
            if value is not None
        }
        if not update:
            return current, False
        if not player.manager:
            raise UserError(
                said(
                    "Only members who may manage this server can change its settings;"
                    " the settings stay as they were."
                )
            )
        changed = current.model_copy(update=update)
        await self.db.save_server_settings(
            guild_id, changed.model_dump_json(exclude_defaults=True), self.clock()
        )
        return changed, changed != current
