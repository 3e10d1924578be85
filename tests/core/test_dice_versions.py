"""The two dice derivations: version 1 (one draw per HMAC block, every game) and version 2
(four draws per block, ``/roll``), each checked against the formula in docs/fair-dice.md."""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from bot.discord_app.cogs.dice import roll_text
from rules.core import dice as dice_module
from rules.core.dice import DiceStream, PackedDiceStream, commitment
from rules.notation import format_result, roll_expression
from tests.golden.examples import EXAMPLES, Example, recorded_database

SEED = bytes(range(32))


def _by_the_formula_v1(seed: bytes, counter: int, count: int, sides: int) -> tuple[list[int], int]:
    values: list[int] = []
    while len(values) < count:
        block = hmac.new(seed, counter.to_bytes(8, "big"), hashlib.sha256).digest()
        counter += 1
        v = int.from_bytes(block[:8], "big")
        if v < 2**64 - 2**64 % sides:
            values.append(v % sides + 1)
    return values, counter


def _by_the_formula_v2(seed: bytes, word: int, count: int, sides: int) -> tuple[list[int], int]:
    values: list[int] = []
    while len(values) < count:
        message = b"\x02" + (word // 4).to_bytes(8, "big")
        block = hmac.new(seed, message, hashlib.sha256).digest()
        v = int.from_bytes(block[8 * (word % 4) : 8 * (word % 4) + 8], "big")
        word += 1
        if v < 2**64 - 2**64 % sides:
            values.append(v % sides + 1)
    return values, word


@pytest.mark.parametrize("sides", [1, 3, 6, 10, 20, 100, 1000, 999_983])
@pytest.mark.parametrize("counter", [0, 1, 3, 4, 77])
def test_both_versions_follow_their_formulas(sides: int, counter: int) -> None:
    old = DiceStream(SEED, counter)
    assert (old.draw_many(13, sides), old.counter) == _by_the_formula_v1(SEED, counter, 13, sides)
    new = PackedDiceStream(SEED, counter)
    assert (new.draw_many(13, sides), new.counter) == _by_the_formula_v2(SEED, counter, 13, sides)


def test_packed_stream_resumes_mid_block_and_single_draws_agree() -> None:
    whole = PackedDiceStream(SEED).draw_many(30, 6)
    stream = PackedDiceStream(SEED)
    first = [stream.draw(6) for _ in range(7)]
    resumed = PackedDiceStream(SEED, stream.counter).draw_many(23, 6)
    assert first + resumed == whole
    assert PackedDiceStream(SEED).version == 2 and DiceStream(SEED).version == 1
    assert whole != DiceStream(SEED).draw_many(30, 6)


def test_packed_stream_is_even() -> None:
    counts = Counter(PackedDiceStream(b"uniform").draw_many(20_000, 10))
    assert set(counts) == set(range(1, 11))
    assert all(1_800 < n < 2_200 for n in counts.values())


def test_packed_stream_needs_a_quarter_of_the_hmac_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    blocks: list[int] = []
    packed_block = PackedDiceStream._digest

    def counted_block(stream: PackedDiceStream, number: int) -> bytes:
        blocks.append(number)
        return packed_block(stream, number)

    single: list[bytes] = []
    digest = hmac.digest

    def counted_digest(key: bytes, message: bytes, name: str) -> bytes:
        single.append(message)
        return digest(key, message, name)

    monkeypatch.setattr(PackedDiceStream, "_digest", counted_block)
    PackedDiceStream(SEED).draw_many(1000, 6)
    assert blocks == list(range(250))
    monkeypatch.setattr(dice_module.hmac, "digest", counted_digest)
    DiceStream(SEED).draw_many(1000, 6)
    assert len(single) == 1000


@pytest.mark.parametrize("length", [0, 1, 32, 64, 65, 200])
def test_packed_stream_takes_any_seed_length(length: int) -> None:
    seed = bytes(range(256))[:length]
    stream = PackedDiceStream(seed, 2)
    assert (stream.draw_many(40, 20), stream.counter) == _by_the_formula_v2(seed, 2, 40, 20)


def test_roll_uses_the_packed_stream() -> None:
    expected = format_result(roll_expression("4d6k3; 10d10>=6", PackedDiceStream(SEED)))
    assert roll_text("4d6k3; 10d10>=6", SEED) == expected
    assert expected != format_result(roll_expression("4d6k3; 10d10>=6", DiceStream(SEED)))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_games_saved_by_earlier_releases_still_verify(example: Example, tmp_path: Path) -> None:
    """Games keep version 1: every roll in a database written by an earlier release
    re-derives with it (and would not with version 2)."""
    database = recorded_database(example, tmp_path)
    with sqlite3.connect(database) as connection:
        games = connection.execute("SELECT id, seed, commitment FROM games").fetchall()
        rolls = [
            (game, json.loads(payload))
            for game, payload in connection.execute(
                "SELECT game_id, payload FROM events WHERE kind = 'event' ORDER BY seq"
            )
        ]
    seeds = {game: bytes(seed) for game, seed, _ in games}
    assert all(commitment(bytes(seed)) == hashed for _, seed, hashed in games)
    rolls = [(game, p) for game, p in rolls if p.get("type") == "dice"]
    assert rolls
    for game, p in rolls:
        stream = DiceStream(seeds[game], p["counter_start"])
        assert stream.draw_many(len(p["values"]), p["sides"]) == p["values"]
        assert stream.counter == p["counter_end"]
    assert any(
        PackedDiceStream(seeds[game], p["counter_start"]).draw_many(len(p["values"]), p["sides"])
        != p["values"]
        for game, p in rolls
    )
