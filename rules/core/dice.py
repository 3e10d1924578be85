"""A counter-based, seeded dice stream that anyone holding the seed can re-derive.

Draw ``n`` of a stream is computed from ``HMAC-SHA256(seed, n)`` alone, so a roll never
depends on Python's ``random`` module (whose sequences may change between versions) and
any recorded roll can be checked later from the seed and the counter it started at.

Uniformity comes from rejection sampling: the 64-bit block is accepted only when it falls
below the largest multiple of ``sides``; a rejected block consumes its counter value and
the next counter is tried. Rejections are astronomically rare for dice sizes, but they are
handled, and :attr:`DiceStream.counter` always says exactly how far the stream has gone.

That is derivation version 1, which every game uses. Version 2
(:class:`PackedDiceStream`, used by ``/roll``) reads four 64-bit words from each block
instead of one, so it needs a quarter of the HMAC calls; its counter counts words.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from typing import ClassVar

_BLOCK = 1 << 64
_WORDS = struct.Struct(">4Q")
_PACKED_DOMAIN = b"\x02"
"""The byte before the block number in version 2's HMAC messages (version 1 has none)."""
MAX_SIDES = 1_000_000


def new_seed() -> bytes:
    """A fresh 32-byte seed for a new game or an ad-hoc roll."""
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 in hex, shown when a game starts."""
    return hashlib.sha256(seed).hexdigest()


def _limit(sides: int) -> int:
    """The largest multiple of ``sides`` not above 2^64: words from it on are rejected."""
    if not 1 <= sides <= MAX_SIDES:
        raise ValueError(f"a die needs between 1 and {MAX_SIDES} sides, not {sides}")
    return _BLOCK - (_BLOCK % sides)


class DiceStream:
    """Deterministic die draws: the same seed and counter always give the same values.

    Derivation version 1: draw ``n`` is the first 8 bytes of ``HMAC-SHA256(seed, n)``.
    """

    version: ClassVar[int] = 1

    __slots__ = ("_seed", "counter")

    def __init__(self, seed: bytes, counter: int = 0) -> None:
        if counter < 0:
            raise ValueError("counter must not be negative")
        self._seed = seed
        self.counter = counter

    def draw(self, sides: int) -> int:
        """One die with faces ``1..sides``; advances :attr:`counter`."""
        return self.draw_many(1, sides)[0]

    def draw_many(self, count: int, sides: int) -> list[int]:
        """``count`` dice of ``sides`` faces, in order."""
        limit = _limit(sides)
        seed, counter = self._seed, self.counter
        values: list[int] = []
        while len(values) < count:
            block = hmac.digest(seed, counter.to_bytes(8, "big"), "sha256")
            counter += 1
            value = int.from_bytes(block[:8], "big")
            if value < limit:
                values.append(value % sides + 1)
        self.counter = counter
        return values


class PackedDiceStream(DiceStream):
    """Derivation version 2: four draws from each HMAC block.

    Word ``n`` of the stream is bytes ``8*(n mod 4)`` to ``8*(n mod 4)+8`` of
    ``HMAC-SHA256(seed, 0x02 || (n div 4) as 8 bytes big-endian)``, read as an unsigned
    big-endian integer, and :attr:`counter` counts words. A die takes the next word and
    rejects it exactly as version 1 does. The leading ``0x02`` keeps the two versions'
    blocks apart even for the same seed.
    """

    version: ClassVar[int] = 2

    __slots__ = ("_block", "_keyed", "_words")

    def __init__(self, seed: bytes, counter: int = 0) -> None:
        super().__init__(seed, counter)
        self._block = -1
        self._words: tuple[int, ...] = ()
        self._keyed: _KeyedSha256 | None = None

    def _digest(self, number: int) -> bytes:
        message = _PACKED_DOMAIN + number.to_bytes(8, "big")
        keyed = self._keyed
        if keyed is not None:
            return keyed.digest(message)
        if self._block == -1:  # a first block: not worth preparing the key for
            return hmac.digest(self._seed, message, "sha256")
        keyed = self._keyed = _KeyedSha256(self._seed)
        return keyed.digest(message)

    def draw_many(self, count: int, sides: int) -> list[int]:
        limit = _limit(sides)
        counter = self.counter
        block, words = self._block, self._words
        values: list[int] = []
        append = values.append
        while len(values) < count:
            number, word = divmod(counter, 4)
            if number != block:
                words = _WORDS.unpack(self._digest(number))
                block = self._block = number
            counter += 1
            value = words[word]
            if value < limit:
                append(value % sides + 1)
        self.counter = counter
        self._words = words
        return values


_INNER_PAD = bytes(byte ^ 0x36 for byte in range(256))
_OUTER_PAD = bytes(byte ^ 0x5C for byte in range(256))


class _KeyedSha256:
    """HMAC-SHA256 under one key with the key's two padded blocks hashed once (RFC 2104),
    so each message costs two SHA-256 compressions fewer than :func:`hmac.digest`."""

    __slots__ = ("_inner", "_outer")

    def __init__(self, key: bytes) -> None:
        if len(key) > 64:
            key = hashlib.sha256(key).digest()
        key = key.ljust(64, b"\0")
        self._inner = hashlib.sha256(key.translate(_INNER_PAD))
        self._outer = hashlib.sha256(key.translate(_OUTER_PAD))

    def digest(self, message: bytes) -> bytes:
        inner = self._inner.copy()
        inner.update(message)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()
