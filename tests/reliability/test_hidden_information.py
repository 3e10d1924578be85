"""Hidden information reaches nobody who may not know it, in random legal games of every
system played through the service.

Every output of every game is checked against the secrets computed from the full state at
that moment (secret stances, factions, teams, packs, bonus tokens, army-list drafts,
face-down crates and Rescue counters, referee-only dice, the dice seed): channel
messages, DMs and ephemeral replies with their menus, the view a board picture is drawn
from, status embeds, logs, exports, the list of games, and the refusals a spectator or
another seat gets when trying the secret holder's actions. The board picture, the view and
the spectator's status of the same game with other hidden things must be identical. After
the end, the revealed seed proves every roll.

The checks have teeth: planted leaks (private lines sent to the channel, an unredacted
log, an unredacted board, a menu sent to the wrong player, the seed) are all caught.
Plain ``pytest`` plays a few games per system; ``make reliability`` plays many more.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import replace
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.present.posts import Post, posts_for
from bot.service import Outcome
from bot.service import history as service_module
from rules.core.registry import get_system
from rules.core.visibility import PUBLIC, Viewer
from rules.demo.model import DemoState
from rules.wasteland.options import MissionChoice
from tests.conftest import ALICE, BOB
from tests.reliability import leaks
from tests.reliability.leaks import (
    Leak,
    LeakWatch,
    Table,
    WatchedGame,
    count_game,
    play_watched,
    seed_secret,
)

MISSIONS = tuple(m for m in get_args(MissionChoice) if m != "random")
BATTLEFIELDS = tuple(sorted(get_system("wasteland").catalog.battlefields))  # type: ignore[attr-defined]
LONG_GAMES = int(os.environ.get("UMPIRE_HIDDEN_INFO_GAMES", "12"))


def shown(found: list[Leak]) -> str:
    return "\n".join(f"{k.where} → {k.audience}: {k.secret} in …{k.excerpt}…" for k in found[:8])


def play(table: Table, seed: int, **limits: Any) -> tuple[LeakWatch, WatchedGame]:
    """One watched game; its figures count towards the suite's; no leak allowed."""
    limits = {"max_actions": 400, "deep_every": 20, "renders": 2, **limits}
    watch, game = asyncio.run(play_watched(table, seed, **limits))
    count_game(watch, game)
    assert not watch.leaks, f"{len(watch.leaks)} leak(s):\n{shown(watch.leaks)}"
    return watch, game


# -- quick: a few games per system --------------------------------------------------------
@settings(deadline=None, derandomize=True, max_examples=4)
@given(seed=st.integers(0, 2**32 - 1))
def test_demo_games_keep_stances_secret_until_the_reveal(seed: int) -> None:
    watch, game = play(Table("demo"), seed)
    assert {"stance", "seed"} <= watch.kinds
    assert game.refusals > 0


def test_a_tannhauser_game_keeps_setup_choices_and_crates_secret() -> None:
    watch, game = play(Table("tannhauser", "map=hollowmere"), 4, max_actions=85)
    expected = {"faction", "team", "pack", "bonus token", "crate", "crate seen by its searcher"}
    assert expected <= watch.kinds, watch.kinds
    assert game.renders > 0 and game.refusals > 0


def test_a_wasteland_game_keeps_drafts_and_rescue_counters_secret() -> None:
    table = Table("wasteland", "size=patrol mission=rescue rounds=2")
    watch, game = play(table, 1, max_actions=40)
    assert {"draft", "counter", "referee dice", "seed"} <= watch.kinds, watch.kinds
    assert game.renders > 0 and game.refusals > 0


# -- teeth: planted leaks are caught --------------------------------------------------------
def leaky_posts(outcome: Outcome, actor_id: int | None) -> list[Post]:
    """Every DM and ephemeral reply posted in the channel instead."""
    return [replace(p, audience="channel") for p in posts_for(outcome, actor_id)]


def planted(table: Table, seed: int, **limits: Any) -> LeakWatch:
    """A short game under a planted leak; the leaks the watch found."""
    limits = {"max_actions": 60, "deep_every": 1000, "renders": 0, "readings": False, **limits}
    watch, _ = asyncio.run(play_watched(table, seed, **limits))
    return watch


@pytest.mark.parametrize(
    ("table", "seed", "actions", "kinds"),
    [
        (Table("demo"), 1, 60, {"stance"}),
        (
            Table("tannhauser", "map=hollowmere"),
            4,
            85,
            {"faction", "team", "pack", "bonus token", "crate seen by its searcher"},
        ),
        (Table("wasteland", "size=patrol mission=rescue rounds=2"), 1, 12, {"draft"}),
    ],
    ids=["demo", "tannhauser", "wasteland"],
)
def test_private_lines_posted_in_the_channel_are_caught(
    monkeypatch: pytest.MonkeyPatch, table: Table, seed: int, actions: int, kinds: set[str]
) -> None:
    monkeypatch.setattr(leaks, "posts_for", leaky_posts)
    watch = planted(table, seed, max_actions=actions)
    caught = {k.kind for k in watch.leaks if k.where.endswith("channel message")}
    assert kinds <= caught, shown(watch.leaks)


@pytest.mark.parametrize(
    ("table", "kind"),
    [(Table("demo"), "stance"), (Table("wasteland", "size=patrol"), "draft")],
    ids=["demo", "wasteland"],
)
def test_a_log_and_export_that_ignore_visibility_are_caught(
    monkeypatch: pytest.MonkeyPatch, table: Table, kind: str
) -> None:
    monkeypatch.setattr(service_module, "visibility_of", lambda scope: PUBLIC)
    watch = planted(table, 2, max_actions=8, deep_every=1, readings=True)
    where = {k.where for k in watch.leaks if k.kind == kind}
    assert {"game log", "export"} <= where, shown(watch.leaks)


def test_an_unredacted_board_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that turns the Rescue counters over before their time is caught in the
    view, in the board view and in the picture drawn from it."""
    system = get_system("wasteland")
    honest = system.view

    def unredacted(state: Any, viewer: Viewer) -> Any:
        turned = tuple(
            o.model_copy(update={"number": state.counter_numbers[o.id], "revealed": True})
            if o.id in state.counter_numbers
            else o
            for o in state.objectives
        )
        return honest(state.model_copy(update={"objectives": turned}), viewer)

    monkeypatch.setattr(system, "view", unredacted)
    table = Table("wasteland", "size=patrol mission=rescue rounds=2")
    watch = planted(table, 1, max_actions=40, readings=True)
    where = {k.where.rsplit(": ", 1)[-1] for k in watch.leaks}
    assert {"view", "board view", "board picture"} <= where, where
    assert "counter" in {k.kind for k in watch.leaks}


def test_a_menu_sent_to_the_wrong_player_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def swapped(outcome: Outcome, actor_id: int | None) -> list[Post]:
        others = {ALICE.user_id: BOB.user_id, BOB.user_id: ALICE.user_id}
        return [
            replace(p, user_id=others.get(p.user_id or 0, p.user_id)) if p.prompt else p
            for p in posts_for(outcome, actor_id)
        ]

    monkeypatch.setattr(leaks, "posts_for", swapped)
    watch = planted(Table("demo"), 3)
    assert any(k.kind == "delivery" for k in watch.leaks), shown(watch.leaks)


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
    secrets = leaks.demo_secrets(DemoState(seats=("red", "blue"), picks={"red": "feint"}), {})
    watch = LeakWatch()
    watch.update(secrets)
    line = "You picked **feint**."
    watch.check("dm", "red", line)
    assert not watch.leaks
    watch.check("dm", "blue", line)
    watch.check("channel", None, line)
    assert [k.audience for k in watch.leaks] == ["seat blue", "the channel"]
    both = leaks.demo_secrets(
        DemoState(seats=("red", "blue"), picks={"red": "feint", "blue": "feint"}), {}
    )
    watch.update(both)
    watch.check("dm", "blue", line)  # blue picked feint too: nothing learnt
    assert len(watch.leaks) == 2


# -- long: many games (make reliability) ---------------------------------------------------
@pytest.mark.reliability
@settings(deadline=None, derandomize=True, max_examples=LONG_GAMES * 4)
@given(seed=st.integers(0, 2**32 - 1))
def test_many_demo_games_leak_nothing(seed: int) -> None:
    play(Table("demo"), seed)


@pytest.mark.reliability
@settings(deadline=None, derandomize=True, max_examples=LONG_GAMES)
@given(
    seed=st.integers(0, 2**32 - 1),
    game_map=st.sampled_from(["hollowmere", "harrowpeak"]),
    randomness=st.sampled_from([0.2, 0.5]),
)
def test_many_tannhauser_games_leak_nothing(seed: int, game_map: str, randomness: float) -> None:
    play(Table("tannhauser", f"map={game_map}"), seed, randomness=randomness, max_actions=2500)


@pytest.mark.reliability
@settings(deadline=None, derandomize=True, max_examples=LONG_GAMES)
@given(
    seed=st.integers(0, 2**32 - 1),
    mission=st.sampled_from(MISSIONS),
    battlefield=st.sampled_from(BATTLEFIELDS),
    seats=st.sampled_from([2, 2, 3]),
    randomness=st.sampled_from([0.2, 0.5]),
)
def test_many_wasteland_games_leak_nothing(
    seed: int, mission: str, battlefield: str, seats: int, randomness: float
) -> None:
    options = f"size=patrol mission={mission} battlefield={battlefield} rounds=2"
    play(Table("wasteland", options, seats), seed, randomness=randomness, max_actions=600)
