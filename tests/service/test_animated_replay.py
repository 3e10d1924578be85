"""The animated replay's content: a frame for each step that drew a board with every public
line once, the range by round or log number and its refusals, the fit under the upload
limit, the reader's language and the progress counted."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from bot.service import GameService, UserError
from bot.service.animated_replay import animated_replay_of, part_text, progress_text
from bot.service.history import log_lines_of
from bot.service.loaded import LoadedGame
from bot.service.replay_frames import plain_line, replay_frames
from bot.service.replay_range import FROM, TO, Bound, bound_choices, parse_bound
from bot.store.records import LogRow
from renderers.animated_gif import frame_count
from rules.core.language import Language
from rules.core.visibility import Viewer
from tests.conftest import ALICE, BOB, CHANNEL, started_demo


async def raced(service: GameService, moves: int) -> tuple[LoadedGame, list[LogRow]]:
    """A demo game past its picks and ``moves`` actions into the race (a step where one
    is left, else the end of the turn), and its log."""
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    await service.act(CHANNEL, BOB, "pick attack")
    for _ in range(moves):
        game = await service.game_in(CHANNEL)
        assert game is not None and game.state is not None
        if game.state.finished:
            break
        seat = game.state.active  # type: ignore[attr-defined]
        player = ALICE if seat == "red" else BOB
        legal = [c.notation for c in game.system.legal_actions(game.state, seat)]
        await service.act(CHANNEL, player, "step" if "step" in legal else "end")
    game = await service.game_in(CHANNEL)
    assert game is not None
    return game, await service.db.log(game.id)


def frames_of(data: bytes) -> list[Image.Image]:
    with Image.open(io.BytesIO(data)) as gif:
        pictures = []
        for n in range(gif.n_frames):
            gif.seek(n)
            pictures.append(gif.convert("RGB"))
        return pictures


async def test_a_frame_a_board_and_every_public_line_once(service: GameService) -> None:
    game, rows = await raced(service, moves=8)
    frames, scenes = replay_frames(game, rows)
    captions = [line.text for frame in frames for line in frame.lines]
    public = [plain_line(line).strip() for line in log_lines_of(game, rows, Viewer.spectator())]
    assert captions == public
    # the frames cover the log numbers one after another, from the first to the last
    assert frames[0].first == 1
    assert all(b.first == a.last + 1 for a, b in itertools.pairwise(frames))
    assert len(scenes) <= len(frames)

    made = animated_replay_of(game, rows, progress=lambda *n: None)
    [file] = made.files
    assert file.name == f"umpire-replay-{game.id}.gif" and file.data.startswith(b"GIF89a")
    assert frame_count(file.data) == made.frames == len(frames)
    pictures = frames_of(file.data)
    assert len({picture.size for picture in pictures}) == 1
    assert made.boards == len(scenes)
    assert "Only what everybody may see is shown." in made.note


async def test_rounds_and_log_numbers_choose_the_frames(service: GameService) -> None:
    game, rows = await raced(service, moves=14)
    frames, _ = replay_frames(game, rows)
    rounds = {frame.round for frame in frames if frame.round is not None}
    assert len(rounds) >= 3, rounds

    second = animated_replay_of(game, rows, start=Bound(round=2), end=Bound(round=2))
    assert second.frames == sum(1 for frame in frames if frame.round == 2)
    assert "round 2," in second.note
    later = animated_replay_of(game, rows, start=Bound(round=3))
    assert later.frames == sum(1 for f in frames if f.round is not None and f.round >= 3)

    middle = frames[len(frames) // 2]
    by_number = animated_replay_of(
        game, rows, start=Bound(number=middle.first), end=Bound(number=middle.last)
    )
    assert by_number.frames == 1
    early = animated_replay_of(game, rows, end=Bound(number=middle.first))
    assert early.frames == len(frames) // 2 + 1


async def test_a_range_that_cannot_be_is_refused_with_what_would_work(
    service: GameService,
) -> None:
    game, rows = await raced(service, moves=6)
    frames, _ = replay_frames(game, rows)
    reached = max(frame.round or 0 for frame in frames)
    last = frames[-1].last
    with pytest.raises(UserError, match=f"reached round {reached}: there is no round 9"):
        animated_replay_of(game, rows, start=Bound(round=9))
    with pytest.raises(UserError, match=f"The log ends at #{last}: there is no #{last + 1}"):
        animated_replay_of(game, rows, end=Bound(number=last + 1))
    with pytest.raises(UserError, match=r"`from:` \(#9\) comes after `to:` \(#4\): swap them"):
        animated_replay_of(game, rows, start=Bound(number=9), end=Bound(number=4))
    with pytest.raises(UserError, match=r"`von:` \(Runde 2\) liegt nach `bis:` \(Runde 1\)"):
        animated_replay_of(game, rows, Language.GERMAN, Bound(round=2), Bound(round=1))
    with pytest.raises(UserError, match="No board was drawn from round 2 to #3"):
        animated_replay_of(game, rows, start=Bound(round=2), end=Bound(number=3))


def test_bounds_read_as_players_type_them() -> None:
    english, german = Language.ENGLISH, Language.GERMAN
    assert parse_bound(None, FROM, english) is None and parse_bound("  ", TO, english) is None
    assert parse_bound("3", FROM, english) == Bound(round=3)
    assert parse_bound("Round 3", FROM, english) == Bound(round=3)
    assert parse_bound("runde 4", TO, german) == Bound(round=4)
    assert parse_bound("#120", FROM, english) == Bound(number=120)
    assert parse_bound("log 120", TO, english) == Bound(number=120)
    for typed in ("0", "#0", "soon", "3-5", "-2"):
        with pytest.raises(UserError, match="takes a round"):
            parse_bound(typed, FROM, english)
    with pytest.raises(UserError, match="`bis:` nimmt eine Runde"):
        parse_bound("bald", TO, german)
    assert bound_choices("", 3, english) == [("Round 1", "1"), ("Round 2", "2"), ("Round 3", "3")]
    assert bound_choices("2", 12, german) == [("Runde 2", "2"), ("Runde 12", "12")]
    assert bound_choices("#45", None, english) == [("#45: log number 45", "#45")]
    assert bound_choices("", None, english) == []
    assert len(bound_choices("", 40, english)) == 25


async def test_before_the_start_and_before_any_board_there_is_nothing_to_replay(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await service.create(CHANNEL, 1, ALICE, "demo", None)
    game = await service.game_in(CHANNEL)
    assert game is not None
    with pytest.raises(UserError, match=f"Game #{game.id} has not started yet"):
        animated_replay_of(game, await service.db.log(game.id))
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    game = await service.game_in(CHANNEL)
    assert game is not None
    rows = await service.db.log(game.id)
    # the demo opens with no events: its start still shows the board as it was set up
    opening = animated_replay_of(game, rows)
    assert opening.frames == 1 and "1 board, setup, about" in opening.note
    # a system that draws nothing yet (no scene in its setup) has nothing to replay
    monkeypatch.setattr(type(game.system), "scene", lambda self, view: None)
    with pytest.raises(UserError, match="hat noch kein Brett gezeigt"):
        animated_replay_of(game, rows, Language.GERMAN)
    with pytest.raises(UserError, match="No game has been played in this channel"):
        await service.replay(CHANNEL + 1)


async def test_over_the_limit_it_splits_at_round_ends_then_keeps_each_rounds_last(
    service: GameService,
) -> None:
    game, rows = await raced(service, moves=14)
    whole = animated_replay_of(game, rows)
    [one] = whole.files
    limit = len(one.data) // 2
    split = animated_replay_of(game, rows, limit=limit)
    assert 2 <= len(split.files) <= 4
    assert all(len(f.data) <= limit for f in split.files)
    assert sum(frame_count(f.data) for f in split.files) == whole.frames
    first_name = split.files[0].name
    assert first_name == f"umpire-replay-{game.id}-part1-of-{len(split.files)}.gif"
    assert f"comes in {len(split.files)} files" in split.note and "where a round ends" in split.note
    # every part but the last ends where a round ends
    frames, _ = replay_frames(game, rows)
    at = 0
    for part in split.files[:-1]:
        at += frame_count(part.data)
        assert frames[at - 1].round != frames[at].round

    rounds = len({frame.round for frame in frames})
    kept = animated_replay_of(game, rows, limit=limit, most_parts=1)
    assert kept.frames <= rounds
    assert "only each round's last board is kept" in kept.note
    assert all(len(f.data) <= limit for f in kept.files)


async def test_the_reader_reads_the_reply_and_captions_in_their_language(
    service: GameService,
) -> None:
    game, rows = await raced(service, moves=4)
    counted: list[tuple[int, int]] = []
    made = animated_replay_of(game, rows, Language.GERMAN, progress=lambda *n: counted.append(n))
    assert made.note.startswith(f"Wiederholung von Spiel #{game.id}")
    assert "Gezeigt wird nur, was alle sehen dürfen." in made.note
    assert made.files[0].description.startswith("Animierte Wiederholung")
    total = counted[0][1]
    assert counted[0] == (0, total) and counted[-1] == (total, total)
    assert [done for done, _ in counted] == sorted(done for done, _ in counted)
    assert total == made.boards + made.frames
    assert progress_text(0, 0, Language.GERMAN) == "Spiele das Protokoll nach…"
    assert progress_text(3, 9, Language.ENGLISH) == "Drawing the replay: 3 of 9 pictures…"
    assert part_text(2, 3, Language.GERMAN) == "Teil 2 von 3."


async def test_an_undo_gets_a_frame_and_the_step_taken_back_keeps_its_own(
    service: GameService,
) -> None:
    game, _ = await raced(service, moves=2)
    assert game.state is not None
    seat = game.state.active  # type: ignore[attr-defined]
    player = ALICE if seat == "red" else BOB
    await service.act(CHANNEL, player, "step")
    await service.undo(CHANNEL, player)
    game = await service.game_in(CHANNEL)
    assert game is not None
    rows = await service.db.log(game.id)
    frames, scenes = replay_frames(game, rows)
    *_, stepped, undone = frames
    assert any("(undone)" in line.text for line in stepped.lines)
    assert "took back" in " ".join(line.text for line in undone.lines)
    assert scenes[undone.scene] != scenes[stepped.scene]
