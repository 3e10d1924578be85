"""A counter-based, seeded dice stream that anyone holding the seed can re-derive.

Draw ``n`` of a stream is computed from ``HMAC-SHA256(seed, n)`` alone, so a roll never
depends on Python's ``random`` module (whose sequences may change between versions) and
any recorded roll can be checked later from the seed and the counter it started at.

Uniformity comes from rejection sampling: the 64-bit block is accepted only when it falls
below the largest multiple of ``sides``; a rejected block consumes its counter value and
the next counter is tried. Rejections are astronomically rare for dice sizes, but they are
handled, and :attr:`DiceStream.counter` always says exactly how far the stream has gone.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

_BLOCK = 1 << 64
MAX_SIDES = 1_000_000


def new_seed() -> bytes:
    """A fresh 32-byte seed for a new game or an ad-hoc roll."""
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 in hex, shown when a game starts."""
    return hashlib.sha256(seed).hexdigest()


class DiceStream:
    """Deterministic die draws: the same seed and counter always give the same values."""

    __slots__ = ("_seed", "counter")

    def __init__(self, seed: bytes, counter: int = 0) -> None:
        if counter < 0:
            raise ValueError("counter must not be negative")
        self._seed = seed
        self.counter = counter

    def draw(self, sides: int) -> int:
        """One die with faces ``1..sides``; advances :attr:`counter`."""
        if not 1 <= sides <= MAX_SIDES:
            raise ValueError(f"a die needs between 1 and {MAX_SIDES} sides, not {sides}")
        limit = _BLOCK - (_BLOCK % sides)
        while True:
            block = hmac.new(self._seed, self.counter.to_bytes(8, "big"), hashlib.sha256).digest()
            self.counter += 1
            value = int.from_bytes(block[:8], "big")
            if value < limit:
                return value % sides + 1

    def draw_many(self, count: int, sides: int) -> list[int]:
        """``count`` dice of ``sides`` faces, in order."""
        return [self.draw(sides) for _ in range(count)]
