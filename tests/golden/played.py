"""An example game played in this process as local mode plays its script (the same seeds,
language and session), its database left open for what is read or measured afterwards."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.local.lines import parse_line
from bot.local.runner import seeds_from
from bot.local.session import LOCAL_CHANNEL, LocalSession
from bot.service import GameService
from bot.store import Database
from rules.core.language import Language
from tests.golden.examples import Example

IMAGE = "[image] "
ASKED_FOR = ("/game board", "/game replay")  # pictures a user asked for, not posted by play


@dataclass
class PlayedExample:
    service: GameService
    channel: int
    printed: list[tuple[str, list[str]]] = field(default_factory=list)  # a line, its output

    def boards_posted(self) -> int:
        """Board pictures the game posted as it was played (not those asked for)."""
        return sum(
            1
            for line, output in self.printed
            if not any(f" {command}" in f"{line} " for command in ASKED_FOR)
            for printed in output
            if printed.startswith(IMAGE) and "/closeup-" not in printed  # boards, not close-ups
        )


@asynccontextmanager
async def played_example(example: Example, folder: Path) -> AsyncIterator[PlayedExample]:
    """``example`` played to its end in ``folder`` (the database and the pictures)."""
    db = await Database.open(str(folder / "game.db"))
    try:
        service = GameService(db, seed_source=seeds_from(example.seed))
        output: list[str] = []
        session = LocalSession(
            service,
            folder / "out",
            show_demo=example.demo,
            emit=output.append,
            dice_seed=seeds_from(example.seed),
            language=Language(example.language),
        )
        played = PlayedExample(service, LOCAL_CHANNEL)
        for line in example.lines():
            parsed = parse_line(line)
            if parsed is not None:
                output.clear()
                await session.run(parsed)
                played.printed.append((line, list(output)))
        yield played
    finally:
        await db.close()
