"""Allowed-mention policies: nothing by default, only named users when pinging on purpose."""

from __future__ import annotations

import discord

NO_MENTIONS = discord.AllowedMentions.none()


def mentions_only(user_ids: list[int]) -> discord.AllowedMentions:
    """Ping exactly these users; never everyone, here or roles."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in user_ids]
    )
