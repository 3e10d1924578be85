"""The animated replay (`/game replay`) of the longest example game, end to end: how long
it takes and how large it is.

The example with the most commands is played in local mode's session against the real
service, then ``GameService.replay`` makes its replay after the end as the command does:
the log read from the store, replayed, every board drawn, the frames captioned and
encoded as GIF, split or shortened if over Discord's upload limit. ``replay_render_s`` is
that time (target: under 20 s), ``replay_mb`` the size of its files together;
``replay_frames`` and ``replay_files`` say what they hold.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.html_replay import longest
from tests.golden.played import played_example


async def animated_replay_figures() -> dict[str, float]:
    example = longest()
    with tempfile.TemporaryDirectory() as name:
        async with played_example(example, Path(name)) as played:
            start = time.perf_counter()
            made = await played.service.replay(played.channel)
            seconds = time.perf_counter() - start
    size = sum(len(file.data) for file in made.files)
    print(
        f"Animated replay of {example.name}: {made.frames} frames, {made.boards} boards, "
        f"{len(made.files)} file(s), {size / 1_048_576:.2f} MB in {seconds:.1f} s"
    )
    return {
        "replay_render_s": seconds,
        "replay_mb": size / 1_048_576,
        "replay_frames": float(made.frames),
        "replay_files": float(len(made.files)),
    }
