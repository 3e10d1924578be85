"""The costliest inputs known for each family of commands, each under a second of CPU.

The hostile-input runs print the slowest case they met for every command; the inputs
here are those and the ones built to be expensive on purpose: options strings of 300
characters full of pairs, near-miss moves padded to the 300-character limit, routes
through every circle of a map, a 200-line log, exports and roll verification of games
under way, the real board pictures, the dice expressions that try hardest, 100-character
rule searches and absurd component ids. CPU time is process time (it counts the thread
that draws boards), so a busy machine does not make the bound flaky.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.help_text import help_topics
from rules.core.system import GameSystem
from rules.reference import load_default_index
from tests.setups import listed_systems

from .conftest import tally
from .harness import ACTIVE, ACTORS, FINISHED, LOBBIES, Driver, check_reply
from .test_dice import WORST as WORST_DICE
from .test_dice import check_roll

CPU_LIMIT = 1.0
SYSTEMS = listed_systems()
TOPIC = "overwatch line of sight grenade smoke counterattack shake off crate command point "[:100]

Case = tuple[str, dict[str, Any], str, str]


def repeated_pairs(system: GameSystem[Any]) -> str:
    """The system's first option with a list of values, at its longest, thirty times."""
    spec = next((o for o in system.options() if o.values), None)
    if spec is None:
        return "x=y " * 75
    return " ".join([f"{spec.name}={max(spec.values, key=len)}"] * 30)[:300]


def every_option(system: GameSystem[Any]) -> str:
    """Every option the system declares at once: the last listed value of each choice,
    every yes/no on, numbers large."""
    pairs = []
    for spec in system.options():
        if spec.kind == "yes/no":
            pairs.append(f"{spec.name}=true")
        elif spec.values:
            pairs.append(f"{spec.name}={spec.values[-1]}")
        elif spec.kind == "number":
            pairs.append(f"{spec.name}=20")
    return " ".join(pairs)[:300]


def _padded(notation: str) -> str:
    """``notation`` with its own words repeated up to the 300-character limit."""
    words = notation.split() or ["x"]
    text = notation
    while len(text) < 300:
        text += " " + words[len(text) % len(words)]
    return text[:300]


def _everything(game: Any) -> str:
    """One of the menu's verbs followed by every word any seat's menu mentions, as far
    as 300 characters allow (a route through every place, say)."""
    state = game.state
    words: dict[str, None] = {}
    for seat in state.seats:
        for choice in game.system.legal_actions(state, seat):
            words.update(dict.fromkeys(choice.notation.split()[1:]))
    verbs = sorted(
        {
            c.notation.split()[0]
            for s in state.seats
            for c in game.system.legal_actions(state, s)
            if c.notation
        }
    )
    return " ".join([verbs[0] if verbs else "x", *words])[:300]


def play_cases(driver: Driver) -> Iterator[Case]:
    for context in ACTIVE:
        for who in ("alice", "bob"):
            for notation in driver.legal(context, ACTORS[who].user_id)[:4]:
                yield "act", {"action": _padded(notation)}, context, who
                yield "act", {"action": notation + " " + "9" * (299 - len(notation))}, context, who
        yield "act", {"action": driver.inspect(context, _everything)}, context, "alice"
        yield "act", {"action": driver.inspect(context, _everything)}, context, "bob"


FIXED: dict[str, list[Case]] = {
    "lobby": [
        *(
            case
            for system in SYSTEMS
            for case in (
                (
                    "game new",
                    {"system": system.id, "options": repeated_pairs(system), "side": "b" * 40},
                    "empty",
                    "alice",
                ),
                (
                    "game new",
                    {"system": system.id, "options": every_option(system)},
                    "empty",
                    "alice",
                ),
                ("game new", {"system": system.id, "options": '"' * 299}, "empty", "alice"),
            )
        ),
        *(
            case
            for lobby in LOBBIES
            for case in (
                ("game join", {"side": "Bravo" + "\u200b" * 35}, lobby, "bob"),
                ("game leave", {}, lobby, "alice"),
                ("game start", {}, lobby, "alice"),
            )
        ),
    ],
    "reading": [
        (command, options, context, who)
        for context in (*ACTIVE, *FINISHED)
        for who in ("alice", "carol")
        for command, options in (
            ("game status", {}),
            ("game log", {}),
            ("game log", {"page": 1}),
            ("game catchup", {}),
            ("game export", {}),
            ("game verify", {}),
            ("game list", {}),
        )
    ],
    "changing": [
        (command, options, context, "alice")
        for context in ACTIVE
        for command, options in (
            ("game undo", {"count": 20}),
            ("game undo", {"count": 1}),
            ("game settings", {"reminder": 336.0}),
            ("game concede", {}),
            ("game end", {}),
        )
    ],
    "lookup": [
        ("rules", {"topic": TOPIC}, "empty", "carol"),
        *(
            ("rules", {"topic": "z" * 100, "system": system}, "empty", "carol")
            for system, _ in load_default_index().systems()
        ),
        ("rules", {"topic": "\u202e" * 100}, "empty", "carol"),
        ("table", {"name": TOPIC, "row": "9" * 60, "column": "-" * 60}, "empty", "carol"),
        *[("help", {"topic": topic}, "empty", "carol") for topic in help_topics()],
        ("admin stats", {}, "empty", "owner"),
    ],
}
AUTOCOMPLETE: list[tuple[str, str, dict[str, Any], str]] = [
    *(("act", "action", {"action": ""}, context) for context in ACTIVE),
    *(
        ("rules", "topic", {"topic": TOPIC, "system": system}, "empty")
        for system, _ in load_default_index().systems()
    ),
    ("rules", "topic", {"topic": ""}, "empty"),
    ("table", "name", {"name": "a"}, "empty"),
    ("game new", "system", {"system": ""}, "empty"),
]
COMPONENTS: list[tuple[str, dict[str, Any]]] = [
    ("prompt", {"game": 10**95, "version": 10**95, "notation": "x" * 100}),
    ("prompt", {"game": 1, "version": 0, "notation": "decline"}),
    ("button", {"game": 1, "version": 10**20, "seat": "a" * 20, "index": 99, "digest": "0" * 8}),
    ("undo", {"game": 2**63, "version": 1}),
    ("undo", {"game": 1, "version": 1}),
]


def _bounded(driver: Driver, command: str, options: dict[str, Any], context: str, who: str) -> None:
    call = driver.call(command, options, context, ACTORS[who])
    check_reply(call)
    assert call.cpu < CPU_LIMIT, (call.cpu, call.describe())


@pytest.mark.parametrize("family", sorted(FIXED))
def test_each_family_stays_under_a_second(driver: Driver, family: str) -> None:
    for command, options, context, who in FIXED[family]:
        _bounded(driver, command, options, context, who)


def test_near_miss_moves_stay_under_a_second(driver: Driver) -> None:
    cases = list(play_cases(driver))
    assert len(cases) >= 20
    for command, options, context, who in cases:
        _bounded(driver, command, options, context, who)


def test_autocomplete_and_components_stay_under_a_second(driver: Driver) -> None:
    for command, option, options, context in AUTOCOMPLETE:
        call = driver.call(command, options, context, ACTORS["alice"], autocomplete=option)
        check_reply(call)
        assert call.cpu < CPU_LIMIT, (call.cpu, call.describe())
    for kind, args in COMPONENTS:
        for context in ACTIVE:
            call = driver.component(kind, args, context, ACTORS["bob"])
            check_reply(call)
            assert call.cpu < CPU_LIMIT, (call.cpu, call.describe())


def test_board_pictures_stay_under_a_second(fuzz_contexts: dict[str, Path], tmp_path: Path) -> None:
    driver = Driver(fuzz_contexts, tmp_path, real_board=True)
    try:
        for context in ACTIVE:
            for _ in range(2):  # the first drawing also fills the stamp cache
                call = driver.call("game board", {}, context, ACTORS["carol"])
                check_reply(call)
                assert call.sent and call.sent[-1].files == 1, call.describe()
                assert call.cpu < CPU_LIMIT, (call.cpu, call.describe())
    finally:
        driver.close()


def test_worst_dice_stay_under_a_second() -> None:
    for expression in WORST_DICE:
        check_roll(expression)
    tally("worst dice", len(WORST_DICE))
