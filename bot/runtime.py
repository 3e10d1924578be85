"""Process settings that keep response times even."""

from __future__ import annotations

import gc


def settle_heap() -> None:
    """Move everything loaded at start-up (game content, rules tables, libraries) out of the
    garbage collector's reach, so a full collection no longer walks it on every player's
    command. Call once, after the game systems are installed."""
    gc.collect()
    gc.freeze()
