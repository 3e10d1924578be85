"""The Discord front end: the bot, its cogs, components and delivery of posts."""

from bot.discord_app.app import UmpireBot, create_bot
from bot.discord_app.health import PortUnusable
from bot.discord_app.shutdown import serve

__all__ = ["PortUnusable", "UmpireBot", "create_bot", "serve"]
