"""State snapshots as stored in the ``games`` row: compressed JSON.

A snapshot is rewritten with every accepted action, so its size drives how fast the
write-ahead log grows and how often SQLite must checkpoint. Game states that carry their
content (a Tannhäuser state holds its map, sheets and equipment) compress about tenfold.
Older rows hold plain JSON text and are still read.
"""

from __future__ import annotations

import zlib

from rules.core.state import GameState

MARK = b"z1:"


def encode_state(state: GameState) -> bytes:
    return MARK + zlib.compress(state.model_dump_json().encode("utf-8"), 1)


def decode_state(model: type[GameState], stored: str | bytes) -> GameState:
    if isinstance(stored, bytes) and stored.startswith(MARK):
        return model.model_validate_json(zlib.decompress(stored[len(MARK) :]))
    return model.model_validate_json(stored)
