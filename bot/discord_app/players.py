"""Who is behind an interaction, as the service's :class:`~bot.service.player.Player`."""

from __future__ import annotations

import discord

from bot.service import Player
from rules.core.language import Language, language_of_locale


def player_of(interaction: discord.Interaction) -> Player:
    """The person behind an interaction, with their Manage Server permission."""
    manager = False
    permissions = getattr(interaction, "permissions", None)
    if interaction.guild is not None and permissions is not None:
        manager = bool(permissions.manage_guild)
    return Player(interaction.user.id, interaction.user.display_name, manager=manager)


def language_of(interaction: discord.Interaction) -> Language:
    """The language to answer the person behind an interaction in: their Discord locale's
    (English when the interaction names none)."""
    locale = getattr(interaction, "locale", None)
    return language_of_locale(None if locale is None else str(locale))
