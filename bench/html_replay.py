"""The HTML replay of the longest example game: how large the page is and how long it takes.

The example with the most commands is played in local mode's session against the real
service, then exported as ``/game export format:html`` builds it after the end (every
line, the public board after each step). ``html_export_mb`` is the page's size, which
must stay under Discord's upload limit (the export scales down or thins its pictures
when it would not, and says so: ``html_export_fit`` is 0 when every step keeps its board
at full size); ``html_export_s`` the time to build it, most of it drawing the boards.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bot.service.html_export import html_export_of
from rules.core.visibility import Viewer
from tests.golden.examples import EXAMPLES, Example
from tests.golden.played import played_example


def longest() -> Example:
    return max(EXAMPLES, key=lambda e: sum(1 for line in e.lines() if line.startswith("@")))


async def html_replay_figures() -> dict[str, float]:
    example = longest()
    with tempfile.TemporaryDirectory() as name:
        async with played_example(example, Path(name)) as played:
            game = await played.service.access.open_or_last(played.channel)
            rows = await played.service.db.log(game.id)
    start = time.perf_counter()
    made = html_export_of(game, rows, Viewer.as_referee())
    seconds = time.perf_counter() - start
    page = made.file.data.decode("utf-8")
    print(
        f"HTML replay of {example.name}: {made.steps} steps, {made.boards} boards, "
        f"{len(made.file.data) / 1_048_576:.2f} MB in {seconds:.1f} s"
    )
    return {
        "html_export_mb": len(made.file.data) / 1_048_576,
        "html_export_s": seconds,
        "html_export_steps": float(made.steps),
        "html_export_boards": float(made.boards),
        "html_export_fit": 0.0 if 'class="note"' not in page else 1.0,
    }
