"""Every board scene the example games draw, gathered by playing each example script in
this process (with its seed, as ``tests.golden`` does) and keeping the scene instead of
the picture. Distinct scenes only, in the order the games first showed them."""

from __future__ import annotations

import asyncio
import tempfile
from functools import cache
from pathlib import Path

from pydantic import BaseModel

from bot.local.runner import run_script, seeds_from
from bot.local.session import LocalSession
from bot.service import GameService
from bot.store import Database
from rules.core.visibility import Viewer
from tests.golden.examples import EXAMPLES, Example


class _SceneSession(LocalSession):
    """A local session that keeps each board's scene rather than drawing it."""

    def __init__(self, service: GameService, out_dir: Path, *, show_demo: bool) -> None:
        seeds = seeds_from(0)
        super().__init__(
            service, out_dir, show_demo=show_demo, emit=lambda _: None, dice_seed=seeds
        )
        self.scenes: list[BaseModel] = []

    async def board(self) -> None:
        game = await self.service.game_in(1)
        if game is None or game.state is None:
            return
        scene = game.system.scene(game.system.view(game.state, Viewer.spectator()))
        if scene is not None:
            self.scenes.append(scene)


async def _play(example: Example, folder: Path) -> list[BaseModel]:
    seeds = seeds_from(example.seed)
    db = await Database.open(str(folder / "game.db"))
    try:
        service = GameService(db, default_reminder_seconds=0, seed_source=seeds)
        session = _SceneSession(service, folder / "out", show_demo=example.demo)
        session.dice_seed = seeds
        await run_script(session, example.script)
        return session.scenes
    finally:
        await db.close()


@cache
def example_scenes(name: str) -> tuple[BaseModel, ...]:
    """The distinct scenes example ``name`` draws."""
    [example] = [e for e in EXAMPLES if e.name == name]
    with tempfile.TemporaryDirectory() as folder:
        scenes = asyncio.run(_play(example, Path(folder)))
    seen: dict[str, BaseModel] = {}
    for scene in scenes:
        seen.setdefault(type(scene).__name__ + scene.model_dump_json(), scene)
    return tuple(seen.values())


NAMES = tuple(example.name for example in EXAMPLES)
