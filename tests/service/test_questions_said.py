"""A question put to a player who did not just act, which Umpire answers for them when time
runs out, is said in the channel where they are pinged (what is asked and how to answer);
one asked by DM is not repeated there. Played through the service by the systems' own
automatic players."""

from __future__ import annotations

import random

from bot.service import GameService
from tests.conftest import ALICE, BOB, CHANNEL

PLAYERS = {"alpha": ALICE, "bravo": BOB}


async def test_a_public_question_with_a_deadline_is_said_where_its_player_is_pinged(
    service: GameService,
) -> None:
    await service.create(CHANNEL, 1, ALICE, "squad", "scenario=high-water battlefield=sunken-quay")
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    rnd = random.Random(3)
    said = 0
    for _ in range(400):
        game = await service.game_in(CHANNEL)
        assert game is not None and game.state is not None
        if game.state.finished:
            break
        seat = game.system.status(game.state).waiting_on[0]
        choices = game.system.legal_actions(game.state, seat)
        notation = game.system.automatic_action(game.state, seat, choices, rnd)
        assert notation is not None
        outcome = await service.act(CHANNEL, PLAYERS[seat], notation)
        after = await service.game_in(CHANNEL)
        assert after is not None and after.state is not None
        for prompt in after.system.prompts(after.state):
            asked = prompt.on_timeout is not None and prompt.seat != seat
            if asked and PLAYERS[prompt.seat].user_id in outcome.mentions:
                assert (prompt.text in outcome.public) != prompt.private, prompt
                said += not prompt.private
    assert said, "no public question with a deadline came up"
