"""Paging through a game's log (or a catch-up): one ephemeral message holding a page,
with buttons that edit that message to show the first, previous, next or last page and a
counter between them. Every page is read again from the service as its reader may see
it; a page too long for one message is shown in parts, each whole lines, and the buttons
step through the parts too."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_app.errors import handle_error
from bot.discord_app.mentions import NO_MENTIONS
from bot.discord_app.players import language_of
from bot.messages import said
from bot.present.defuse import defuse_mentions
from bot.present.posts import chunk
from bot.service import GameService
from bot.service.read_models import LogPage
from rules.core.language import Language

LOG_SECONDS = 600.0  # the buttons work this long; the reply's own token lasts 15 minutes
PART_LIMIT = 1900  # characters of lines in one message, under Discord's 2,000
EMPTY = said("The log is empty.")

PageReader = Callable[[int], Awaitable[LogPage]]  # page number -> that page, read again


def parts_of(page: LogPage, language: Language = Language.ENGLISH) -> list[str]:
    """The page as messages of whole lines, each within Discord's limit."""
    lines = [defuse_mentions(line) for line in page.lines] or [EMPTY.in_(language)]
    return chunk(lines, PART_LIMIT)


def counter(page: LogPage, part: int, parts: int, language: Language = Language.ENGLISH) -> str:
    text = said("Page {page} of {pages}", page=page.page, pages=page.pages)
    if parts > 1:
        text = said("{page} · part {part} of {parts}", page=text, part=part + 1, parts=parts)
    return text.in_(language)


class LogView(discord.ui.View):
    """The buttons under a log page; only the member who asked sees them (the message is
    ephemeral), and a click by anybody else is refused all the same."""

    def __init__(
        self,
        read: PageReader,
        user_id: int,
        page: LogPage,
        *,
        at_end: bool = True,
        language: Language = Language.ENGLISH,
    ):
        super().__init__(timeout=LOG_SECONDS)
        self.read = read
        self.user_id = user_id
        self.page = page
        self.language = language
        self.parts = parts_of(page, language)
        self.part = len(self.parts) - 1 if at_end else 0  # a log shows its newest lines
        self.asked: discord.Interaction[Any] | None = None
        self.first = self._button(said("⏮ First").in_(language), self._first)
        self.previous = self._button(said("◀ Previous").in_(language), self._previous)
        self.count: discord.ui.Button[LogView] = discord.ui.Button(
            label="", disabled=True, style=discord.ButtonStyle.secondary
        )
        self.add_item(self.count)
        self.next = self._button(said("Next ▶").in_(language), self._next)
        self.last = self._button(said("Last ⏭").in_(language), self._last)
        self._relabel()

    def _button(self, label: str, callback: Any) -> discord.ui.Button[LogView]:
        button: discord.ui.Button[LogView] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.primary
        )
        button.callback = callback  # type: ignore[method-assign]
        self.add_item(button)
        return button

    @property
    def content(self) -> str:
        return self.parts[self.part]

    @property
    def at_start(self) -> bool:
        return self.page.page == 1 and self.part == 0

    @property
    def at_end(self) -> bool:
        return self.page.page == self.page.pages and self.part == len(self.parts) - 1

    def _relabel(self) -> None:
        self.count.label = counter(self.page, self.part, len(self.parts), self.language)
        self.first.disabled = self.previous.disabled = self.at_start
        self.next.disabled = self.last.disabled = self.at_end

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id == self.user_id:
            return True
        await interaction.response.send_message(
            said("These buttons page through somebody else's log; use `/game log` for yours.").in_(
                language_of(interaction)
            ),
            ephemeral=True,
        )
        return False

    async def _first(self, interaction: discord.Interaction[Any]) -> None:
        await self._show(interaction, 1, last_part=False)

    async def _last(self, interaction: discord.Interaction[Any]) -> None:
        await self._show(interaction, self.page.pages, last_part=True)

    async def _previous(self, interaction: discord.Interaction[Any]) -> None:
        if self.part > 0:
            self.part -= 1
            await self._edit(interaction)
            return
        await self._show(interaction, max(1, self.page.page - 1), last_part=True)

    async def _next(self, interaction: discord.Interaction[Any]) -> None:
        if self.part < len(self.parts) - 1:
            self.part += 1
            await self._edit(interaction)
            return
        await self._show(interaction, min(self.page.pages, self.page.page + 1), last_part=False)

    async def _show(
        self, interaction: discord.Interaction[Any], number: int, *, last_part: bool
    ) -> None:
        """Read page ``number`` again and show it in place of the one on screen."""
        await interaction.response.defer()  # reading takes a moment: the message stays
        try:
            page = await self.read(number)
        except Exception as error:
            await handle_error(interaction, error)
            return
        self.page = page
        self.parts = parts_of(page, self.language)
        self.part = len(self.parts) - 1 if last_part else 0
        await self._edited(interaction)

    async def _edit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        await self._edited(interaction)

    async def _edited(self, interaction: discord.Interaction[Any]) -> None:
        self._relabel()
        await interaction.edit_original_response(
            content=self.content, view=self, allowed_mentions=NO_MENTIONS
        )

    async def on_timeout(self) -> None:
        if self.asked is None:
            return
        # the message may be gone already; the log is unchanged either way
        with contextlib.suppress(discord.HTTPException):
            await self.asked.edit_original_response(view=None)


async def show_pages(
    interaction: discord.Interaction[Any], read: PageReader, page: LogPage, *, at_end: bool
) -> None:
    """Answer the (deferred) command with ``page`` and its buttons; ``read`` reads any
    other page of the same viewing."""
    language = language_of(interaction)
    view = LogView(read, interaction.user.id, page, at_end=at_end, language=language)
    view.asked = interaction
    await interaction.edit_original_response(
        content=view.content, view=view, allowed_mentions=NO_MENTIONS
    )


async def show_log(
    interaction: discord.Interaction[Any], service: GameService, channel_id: int, page: LogPage
) -> None:
    """Answer the (deferred) ``/game log`` with ``page`` (the newest, as a rule)."""

    async def read(number: int) -> LogPage:
        return await service.log_page(
            channel_id,
            interaction.user.id,
            number,
            game_id=page.game_id,
            upto=page.upto,
            language=language_of(interaction),
        )

    await show_pages(interaction, read, page, at_end=True)


async def show_catchup(
    interaction: discord.Interaction[Any], service: GameService, channel_id: int, page: LogPage
) -> None:
    """Answer the (deferred) ``/game catchup`` with its first page."""

    async def read(number: int) -> LogPage:
        return await service.catchup(
            channel_id,
            interaction.user.id,
            number,
            game_id=page.game_id,
            upto=page.upto,
            language=language_of(interaction),
        )

    await show_pages(interaction, read, page, at_end=False)
