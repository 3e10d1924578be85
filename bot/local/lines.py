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
