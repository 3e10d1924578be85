"""Hidden information reaches nobody who may not know it, in games of every registered
system played through the service by the system's own automatic player.

Every output of every game is checked against the secrets the system lists for the full
state and the live events at that moment (``GameSystem.secrets``), plus the dice seed:
channel messages, DMs and ephemeral replies with their menus, the view a board picture is
drawn from, status embeds, logs, exports, the list of games, and the refusals a spectator
or another seat gets when trying the secret holder's actions. The board picture, the view
and the spectator's status of the same game with other hidden things
(``GameSystem.disguise``) must be identical. After the end, the revealed seed proves every
roll. Tables are drawn from what each system declares (seats and option values).

The checks have teeth: planted leaks (private lines sent to the channel, an unredacted
log, a board drawn for the referee, a menu sent to the wrong player, the seed) are caught.
Plain ``pytest`` plays a couple of games per system; ``make reliability`` plays many more.
A system is covered by being installed; nothing here names one.
"""

from __future__ import annotations

import asyncio
import os
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.present.posts import Post, posts_for
from bot.service import Outcome
from bot.service import catchup as catchup_module
from bot.service import history as service_module
from rules.core.language import Language
from rules.core.registry import get_system
from rules.core.secrets import Secret, spelled
from rules.core.system import GameSystem
from rules.core.visibility import PUBLIC, Viewer
from tests.conftest import ALICE, BOB
from tests.figures import add as add_figures
from tests.reliability import leaks
from tests.reliability.leaks import (
    Leak,
    LeakWatch,
    WatchedGame,
    count_game,
    play_watched,
    seed_secret,
)
from tests.setups import Setup, every_system, random_setup

LONG_GAMES = int(os.environ.get("UMPIRE_HIDDEN_INFO_GAMES", "12"))
SYSTEMS = every_system()
QUICK_ACTIONS = 80


def shown(found: list[Leak]) -> str:
    return "\n".join(f"{k.where} → {k.audience}: {k.secret} in …{k.excerpt}…" for k in found[:8])


def keeps_secrets(system: GameSystem[Any]) -> bool:
    """Whether the system lists any hidden information of its own."""
    return type(system).secrets is not GameSystem.secrets


def table_for(system: GameSystem[Any], seed: int, *, flags: bool = False) -> Setup:
    """Seed 0 is the system's defaults at its fewest seats; others are drawn."""
    if seed == 0:
        return Setup(system.id, None, system.min_seats)
    return random_setup(system, random.Random(seed), flags=flags)


def play(table: Setup, seed: int, **limits: Any) -> tuple[LeakWatch, WatchedGame]:
    """One watched game; its figures count towards the suite's; no leak allowed."""
    limits = {"max_actions": 400, "deep_every": 20, "renders": 2, "undo_probes": True, **limits}
    watch, game = asyncio.run(play_watched(table, seed, **limits))
    count_game(watch, game)
    assert not watch.leaks, f"{table}: {len(watch.leaks)} leak(s):\n{shown(watch.leaks)}"
    assert not game.free_undos, f"{table}: a free undo after a reveal: {game.free_undos}"
    return watch, game


# -- quick: a couple of games per system --------------------------------------------------
@pytest.mark.parametrize("seed", [0, 4])
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_every_system_keeps_its_secrets(system: GameSystem[Any], seed: int) -> None:
    watch, game = play(table_for(system, seed), seed, max_actions=QUICK_ACTIONS)
    assert "seed" in watch.kinds
    if keeps_secrets(system):
        assert watch.kinds - {"seed"}, f"{system.id}: no secret came up in {game.actions}"


# -- teeth: planted leaks are caught --------------------------------------------------------
def leaky_posts(outcome: Outcome, actor_id: int | None) -> list[Post]:
    """Every DM and ephemeral reply posted in the channel instead."""
    return [replace(p, audience="channel") for p in posts_for(outcome, actor_id)]


def planted(table: Setup, seed: int, **limits: Any) -> LeakWatch:
    """A short game under a planted leak; the leaks the watch found."""
    limits = {"max_actions": 60, "deep_every": 1000, "renders": 0, "readings": False, **limits}
    watch, _ = asyncio.run(play_watched(table, seed, **limits))
    return watch


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_private_lines_posted_in_the_channel_are_caught(
    monkeypatch: pytest.MonkeyPatch, system: GameSystem[Any]
) -> None:
    monkeypatch.setattr(leaks, "posts_for", leaky_posts)
    watch = planted(table_for(system, 0), 1, max_actions=QUICK_ACTIONS)
    caught = {k.kind for k in watch.leaks if k.where.endswith("channel message")}
    assert bool(caught) == bool(watch.held), (watch.held, shown(watch.leaks))


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_a_log_and_export_that_ignore_visibility_are_caught(
    monkeypatch: pytest.MonkeyPatch, system: GameSystem[Any]
) -> None:
    monkeypatch.setattr(service_module, "visibility_of", lambda scope: PUBLIC)
    watch = planted(table_for(system, 2), 2, max_actions=12, deep_every=1, readings=True)
    if not watch.held:
        pytest.skip(f"no seat held a secret in the first moves of {system.id}")
    where = {k.where for k in watch.leaks if k.kind in watch.held}
    assert {"game log", "export"} <= where, shown(watch.leaks)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_a_catchup_that_ignores_visibility_is_caught(
    monkeypatch: pytest.MonkeyPatch, system: GameSystem[Any]
) -> None:
    monkeypatch.setattr(catchup_module, "visibility_of", lambda scope: PUBLIC)
    watch = planted(table_for(system, 2), 2, max_actions=12, deep_every=1, readings=True)
    if not watch.held:
        pytest.skip(f"no seat held a secret in the first moves of {system.id}")
    where = {k.where for k in watch.leaks if k.kind in watch.held}
    assert "catchup" in where, shown(watch.leaks)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_a_board_drawn_for_the_referee_is_caught(
    monkeypatch: pytest.MonkeyPatch, system: GameSystem[Any]
) -> None:
    """A view that shows everybody what only the referee may see is caught in the views
    handed to spectators and seats."""
    live = get_system(system.id)  # the instance the service finds now
    honest = live.view
    monkeypatch.setattr(live, "view", lambda state, viewer: honest(state, Viewer.as_referee()))
    watch = planted(table_for(system, 0), 1, max_actions=40, readings=True)
    if not watch.drawn:
        pytest.skip(f"nothing hidden on the board in the first moves of {system.id}")
    where = {k.where.rsplit(": ", 1)[-1] for k in watch.leaks if k.kind != "seed"}
    assert {"view", "board view"} & where, shown(watch.leaks)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_cards_built_for_the_referee_are_caught(
    monkeypatch: pytest.MonkeyPatch, system: GameSystem[Any]
) -> None:
    """``/game sheet`` listing and wording cards as the referee sees the game, whoever asks:
    wherever that shows a reader more than their own cards would, the watch catches it."""
    live = get_system(system.id)
    listed, worded = live.sheets, live.sheet
    differed: list[str] = []

    def sheets(state: Any, viewer: Viewer, language: Language = Language.ENGLISH) -> Any:
        found = listed(state, Viewer.as_referee(), language)
        if found != listed(state, viewer, language):
            differed.append("list")
        return found

    def sheet(state: Any, viewer: Viewer, key: str, language: Language = Language.ENGLISH) -> Any:
        found = worded(state, Viewer.as_referee(), key, language)
        if found != worded(state, viewer, key, language):
            differed.append(key)
        return found

    monkeypatch.setattr(live, "sheets", sheets)
    monkeypatch.setattr(live, "sheet", sheet)
    watch = planted(table_for(system, 0), 1, max_actions=40, deep_every=1, readings=True)
    if not [d for d in differed if d != "list"]:
        pytest.skip(f"no card of {system.id} reads differently for the referee in its first moves")
    where = {k.where for k in watch.leaks if k.kind != "seed"}
    assert {"sheet", "sheet text"} & where, shown(watch.leaks)


def test_a_menu_sent_to_the_wrong_player_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def swapped(outcome: Outcome, actor_id: int | None) -> list[Post]:
        others = {ALICE.user_id: BOB.user_id, BOB.user_id: ALICE.user_id}
        return [
            replace(p, user_id=others.get(p.user_id or 0, p.user_id)) if p.prompt else p
            for p in posts_for(outcome, actor_id)
        ]

    monkeypatch.setattr(leaks, "posts_for", swapped)
    misdelivered = []
    for system in SYSTEMS:
        watch = planted(Setup(system.id, None, system.min_seats), 3)
        misdelivered += [k for k in watch.leaks if k.kind == "delivery"]
    assert misdelivered, "no menu of any system went astray"


def test_the_seed_is_caught_before_the_end_only() -> None:
    seed = bytes(range(32))
    watch = LeakWatch()
    watch.update([seed_secret(seed)])
    for text in (f"seed `{seed.hex()}`", repr(seed), {"seed": seed.hex().upper()}):
        watch.check("planted", None, text)
    assert len(watch.leaks) == 3
    watch.update([])  # the game is over: the seed is public
    watch.check("end", None, f"seed `{seed.hex()}`")
    assert len(watch.leaks) == 3 and watch.outputs == 4


def test_a_seat_may_read_its_own_secret_and_what_it_already_knew() -> None:
    """The holder is not flagged; another seat is, unless it holds the same spelling."""
    line = "You picked **feint**."
    red = Secret("pick", "red's pick", spelled(line), frozenset({"red"}))
    watch = LeakWatch()
    watch.update([red])
    watch.check("dm", "red", line)
    assert not watch.leaks
    watch.check("dm", "blue", line)
    watch.check("channel", None, line)
    assert [k.audience for k in watch.leaks] == ["seat blue", "the channel"]
    blue = Secret("pick", "blue's pick", spelled(line), frozenset({"blue"}))
    watch.update([red, blue])
    watch.check("dm", "blue", line)  # blue picked the same: nothing learnt
    assert len(watch.leaks) == 2


# -- trust: a free undo after a reveal ------------------------------------------------------
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_no_free_undo_after_something_was_revealed(system: GameSystem[Any]) -> None:
    """After every action that showed somebody something (an event that reveals, a private
    event to another seat, or a secret that lost its cover), its actor tries a free undo:
    it must be refused or await approval. (Every game of this suite probes the same way.)"""
    _, game = play(table_for(system, 5), 5, max_actions=120)
    add_figures(f"undo after a reveal ({system.id})", **game.undo_after_reveal)
    assert sum(game.undo_after_reveal.values()), f"{system.id}: nothing was revealed"
    assert not game.free_undos, game.free_undos


# -- long: many games (make reliability) ---------------------------------------------------
@pytest.mark.reliability
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
@settings(deadline=None, derandomize=True, max_examples=LONG_GAMES)
@given(seed=st.integers(0, 2**32 - 1), randomness=st.sampled_from([0.2, 0.5]))
def test_many_games_of_every_system_leak_nothing(
    system: GameSystem[Any], seed: int, randomness: float
) -> None:
    table = table_for(system, seed, flags=True)
    play(table, seed, randomness=randomness, max_actions=400)
