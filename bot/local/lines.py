"""Reading terminal lines such as ``@alice /game new system:demo options:"goal=12"``.

Lines are read the way a player means them, not as a shell would: quotes (``"…"`` or
``'…'``) only group an option's value, written right after its ``name:``
(``reason:"out for tea"``), and a whole word may be put in double quotes; any other quote
or apostrophe is text (``/rules leader's orders``, ``/roll 2d6 # it's fire``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


class MalformedLine(ValueError):
    """The line is not a command at all (as opposed to a command that gets refused).

    ``user`` is the ``@name`` the line began with, if any: the next lines act as them
    even though this one was not understood."""

    def __init__(self, message: str, user: str | None = None) -> None:
        super().__init__(message)
        self.user = user


@dataclass(slots=True)
class ParsedLine:
    user: str | None  # a new ``@name`` prefix, if the line has one
    command: list[str] = field(default_factory=list)  # e.g. ["game", "new"]
    options: dict[str, str] = field(default_factory=dict)


FREE_TEXT: dict[str, frozenset[str]] = {
    "act": frozenset({"action"}),
    "roll": frozenset({"dice", "name", "private"}),
    "macro": frozenset({"name", "dice", "server"}),
    "rules": frozenset({"topic", "system"}),
    "table": frozenset({"name", "row", "column"}),
    "help": frozenset({"topic"}),
}
"""Commands that take free text, with their options: ``/roll attack: 4d10t6`` is dice and
``/table close combat row:5`` a table name, since only these option names are options."""

QUOTES = "\"'"


def option_name(word: str) -> str | None:
    """The ``name`` of a ``name:value`` word (lower-cased), if it is written like one."""
    key, sep, _ = word.partition(":")
    if sep and key and key.replace("_", "").isalnum():
        return key.lower()
    return None


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a line: its text (quotes taken away) and where it stands."""

    text: str
    start: int
    end: int
    quoted: bool = False
    closed: bool = True
    """False for a quote opened but not closed by the end of the line (still typing)."""


def _closing(text: str, quote: str, start: int) -> int:
    """Where the quote opened before ``start`` closes: a matching quote at the end of a
    word (followed by a space or the end of the line), or -1."""
    at = text.find(quote, start)
    while at != -1:
        if at + 1 == len(text) or text[at + 1].isspace():
            return at
        at = text.find(quote, at + 1)
    return -1


def split_words(text: str, is_option: Callable[[str], bool] = lambda _: True) -> list[Word]:
    """The words of ``text``, split at spaces. A quote right after the ``name:`` of an
    option (one ``is_option`` accepts) groups the value up to the matching quote at the
    end of a word, as does a double quote opening a word; any other quote is text, and
    so is an opening quote that is never closed (a lone apostrophe). A double quote
    after ``name:`` left open runs to the end of the line, marked not ``closed``."""
    words: list[Word] = []
    at, end = 0, len(text)
    while True:
        while at < end and text[at].isspace():
            at += 1
        if at == end:
            return words
        stop = at
        while stop < end and not text[stop].isspace():
            stop += 1
        word = text[at:stop]
        name = option_name(word)
        opening = at + len(name) + 1 if name is not None and is_option(name) else at
        if opening == at and not word.startswith('"'):
            opening = -1
        if opening != -1 and opening < end and text[opening] in QUOTES:
            quote = text[opening]
            close = _closing(text, quote, opening + 1)
            if close != -1:
                value = text[opening + 1 : close]
                words.append(Word(text[at:opening] + value, at, close + 1, quoted=True))
                at = close + 1
                continue
            if quote == '"' and opening > at:  # name:"… still being typed
                value = text[opening + 1 :]
                words.append(Word(text[at:opening] + value, at, end, quoted=True, closed=False))
                return words
        words.append(Word(word, at, stop))
        at = stop


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


def options_of(command: str) -> Callable[[str], bool]:
    """Which ``name:`` words are options of ``command`` (every one, unless it takes free
    text, where only its own options are)."""
    known = FREE_TEXT.get(command.lower())
    return (lambda _: True) if known is None else known.__contains__


def actor_of(text: str) -> str | None:
    """The ``@name`` a line begins with, if any."""
    stripped = text.strip()
    if not stripped.startswith("@"):
        return None
    return stripped.split(maxsplit=1)[0][1:] or None


def parse_line(text: str) -> ParsedLine | None:
    """None for blank lines and ``#`` comments; raises MalformedLine for nonsense."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    user = None
    rest = stripped
    if rest.startswith("@"):
        head, *tail = rest.split(maxsplit=1)
        user = head[1:]
        if not user:
            raise MalformedLine("`@` must be followed by a user name")
        rest = tail[0] if tail else ""
    if not rest:
        return ParsedLine(user)
    head = rest.split(maxsplit=1)[0]
    if not head.startswith("/"):
        raise MalformedLine(f"commands start with `/`, not `{head[:30]}`", user)
    words = split_words(rest, options_of(head[1:]))
    for word in words:
        if not word.closed:
            raise MalformedLine(
                f"the quote opened at `{rest[word.start : word.start + 30]}` is never closed",
                user,
            )
    command = [words[0].text[1:]]
    known = FREE_TEXT.get(command[0].lower())
    if known is not None:
        return _free_text(user, command, [w.text for w in words[1:]], known)
    options: dict[str, str] = {}
    for word in words[1:]:
        key = option_name(word.text)
        if key is not None:
            options[key] = word.text.partition(":")[2]
        elif not options:
            command.append(word.text)
        else:
            raise MalformedLine(f"expected `name:value`, got `{word.text[:40]}`", user)
    return ParsedLine(user, command, options)
