"""Every slash command, every option, with anything Discord lets a user type.

For each command, Hypothesis draws the situation (no game, a lobby, a game under way, a
finished game), who is asking (players, a spectator, a server manager, the bot's owner, a
stranger whose display name is mention syntax) and a value for every option within the
limits the command declares to Discord: strings at their length limits, mentions,
markdown, right-to-left, zero-width and control characters, emoji, numbers at both ends
of their range. Plausible values (system ids, sides, legal moves with junk added) are
mixed in so the deeper code runs too. Every answer must be a specific message, never a
traceback; a refused command changes nothing; every message fits Discord's limits and
cannot ping everyone, here, a role or anybody it did not mean to.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands
from hypothesis import given, target
from hypothesis import strategies as st

from bot.service.component_stamps import STAMP_PATTERN
from rules.core.visibility import Viewer
from rules.reference import load_default_index, load_default_tables
from tests.setups import every_system

from .conftest import LONG, QUICK
from .harness import ACTORS, CONTEXTS, LOBBIES, Actor, Driver, check_reply
from .hostile import display_names, hostile_text

COMMANDS = (
    "game new",
    "game join",
    "game leave",
    "game start",
    "game status",
    "game board",
    "game log",
    "game catchup",
    "game sheet",
    "game undo",
    "game concede",
    "game end",
    "game export",
    "game replay",
    "game verify",
    "game list",
    "game settings",
    "game pause",
    "game resume",
    "game kick",
    "act",
    "roll",
    "macro save",
    "macro list",
    "macro delete",
    "rules",
    "table",
    "help",
    "admin stats",
    "admin check",
    "server settings",
)
AUTOCOMPLETES = (
    ("game new", "system"),
    ("game new", "options"),
    ("game new", "side"),
    ("game join", "side"),
    ("game sheet", "name"),
    ("game sheet", "system"),
    ("game replay", "from_"),  # shown as from:
    ("game replay", "to"),
    ("help", "topic"),
    ("act", "action"),
    ("rules", "topic"),
    ("rules", "system"),
    ("table", "name"),
    ("roll", "name"),
    ("macro delete", "name"),
)
COMPONENTS = ("prompt", "button", "undo")
# ids, sides, option keys and values of every registered system (unlisted ones too, which
# the bot must refuse), each also as a player might mistype it
_SYSTEMS = every_system()
_IDS = [s.id for s in _SYSTEMS]
SYSTEM_IDS = (*_IDS, *(i.title() for i in _IDS), *(f" {i} " for i in _IDS))
_SIDES = sorted({spec.id for s in _SYSTEMS for spec in s.seat_specs})
SIDES = (*_SIDES, _SIDES[0].title(), f" {_SIDES[-1].upper()} ")
_KEYS = sorted({o.name for s in _SYSTEMS for o in s.options()})
OPTION_KEYS = (*_KEYS, "", _KEYS[0].upper())
_VALUES = {v for s in _SYSTEMS for o in s.options() for v in (*o.values, o.default) if v}
OPTION_VALUES = (*sorted(_VALUES), "0", "-1")
# cards /game sheet may open: a few of each system's, as its suggestions' values name them
CARD_VALUES = tuple(
    f"{s.id}:{e.key}" for s in _SYSTEMS for e in s.sheets(None, Viewer.spectator())[:3]
)


def _plausible(command: str, option: str, legal: list[str]) -> st.SearchStrategy[str] | None:
    """Values that get past the first check, so the deeper code meets hostile text too."""
    junk = hostile_text(0, 40)
    if option == "system" and command in ("game new", "game sheet"):
        return st.sampled_from(SYSTEM_IDS)
    if option == "name" and command == "game sheet":
        return st.sampled_from(CARD_VALUES)
    if option == "side":
        return st.sampled_from(SIDES)
    if option == "options":
        pair = st.tuples(
            st.sampled_from(OPTION_KEYS), st.one_of(st.sampled_from(OPTION_VALUES), junk)
        ).map(lambda kv: f"{kv[0]}={kv[1]}")
        return st.lists(pair, min_size=1, max_size=6).map(lambda p: " ".join(p)[:300])
    if option == "action" and legal:
        return st.tuples(st.sampled_from(legal), junk, st.sampled_from(["+", " ", "x", ""])).map(
            lambda t: (t[0] + t[2] + t[1])[:300] if t[2] else t[0]
        )
    if option == "topic":
        titles = [entry.title for entry in load_default_index().entries[:40]]
        return st.one_of(st.sampled_from(titles), st.sampled_from(titles).map(str.upper))
    if option == "system" and command == "rules":
        return st.sampled_from([sid for sid, _ in load_default_index().systems()])
    if option == "name":
        return st.sampled_from([value for _, value in load_default_tables().autocomplete("")])
    if option in ("from_", "to"):  # rounds and log numbers, some past the game's end
        return st.sampled_from(["1", "2", "round 1", "#1", "#4", "log 3", "#999999", "9"])
    if option in ("row", "column"):
        return st.sampled_from(["1", "5", "10", "12", "-3", "0", "99"])
    return None


def members() -> st.SearchStrategy[SimpleNamespace]:
    """A member picked in a user option: a player, a stranger or a bot, any display name."""
    ids = st.one_of(
        st.sampled_from([actor.user_id for actor in ACTORS.values()]), st.integers(1, 2**63 - 1)
    )
    names = st.one_of(st.sampled_from([a.name for a in ACTORS.values()]), display_names())
    return st.builds(
        lambda uid, name, bot: SimpleNamespace(id=uid, display_name=name, name=name, bot=bot),
        ids,
        names,
        st.booleans(),
    )


def _value(command: str, parameter: app_commands.Parameter, legal: list[str]) -> Any:
    kind = parameter.type
    if kind == AppCommandOptionType.user:
        return members()
    if kind == AppCommandOptionType.string:
        if parameter.choices and not parameter.autocomplete:
            return st.sampled_from([choice.value for choice in parameter.choices])
        low = int(parameter.min_value or 0)
        high = int(parameter.max_value or 6000)
        text = hostile_text(low, high)
        plausible = _plausible(command, parameter.name, legal)
        if plausible is None:
            return text
        return st.one_of(text, plausible.filter(lambda s: low <= len(s) <= high))
    if kind == AppCommandOptionType.integer:
        return st.integers(int(parameter.min_value), int(parameter.max_value))
    if kind == AppCommandOptionType.number:
        return st.floats(
            float(parameter.min_value),
            float(parameter.max_value),
            allow_nan=False,
            allow_infinity=False,
        )
    assert kind == AppCommandOptionType.boolean, kind
    return st.booleans()


def options_for(
    command: app_commands.Command[Any, ..., Any], name: str, legal: list[str]
) -> st.SearchStrategy[dict[str, Any]]:
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for parameter in command.parameters:
        value = _value(name, parameter, legal)
        fields[parameter.name] = value if parameter.required else st.one_of(st.none(), value)
    return st.fixed_dictionaries(fields).map(
        lambda drawn: {k: v for k, v in drawn.items() if v is not None}
    )


def actors() -> st.SearchStrategy[Actor]:
    stranger = st.builds(Actor, st.integers(1, 2**63 - 1), display_names(), st.booleans())
    return st.one_of(st.sampled_from(list(ACTORS.values())), stranger)


def legal_moves(driver: Driver, context: str, actor: Actor) -> list[str]:
    """What ``actor`` may do now in ``context`` (for mutating into near-misses)."""
    if not context.endswith("active"):
        return []
    return driver.legal(context, actor.user_id)


def fuzz_command(driver: Driver, name: str, settings: Any) -> None:
    command = driver.commands[name]

    @settings
    @given(data=st.data())
    def case(data: st.DataObject) -> None:
        context = data.draw(st.sampled_from(CONTEXTS), label="context")
        actor = data.draw(actors(), label="actor")
        legal = legal_moves(driver, context, actor)
        options = data.draw(options_for(command, name, legal), label="options")
        call = driver.call(name, options, context, actor)
        check_reply(call)
        target(call.cpu, label="CPU seconds")  # steer the long runs towards slow inputs

    case()


def fuzz_autocomplete(driver: Driver, name: str, option: str, settings: Any) -> None:
    command = driver.commands[name]

    @settings
    @given(data=st.data())
    def case(data: st.DataObject) -> None:
        context = data.draw(st.sampled_from(CONTEXTS), label="context")
        actor = data.draw(actors(), label="actor")
        options = data.draw(options_for(command, name, []), label="options")
        options[option] = data.draw(st.one_of(st.just(""), hostile_text(0, 100)), label="current")
        check_reply(driver.call(name, options, context, actor, autocomplete=option))

    case()


def _ids(real: int) -> st.SearchStrategy[int]:
    """What a ``\\d+`` in a custom id can hold: the real value, near misses, huge ones."""
    return st.one_of(
        st.sampled_from([real, real + 1, max(real - 1, 0), 0]),
        st.integers(0, 2**64),
        st.integers(0, 10**95),
    )


def _sent_at(version: int) -> st.SearchStrategy[int | str]:
    """What an id's version field can hold: a plain version (ids of earlier releases) or
    a stamp, well-formed but naming no version, or any text at all."""
    return st.one_of(
        _ids(version), st.from_regex(STAMP_PATTERN, fullmatch=True), hostile_text(0, 40)
    )


def fuzz_component(driver: Driver, kind: str, settings: Any) -> None:
    @settings
    @given(data=st.data())
    def case(data: st.DataObject) -> None:
        context = data.draw(st.sampled_from(CONTEXTS), label="context")
        actor = data.draw(actors(), label="actor")
        game, version = driver.game_and_version(context)
        args: dict[str, Any] = {
            "game": data.draw(_ids(game), label="game"),
            "version": data.draw(_sent_at(version), label="version"),
        }
        if kind == "prompt":
            legal = legal_moves(driver, context, actor)
            near = st.sampled_from(legal) if legal else st.just("decline")
            args["notation"] = data.draw(st.one_of(near, hostile_text(1, 100)), label="value")
        if kind == "button":
            args["seat"] = data.draw(
                st.one_of(
                    st.sampled_from(["alpha", "bravo"]),
                    st.from_regex(r"[A-Za-z0-9_-]{1,20}", fullmatch=True),
                )
            )
            args["index"] = data.draw(st.integers(0, 99))
            args["digest"] = data.draw(st.from_regex(r"[0-9a-f]{8}", fullmatch=True))
        check_reply(driver.component(kind, args, context, actor))

    case()


def test_every_slash_command_is_covered(driver: Driver) -> None:
    assert sorted(driver.commands) == sorted(COMMANDS)
    declared = {
        (name, p.name)
        for name, command in driver.commands.items()
        for p in command.parameters
        if p.autocomplete
    }
    assert declared == set(AUTOCOMPLETES)


@pytest.mark.parametrize("name", COMMANDS)
def test_any_options_get_a_specific_private_answer(driver: Driver, name: str) -> None:
    fuzz_command(driver, name, QUICK)


@pytest.mark.parametrize(("name", "option"), AUTOCOMPLETES)
def test_autocomplete_stays_within_limits(driver: Driver, name: str, option: str) -> None:
    fuzz_autocomplete(driver, name, option, QUICK)


@pytest.mark.parametrize("kind", COMPONENTS)
def test_nonsense_component_ids_expire_cleanly(driver: Driver, kind: str) -> None:
    fuzz_component(driver, kind, QUICK)


@pytest.mark.reliability
@pytest.mark.parametrize("name", COMMANDS)
def test_any_options_long_run(driver: Driver, name: str) -> None:
    fuzz_command(driver, name, LONG)


@pytest.mark.reliability
@pytest.mark.parametrize(("name", "option"), AUTOCOMPLETES)
def test_autocomplete_long_run(driver: Driver, name: str, option: str) -> None:
    fuzz_autocomplete(driver, name, option, LONG)


@pytest.mark.reliability
@pytest.mark.parametrize("kind", COMPONENTS)
def test_component_ids_long_run(driver: Driver, kind: str) -> None:
    fuzz_component(driver, kind, LONG)


def test_echoed_mentions_are_inert(driver: Driver) -> None:
    """Refusals, rolls, public posts and the log show mention syntax without its effect."""
    mallory = Actor(606, "@everyone <@&5>")
    cases = [
        ("game new", {"system": "<@&5>"}, "empty", ACTORS["alice"], "'<@\u200b&5>'"),
        ("game join", {"side": "@here"}, LOBBIES[0], ACTORS["bob"], "'@\u200bhere'"),
        ("roll", {"dice": "1d6 # <@123> @everyone"}, "empty", ACTORS["bob"], "<@\u200b123>"),
        ("game join", {}, LOBBIES[0], mallory, "@\u200beveryone <@\u200b&5> joined"),
    ]
    for command, options, context, actor, shown in cases:
        call = driver.call(command, options, context, actor)
        check_reply(call)
        assert any(shown in sent.content for sent in call.sent), call.describe()
