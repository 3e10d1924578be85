"""The animated replay of every example game, played with its seed: a frame for every
board the game posted, one GIF under Discord's upload limit at a few tens of kilobytes a
frame, every frame shown for a readable time, and the last frame showing the final public
board as the game draws it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.service.export_files import PART_BYTES
from bot.service.replay_pictures import HOLD_MS, LONGEST_MS, SHORTEST_MS
from bot.service.step_views import public_scene
from renderers import draw
from renderers.replay_frame import FRAME_WIDTH, frame_layout, scaled_board
from tests.golden.examples import EXAMPLES, Example
from tests.golden.played import played_example

FRAME_KB = 64  # the most a frame may add on average: a board with one piece moved


def board_difference(shown: Image.Image, board: Image.Image) -> float:
    """The share of a frame's board area whose brightness differs from ``board`` (scaled
    as the frames scale it) by more than the shared palette's rounding."""
    left = (shown.width - board.width) // 2
    area = shown.crop((left, 0, left + board.width, board.height))
    plain = ImageChops.difference(area, board).convert("L").point(lambda v: 255 if v > 16 else 0)
    return ImageStat.Stat(plain).mean[0] / 255


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
async def test_the_replay_of_an_example_game(example: Example, tmp_path: Path) -> None:
    async with played_example(example, tmp_path) as played:
        made = await played.service.replay(played.channel)
        game = await played.service.game_in(played.channel)
    assert game is not None and game.state is not None

    assert made.frames == played.boards_posted() > 0
    [file] = made.files  # every example fits one file
    assert len(file.data) <= PART_BYTES
    assert len(file.data) / made.frames <= FRAME_KB * 1024, len(file.data) / made.frames
    with Image.open(io.BytesIO(file.data)) as gif:
        assert gif.n_frames == made.frames and gif.width == FRAME_WIDTH
        durations = []
        for n in range(gif.n_frames):
            gif.seek(n)
            durations.append(gif.info["duration"])
        last = gif.convert("RGB")
    assert all(SHORTEST_MS <= ms <= LONGEST_MS for ms in durations[:-1])
    assert durations[-1] >= SHORTEST_MS + HOLD_MS
    assert made.seconds == pytest.approx(sum(durations) / 1000)

    # the last frame is the final public board, scaled as the frames scale every board
    # the game posted (local mode saved them all); the first board posted plainly is not
    posted = sorted((tmp_path / "out").glob("*.png"), key=lambda p: int(p.stem.split("-v")[1]))
    sizes = []
    for path in posted:
        with Image.open(path) as picture:
            sizes.append(picture.size)
    layout = frame_layout(sizes)
    final = draw(public_scene(game.system, game.state))
    assert final is not None
    assert board_difference(last, scaled_board(final, layout)) < 0.005
    assert board_difference(last, scaled_board(posted[0].read_bytes(), layout)) > 0.01
