"""A unit's or character's card as a Discord embed, within Discord's limits: a title of 256
characters, a description of 4,096, at most 25 fields of 256 and 1,024, and 6,000 in all."""

from __future__ import annotations

import discord

from bot.present.sheets import clip, fitted, section_pieces
from rules.core.sheets import Sheet

TITLE = 256
DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FIELDS = 25
TOTAL = 6000
DESCRIBED = 1000  # the description shares the total with the fields: keep it short


def sheet_embed(sheet: Sheet) -> discord.Embed:
    """The card: its title, subtitle and description on top, its facts as short fields side
    by side, then a field for each section (a table as a code block)."""
    about = [f"*{sheet.subtitle}*"] if sheet.subtitle else []
    if sheet.description:
        about.append(clip(sheet.description, DESCRIBED))
    embed = discord.Embed(
        title=clip(sheet.title, TITLE), description=clip("\n".join(about), DESCRIPTION)
    )
    used = len(embed.title or "") + len(embed.description or "")
    fields: list[tuple[str, str, bool]] = [
        (fact.name, fact.value or "—", True) for fact in sheet.facts
    ]
    for part in sheet.sections:
        fields.append(
            (part.title, fitted(section_pieces(part), FIELD_VALUE, sheet.language) or "—", False)
        )
    for name, value, inline in fields[:FIELDS]:
        name, value = clip(name, FIELD_NAME), clip(value, FIELD_VALUE)
        room = TOTAL - used - len(name)
        if room < 20:
            break
        if len(value) > room:
            value = clip(value.replace("```", ""), room)
        embed.add_field(name=name, value=value, inline=inline)
        used += len(name) + len(value)
    return embed
