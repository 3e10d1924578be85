"""The HTML replay's content: one step per batch the reader sees, the public board after
it, the fit under the upload limit, the refusal of an unknown format, and the undo."""

from __future__ import annotations

import re

import pytest

from bot.service import GameService, UserError
from bot.service.export_files import checked_format
from bot.service.history import log_lines_of
from bot.service.html_export import html_export_of, progress_text
from bot.service.replay_page import line_html
from bot.service.step_views import public_scene, states_after_batches
from rules.core.language import Language
from rules.core.visibility import Viewer
from tests.conftest import ALICE, BOB, CHANNEL, started_demo

PICTURE = re.compile(r'"data:image/(?:png|webp);base64,')


async def raced(service: GameService, moves: int = 6) -> None:
    """A demo game past its picks, ``moves`` steps or ends into the race."""
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    await service.act(CHANNEL, BOB, "pick attack")
    for _ in range(moves):
        game = await service.game_in(CHANNEL)
        assert game is not None and game.state is not None
        seat = game.state.active  # type: ignore[attr-defined]
        player = ALICE if seat == "red" else BOB
        legal = [c.notation for c in game.system.legal_actions(game.state, seat)]
        await service.act(CHANNEL, player, "step" if "step" in legal else "end")


async def test_every_line_once_and_each_board_drawn_once(service: GameService) -> None:
    await raced(service)
    game = await service.game_in(CHANNEL)
    assert game is not None
    rows = await service.db.log(game.id)
    counted: list[tuple[int, int]] = []
    made = html_export_of(game, rows, Viewer.of_seat("red"), progress=lambda *n: counted.append(n))
    page = made.file.data.decode("utf-8")
    assert counted[0] == (0, made.boards) and counted[-1] == (made.boards, made.boards)
    assert progress_text(0, 0, Language.ENGLISH) == "Replaying the log…"
    assert progress_text(2, 5, Language.GERMAN) == "Zeichne die Bretter: 2 von 5…"
    for line in log_lines_of(game, rows, Viewer.of_seat("red")):
        assert page.count(f"<p>{line_html(line)}</p>") >= 1, line
    assert "You picked <strong>feint</strong>." in page  # red's own private line
    scenes = {
        public_scene(game.system, after.state).model_dump_json()  # type: ignore[union-attr]
        for after in states_after_batches(game.system, game.options(), game.seat_ids(), rows)
        if after.state is not None
    }
    assert made.boards <= len(scenes) and len(PICTURE.findall(page)) == made.boards
    assert 'class="note"' not in page and "HTML replay" in made.note


async def test_a_page_over_the_limit_keeps_fewer_boards_and_says_so(service: GameService) -> None:
    await raced(service, moves=10)
    game = await service.game_in(CHANNEL)
    assert game is not None
    rows = await service.db.log(game.id)
    whole = html_export_of(game, rows, Viewer.spectator())
    pictures = len(PICTURE.findall(whole.file.data.decode("utf-8")))
    limit = len(whole.file.data) * 2 // 3
    thinned = html_export_of(game, rows, Viewer.spectator(), limit=limit)
    page = thinned.file.data.decode("utf-8")
    assert len(thinned.file.data) <= limit
    assert 0 < len(PICTURE.findall(page)) < pictures
    assert "only one step in" in thinned.note and "only one step in" in page

    bare = html_export_of(game, rows, Viewer.spectator(), limit=1)
    assert not PICTURE.findall(bare.file.data.decode("utf-8"))
    assert "left out" in bare.note


async def test_an_undone_step_leaves_the_later_boards(service: GameService) -> None:
    """After an undo the replay's state is the game's without the batches taken back."""
    await raced(service, moves=2)
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    seat = game.state.active  # type: ignore[attr-defined]
    player = ALICE if seat == "red" else BOB
    await service.act(CHANNEL, player, "step")
    await service.undo(CHANNEL, player)
    game = await service.game_in(CHANNEL)
    assert game is not None
    rows = await service.db.log(game.id)
    *_, last = states_after_batches(game.system, game.options(), game.seat_ids(), rows)
    assert last.state == game.state


async def test_german_page_words(service: GameService) -> None:
    await raced(service, moves=1)
    game = await service.game_in(CHANNEL)
    assert game is not None
    made = html_export_of(game, await service.db.log(game.id), Viewer.spectator(), Language.GERMAN)
    page = made.file.data.decode("utf-8")
    assert '<html lang="de">' in page and "Nächster Schritt" in page and "Runde 1" in page
    assert "Stand</span>" not in page and "Stand: läuft" in page
    assert "HTML-Wiederholung" in made.note


def test_an_unknown_format_is_refused_with_the_choices() -> None:
    assert checked_format(None) == "json" and checked_format(" HTML ") == "html"
    with pytest.raises(UserError, match="no export format `pdf`: choose `json` or `html`"):
        checked_format("pdf")
