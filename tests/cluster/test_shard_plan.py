"""The shard split and the restart pauses of a cluster, as pure functions."""

from __future__ import annotations

import pytest

from bot.shard_plan import restart_delay, shard_blocks, shard_count_for, shard_of


@pytest.mark.parametrize("shards", range(1, 40))
@pytest.mark.parametrize("processes", range(1, 9))
def test_every_shard_belongs_to_exactly_one_process(shards: int, processes: int) -> None:
    if shards < processes:
        with pytest.raises(ValueError, match=f"{processes} processes need at least"):
            shard_blocks(shards, processes)
        return
    blocks = shard_blocks(shards, processes)
    assert len(blocks) == processes
    assert [shard for block in blocks for shard in block] == list(range(shards))
    sizes = [len(block) for block in blocks]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 1


def test_blocks_are_contiguous_and_the_larger_come_first() -> None:
    assert shard_blocks(5, 2) == [(0, 1, 2), (3, 4)]
    assert shard_blocks(4, 4) == [(0,), (1,), (2,), (3,)]
    with pytest.raises(ValueError, match="at least one process"):
        shard_blocks(4, 0)


def test_the_shard_count_is_asked_or_recommended_and_at_least_one_per_process() -> None:
    assert shard_count_for(2, None, 1) == 2  # a small bot: one shard each
    assert shard_count_for(2, None, 7) == 7
    assert shard_count_for(3, None, None) == 3
    assert shard_count_for(2, 4, 16) == 4  # asked for wins
    with pytest.raises(ValueError, match="3 processes need at least 3 shards"):
        shard_count_for(3, 2, None)


def test_a_server_goes_through_the_shard_discord_names() -> None:
    # the shard is the id's timestamp (the bits above the lowest 22) modulo the count
    assert shard_of(5 << 22, 4) == 1 and shard_of((5 << 22) + (1 << 22) - 1, 4) == 1
    assert shard_of(6 << 22, 4) == 2 and shard_of(81384788765712384, 1) == 0


def test_restarts_wait_longer_after_each_death_in_a_row() -> None:
    assert [restart_delay(n) for n in range(9)] == [0, 1, 2, 4, 8, 16, 32, 60, 60]
    assert restart_delay(3, first=0.5, longest=1.0) == 1.0
