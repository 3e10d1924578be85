"""What a player is offered while typing an option, on Discord (autocomplete) and at the
terminal (Tab and ``?``) alike: the (name, value) pairs that match what was typed, and for
``/act`` the legal actions of their seat, or, when none fits, what the verb being typed
takes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bot.messages import said
from rules.core.language import Language

if TYPE_CHECKING:
    from bot.service.game_service import GameService

MAX_CHOICES = 25  # Discord shows at most 25 suggestions


def matching_pairs(pairs: Iterable[tuple[str, str]], current: str) -> list[tuple[str, str]]:
    """Pairs whose name or value contains ``current`` (any case), at most 25."""
    typed = current.lower().strip()
    return [
        (name, value) for name, value in pairs if typed in name.lower() or typed in value.lower()
    ][:MAX_CHOICES]


async def action_choices(
    service: GameService,
    channel_id: int,
    user_id: int,
    current: str,
    language: Language = Language.ENGLISH,
) -> list[tuple[str, str]]:
    """``/act action:`` suggestions for ``user_id`` in the game of ``channel_id``: the legal
    actions matching ``current``; if none does, the usage of the verb being typed (its
    value keeps what was typed), worded in ``language``. Nothing outside a game under way,
    or for a spectator."""
    game = await service.game_in(channel_id)
    if game is None or game.state is None or game.row.status != "active":
        return []
    seat = game.seat_of(user_id)
    if seat is None:
        return []
    legal = service.suggestions.of(game, seat, language)
    found = matching_pairs(((f"{c.notation} — {c.label}", c.notation) for c in legal), current)
    if current.strip() and not found:
        for usage in game.system.typing_hints(game.state, seat, current):
            found.append((said("{usage} (type it out)", usage=usage).in_(language), current))
    return found[:MAX_CHOICES]
