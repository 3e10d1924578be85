"""State snapshots as stored in the ``games`` row: JSON, compressed once it is large.

A snapshot is rewritten with every accepted action, so its size drives how fast the
write-ahead log grows and how often SQLite must checkpoint. Game states that carry their
content (a Tannhäuser state holds its map, sheets and equipment) compress about tenfold.
A small state (a race on a track) is stored as its plain JSON: its row fits a database
page either way, and the page is what each write costs, so compressing it would only add
time to every action. Older rows hold plain JSON text and are still read.

Every game load reads one back. The service wrote it from a valid state, so it is parsed
(by pydantic's JSON parser, quicker than the standard library's) and built without
validating it again (:mod:`rules.core.trusted`), reusing the parts that read the same as
in the last snapshot loaded (a game's map, lists and most of its units); a snapshot of another shape
(damaged, or from another version of the state) goes through full validation instead,
which loads it if it can and otherwise says what is wrong.
"""

from __future__ import annotations

import zlib

from pydantic_core import from_json

from rules.core import trusted
from rules.core.state import GameState

MARK = b"z1:"
COMPRESSED_FROM = 1024
"""Bytes of JSON from which a snapshot is stored compressed: a quarter of a page, well
below what SQLite keeps of a row on its own page before spilling it onto another."""


def encode_state(state: GameState) -> bytes:
    """The state's JSON; from COMPRESSED_FROM bytes on compressed (level 1) with a window
    and hash table sized to the JSON: much the same size out as zlib's defaults give,
    without setting up their quarter megabyte of tables for every snapshot."""
    plain = state.model_dump_json().encode("utf-8")
    if len(plain) < COMPRESSED_FROM:
        return plain
    window = min(15, max(9, (len(plain) - 1).bit_length()))
    packer = zlib.compressobj(1, zlib.DEFLATED, window, max(1, window - 7))
    return MARK + packer.compress(plain) + packer.flush()


# one per state model: a game's successive snapshots share most of what they hold
_LOADERS: dict[type[GameState], trusted.Recalling[GameState]] = {}


def snapshot_json(stored: str | bytes) -> str | bytes:
    """The JSON a stored snapshot holds: decompressed where it was compressed."""
    if isinstance(stored, bytes) and stored.startswith(MARK):
        return zlib.decompress(stored[len(MARK) :])
    return stored


def decode_state(model: type[GameState], stored: str | bytes) -> GameState:
    text = snapshot_json(stored)
    loader = _LOADERS.get(model)
    if loader is None:
        loader = _LOADERS[model] = trusted.Recalling[GameState](model)
    try:
        state = loader.load(from_json(text))  # pydantic's own parser: no validation
    except (ValueError, trusted.Mismatch):  # not JSON, or not this state's shape
        return model.model_validate_json(text)
    assert isinstance(state, model)
    return state
