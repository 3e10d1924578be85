"""The commands of local mode as Discord shows them: their names, descriptions and options,
read from the cogs' slash commands (so the terminal says what Discord says), with the few
that are local mode's own.

Only commands local mode runs are listed. They are in English, as the command names typed
at the terminal are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from discord import AppCommandOptionType, app_commands

from bot.discord_app.cogs.admin import AdminCog
from bot.discord_app.cogs.dice import DiceCog
from bot.discord_app.cogs.game import GameCog
from bot.discord_app.cogs.lookup import LookupCog
from bot.discord_app.cogs.play import PlayCog

COGS: tuple[type[Any], ...] = (GameCog, PlayCog, DiceCog, LookupCog, AdminCog)
BOOLEAN = (("true", "true"), ("false", "false"))


@dataclass(frozen=True, slots=True)
class OptionInfo:
    name: str
    description: str
    choices: tuple[tuple[str, str], ...] = ()
    """Fixed (name, value) choices, as Discord offers them (true/false for a yes-or-no)."""
    autocomplete: bool = False
    """Its values are suggested as it is typed."""


@dataclass(frozen=True, slots=True)
class CommandInfo:
    path: str  # "game new", "roll"
    description: str
    options: tuple[OptionInfo, ...] = ()

    def option(self, name: str) -> OptionInfo | None:
        return next((option for option in self.options if option.name == name), None)


LOCAL_ONLY = (
    CommandInfo(
        "dms",
        "Local mode: open or close the current player's direct messages",
        (OptionInfo("open", "false closes them, true opens them again", BOOLEAN),),
    ),
)
LOCAL_OPTIONS = {
    "game log": (OptionInfo("last", "Local mode: the last N lines instead of a page"),),
}
"""Options local mode adds to a command of Discord's."""


def _option(parameter: app_commands.Parameter) -> OptionInfo:
    choices = tuple((str(c.name), str(c.value)) for c in parameter.choices)
    if not choices and parameter.type is AppCommandOptionType.boolean:
        choices = BOOLEAN
    return OptionInfo(
        parameter.name, str(parameter.description), choices, bool(parameter.autocomplete)
    )


def _commands(
    found: Iterable[app_commands.Command[Any, ..., Any] | app_commands.Group], prefix: str
) -> list[CommandInfo]:
    listed: list[CommandInfo] = []
    for command in found:
        path = f"{prefix}{command.name}"
        if isinstance(command, app_commands.Group):
            listed += _commands(command.commands, f"{path} ")
        else:
            options = tuple(_option(p) for p in command.parameters)
            listed.append(CommandInfo(path, str(command.description), options))
    return listed


@cache
def discord_commands() -> tuple[CommandInfo, ...]:
    """Every slash command of the cogs, by its full name."""
    listed: list[CommandInfo] = []
    for cog in COGS:
        prefix = f"{cog.__cog_group_name__} " if cog.__cog_is_app_commands_group__ else ""
        listed += _commands(cog.__cog_app_commands__, prefix)
    return tuple(listed)


def local_commands(runs: Callable[[str], bool]) -> tuple[CommandInfo, ...]:
    """The commands local mode ``runs``, as Discord describes them."""
    listed = [
        CommandInfo(c.path, c.description, c.options + LOCAL_OPTIONS.get(c.path, ()))
        for c in discord_commands()
        if runs(c.path)
    ]
    return (*listed, *LOCAL_ONLY)
