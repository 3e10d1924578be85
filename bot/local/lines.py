"""Reading terminal lines such as ``@alice /game new system:demo options:"goal=12"``."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field


class MalformedLine(ValueError):
    """The line is not a command at all (as opposed to a command that gets refused)."""


@dataclass(slots=True)
class ParsedLine:
    user: str | None  # a new ``@name`` prefix, if the line has one
    command: list[str] = field(default_factory=list)  # e.g. ["game", "new"]
    options: dict[str, str] = field(default_factory=dict)


FREE_TEXT: dict[str, frozenset[str]] = {
    "act": frozenset({"action"}),
    "roll": frozenset({"dice", "name", "private"}),
    "rules": frozenset({"topic", "system"}),
    "table": frozenset({"name", "row", "column"}),
    "help": frozenset({"topic"}),
}
"""Commands that take free text, with their options: ``/roll attack: 4d10t6`` is dice and
``/table close combat row:5`` a table name, since only these option names are options."""


def _free_text(
    user: str | None, command: list[str], words: list[str], known: frozenset[str]
) -> ParsedLine:
    """Known ``name:value`` options; any other word continues the option before it, or,
    before the first option, the command's free text."""
    options: dict[str, str] = {}
    last: str | None = None
    for word in words:
        key, sep, value = word.partition(":")
        if sep and key.lower() in known:
            last = key.lower()
            options[last] = value
        elif last is None:
            command.append(word)
        else:
            options[last] = f"{options[last]} {word}".strip()
    return ParsedLine(user, command, options)


def parse_line(text: str) -> ParsedLine | None:
    """None for blank lines and ``#`` comments; raises MalformedLine for nonsense."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    try:
        words = shlex.split(stripped)
    except ValueError as exc:
        raise MalformedLine(f"unbalanced quotes ({exc})") from None
    user = None
    if words and words[0].startswith("@"):
        user = words.pop(0)[1:]
        if not user:
            raise MalformedLine("`@` must be followed by a user name")
    if not words:
        if user is None:
            raise MalformedLine("empty command")
        return ParsedLine(user)
    if not words[0].startswith("/"):
        raise MalformedLine(f"commands start with `/`, not `{words[0][:30]}`")
    command = [words[0][1:]]
    known = FREE_TEXT.get(command[0].lower())
    if known is not None:
        return _free_text(user, command, words[1:], known)
    options: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition(":")
        if sep and key and key.replace("_", "").isalnum():
            options[key.lower()] = value
        elif not options:
            command.append(word)
        else:
            raise MalformedLine(f"expected `name:value`, got `{word[:40]}`")
    return ParsedLine(user, command, options)
