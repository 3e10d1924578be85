"""Messages posted and picture bytes uploaded per example game at each ``posts`` setting.

Each example script runs in local mode's session against the real service, with
``/game settings posts:<setting>`` given right after the game is set up; a counting front
end takes the place of the terminal. It counts what Discord delivery would post in the
channel (the posts of every outcome, plus the one dashboard message, which is edited
afterwards and never posted again) and the PNG bytes it would upload: each board picture a
channel post carries, and each fresh picture the dashboard is edited with.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bot.local.lines import parse_line
from bot.local.runner import seeds_from
from bot.local.session import LOCAL_CHANNEL, LocalSession, user_id_for
from bot.present.posts import posts_for
from bot.service import GameService, Outcome
from bot.store import Database
from renderers import draw
from rules.core.visibility import Viewer

EXAMPLES = {"tannhauser": ("tannhauser-deathmatch", 7), "wasteland": ("wasteland-patrol", 11)}
SETTINGS = ("full", "compact", "quiet")
ROOT = Path(__file__).resolve().parents[1]


class CountingSession(LocalSession):
    """Local mode's session, counting channel messages and picture bytes instead of
    printing them."""

    def __init__(self, service: GameService, out_dir: Path, seed: int) -> None:
        super().__init__(service, out_dir, emit=lambda line: None, dice_seed=seeds_from(seed))
        self.messages = 0
        self.picture_bytes = 0
        self.dashboard_posted = False
        self._drawn: dict[int, int] = {}  # game version: PNG bytes

    async def picture_size(self, version: int) -> int:
        if version not in self._drawn:
            game = await self.service.game_in(LOCAL_CHANNEL)
            png = None
            if game is not None and game.state is not None:
                view = game.system.view(game.state, Viewer.spectator())
                png = draw(game.system.scene(view))
            self._drawn[version] = len(png) if png else 0
        return self._drawn[version]

    async def show(self, outcome: Outcome) -> None:
        actor = user_id_for(self.user) if self.user else None
        for post in posts_for(outcome, actor):
            if post.audience == "channel":
                self.messages += 1
                if post.board:
                    self.picture_bytes += await self.picture_size(outcome.version)
        if not self.dashboard_posted:
            self.messages += 1  # posted once, then edited
            self.dashboard_posted = True
        if outcome.picture:
            self.picture_bytes += await self.picture_size(outcome.version)


async def play(example: str, seed: int, posts: str, folder: Path) -> tuple[int, int]:
    """(messages, picture bytes) of one example played with ``posts``."""
    db = await Database.open(str(folder / f"{example}-{posts}.db"))
    try:
        service = GameService(db, seed_source=seeds_from(seed))
        session = CountingSession(service, folder, seed)
        lines = (ROOT / "examples" / f"{example}.txt").read_text(encoding="utf-8").splitlines()
        for line in lines:
            parsed = parse_line(line)
            if parsed is None:
                continue
            await session.run(parsed)
            if parsed.command[:2] == ["game", "new"]:
                setting = parse_line(f"/game settings posts:{posts}")
                assert setting is not None
                await session.run(setting)
        return session.messages, session.picture_bytes
    finally:
        await db.close()


async def verbosity_figures() -> dict[str, float]:
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, (example, seed) in EXAMPLES.items():
            for posts in SETTINGS:
                messages, size = await play(example, seed, posts, Path(folder))
                figures[f"posts_{posts}_{name}"] = messages
                figures[f"picture_mb_{posts}_{name}"] = size / 1_000_000
            full = figures[f"posts_full_{name}"]
            figures[f"posts_compact_share_{name}"] = figures[f"posts_compact_{name}"] / full
            figures[f"posts_quiet_share_{name}"] = figures[f"posts_quiet_{name}"] / full
    return figures
