"""Searching a crate shows the searcher what it holds: an undo of the search must ask the
other player, or a seat could look into every crate and put each look back."""

from __future__ import annotations

import random

from bot.service import GameService
from rules.core.registry import get_system
from rules.tannhauser.state import TannhauserState
from tests.conftest import CHANNEL
from tests.play_tannhauser.test_service import PLAYERS, new_game, state_of

SYSTEM = get_system("tannhauser")


def search_open(state: TannhauserState) -> tuple[str, str] | None:
    """A search the awaited seat could make now (seat, notation), if any."""
    for seat in SYSTEM.status(state).waiting_on:
        for choice in SYSTEM.legal_actions(state, seat):
            if choice.notation.startswith("search "):
                return seat, choice.notation
    return None


async def until_a_search(service: GameService) -> tuple[str, str]:
    """The automatic player, with a share of random picks, until a crate may be searched."""
    rnd = random.Random(3)
    for _ in range(600):
        state = await state_of(service)
        assert not state.finished, "the game ended before any crate could be searched"
        found = search_open(state)
        if found is not None:
            return found
        seat = SYSTEM.status(state).waiting_on[0]
        choices = SYSTEM.legal_actions(state, seat)
        notation = SYSTEM.automatic_action(state, seat, choices, rnd, 0.5)
        assert notation is not None
        await service.act(CHANNEL, PLAYERS[seat], notation)
    raise AssertionError("no search came up")


async def test_the_searcher_cannot_take_a_search_back_alone(service: GameService) -> None:
    await new_game(service)
    found = await until_a_search(service)
    seat, notation = found
    searcher = PLAYERS[seat]
    searched = await service.act(CHANNEL, searcher, notation)
    assert any(" holds " in line for line in searched.private.get(searcher.user_id, []))
    undo = await service.undo(CHANNEL, searcher)
    assert undo.undo_request, undo.public
    assert "something was revealed" in undo.public[0]
    game = await service.game_in(CHANNEL)
    assert game is not None and game.version == searched.version  # the look stands
