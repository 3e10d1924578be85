"""How a cluster divides Discord's gateway shards between its processes, and how long it
waits before starting a process again that died: pure functions of their arguments.

Discord sends each server's events through shard ``(guild_id >> 22) % shard_count``; a
process serves the shards it is given and nothing else, so every shard must belong to
exactly one process. Each process gets a contiguous block (Discord lets shards whose ids
differ by the identify concurrency connect together, so blocks start in step), the
blocks' sizes differing by one at most.
"""

from __future__ import annotations


def shard_blocks(shard_count: int, processes: int) -> list[tuple[int, ...]]:
    """The shard ids of each process, in order; every id from 0 to ``shard_count - 1``
    once. A cluster with more processes than shards would leave some idle: refused."""
    if processes < 1:
        raise ValueError("a cluster needs at least one process")
    if shard_count < processes:
        raise ValueError(
            f"{processes} processes need at least {processes} shards (not {shard_count})"
        )
    size, extra = divmod(shard_count, processes)
    blocks = []
    start = 0
    for index in range(processes):
        length = size + (1 if index < extra else 0)
        blocks.append(tuple(range(start, start + length)))
        start += length
    return blocks


def shard_count_for(processes: int, asked: int | None, recommended: int | None) -> int:
    """The shard count of a cluster: the one asked for, else Discord's recommendation,
    raised to one shard per process at least."""
    if asked is not None:
        if asked < processes:
            raise ValueError(
                f"{processes} processes need at least {processes} shards (not {asked})"
            )
        return asked
    return max(recommended or 1, processes)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends the server's events through."""
    return (guild_id >> 22) % shard_count


def restart_delay(failures: int, *, first: float = 1.0, longest: float = 60.0) -> float:
    """Seconds to wait before starting a process again after ``failures`` deaths in a row:
    none before its first start, then ``first``, doubling up to ``longest``."""
    if failures <= 0:
        return 0.0
    return float(min(longest, first * 2.0 ** (failures - 1)))
