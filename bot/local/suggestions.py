"""What Discord would suggest while a line is typed, for the terminal: the commands, a
command's options, and the values an option offers (its fixed choices, or what its
autocomplete answers, from the same calls the cogs make), each with its description.

:func:`suggest` looks at the text before the cursor and says what is being typed, where
that text starts in the line, and what could go there; Tab completion and a line ending
in ``?`` both show it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.discord_app.cogs.dice import saved_choice
from bot.help_text import help_topics
from bot.local.command_list import CommandInfo, OptionInfo, local_commands
from bot.local.lines import FREE_TEXT, option_name, options_of, split_words
from bot.local.session import LOCAL_CHANNEL, LOCAL_GUILD, LocalSession, user_id_for
from bot.service.typing_choices import action_choices, matching_pairs
from rules.core.options import completions
from rules.core.registry import available_systems
from rules.core.system import GameSystem
from rules.reference import load_default_index, load_default_tables


@dataclass(frozen=True, slots=True)
class Suggestion:
    text: str
    """What goes into the line: a command, an option's ``name:`` or a value."""
    description: str = ""
    """What Discord shows for it (a choice's name, a command's description)."""


@dataclass(slots=True)
class Offer:
    """What is being typed (``about``: "command", "/game", "/game new" or an option such
    as "/rules topic:"), the typed text the suggestions would replace (from ``start`` in
    the line) and the suggestions; ``note`` says what an option without suggestions
    takes, and ``options`` are the command's other options, when one may be named here."""

    about: str
    start: int
    typed: str
    suggestions: list[Suggestion] = field(default_factory=list)
    note: str = ""
    quote: bool = False
    """Values with spaces go in quotes here (an option of a command without free text)."""
    options: list[Suggestion] = field(default_factory=list)

    @property
    def values(self) -> bool:
        """Whether the suggestions are an option's values (else commands or options)."""
        return self.about.endswith(":")

    def shown(self, suggestion: Suggestion) -> str:
        """A suggestion as a line of a list: a value as Discord names it (and what is
        typed for it, where that differs), a command or option with its description."""
        typed, said = suggestion.text.strip(), suggestion.description
        if not said or said == typed:
            return typed
        if self.values and suggestion not in self.options:
            return said if said.startswith(f"{typed} — ") else f"{said} → {typed}"
        return f"{typed} — {said}"


@dataclass(frozen=True, slots=True)
class Typing:
    """The line as far as the cursor: who types it, the command and what was given."""

    user: str | None
    command: CommandInfo
    given: dict[str, str]
    option: OptionInfo | None
    value: str


Provider = Callable[[LocalSession, Typing], Awaitable[list[tuple[str, str]]]]


async def suggest(session: LocalSession, line: str) -> Offer:
    """What could be typed at the end of ``line`` (the text before the cursor)."""
    at = len(line) - len(line.lstrip())
    user = session.user
    if line[at:].startswith("@"):
        end = _word_end(line, at)
        if end == len(line):
            return Offer("player", at, line[at:])  # a name is being typed
        user = line[at + 1 : end]
        at = _skip(line, end)
    commands = local_commands(session.runs)
    text = line[at:]
    if not text or (text.startswith("/") and _word_end(line, at) == len(line)):
        typed = text.lower()
        found = [
            Suggestion(f"/{c.path} ", c.description)
            for c in commands
            if f"/{c.path}".startswith(typed) or (not typed)
        ]
        return Offer("command", at, text, found)
    if not text.startswith("/"):
        return Offer("command", at, text)
    head_end = _word_end(line, at)
    head = line[at + 1 : head_end].lower()
    path, args = head, _skip(line, head_end)
    group = [c for c in commands if c.path.startswith(f"{head} ")]
    if group:
        sub_end = _word_end(line, args)
        if sub_end == len(line):
            typed = line[args:].lower()
            found = [
                Suggestion(c.path.split(" ", 1)[1] + " ", c.description)
                for c in group
                if c.path.split(" ", 1)[1].startswith(typed)
            ]
            return Offer(f"/{head}", args, line[args:], found)
        path = f"{head} {line[args:sub_end].lower()}"
        args = _skip(line, sub_end)
    command = next((c for c in commands if c.path == path), None)
    if command is None:
        return Offer(f"/{path}", len(line), "")
    return await _in_command(session, user, command, line, args)


async def _in_command(
    session: LocalSession, user: str | None, command: CommandInfo, line: str, args: int
) -> Offer:
    head = command.path.split(" ", 1)[0]
    free = head in FREE_TEXT
    is_option = options_of(head)
    words = split_words(line[args:], is_option)
    ended = line[-1:].isspace() and (not words or words[-1].closed)
    current = None if ended or not words else words[-1]
    before = words if current is None else words[:-1]
    given: dict[str, str] = {}
    last: str | None = None
    for word in before:
        name = option_name(word.text)
        if name is not None and command.option(name) is not None and is_option(name):
            last = name
            given[name] = word.text.partition(":")[2]
        elif last is not None and free:
            given[last] = f"{given[last]} {word.text}".strip()
    typed_name = option_name(current.text) if current is not None else None
    if typed_name is not None and command.option(typed_name) is not None:
        option = command.option(typed_name)
        assert option is not None
        value = current.text.partition(":")[2] if current is not None else ""
        start = args + (current.start if current is not None else 0) + len(typed_name) + 1
        typing = Typing(user, command, given, option, value)
        return await _values(session, typing, start, value, quote=not free)
    word_start = len(line) if current is None else args + current.start
    typed = "" if current is None else current.text
    names = [
        Suggestion(f"{o.name}:", o.description)
        for o in command.options
        if o.name not in given and o.name.startswith(typed.lower())
    ]
    if not free or not command.options:
        return Offer(f"/{command.path}", word_start, typed, names)
    # free text: the words continue the last option named, or the command's main one
    main = command.options[0].name
    option_at = last or main
    option = command.option(option_at)
    assert option is not None
    if last is None:
        start, value = args, line[args:]
    else:
        named = max(w.start for w in before if option_name(w.text) == last)
        start = args + named + len(last) + 1
        value = line[start:]
    offer = await _values(session, Typing(user, command, given, option, value), start, value)
    offer.options = [s for s in names if s.text != f"{option_at}:"]
    return offer


async def _values(
    session: LocalSession, typing: Typing, start: int, value: str, *, quote: bool = False
) -> Offer:
    option = typing.option
    assert option is not None
    about = f"/{typing.command.path} {option.name}:"
    if option.choices:
        pairs = matching_pairs(option.choices, value)
    else:
        provider = PROVIDERS.get((typing.command.path, option.name))
        pairs = [] if provider is None else await provider(session, typing)
    found = [Suggestion(v, n) for n, v in pairs]
    note = "" if found else option.description
    return Offer(about, start, value, found, note, quote)


# -- where each option's suggestions come from, as the cogs' autocomplete has them ------


def _player_id(session: LocalSession, typing: Typing) -> int:
    return user_id_for(typing.user or session.user or "")


async def _actions(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    return await action_choices(
        session.service, LOCAL_CHANNEL, _player_id(session, typing), typing.value, session.language
    )


async def _offered_rolls(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    offered = await session.service.roll_macros.offered(LOCAL_GUILD, _player_id(session, typing))
    return matching_pairs(((saved_choice(r), r.name) for r in offered), typing.value)


async def _saved_rolls(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    macros = session.service.roll_macros
    if typing.given.get("server", "").lower() in ("true", "yes", "1"):
        saved = await macros.server_saved(LOCAL_GUILD)
    else:
        saved = await macros.saved(LOCAL_GUILD, _player_id(session, typing))
    return matching_pairs(((saved_choice(r), r.name) for r in saved), typing.value)


async def _topics(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    index = load_default_index()
    return index.autocomplete(typing.value, typing.given.get("system"), session.language)


async def _reference_systems(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    return matching_pairs(((n, sid) for sid, n in load_default_index().systems()), typing.value)


async def _tables(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    return load_default_tables().autocomplete(typing.value)[:25]


async def _help_topics(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    return matching_pairs(((t, t) for t in help_topics(session.show_demo)), typing.value)


async def _game_systems(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    offered = available_systems(unlisted=session.show_demo)
    return matching_pairs(((s.name, s.id) for s in offered), typing.value)


def _chosen(session: LocalSession, typing: Typing) -> GameSystem[Any] | None:
    """The system named in ``/game new system:`` so far, if players may pick it."""
    chosen = typing.given.get("system", "")
    return next((s for s in available_systems(unlisted=session.show_demo) if s.id == chosen), None)


async def _game_options(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    system = _chosen(session, typing)
    return [] if system is None else completions(system.options(), typing.value)


async def _new_sides(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    system = _chosen(session, typing)
    if system is None:
        return []
    return matching_pairs(((s.label, s.id) for s in system.seat_specs), typing.value)


async def _free_sides(session: LocalSession, typing: Typing) -> list[tuple[str, str]]:
    game = await session.service.game_in(LOCAL_CHANNEL)
    if game is None or game.row.status != "lobby":
        return []
    taken = {seat.seat for seat in game.seats}
    free = [s for s in game.system.seat_specs if s.id not in taken]
    return matching_pairs(((s.label, s.id) for s in free), typing.value)


PROVIDERS: dict[tuple[str, str], Provider] = {
    ("act", "action"): _actions,
    ("roll", "name"): _offered_rolls,
    ("macro delete", "name"): _saved_rolls,
    ("rules", "topic"): _topics,
    ("rules", "system"): _reference_systems,
    ("table", "name"): _tables,
    ("help", "topic"): _help_topics,
    ("game new", "system"): _game_systems,
    ("game new", "options"): _game_options,
    ("game new", "side"): _new_sides,
    ("game join", "side"): _free_sides,
}


def listed(offer: Offer) -> list[str]:
    """The offer as lines for a ``?`` at the end of a line: what is being typed, then
    each suggestion with what it does, then the options that may be named there."""
    if offer.about == "player":
        return ["Type a player's name after `@`, e.g. `@alice`."]
    if offer.about == "command":
        lines = ["Commands:"]
    elif offer.suggestions:
        lines = [f"{offer.about} — suggestions:"]
    elif offer.note:
        lines = [f"{offer.about} takes text: {offer.note}"]
    else:
        lines = [f"{offer.about} — nothing to suggest here."]
    lines += [f"• {offer.shown(s)}" for s in offer.suggestions]
    if offer.options:
        lines.append("Other options:")
        lines += [f"• {offer.shown(s)}" for s in offer.options]
    return lines


def _word_end(line: str, at: int) -> int:
    while at < len(line) and not line[at].isspace():
        at += 1
    return at


def _skip(line: str, at: int) -> int:
    while at < len(line) and line[at].isspace():
        at += 1
    return at
