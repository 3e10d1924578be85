"""/rules and /table: the rules reference (in our own words) and the numeric tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.choices import matching_choices
from bot.discord_app.mentions import NO_MENTIONS
from bot.discord_app.players import language_of
from bot.discord_app.reach import anywhere
from bot.messages import as_is, said
from bot.present.defuse import defuse_mentions
from bot.service import GameService
from bot.service.errors import UserError
from rules.core.language import Language, Phrase
from rules.reference import LookupProblem, load_default_index, load_default_tables
from rules.reference.text import escape_markdown

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot


_NAME_A_RULE = Phrase(
    "Name a rule to look up, e.g. `/rules topic:overwatch` (in Discord, matching "
    "topics are suggested as you type). Systems covered: {systems}.",
    "Nenne eine Regel zum Nachschlagen, z. B. `/regeln thema:overwatch` (in Discord werden "
    "passende Themen beim Tippen vorgeschlagen). Abgedeckte Systeme: {systems}.",
)
_NOTHING = Phrase(
    "Nothing in the rules reference matches '{topic}'. Try other words; "
    "systems covered: {systems}.",
    "Nichts im Regelverzeichnis passt zu '{topic}'. Versuch andere Wörter; "
    "abgedeckte Systeme: {systems}.",
)
_MENTIONED = Phrase(
    "-# No rule of {system} is about “{topic}”; this entry mentions it.\n",
    "-# Keine Regel von {system} handelt von „{topic}“; dieser Eintrag erwähnt es.\n",
)
_SEE_ALSO = Phrase("\n-# See also: ", "\n-# Siehe auch: ")


def rules_text(
    topic: str,
    system: str | None = None,
    channel_system: str | None = None,
    language: Language = Language.ENGLISH,
) -> str:
    """The entry ``topic`` means (an autocomplete value or free text), with related titles,
    in the reader's ``language`` where the entry is written in it. Without a ``system``,
    the entries of ``channel_system`` (the game played where the question is asked) come
    first."""
    index = load_default_index()
    systems = ", ".join(f"`{sid}`" for sid, _ in index.systems())
    if not topic.strip():
        raise UserError(as_is(_NAME_A_RULE.in_(language).format(systems=systems)))
    try:
        hit = index.find(topic, system, prefer=channel_system, language=language)
        entry = hit.entry if hit is not None else None
        within = system or (entry.system if entry is not None else None)
        related = [h.entry for h in index.search(topic, within, limit=4, language=language)]
    except LookupProblem as problem:
        raise UserError(as_is(problem.in_(language))) from None
    if entry is None:
        raise UserError(as_is(_NOTHING.in_(language).format(topic=topic[:80], systems=systems)))
    written = language if language in index.languages(entry) else Language.ENGLISH
    name = index.system_name(entry.system, written)
    text = entry.as_markdown(name, written)
    if hit is not None and hit.mentioned:
        # nothing is about the topic: say so rather than pass a passing mention off as it
        shown = defuse_mentions(escape_markdown(topic.strip()[:60]))
        text = _MENTIONED.in_(language).format(system=name, topic=shown) + text
    others = [e.title for e in related if e.key != entry.key][:3]
    if others:
        text += _SEE_ALSO.in_(language) + ", ".join(others)
    return text[:2000]


def table_text(
    name: str | None,
    row: str | None,
    column: str | None,
    channel_system: str | None = None,
    language: Language = Language.ENGLISH,
) -> str:
    """``/table``'s answer, in the reader's ``language`` where the table is written in it;
    among tables of equal match, ``channel_system``'s come first. Without a name, the list
    of tables, ``channel_system``'s first. A question the tables cannot answer is refused
    in ``language``."""
    book = load_default_tables()
    if not (name or "").strip():
        if row or column:
            raise UserError(said("Name the table to read that row or column in: `/table name:`."))
        return book.listing(channel_system, language)[:2000]
    try:
        return book.answer(name or "", row, column, prefer=channel_system, language=language).text
    except LookupProblem as problem:
        raise UserError(as_is(problem.in_(language))) from None


async def channel_system(service: GameService, channel_id: int | None) -> str | None:
    """The system of the game in ``channel_id`` (None in DMs or where none was played)."""
    return None if channel_id is None else await service.system_in(channel_id)


class LookupCog(commands.Cog):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot

    async def topic_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        system = getattr(interaction.namespace, "system", None)
        here = await channel_system(self.bot.service, interaction.channel_id)
        pairs = load_default_index().autocomplete(
            current, system=system, language=language_of(interaction), prefer=here
        )
        return [app_commands.Choice(name=n[:100], value=v[:100]) for n, v in pairs[:25]]

    async def system_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        return matching_choices(
            ((n, sid) for sid, n in load_default_index().systems()), current, translated=True
        )

    async def table_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        here = await channel_system(self.bot.service, interaction.channel_id)
        pairs = load_default_tables().autocomplete(
            current, prefer=here, language=language_of(interaction)
        )
        return [app_commands.Choice(name=n[:100], value=v[:100]) for n, v in pairs[:25]]

    @anywhere
    @app_commands.command(name="rules", description="Look up a rule")
    @app_commands.describe(topic="What to look up", system="Only this game system")
    @app_commands.autocomplete(topic=topic_autocomplete, system=system_autocomplete)
    async def rules(
        self,
        interaction: discord.Interaction[UmpireBot],
        topic: app_commands.Range[str, 1, 100],
        system: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        here = await channel_system(self.bot.service, interaction.channel_id)
        await interaction.response.send_message(
            rules_text(topic, system, here, language_of(interaction)),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    @anywhere
    @app_commands.command(name="table", description="Read a numeric table of the rules")
    @app_commands.describe(
        name="Which table (English or the source's German name)",
        row="Row to read, e.g. an attacker's AS",
        column="Column to read, e.g. the defender's AS",
    )
    @app_commands.autocomplete(name=table_autocomplete)
    async def table(
        self,
        interaction: discord.Interaction[UmpireBot],
        name: app_commands.Range[str, 1, 100] | None = None,
        row: app_commands.Range[str, 1, 60] | None = None,
        column: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        here = await channel_system(self.bot.service, interaction.channel_id)
        await interaction.response.send_message(
            table_text(name, row, column, here, language_of(interaction)),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(LookupCog(bot))
