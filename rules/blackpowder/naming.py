"""Names players read: cards (by their name, a copy numbered) and weapons, in English and
in the German of the content packs."""

from __future__ import annotations

from rules.blackpowder.state import BPState
from rules.core.language import Phrase


def card_name(state: BPState, card: str) -> Phrase:
    """``Line regiment`` or, for a second copy, ``Line regiment (2)``; German from the
    card's ``name_de``."""
    base = state.cards[card]
    _, _, copy = card.partition("#")
    suffix = f" ({copy})" if copy else ""
    return Phrase(base.name + suffix, base.name_de + suffix)


def weapon_name(state: BPState, weapon: str) -> Phrase:
    """A ranged weapon's name in English and German."""
    found = state.weapons[weapon]
    return Phrase(found.name, found.name_de)
