"""The hidden-information suite extended to the animated replay (`/game replay`).

A game of every registered system is played part-way by its automatic player through the
service (as for the HTML replay). Its replay must equal, byte for byte, the replay of the
same game with other hidden things: every replayed state disguised
(``GameSystem.disguise``) and every record a spectator may not read rewritten. The replay
goes to the channel whoever asks, so its captions, reply and descriptions are checked
against every secret, as the channel would read them.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.service import history, replay_frames
from bot.service.animated_replay import animated_replay_of
from bot.service.loaded import LoadedGame
from bot.store.records import LogRow
from rules.core.language import Language
from rules.core.system import GameSystem
from rules.core.visibility import PUBLIC, Viewer
from tests.reliability.leaks import LeakWatch
from tests.reliability.test_hidden_information_html import other_hidden_things, part_played
from tests.setups import Setup, every_system

SYSTEMS = every_system()


def check_captions(
    watch: LeakWatch, game: LoadedGame, rows: list[LogRow], monkeypatch: pytest.MonkeyPatch
) -> int:
    """Every caption line as its log line reads (markup kept, as the secrets are spelled),
    checked as the channel would read it; how many there were."""
    with monkeypatch.context() as patched:
        patched.setattr(replay_frames, "plain_line", lambda line: line)
        for language in Language:
            frames, _ = replay_frames.replay_frames(game, rows, language)
            lines = [line.text for frame in frames for line in frame.lines]
            watch.check(f"replay captions ({language.value})", None, "\n".join(lines))
    return len(lines)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_replays_show_nothing_hidden(
    system: GameSystem[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Setup(system.id, None, system.min_seats)
    game, rows, watch = asyncio.run(part_played(table, 3))
    assert game.state is not None and not game.state.finished

    public = animated_replay_of(game, rows)
    assert public.frames >= 2  # the start and at least one step drew a board
    watch.check("replay reply", None, public.note)
    watch.check("replay descriptions", None, [f.description for f in public.files])
    assert check_captions(watch, game, rows, monkeypatch) > 0
    assert not watch.leaks, [(k.where, k.audience, k.secret, k.excerpt) for k in watch.leaks[:5]]

    # the same game with other hidden things gives the same files
    with monkeypatch.context() as patched:
        patched.setattr(
            replay_frames,
            "states_after_batches",
            other_hidden_things(system, Viewer.spectator()),
        )
        disguised = animated_replay_of(game, rows)
    assert disguised == public


def test_a_replay_that_reads_private_lines_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teeth: caption lines read regardless of their audience are caught by the watch."""
    [demo] = [s for s in SYSTEMS if s.id == "demo"]
    game, rows, watch = asyncio.run(part_played(Setup("demo", None, demo.min_seats), 3, 1))
    assert watch.secrets, "one stance picked in secret"
    check_captions(watch, game, rows, monkeypatch)
    assert not watch.leaks
    for module in (history, replay_frames):
        monkeypatch.setattr(module, "visibility_of", lambda scope: PUBLIC)
    check_captions(watch, game, rows, monkeypatch)
    assert watch.leaks
