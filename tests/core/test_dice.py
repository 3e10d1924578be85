from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.d10 import count_pool, d5, duel_margin, pool_test, single_test
from rules.core.dice import DiceStream, commitment
from rules.core.engine import verify_rolls
from rules.core.roller import Roller


def test_stream_is_deterministic_and_resumable() -> None:
    first = DiceStream(b"seed").draw_many(50, 10)
    stream = DiceStream(b"seed")
    stream.draw_many(20, 10)
    resumed = DiceStream(b"seed", stream.counter).draw_many(30, 10)
    assert first[20:] == resumed
    assert DiceStream(b"other").draw_many(50, 10) != first


def test_faces_cover_the_die_evenly() -> None:
    counts = Counter(DiceStream(b"uniform").draw_many(20_000, 10))
    assert set(counts) == set(range(1, 11))
    assert all(1_800 < n < 2_200 for n in counts.values())


def test_bad_sides_are_refused() -> None:
    with pytest.raises(ValueError):
        DiceStream(b"x").draw(0)


@settings(deadline=None, derandomize=True, max_examples=200)
@given(
    seed=st.binary(min_size=1, max_size=32), sides=st.integers(1, 1000), count=st.integers(0, 30)
)
def test_values_in_range_and_counter_advances(seed: bytes, sides: int, count: int) -> None:
    stream = DiceStream(seed)
    values = stream.draw_many(count, sides)
    assert all(1 <= v <= sides for v in values)
    assert stream.counter >= count


def test_natural_ten_and_one_override_modifiers() -> None:
    # source 000 examples: +2 vs difficulty 9 on 4,7,8,10 gives three successes, one natural 10
    result = count_pool((4, 7, 8, 10), difficulty=9, per_die=2)
    assert result.successes == 3 and result.natural_tens == 1
    # -3 vs difficulty 5 on 1,2,6,9 gives one success and one natural 1
    result = count_pool((1, 2, 6, 9), difficulty=5, per_die=-3)
    assert result.successes == 1 and result.natural_ones == 1
    assert count_pool((10,), difficulty=15, per_die=-5).successes == 1
    assert count_pool((1,), difficulty=2, per_die=5).successes == 0


def test_pools_of_zero_roll_nothing_but_keep_automatic_successes() -> None:
    roller = Roller(b"seed", 0)
    event, result = pool_test(roller, -1, 5, purpose="test", automatic=2)
    assert event.values == () and result.successes == 2 and roller.counter == 0


def test_duel_cancels_successes() -> None:
    attacker = count_pool((2, 4, 4, 10), 4)
    defender = count_pool((3, 4, 8, 9), 6)
    assert attacker.successes == 3 and defender.successes == 2
    assert duel_margin(attacker, defender) == 1
    assert duel_margin(defender, attacker) == 0


def test_single_tests_one_plus_and_eleven_plus_need_no_roll() -> None:
    roller = Roller(b"seed", 0)
    event, result = single_test(roller, 3, purpose="will", modifier=2)
    assert event is None and result.passed and result.automatic
    event, result = single_test(roller, 9, purpose="will", modifier=-2)
    assert event is None and not result.passed
    event, result = single_test(roller, 6, purpose="will")
    assert event is not None and result.passed == (event.values[0] >= 6)


def test_d5_halves_rounding_up() -> None:
    assert [d5(v) for v in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_verify_detects_tampering_and_a_wrong_seed() -> None:
    roller = Roller(b"secret", 0)
    events = [roller.roll(4, 10, purpose="a"), roller.roll(2, 6, purpose="b")]
    assert verify_rolls(b"secret", commitment(b"secret"), events).ok
    assert not verify_rolls(b"wrong", commitment(b"secret"), events).ok
    forged = events[0].model_copy(update={"values": (10, 10, 10, 10)})
    report = verify_rolls(b"secret", commitment(b"secret"), [forged, events[1]])
    assert not report.ok and len(report.mismatches) == 1
