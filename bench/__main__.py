"""Measure the service, dice notation, lookup and memory against their targets.

* ``action_p50_ms`` / ``action_p99_ms``: one service ``act`` (load, validate, apply, commit)
  on a SQLite file holding 1,000 demo games.
* ``commit_baseline_ms``: a bare aiosqlite insert + commit of the same payload size.
* ``roll_p50_us``: ``10d10>=6`` parsed, rolled and formatted.
* ``roll_vs_d20``: ``/roll`` against Avrae's ``d20`` package on seven expressions from
  ``1d20+5`` to ``1000d6``, timed side by side; the worst ratio of our time to d20's
  (see ``bench/roll_vs_d20.py``). Skipped, and said so, where ``d20`` is not installed.
* ``lookup_p50_ms``: a fuzzy rules lookup.
* ``rss_mb``: resident memory after loading the 1,000 games' states.
* ``th_move_p50_ms`` / ``th_attack_p50_ms``: one service ``act`` of a Tannhäuser move or
  attack (with everything it triggers), sampled from greedy games on SQLite.
* ``th_render_p50_ms`` / ``th_png_kb``: drawing a 5-versus-5 Tannhäuser board.
* ``wt_shoot_p50_ms`` / ``wt_move_p50_ms``: one service ``act`` of a Wasteland Shoot (a
  10-model unit firing at a 10-model unit behind a concealment area, dice and casualties
  included) or Move, on SQLite, from a position reached through the service.
* ``wt_visibility_p50_ms``: which of 15 units sees which of 15 enemy units on a preset
  battlefield, on a fresh position each time (nothing cached from the last sample).
* ``wt_render_p50_ms`` / ``wt_png_kb``: drawing that 15-versus-15 Wasteland table.
* ``wt_suggest_p50_ms``: the ``/act`` suggestions (``legal_actions``) for the seat whose unit
  is activating, in a company game of 4,000 points a side (88 units) played greedily
  through the service, on every position as loaded from the database (nothing remembered
  from the last). Before this figure was introduced the same positions took about 100 ms
  (p50, old and new code side by side in one process; 13 ms after).
* ``sq_shoot_p50_ms`` / ``sq_assault_p50_ms``: one service ``act`` of a squad-orders Shoot (a
  10-model squad firing at the nearest of ten enemy units, to the hits rolled and, when
  the target's owner must allocate them, the question asked) or Assault (a charge into
  base contact, both sides' blows, damage, the result and the loser's morale check), on
  SQLite, with 2 x 10 units on a preset battlefield; ``sq_render_p50_ms`` / ``sq_png_kb``:
  drawing that table.
* ``er_move_p50_ms`` / ``er_shoot_p50_ms``: one service ``act`` of an order-tile Move (walked
  square by square with every interruption trigger checked, doors opened on the way) or
  Shoot (sight, targeting and damage), on SQLite, sampled from greedy games on generated
  maps; ``er_generate_p50_ms``: a whole 2-player scenario generated (sides, the map built
  from its layout dice, teams, equipment, search deck, missions); ``er_render_p50_ms`` /
  ``er_png_kb``: drawing the board of such a game in play.
* ``bp_spot_p50_ms``: one black-powder unit checking spotting against 10 hidden-movement
  markers through the woods, field and cabin of a busy table; ``bp_volley_p50_ms``: one
  volley decided (hits, kills, casualties, the reaction test) and its events folded;
  ``bp_render_p50_ms`` / ``bp_png_kb``: drawing that table (see ``bench/blackpowder.py``).
* ``th_closeup_p50_ms``, ``wt_…``, ``sq_…``, ``er_…`` (and ``_kb``): the close-up of an
  action on each of those boards, PNG included; ``focus_render_p50_ms`` /
  ``focus_png_kb``: the slowest and largest of them (see ``bench/closeups.py``).
  Their targets are Wasteland's for sight, a shot and the picture.
* ``undo_request_ms`` / ``undo_approve_ms``: asking to take back a dash in a demo game
  whose log holds 30,000 records, and approving it (medians of a few rounds). Reading and
  folding the whole log, as undo did before it folded from the nearest kept snapshot,
  took 660 ms and 1,350 ms there.
* ``posts_<setting>_<example>`` / ``picture_mb_<setting>_<example>``: channel messages
  posted (the dashboard counted once: later it is edited) and megabytes of board pictures
  uploaded (channel posts and dashboard edits) over the whole Tannhäuser and Wasteland
  example games at each ``posts`` setting (full, compact, quiet; ``bench/verbosity.py``);
  ``posts_compact_share_*`` and ``posts_quiet_share_*`` are those counts against full.
* ``action_to_write_ratio``, ``pg_action_p50_ms`` / ``pg_action_p99_ms``,
  ``pg_commit_baseline_ms``, ``pg_action_to_commit_ratio``, ``sqlite_actions_per_s``,
  ``pg_actions_per_s``, ``cluster_actions_per_s`` and ``cluster_speedup``: a command on
  each store against a bare write of the same rows, and actions a second with 50
  channels on SQLite, PostgreSQL and a two-process cluster (``bench/store_load.py``;
  the PostgreSQL ones skipped, and said so, without PostgreSQL).
* ``html_export_mb`` / ``html_export_s``: the HTML replay (``/game export format:html``)
  of the longest example game, its size and the time to build it; ``html_export_fit`` is
  1 when its pictures had to be scaled down or thinned to fit (``bench/html_replay.py``).
* ``replay_render_s`` / ``replay_mb``: the animated replay (``/game replay``) of the same
  game end to end, as the command makes it (log read and replayed, boards drawn, frames
  captioned and encoded), and the size of its files; ``replay_frames`` and
  ``replay_files`` say what they hold (``bench/animated_replay.py``).
* ``snapshot_decode_ratio``: loading a stored state snapshot (decompressed) against a bare
  ``json.loads`` of the same bytes, medians over positions of that company game and of
  Tannhäuser games loaded one after another as the service loads them, interleaved; the
  worse of the two systems (each is shown too, and ``*_decode_cold_ratio`` with nothing
  reused from the snapshot before). Validating instead took 2.0-2.4 times ``json.loads``.
"""

from __future__ import annotations

import asyncio
import json
import platform
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from pydantic_core import from_json
from shapely.geometry import Point as ShapelyPoint

from bench.animated_replay import animated_replay_figures
from bench.blackpowder import blackpowder_figures
from bench.closeups import closeup_figures, focus_figures
from bench.demo_actions import ACTIONS, GAMES, demo_games, timed_actions
from bench.html_replay import html_replay_figures
from bench.roll_vs_d20 import roll_vs_d20_figure
from bench.store_load import store_figures
from bench.verbosity import verbosity_figures
from bot.runtime import settle_heap
from bot.service import GameService, Player
from bot.service.snapshots import decode_state, encode_state, snapshot_json
from bot.store import Database
from bot.systems import install_systems
from renderers import draw
from rules.core import trusted
from rules.core.dice import PackedDiceStream
from rules.core.registry import get_system
from rules.core.roller import Roller
from rules.core.state import GameState
from rules.core.visibility import Viewer
from rules.geometry import compiled
from rules.geometry.units import inches
from rules.grid.facing import Facing
from rules.notation import format_result, roll_expression
from rules.orders.sight import sees
from rules.orders.state import Activation, AssignedTile, OrdersState
from rules.orders.system import OrdersSystem
from rules.reference import load_default_index
from rules.squad.state import SquadState
from rules.tannhauser.greedy import choose
from rules.tannhauser.state import TannhauserState
from rules.wasteland import greedy
from rules.wasteland import table as wt_table
from rules.wasteland.state import Fighter, WastelandState, WUnit

RESULTS = Path(__file__).with_name("results.json")


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def service_figures(path: str) -> dict[str, float]:
    db = await Database.open(path)
    counter = iter(range(10**9))
    service = GameService(db, seed_source=lambda: next(counter).to_bytes(32, "big"))
    await demo_games(service, range(1, GAMES + 1))
    samples = await timed_actions(service)
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


UNDO_RECORDS = 30_000
UNDO_ROUNDS = 7


async def undo_figures(path: str) -> dict[str, float]:
    """An undo request and its approval in a demo game with a long log."""
    db = await Database.open(path)
    service = GameService(db, seed_source=lambda: bytes(32))
    alice, bob = Player(1, "a"), Player(2, "b")
    await service.create(1, 1, alice, "demo", "goal=30")
    await service.join(1, bob)
    await service.start(1, alice)
    await service.act(1, alice, "pick defend")
    await service.act(1, bob, "pick defend")
    asked, approved = [], []
    game = await service.game_in(1)
    assert game is not None
    while game.version < UNDO_RECORDS:  # turns passed at once: two records each
        seat = game.state.active  # type: ignore[union-attr]
        await service.act(1, alice if seat == "red" else bob, "end")
        game = await service.game_in(1)
        assert game is not None
    for _ in range(UNDO_ROUNDS):
        seat = game.state.active  # type: ignore[union-attr]
        mover, other = (alice, bob) if seat == "red" else (bob, alice)
        await service.act(1, mover, "dash")  # rolled: the undo needs approval
        start = time.perf_counter()
        await service.undo(1, mover)
        asked.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        await service.approve_undo(1, other)
        approved.append((time.perf_counter() - start) * 1000)
        await service.act(1, mover, "end")
        game = await service.game_in(1)
        assert game is not None
    await db.close()
    return {
        "undo_request_ms": statistics.median(asked),
        "undo_approve_ms": statistics.median(approved),
    }


TH_GAMES = 6


async def tannhauser_figures(path: str) -> dict[str, float]:
    """Greedy Tannhäuser games through the service; times moves, attacks and boards."""
    db = await Database.open(path)
    counter = iter(range(10**9))
    service = GameService(db, seed_source=lambda: next(counter).to_bytes(32, "big"))
    timings: dict[str, list[float]] = {"move": [], "attack": []}
    full_board: TannhauserState | None = None
    snapshots: list[bytes] = []
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
            if len(snapshots) < DECODE_SNAPSHOTS and game.row.state is not None:
                snapshots.append(game.row.state)
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
    renders, png = render_samples("tannhauser", full_board)
    closeups = closeups_of("th", "tannhauser", full_board)
    th_decode = decode_ratio(TannhauserState, snapshots)
    return {
        **closeups,
        "th_move_p50_ms": statistics.median(timings["move"]),
        "th_move_p99_ms": percentile(timings["move"], 0.99),
        "th_attack_p50_ms": statistics.median(timings["attack"]),
        "th_attack_p99_ms": percentile(timings["attack"], 0.99),
        "th_render_p50_ms": statistics.median(renders),
        "th_png_kb": len(png) / 1024,
        "th_decode_ratio": th_decode[0],
        "th_decode_cold_ratio": th_decode[1],
    }


WT_OPTIONS = "size=platoon mission=annihilation battlefield=hollowgate-ruins rounds=6"
WT_LISTS = {
    "alpha": "army warden-command-section x5, warden-militia x10, warden-militia x10, "
    "warden-pumpguard x8",
    # Ember Pilgrims are Fearless: they never react, so a Shoot at them resolves at once
    "bravo": "army synod-flare-deacon x1, synod-ember-pilgrims x10, synod-lampguard x10, "
    "synod-lampguard x10",
}
# Where each unit stands for the timed actions (inches): A2 (Militia, long rifles) faces B2
# (Ember Pilgrims) across the market stalls, a concealment area; everyone else is far off.
WT_SPOTS = {
    "A1": (28.0, 2.0),
    "A2": (10.5, 30.0),
    "A3": (36.0, 2.0),
    "A4": (36.0, 6.0),
    "B1": (62.0, 45.0),
    "B2": (10.5, 17.5),
    "B3": (42.0, 44.0),
    "B4": (52.0, 44.0),
}
WT_SHOTS = 60
WT_SIGHT_SAMPLES = 40
WT_SIDE_UNITS = 15


def placed(unit: WUnit, x: float, y: float) -> WUnit:
    """``unit`` with its models in rows of five, 1.5" apart, from (x, y) in inches."""
    spots = tuple(
        m.model_copy(update={"x": inches(x + i % 5 * 1.5), "y": inches(y + i // 5 * 1.5)})
        for i, m in enumerate(unit.models)
    )
    return unit.model_copy(update={"models": spots})


async def wasteland_battle(
    service: GameService, channel: int, players: dict[str, Player]
) -> WastelandState:
    """A platoon game through the service: lists, deployment, then Bravo's first activation,
    so that Alpha is to activate a unit."""
    await service.create(channel, 1, players["alpha"], "wasteland", WT_OPTIONS)
    await service.join(channel, players["bravo"])
    await service.start(channel, players["alpha"])
    for seat, army in WT_LISTS.items():
        await service.act(channel, players[seat], army)
        await service.act(channel, players[seat], "submit")
    while True:
        game = await service.game_in(channel)
        assert game is not None and isinstance(game.state, WastelandState)
        state = game.state
        if state.phase == "battle" and state.turn == "alpha" and state.active is None:
            return state
        seat = game.system.status(state).waiting_on[0]
        if state.phase == "battle":  # Bravo has the first turn: one activation, no action
            ready = [u for u in state.units.values() if u.seat == seat and not u.activated]
            notation = f"activate {ready[0].id}" if state.active is None else "end"
        else:
            choices = [(c.notation, c.label) for c in game.system.legal_actions(state, seat)]
            notation = greedy.choose(state, seat, choices) or "end"
        await service.act(channel, players[seat], notation)


def busy_table(state: WastelandState) -> WastelandState:
    """15 units of 5-10 models a side spread over the whole table, clear of buildings,
    impassable ground and each other."""
    rng = random.Random(4)
    walls = [a.polygon for a in state.table.areas if a.blocks_movement]
    kinds = {
        "alpha": ("warden-militia", "warden-pumpguard", "warden-command-section"),
        "bravo": ("synod-lampguard", "synod-ember-pilgrims"),
    }
    taken: list[ShapelyPoint] = []
    units: dict[str, WUnit] = {}
    for number in range(1, WT_SIDE_UNITS + 1):
        for seat, letter in (("alpha", "A"), ("bravo", "B")):
            uid = f"{letter}{number}"
            profile = state.profiles[kinds[seat][number % len(kinds[seat])]]
            count = rng.randint(max(5, profile.min_models), min(10, profile.max_models))
            blank = WUnit(
                id=uid,
                seat=seat,
                profile=profile.id,
                name=profile.name,
                models=tuple(Fighter(id=f"{uid}.{i + 1}") for i in range(count)),
                starting=count,
                cost=profile.points * count,
                status="table",
            )
            for _ in range(10_000):
                unit = placed(blank, rng.uniform(1, 65), rng.uniform(1, 44))
                spots = [ShapelyPoint(m.centre) for m in wt_table.geo(state, unit).models]
                walled = any(w.distance(spot) < inches(1) for w in walls for spot in spots)
                crowded = any(s.distance(other) < inches(2) for other in taken for s in spots)
                if not walled and not crowded:
                    break
            else:
                raise RuntimeError(f"no room on the table for {uid}")
            taken += spots
            units[uid] = unit
    return state.model_copy(update={"units": units})


async def wasteland_figures(path: str) -> dict[str, float]:
    """Wasteland actions through the service, all-pairs sight and the table picture."""
    db = await Database.open(path)
    counter = iter(range(10**9))
    service = GameService(db, seed_source=lambda: next(counter).to_bytes(32, "big"))
    players = {"alpha": Player(91, "a"), "bravo": Player(92, "b")}
    start_state = await wasteland_battle(service, 1, players)
    game = await service.game_in(1)
    assert game is not None
    units = {uid: placed(u, *WT_SPOTS[uid]) for uid, u in start_state.units.items()}
    position = start_state.model_copy(update={"units": units})
    timings: dict[str, list[float]] = {"shoot": [], "move": []}
    for i in range(WT_SHOTS):
        for verb, notation in (("shoot", "shoot B2"), ("move", "move by 5,-1")):
            # the prepared position is stored before every sample, the dice further along
            # the stream and a far unit (B4) nudged so that no sample repeats the last
            # position; A2 then activates and the timed action follows
            far = position.units["B4"]
            nudged = tuple(m.model_copy(update={"x": m.x + i % 4 * 5}) for m in far.models)
            units = {**position.units, "B4": far.model_copy(update={"models": nudged})}
            fresh = position.model_copy(
                update={"units": units, "dice_counter": position.dice_counter + 40 * i}
            )
            await db.touch(game.id, state=encode_state(fresh))
            await service.act(1, players["alpha"], "activate A2")
            start = time.perf_counter()
            outcome = await service.act(1, players["alpha"], notation)
            timings[verb].append((time.perf_counter() - start) * 1000)
            said = " ".join(outcome.public)
            assert ("shoots B2" if verb == "shoot" else "A2 moves") in said, said
    await db.close()

    busy = busy_table(start_state)
    everyone = list(busy.units.values())
    seeing = []
    for i in range(WT_SIGHT_SAMPLES):
        # nudge one unit so that every sample starts from a position never seen before
        shifted = everyone[i % len(everyone)]
        step = 5 if i // len(everyone) % 2 == 0 else -5
        moved = shifted.model_copy(
            update={"models": tuple(m.model_copy(update={"x": m.x + step}) for m in shifted.models)}
        )
        busy = busy.model_copy(update={"units": {**busy.units, moved.id: moved}})
        alpha = [u for u in busy.units.values() if u.seat == "alpha"]
        bravo = [u for u in busy.units.values() if u.seat == "bravo"]
        start = time.perf_counter()
        for a in alpha:
            for b in bravo:
                wt_table.sees(busy, a, b)
        seeing.append((time.perf_counter() - start) * 1000)
    renders, png = render_samples("wasteland", busy)
    closeups = closeups_of("wt", "wasteland", busy)
    return {
        **closeups,
        "wt_shoot_p50_ms": statistics.median(timings["shoot"]),
        "wt_shoot_p99_ms": percentile(timings["shoot"], 0.99),
        "wt_move_p50_ms": statistics.median(timings["move"]),
        "wt_move_p99_ms": percentile(timings["move"], 0.99),
        "wt_visibility_p50_ms": statistics.median(seeing),
        "wt_render_p50_ms": statistics.median(renders),
        "wt_png_kb": len(png) / 1024,
    }


WT_COMPANY = "size=company points=4000 mission=annihilation battlefield=hollowgate-ruins rounds=6"
WT_STARTERS = {"alpha": "army starter cistern-wardens", "bravo": "army starter lantern-synod"}
WT_SUGGESTIONS = 40


async def wasteland_suggestions(path: str) -> dict[str, float]:
    """A company game played greedily through the service; the suggestions for the
    activating unit's seat are timed on each position as it is loaded."""
    db = await Database.open(path)
    counter = iter(range(10**9))
    service = GameService(db, seed_source=lambda: next(counter).to_bytes(32, "big"))
    players = {"alpha": Player(71, "a"), "bravo": Player(72, "b")}
    await service.create(1, 1, players["alpha"], "wasteland", WT_COMPANY)
    await service.join(1, players["bravo"])
    await service.start(1, players["alpha"])
    for seat, army in WT_STARTERS.items():
        await service.act(1, players[seat], army)
        await service.act(1, players[seat], "submit")
    samples: list[float] = []
    snapshots: list[bytes] = []
    units = 0
    while len(samples) < WT_SUGGESTIONS:
        game = await service.game_in(1)
        assert game is not None and isinstance(game.state, WastelandState)
        state = game.state
        assert not state.finished, "the company game ended before enough samples"
        seat = game.system.status(state).waiting_on[0]
        active = state.active
        start = time.perf_counter()
        legal = game.system.legal_actions(state, seat)
        if state.phase == "battle" and active is not None and active.seat == seat:
            samples.append((time.perf_counter() - start) * 1000)
            units = len(state.units)
            if game.row.state is not None:
                snapshots.append(game.row.state)
        choices = [(c.notation, c.label) for c in legal]
        notation = greedy.choose(state, seat, choices) or "end"
        await service.act(1, players[seat], notation)
    await db.close()
    wt_decode = decode_ratio(WastelandState, snapshots)
    return {
        "wt_suggest_p50_ms": statistics.median(samples),
        "wt_suggest_p90_ms": percentile(samples, 0.9),
        "wt_suggest_units": float(units),
        "wt_decode_ratio": wt_decode[0],
        "wt_decode_cold_ratio": wt_decode[1],
    }


DECODE_SNAPSHOTS = 40
DECODE_ROUNDS = 5


def decode_ratio(model: type[GameState], snapshots: list[bytes]) -> tuple[float, float]:
    """Median time to load each snapshot (decompressed, as the service loads it after
    ``zlib``) over the median ``json.loads`` of the same bytes, all interleaved with their
    order alternating: as the service loads a game's snapshots one after another, and cold
    (nothing kept from the snapshot before, as for the first load of a game)."""
    texts = [snapshot_json(stored) for stored in snapshots]
    times: dict[str, list[float]] = {"parse": [], "load": [], "cold": []}
    for turn in range(DECODE_ROUNDS):
        for i, text in enumerate(texts):
            kinds = list(times) if (turn + i) % 2 else list(reversed(times))
            for kind in kinds:
                start = time.perf_counter()
                if kind == "load":
                    decode_state(model, text)
                elif kind == "cold":
                    trusted.load(model, from_json(text))
                else:
                    json.loads(text)
                times[kind].append(time.perf_counter() - start)
    parse = statistics.median(times["parse"])
    return statistics.median(times["load"]) / parse, statistics.median(times["cold"]) / parse


def render_samples(system_id: str, state: Any) -> tuple[list[float], bytes]:
    """Milliseconds of 40 drawings of the public view of ``state``, and the last PNG."""
    system = get_system(system_id)
    view = system.view(state, Viewer.spectator())
    renders = []
    png = b""
    for _ in range(40):
        start = time.perf_counter()
        png = draw(system.scene(view)) or b""
        renders.append((time.perf_counter() - start) * 1000)
    return renders, png


def closeups_of(name: str, system_id: str, state: Any) -> dict[str, float]:
    """The close-up figures of the board ``state`` shows (see bench/closeups.py)."""
    system = get_system(system_id)
    scene = system.scene(system.view(state, Viewer.spectator()))
    assert scene is not None
    return closeup_figures(name, scene)


def roll_figure() -> float:
    stream = PackedDiceStream(b"bench")  # as /roll draws
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


SQ_OPTIONS = "points=5000 scenario=high-water battlefield=sunken-quay"
SQ_FORCES = {"alpha": "force wall-levy x10", "bravo": "force deck-hands x10"}
SQ_SAMPLES = 40


def squad_spots(state: SquadState) -> SquadState:
    """Ten units a side in two rows facing each other 8" apart across the middle: each
    Alpha squad (A1-A10) opposite its Bravo number, models 1.2" apart in a line."""
    units = []
    for unit in state.units:
        number = int(unit.id[1:]) - 1
        x0 = 4 + number % 5 * 13.5
        y = (14 if number < 5 else 20) if unit.seat == "alpha" else (28 if number < 5 else 34)
        models = tuple(
            m.model_copy(update={"x": inches(x0 + i * 1.2), "y": inches(y)})
            for i, m in enumerate(unit.models)
        )
        units.append(unit.model_copy(update={"models": models, "status": "table"}))
    return state.model_copy(
        update={
            "units": tuple(units),
            "phase": "activation",
            "turn": 1,
            "to_act": "alpha",
            "deploying": None,
        }
    )


def squad_engaged(state: SquadState) -> SquadState:
    """A3 4" short of B3 (the rest as :func:`squad_spots` leaves them)."""
    b3 = next(u for u in state.units if u.id == "B3")
    moved = []
    for unit in state.units:
        if unit.id == "A3":
            models = tuple(
                m.model_copy(
                    update={
                        "x": b3.models[0].x + inches(i * 1.2),
                        "y": b3.models[0].y - inches(4.8),
                    }
                )
                for i, m in enumerate(unit.models)
            )
            unit = unit.model_copy(update={"models": models})
        moved.append(unit)
    return state.model_copy(update={"units": tuple(moved)})


async def squad_figures(path: str) -> dict[str, float]:
    """Squad-orders Shoot and Assault through the service, and the table picture."""
    db = await Database.open(path)
    counter = iter(range(10**9))
    service = GameService(db, seed_source=lambda: next(counter).to_bytes(32, "big"))
    players = {"alpha": Player(93, "a"), "bravo": Player(94, "b")}
    await service.create(5, 1, players["alpha"], "squad", SQ_OPTIONS)
    await service.join(5, players["bravo"])
    await service.start(5, players["alpha"])
    for seat, force in SQ_FORCES.items():
        await service.act(5, players[seat], force)
    game = await service.game_in(5)
    assert game is not None and isinstance(game.state, SquadState)
    ready = squad_spots(game.state)
    timings: dict[str, list[float]] = {"shoot": [], "assault": []}
    for i in range(SQ_SAMPLES):
        for verb, position, notation in (
            ("shoot", ready, "shoot A2"),
            ("assault", squad_engaged(ready), "assault A3 B3"),
        ):
            fresh = position.model_copy(update={"dice_counter": 60 * i})
            await db.touch(game.id, state=encode_state(fresh))
            start = time.perf_counter()
            outcome = await service.act(5, players["alpha"], notation)
            timings[verb].append((time.perf_counter() - start) * 1000)
            said = " ".join(outcome.public)
            assert ("shoots" if verb == "shoot" else "Close combat") in said, said
    await db.close()
    renders, png = render_samples("squad", ready)
    closeups = closeups_of("sq", "squad", ready)
    return {
        **closeups,
        "sq_shoot_p50_ms": statistics.median(timings["shoot"]),
        "sq_assault_p50_ms": statistics.median(timings["assault"]),
        "sq_render_p50_ms": statistics.median(renders),
        "sq_png_kb": len(png) / 1024,
    }


ER_GAMES = 6
ER_SHOTS = 40


def players_of(channel: int) -> dict[str, Player]:
    return {"alpha": Player(channel * 10 + 1, "a"), "bravo": Player(channel * 10 + 2, "b")}


def orders_shot(state: OrdersState) -> tuple[OrdersState, str]:
    """A position of a game in play where the active seat's character, carrying a carbine
    and a tile of Shoot sections, sees an enemy character up to three squares ahead."""
    seat = state.active or "alpha"
    system = get_system("orders")
    assert isinstance(system, OrdersSystem) and state.ground is not None
    shooter = state.standing(seat)[0]
    enemy = next(f for f in state.standing() if f.seat != seat)
    origin = shooter.square
    assert origin is not None
    carbine = system.catalog.equipment["carbine"]
    for facing in Facing:
        dx, dy = facing.step
        for reach in (3, 2, 1):
            if origin.x + dx * reach < 0 or origin.y + dy * reach < 0:
                continue
            square = origin.shifted(dx * reach, dy * reach)
            if not state.ground.floor(square) or state.occupant(square):
                continue
            armed = shooter.model_copy(
                update={
                    "facing": facing,
                    "equipment": ("carbine",),
                    "tiles": (AssignedTile(tile="crossfire", cp=(0, 0)),),
                    "spent": 0,
                    "dry": (),
                }
            )
            placed = enemy.model_copy(update={"square": square})
            fighters = tuple(
                armed if f.id == armed.id else placed if f.id == placed.id else f
                for f in state.fighters
            )
            trial = state.model_copy(update={"fighters": fighters})
            if not sees(trial, armed, square):
                continue
            players = tuple(
                p.model_copy(update={"cp": 15}) if p.seat == seat else p for p in state.players
            )
            position = trial.model_copy(
                update={
                    "players": players,
                    "equipment": {**state.equipment, "carbine": carbine},
                    "activation": Activation(fighter=armed.id),
                    "windows": (),
                    "watched": (),
                }
            )
            return position, placed.id
    raise RuntimeError("no square in sight next to the shooter")


async def orders_figures(path: str) -> dict[str, float]:
    """Greedy order-tile games through the service: times Move and Shoot orders, the
    generation of a 2-player scenario, and the board picture."""
    db = await Database.open(path)
    counter = iter(range(10**9))
    service = GameService(db, seed_source=lambda: next(counter).to_bytes(32, "big"))
    timings: dict[str, list[float]] = {"move": [], "shoot": []}  # shots timed below
    in_play: OrdersState | None = None
    rnd = random.Random(7)
    for channel in range(300, 300 + ER_GAMES):
        players = players_of(channel)
        await service.create(channel, 1, players["alpha"], "orders", "")
        await service.join(channel, players["bravo"])
        await service.start(channel, players["alpha"])
        for _ in range(2000):
            game = await service.game_in(channel)
            assert game is not None and isinstance(game.state, OrdersState)
            state = game.state
            if state.finished:
                break
            if in_play is None and state.turn >= 2 and state.activation is not None:
                in_play = state
            waiting = game.system.status(state).waiting_on
            seat = waiting[0]
            choices = game.system.legal_actions(state, seat)
            notation = game.system.automatic_action(state, seat, choices, rnd)
            assert notation is not None
            start = time.perf_counter()
            await service.act(channel, players[seat], notation)
            verb = notation.split()[0]
            if verb == "move":
                timings[verb].append((time.perf_counter() - start) * 1000)
    assert in_play is not None
    shooting, target = orders_shot(in_play)
    live = players_of(399)  # a game still running, whose position each shot replaces
    await service.create(399, 1, live["alpha"], "orders", "")
    await service.join(399, live["bravo"])
    await service.start(399, live["alpha"])
    game = await service.game_in(399)
    assert game is not None
    seat = shooting.active or "alpha"
    for i in range(ER_SHOTS):
        fresh = shooting.model_copy(update={"dice_counter": 40 * i})
        await db.touch(game.id, state=encode_state(fresh))
        start = time.perf_counter()
        outcome = await service.act(399, live[seat], f"shoot {target}")
        timings["shoot"].append((time.perf_counter() - start) * 1000)
        assert "targeting" in " ".join(outcome.public), outcome.public
    await db.close()
    renders, png = render_samples("orders", in_play)
    closeups = closeups_of("er", "orders", in_play)
    system = get_system("orders")
    generations = []
    for seed in range(30):
        fresh = system.initial_state(system.options_model(), ("alpha", "bravo"))
        start = time.perf_counter()
        system.begin(fresh, Roller(seed.to_bytes(32, "big"), 0))
        generations.append((time.perf_counter() - start) * 1000)
    return {
        **closeups,
        "er_move_p50_ms": statistics.median(timings["move"]),
        "er_shoot_p50_ms": statistics.median(timings["shoot"]),
        "er_generate_p50_ms": statistics.median(generations),
        "er_render_p50_ms": statistics.median(renders),
        "er_png_kb": len(png) / 1024,
    }


TARGETS = {
    "action_p99_ms": ("<", 25.0),
    "th_move_p99_ms": ("<", 25.0),
    "th_attack_p99_ms": ("<", 25.0),
    "th_render_p50_ms": ("<", 80.0),
    "th_png_kb": ("<", 500.0),
    "wt_shoot_p50_ms": ("<", 30.0),
    "wt_move_p50_ms": ("<", 30.0),
    "wt_visibility_p50_ms": ("<", 20.0),
    "wt_render_p50_ms": ("<", 100.0),
    "wt_suggest_p50_ms": ("<", 15.0),
    "bp_spot_p50_ms": ("<", 20.0),
    "bp_volley_p50_ms": ("<", 30.0),
    "bp_render_p50_ms": ("<", 100.0),
    "bp_png_kb": ("<", 500.0),
    "sq_shoot_p50_ms": ("<", 30.0),
    "sq_assault_p50_ms": ("<", 30.0),
    "sq_render_p50_ms": ("<", 100.0),
    "sq_png_kb": ("<", 500.0),
    "er_move_p50_ms": ("<", 15.0),
    "er_shoot_p50_ms": ("<", 15.0),
    "er_generate_p50_ms": ("<", 200.0),
    "er_render_p50_ms": ("<", 100.0),
    "er_png_kb": ("<", 500.0),
    "snapshot_decode_ratio": ("<", 1.5),
    "wt_png_kb": ("<", 500.0),
    "roll_p50_us": ("<", 200.0),
    "roll_vs_d20": ("<", 1.0),
    "lookup_p50_ms": ("<", 5.0),
    "undo_request_ms": ("<", 50.0),
    "undo_approve_ms": ("<", 100.0),
    "rss_mb": ("<", 150.0),
    "posts_compact_share_tannhauser": ("<", 0.25),
    "posts_compact_share_wasteland": ("<", 0.25),
    "posts_quiet_share_tannhauser": ("<", 0.1),
    "posts_quiet_share_wasteland": ("<", 0.1),
    "html_export_mb": ("<", 9.0),  # one file under Discord's upload limit
    # a close-up, PNG included, within the boards' own drawing target
    "focus_render_p50_ms": ("<", 100.0),
    "focus_png_kb": ("<", 500.0),
    "replay_render_s": ("<", 20.0),
}

AT_LEAST_OR_MOST = {
    # a command against a one-hop write of the same rows (SQLite)
    "action_to_write_ratio": ("<=", 1.5),
    # a command on PostgreSQL against a bare commit of the same rows
    "pg_action_to_commit_ratio": ("<=", 3.0),
    # two processes on PostgreSQL against one, on this 2-core machine
    "cluster_speedup": (">=", 1.4),
}


def main() -> int:
    install_systems(unlisted=True)
    settle_heap()  # as the bot does at start-up
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(service_figures(str(Path(folder) / "bench.db")))
        figures.update(asyncio.run(tannhauser_figures(str(Path(folder) / "th.db"))))
        figures.update(asyncio.run(wasteland_figures(str(Path(folder) / "wt.db"))))
        figures.update(asyncio.run(wasteland_suggestions(str(Path(folder) / "company.db"))))
        figures.update(asyncio.run(squad_figures(str(Path(folder) / "squad.db"))))
        figures.update(asyncio.run(orders_figures(str(Path(folder) / "orders.db"))))
        figures.update(asyncio.run(undo_figures(str(Path(folder) / "undo.db"))))
    notes: list[str] = []
    figures.update(store_figures(notes.append))
    figures.update(blackpowder_figures())
    figures.update(asyncio.run(verbosity_figures()))
    figures.update(asyncio.run(html_replay_figures()))
    figures.update(focus_figures(figures))
    figures.update(asyncio.run(animated_replay_figures()))
    figures["snapshot_decode_ratio"] = max(figures["wt_decode_ratio"], figures["th_decode_ratio"])
    figures["roll_p50_us"] = roll_figure()
    versus_d20 = roll_vs_d20_figure()
    if versus_d20 is not None:
        figures["roll_vs_d20"] = versus_d20
    figures["lookup_p50_ms"] = lookup_figure()
    figures["action_to_commit_ratio"] = figures["action_p50_ms"] / figures["commit_baseline_ms"]
    checks = {
        name: figures[name] < limit for name, (_, limit) in TARGETS.items() if name in figures
    }
    # sight is answered by the compiled kernel, or by the array code alone where the
    # package was installed without a C compiler
    sight_engine = "compiled" if compiled.AVAILABLE else "arrays only (no C compiler)"
    checks["action_to_commit_ratio"] = figures["action_to_commit_ratio"] <= 3.0
    for name, (sense, limit) in AT_LEAST_OR_MOST.items():
        if name in figures:
            checks[name] = figures[name] >= limit if sense == ">=" else figures[name] <= limit
    print(f"{'figure':<26}{'value':>12}  target")
    for name, value in figures.items():
        target = ""
        if name in TARGETS:
            target = f"< {TARGETS[name][1]:g}  {'ok' if checks[name] else 'MISSED'}"
        if name == "action_to_commit_ratio":
            target = f"<= 3  {'ok' if checks[name] else 'MISSED'}"
        if name in AT_LEAST_OR_MOST:
            sense, limit = AT_LEAST_OR_MOST[name]
            target = f"{sense} {limit:g}  {'ok' if checks[name] else 'MISSED'}"
        print(f"{name:<26}{value:>12.3f}  {target}")
    RESULTS.write_text(
        json.dumps(
            {
                "figures": figures,
                "met": checks,
                "sight": sight_engine,
                "roll_vs_d20": (
                    "compared" if versus_d20 is not None else "skipped: d20 is not installed"
                ),
                "notes": notes,
                "machine": platform.platform(),
                "at": time.time(),
            },
            indent=2,
        )
    )
    for line in notes:
        print(line)
    print(f"sight kernel: {sight_engine}")
    print(f"written to {RESULTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
