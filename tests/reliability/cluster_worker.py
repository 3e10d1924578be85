"""One process of a cluster in the multi-process trials:
``python -m tests.reliability.cluster_worker STORE COMMANDS [--rush]``.

It opens the store at ``STORE`` (a ``postgresql://`` address or an SQLite file), prints
``ready`` and waits for a line on its standard input (the start barrier: the test sends it
to every process once all are ready). Then it runs the commands of ``COMMANDS`` (JSON
lines) one after another, or with ``--rush`` all at the same instant, and prints one JSON
line per command as soon as it has its answer:

* ``{"id": N, "applied": VERSION, "notation": …}``: committed at that version;
* ``{"id": N, "refused": MESSAGE}``: refused, with the words a user would read;
* ``{"id": N, "idle": true}``: an automatic command found nothing for its player to do;
* ``{"id": N, "failed": TRACEBACK}``: anything else, which the tests count as a failure.

A command is ``{"id", "channel", "user", "name"}`` and either ``"notation"`` (with, for a
click on a component, ``"game_id"`` and ``"sent_at"``: the stamp it carries) or
``"auto"``: a seed for the system's automatic player, which picks the player's move when
the command runs (nothing if the player is not awaited).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import traceback
from typing import Any

from bot.service import GameService, Outcome, Player, UserError
from bot.store import open_store
from bot.systems import install_systems


async def automatic(service: GameService, channel: int, player: Player, seed: int) -> str | None:
    """The automatic player's move for ``player`` now, if the game awaits them."""
    game = await service.game_in(channel)
    if game is None or game.state is None or game.state.finished:
        return None
    seat = game.seat_of(player.user_id)
    if seat is None or seat not in game.system.status(game.state).waiting_on:
        return None
    choices = game.system.legal_actions(game.state, seat)
    if not choices:
        return None
    return game.system.automatic_action(game.state, seat, choices, random.Random(seed), 0.2)


async def run_one(service: GameService, command: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = {"id": command["id"]}
    player = Player(int(command["user"]), str(command["name"]))
    channel = int(command["channel"])
    try:
        if "auto" in command:
            notation = await automatic(service, channel, player, int(command["auto"]))
            if notation is None:
                return {**answer, "idle": True}
        else:
            notation = str(command["notation"])
        outcome: Outcome = await service.act(
            channel,
            player,
            notation,
            expected_version=command.get("sent_at"),
            game_id=command.get("game_id"),
        )
        return {**answer, "applied": outcome.version, "notation": notation.strip()}
    except UserError as refusal:
        return {**answer, "refused": refusal.message}
    except Exception:
        return {**answer, "failed": traceback.format_exc()}


def say(answer: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


async def work(location: str, commands: list[dict[str, Any]], rush: bool) -> None:
    store = await open_store(location)
    try:
        service = GameService(store)
        await service.game_in(0)  # a first query: connections open before the barrier
        say({"ready": True})
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        if rush:
            pending = [asyncio.create_task(run_one(service, c)) for c in commands]
            for finished in asyncio.as_completed(pending):
                say(await finished)
        else:
            for command in commands:
                say(await run_one(service, command))
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("store")
    parser.add_argument("commands")
    parser.add_argument("--rush", action="store_true")
    args = parser.parse_args()
    install_systems(unlisted=True)
    with open(args.commands, encoding="utf-8") as lines:
        commands = [json.loads(line) for line in lines if line.strip()]
    asyncio.run(work(args.store, commands, args.rush))


if __name__ == "__main__":
    main()
