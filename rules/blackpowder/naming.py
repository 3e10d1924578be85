"""Names players read: cards (by their English name, a copy numbered), units and markers."""

from __future__ import annotations

from rules.blackpowder.state import BPState


def card_name(state: BPState, card: str) -> str:
    """``Line regiment`` or, for a second copy, ``Line regiment (2)``."""
    base = state.cards[card].name
    _, _, copy = card.partition("#")
    return f"{base} ({copy})" if copy else base
