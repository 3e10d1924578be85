"""Tannhäuser through the service: options, secret prompts one at a time, boards after
activations, and answer deadlines that decline for a silent player."""

from __future__ import annotations

import json

import pytest

from bot.service import GameService, UserError
from rules.core.visibility import Viewer
from rules.pathmap.scene import CircleMapScene
from rules.tannhauser.greedy import choose
from rules.tannhauser.sight import weapon_problem
from rules.tannhauser.state import OverwatchWindow, TannhauserState
from tests.conftest import ALICE, BOB, CHANNEL, FakeClock

PLAYERS = {"alpha": ALICE, "bravo": BOB}


async def new_game(service: GameService, options: str = "map=hollowmere") -> None:
    await service.create(CHANNEL, 1, ALICE, "tannhauser", options)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)


async def state_of(service: GameService) -> TannhauserState:
    game = await service.game_in(CHANNEL)
    assert game is not None and isinstance(game.state, TannhauserState)
    return game.state


async def greedy_until(service: GameService, done: object, limit: int = 800) -> TannhauserState:
    """Play greedy moves until ``done(state)`` holds."""
    for _ in range(limit):
        game = await service.game_in(CHANNEL)
        assert game is not None and isinstance(game.state, TannhauserState)
        state = game.state
        if done(state):  # type: ignore[operator]
            return state
        seat = game.system.status(state).waiting_on[0]
        notation = choose(state, seat, [c.notation for c in game.system.legal_actions(state, seat)])
        await service.act(CHANNEL, PLAYERS[seat], notation)
    raise AssertionError("condition never reached")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("map=atlantis", "Unknown map 'atlantis'"),
        ("mode=capture", "Unknown mode 'capture'"),
        ("map=hollowmere rush=true", "needs a map with four entry points"),
        ("reaction_minutes=0", "reaction_minutes"),
    ],
)
async def test_bad_options_are_refused_with_the_reason(
    service: GameService, options: str, message: str
) -> None:
    with pytest.raises(UserError, match=message):
        await service.create(CHANNEL, 1, ALICE, "tannhauser", options)


async def test_each_secret_choice_gets_its_own_dm_menu(service: GameService) -> None:
    await new_game(service)
    outcome = await service.act(CHANNEL, ALICE, "faction meridian")
    assert outcome.prompts == []  # alice's choice is made; bob already has his menu
    assert all("meridian" not in line.lower() for line in outcome.public)
    outcome = await service.act(CHANNEL, BOB, "faction ashen")
    keys = {(p.seat, p.prompt.key) for p in outcome.prompts}
    assert {seat for seat, _ in keys} == {"alpha", "bravo"}  # both asked for a team
    first = await service.act(CHANNEL, ALICE, "recruit odile-marchetti")
    assert [p.seat for p in first.prompts] == ["alpha"]  # the next pick comes at once
    assert first.public == []  # nothing public about a secret recruit
    assert first.private[ALICE.user_id] == [
        "Your team so far: Captain Odile Marchetti (1 of 3 heroes, 0 of 2 troopers)."
    ]


async def test_every_awaited_player_is_mentioned_for_a_new_question(
    service: GameService,
) -> None:
    await new_game(service)
    await service.act(CHANNEL, ALICE, "faction meridian")
    both = await service.act(CHANNEL, BOB, "faction ashen")
    assert sorted(both.mentions) == sorted([ALICE.user_id, BOB.user_id])  # both pick teams
    step = await service.act(CHANNEL, ALICE, "recruit odile-marchetti")
    assert step.mentions == []  # her next recruit continues the question she is answering

    checked = 0
    for _ in range(900):  # every window with a deadline mentions its seat, even the actor
        game = await service.game_in(CHANNEL)
        assert game is not None and isinstance(game.state, TannhauserState)
        if game.state.finished:
            break
        seat = game.system.status(game.state).waiting_on[0]
        notation = choose(
            game.state, seat, [c.notation for c in game.system.legal_actions(game.state, seat)]
        )
        outcome = await service.act(CHANNEL, PLAYERS[seat], notation)
        for delivered in outcome.prompts:
            if delivered.prompt.on_timeout is not None:
                assert delivered.user_id in outcome.mentions, delivered.prompt.text
                checked += 1
    assert checked > 3


async def test_turn_1_says_which_roll_decides_what(service: GameService) -> None:
    await new_game(service)
    state = await greedy_until(service, lambda s: s.phase == "activations")
    assert state.turn == 1 and state.first_activator is not None
    game = await service.game_in(CHANNEL)
    assert game is not None
    lines = (await service.log_lines(CHANNEL, None, 200)).lines
    [won] = [line for line in lines if "wins the setup roll" in line]
    first = game.system.seat_label(state.first_activator)
    holder = game.system.seat_label(state.initiative)  # type: ignore[arg-type]
    assert f"**{holder}** wins the setup roll and has initiative on turn 1" in won
    assert f"{first} activates first, as the entry roll decided." in won
    opening = next(line for line in lines if line.endswith("to activate a character."))
    assert opening.endswith(f"{first} to activate a character.")
    scene = game.system.scene(game.system.view(state, Viewer.spectator()))
    assert isinstance(scene, CircleMapScene)
    assert (scene.initiative, scene.first_activator) == (state.initiative, state.first_activator)


async def test_players_read_names_not_ids(service: GameService) -> None:
    await new_game(service)
    state = await greedy_until(service, lambda s: s.phase == "bonus")
    game = await service.game_in(CHANNEL)
    assert game is not None
    offered = [c.notation for c in game.system.legal_actions(state, "alpha")]
    assert any(n.startswith("bonus holed-coin ") for n in offered)
    assert not any(n.startswith("bonus bonus-") for n in offered)
    state = await greedy_until(service, lambda s: s.activation is not None)
    token = state.tokens[state.activation.key]  # type: ignore[union-attr]
    other = next(item for item in state.gear if item not in token.equipment)
    problem = weapon_problem(state, token, other, "normal")
    assert problem == f"{state.sheet(token.key).name} does not carry {state.gear[other].name}"
    outcome = await service.concede(CHANNEL, BOB)
    assert "won (Bravo conceded)" in "\n".join(outcome.public)


async def test_board_pictures_follow_activations_not_every_step(service: GameService) -> None:
    await new_game(service)
    state = await greedy_until(service, lambda s: s.activation is not None)
    key = state.activation.key  # type: ignore[union-attr]
    game = await service.game_in(CHANNEL)
    assert game is not None
    move = next(
        c.notation
        for c in game.system.legal_actions(state, state.activation.seat)  # type: ignore[union-attr]
        if c.notation.startswith("move")
    )
    seat_player = PLAYERS[state.activation.seat]  # type: ignore[union-attr]
    moved = await service.act(CHANNEL, seat_player, move)
    assert not moved.board
    ended = await service.act(CHANNEL, seat_player, "end")
    assert ended.board
    assert any(key.replace("-", " ").split()[0].lower() in line.lower() for line in ended.public)


async def test_an_unanswered_overwatch_chance_is_declined_after_the_deadline(
    service: GameService, clock: FakeClock
) -> None:
    await new_game(service, "map=hollowmere reaction_minutes=30")
    state = await greedy_until(
        service, lambda s: bool(s.windows) and isinstance(s.windows[-1], OverwatchWindow)
    )
    window = state.windows[-1]
    assert isinstance(window, OverwatchWindow)
    clock.advance(29 * 60)
    assert await service.expire_prompts() == []
    clock.advance(2 * 60)
    [outcome] = await service.expire_prompts()
    assert "did not answer within 30 minutes" in outcome.public[0]
    after = await state_of(service)
    assert not any(isinstance(w, OverwatchWindow) for w in after.windows)
    game = await service.game_in(CHANNEL)
    assert game is not None
    rows = await service.db.log(game.id)
    last_action = [r for r in rows if r.kind == "action"][-1]
    assert json.loads(last_action.payload)["notation"] == "decline"
