"""Measure the service, dice notation, lookup and memory against their targets.

* ``action_p50_ms`` / ``action_p99_ms``: one service ``act`` (load, validate, apply, commit)
  on a SQLite file holding 1,000 demo games.
* ``commit_baseline_ms``: a bare aiosqlite insert + commit of the same payload size.
* ``roll_p50_us``: ``10d10>=6`` parsed, rolled and formatted.
* ``lookup_p50_ms``: a fuzzy rules lookup.
* ``rss_mb``: resident memory after loading the 1,000 games' states.
* ``th_move_p50_ms`` / ``th_attack_p50_ms``: one service ``act`` of a Tannhäuser move or
  attack (with everything it triggers), sampled from greedy games on SQLite.
* ``th_render_p50_ms`` / ``th_png_kb``: drawing a 5-versus-5 Tannhäuser board.
"""

from __future__ import annotations

import asyncio
import json
import platform
import resource
import statistics
import tempfile
import time
from pathlib import Path

from bot.runtime import settle_heap
from bot.service import GameService, Player
from bot.store import Database
from bot.systems import install_systems
from renderers import render_view
from rules.core.dice import DiceStream
from rules.core.registry import get_system
from rules.core.visibility import Viewer
from rules.demo import register_demo
from rules.notation import format_result, roll_expression
from rules.reference import load_default_index
from rules.tannhauser.greedy import choose
from rules.tannhauser.state import TannhauserState

GAMES = 1000
ACTIONS = 600
RESULTS = Path(__file__).with_name("results.json")


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def service_figures(path: str) -> dict[str, float]:
    db = await Database.open(path)
    counter = iter(range(10**9))
    service = GameService(db, seed_source=lambda: next(counter).to_bytes(32, "big"))
    players = {}
    for channel in range(1, GAMES + 1):
        alice, bob = Player(channel * 10 + 1, "a"), Player(channel * 10 + 2, "b")
        players[channel] = (alice, bob)
        await service.create(channel, 1, alice, "demo", "goal=30")
        await service.join(channel, bob)
        await service.start(channel, alice)
        await service.act(channel, alice, "pick defend")
        await service.act(channel, bob, "pick defend")
    samples = []
    channel = 1
    for _ in range(ACTIONS):
        game = await service.game_in(channel)
        assert game is not None and game.state is not None
        seat = game.state.active  # type: ignore[attr-defined]
        alice, bob = players[channel]
        player = alice if seat == "red" else bob
        legal = [c.notation for c in game.system.legal_actions(game.state, seat)]
        move = "step" if "step" in legal else "end"
        start = time.perf_counter()
        await service.act(channel, player, move)
        samples.append((time.perf_counter() - start) * 1000)
        channel = channel % GAMES + 1
    payload = "x" * 400  # about the size of one action batch
    baseline = []
    conn = db._conn
    await conn.execute("CREATE TABLE IF NOT EXISTS bench (k INTEGER PRIMARY KEY, v TEXT)")
    for key in range(ACTIONS):
        start = time.perf_counter()
        await conn.execute("BEGIN IMMEDIATE")
        await conn.execute("INSERT INTO bench (k, v) VALUES (?, ?)", (key, payload))
        await conn.commit()
        baseline.append((time.perf_counter() - start) * 1000)
    states = []
    for channel in range(1, GAMES + 1):
        game = await service.game_in(channel)
        states.append(game)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    await db.close()
    return {
        "action_p50_ms": statistics.median(samples),
        "action_p99_ms": percentile(samples, 0.99),
        "commit_baseline_ms": statistics.median(baseline),
        "rss_mb": rss,
        "games_loaded": float(len(states)),
    }


TH_GAMES = 6


async def tannhauser_figures(path: str) -> dict[str, float]:
    """Greedy Tannhäuser games through the service; times moves, attacks and boards."""
    db = await Database.open(path)
    counter = iter(range(10**9))
    service = GameService(db, seed_source=lambda: next(counter).to_bytes(32, "big"))
    timings: dict[str, list[float]] = {"move": [], "attack": []}
    full_board: TannhauserState | None = None
    for channel in range(1, TH_GAMES + 1):
        players = {"alpha": Player(channel * 10 + 1, "a"), "bravo": Player(channel * 10 + 2, "b")}
        maps = "hollowmere" if channel % 2 else "harrowpeak"
        await service.create(channel, 1, players["alpha"], "tannhauser", f"map={maps}")
        await service.join(channel, players["bravo"])
        await service.start(channel, players["alpha"])
        for _ in range(1500):
            game = await service.game_in(channel)
            assert game is not None and isinstance(game.state, TannhauserState)
            state = game.state
            if state.finished:
                break
            if full_board is None and len(state.on_board()) == 10:
                full_board = state
            seat = game.system.status(state).waiting_on[0]
            legal = [c.notation for c in game.system.legal_actions(state, seat)]
            notation = choose(state, seat, legal)
            start = time.perf_counter()
            await service.act(channel, players[seat], notation)
            verb = notation.split()[0]
            if verb in timings:
                timings[verb].append((time.perf_counter() - start) * 1000)
    await db.close()
    assert full_board is not None
    system = get_system("tannhauser")
    view = system.view(full_board, Viewer.spectator())
    renders = []
    png = b""
    for _ in range(40):
        start = time.perf_counter()
        png = render_view(system.renderer, view) or b""
        renders.append((time.perf_counter() - start) * 1000)
    return {
        "th_move_p50_ms": statistics.median(timings["move"]),
        "th_move_p99_ms": percentile(timings["move"], 0.99),
        "th_attack_p50_ms": statistics.median(timings["attack"]),
        "th_attack_p99_ms": percentile(timings["attack"], 0.99),
        "th_render_p50_ms": statistics.median(renders),
        "th_png_kb": len(png) / 1024,
    }


def roll_figure() -> float:
    stream = DiceStream(b"bench")
    for _ in range(200):
        format_result(roll_expression("10d10>=6", stream))
    samples = []
    for _ in range(3000):
        start = time.perf_counter()
        format_result(roll_expression("10d10>=6", stream))
        samples.append((time.perf_counter() - start) * 1e6)
    return statistics.median(samples)


def lookup_figure() -> float:
    index = load_default_index()
    queries = ["natural 10", "asault", "morale check", "range bands", "rally", "d5", "overwatch"]
    for query in queries:
        index.search(query)
    samples = []
    for i in range(700):
        start = time.perf_counter()
        index.search(queries[i % len(queries)])
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


TARGETS = {
    "action_p99_ms": ("<", 25.0),
    "th_move_p99_ms": ("<", 25.0),
    "th_attack_p99_ms": ("<", 25.0),
    "th_render_p50_ms": ("<", 80.0),
    "th_png_kb": ("<", 500.0),
    "roll_p50_us": ("<", 200.0),
    "lookup_p50_ms": ("<", 5.0),
    "rss_mb": ("<", 150.0),
}


def main() -> int:
    register_demo()
    install_systems()
    settle_heap()  # as the bot does at start-up
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(service_figures(str(Path(folder) / "bench.db")))
        figures.update(asyncio.run(tannhauser_figures(str(Path(folder) / "th.db"))))
    figures["roll_p50_us"] = roll_figure()
    figures["lookup_p50_ms"] = lookup_figure()
    figures["action_to_commit_ratio"] = figures["action_p50_ms"] / figures["commit_baseline_ms"]
    checks = {name: figures[name] < limit for name, (_, limit) in TARGETS.items()}
    checks["action_to_commit_ratio"] = figures["action_to_commit_ratio"] <= 3.0
    print(f"{'figure':<26}{'value':>12}  target")
    for name, value in figures.items():
        target = ""
        if name in TARGETS:
            target = f"< {TARGETS[name][1]:g}  {'ok' if checks[name] else 'MISSED'}"
        if name == "action_to_commit_ratio":
            target = f"<= 3  {'ok' if checks[name] else 'MISSED'}"
        print(f"{name:<26}{value:>12.3f}  {target}")
    RESULTS.write_text(
        json.dumps(
            {"figures": figures, "met": checks, "machine": platform.platform(), "at": time.time()},
            indent=2,
        )
    )
    print(f"written to {RESULTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
