"""Wasteland through the service: options, secret army lists by DM, boards after
activations, answer deadlines that decline for a silent player, and measured refusals."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable

import pytest

from bot.service import ActionRefused, GameService, UserError
from bot.service.loaded import LoadedGame
from rules.core.rejection import RejectionCode
from rules.wasteland.greedy import choose
from rules.wasteland.state import ReactionWindow, WastelandState
from tests.conftest import ALICE, BOB, CHANNEL, FakeClock, fixed_seeds

PLAYERS = {"alpha": ALICE, "bravo": BOB}
PATROL = "size=patrol mission=annihilation battlefield=hollowgate-ruins rounds=6"


async def new_game(service: GameService, options: str = PATROL) -> None:
    await service.create(CHANNEL, 1, ALICE, "wasteland", options)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)


async def state_of(service: GameService) -> WastelandState:
    game = await service.game_in(CHANNEL)
    assert game is not None and isinstance(game.state, WastelandState)
    return game.state


async def version_of(service: GameService) -> int:
    game = await service.game_in(CHANNEL)
    assert game is not None
    return game.version


async def greedy_until(
    service: GameService, done: Callable[[WastelandState], bool], limit: int = 800
) -> WastelandState:
    """Play greedy moves until ``done(state)`` holds."""
    for _ in range(limit):
        game = await service.game_in(CHANNEL)
        assert game is not None and isinstance(game.state, WastelandState)
        state = game.state
        if done(state):
            return state
        seat = game.system.status(state).waiting_on[0]
        choices = [(c.notation, c.label) for c in game.system.legal_actions(state, seat)]
        notation = choose(state, seat, choices)
        assert notation is not None, choices
        await service.act(CHANNEL, PLAYERS[seat], notation)
    raise AssertionError("condition never reached")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("battlefield=atlantis", "Unknown battlefield 'atlantis'. Battlefields: random, "),
        ("size=company points=1500", "A company-sized game has 2,000 points or more."),
        ("handicap=alpha:+exhausted", "exhausted is a disadvantage; write alpha:exhausted"),
        ("handicap=zulu:exhausted", "'zulu' is not a seat"),
        ("handicap=bravo:lucky", "unknown 'lucky'"),
        ("flavour=spicy", r"`flavour` is not an option of this game\. Known options: "),
        ("reaction_minutes=0", "`reaction_minutes`"),
    ],
)
async def test_bad_options_are_refused_with_the_reason(
    service: GameService, options: str, message: str
) -> None:
    with pytest.raises(UserError, match=message):
        await service.create(CHANNEL, 1, ALICE, "wasteland", options)
    assert await service.game_in(CHANNEL) is None


async def test_good_options_are_accepted(service: GameService) -> None:
    await service.create(CHANNEL, 1, ALICE, "wasteland", "size=company points=2000 rounds=3")
    game = await service.game_in(CHANNEL)
    assert game is not None and game.row.status == "lobby"


async def test_each_seat_drafts_its_army_list_by_dm(service: GameService) -> None:
    await service.create(CHANNEL, 1, ALICE, "wasteland", PATROL)
    await service.join(CHANNEL, BOB)
    started = await service.start(CHANNEL, ALICE)
    asked = {(p.seat, p.user_id) for p in started.prompts}
    assert asked == {("alpha", ALICE.user_id), ("bravo", BOB.user_id)}
    assert all(p.prompt.private and "in secret" in p.prompt.text for p in started.prompts)

    drafted = await service.act(CHANNEL, ALICE, "army starter cistern-wardens")
    assert drafted.public == []  # nothing public about a secret draft
    [line] = drafted.private[ALICE.user_id]
    assert line.startswith("Your draft: warden-")
    assert BOB.user_id not in drafted.private
    assert [p.seat for p in drafted.prompts] == ["alpha"]  # a fresh menu for alice only
    assert "submit" in [c.notation for c in drafted.prompts[0].prompt.choices]

    submitted = await service.act(CHANNEL, ALICE, "submit")
    assert submitted.public == ["Alpha has submitted an army list."]
    assert submitted.private == {} and submitted.prompts == []

    other = await service.act(CHANNEL, BOB, "army starter scrapwind-riders")
    assert other.public == [] and list(other.private) == [BOB.user_id]
    assert other.private[BOB.user_id][0].startswith("Your draft: rider-")
    revealed = await service.act(CHANNEL, BOB, "submit")
    assert revealed.public[0] == "Bravo has submitted an army list."
    assert any(
        line.startswith("Alpha reveals 100 points: Sluice Captain×1") for line in revealed.public
    )
    assert any(line.startswith("Bravo reveals ") for line in revealed.public)
    state = await state_of(service)
    assert state.phase == "deployment" and state.drafts == {}


async def test_a_draft_is_refused_once_submitted(service: GameService) -> None:
    await new_game(service)
    await service.act(CHANNEL, ALICE, "army starter cistern-wardens")
    await service.act(CHANNEL, ALICE, "submit")
    before = await version_of(service)
    with pytest.raises(ActionRefused, match=r"Your list is already submitted\. \(004 Step 1\)"):
        await service.act(CHANNEL, ALICE, "add warden-militia x5")
    assert await version_of(service) == before


async def first_battle_turn(service: GameService) -> tuple[WastelandState, str, LoadedGame]:
    """Play greedily until the battle begins: the state, the seat to activate, the game."""
    state = await greedy_until(service, lambda s: s.phase == "battle")
    seat = state.turn
    assert seat is not None
    game = await service.game_in(CHANNEL)
    assert game is not None
    return state, seat, game


async def test_board_pictures_follow_activations_not_every_step(service: GameService) -> None:
    await new_game(service)
    state, seat, game = await first_battle_turn(service)
    activate = next(
        c.notation
        for c in game.system.legal_actions(state, seat)
        if c.notation.startswith("activate") and not c.notation.endswith("heroic")
    )
    player = PLAYERS[seat]
    activated = await service.act(CHANNEL, player, activate)
    assert not activated.board
    state = await state_of(service)
    assert state.active is not None and state.active.actions == 2
    move = next(
        c.notation for c in game.system.legal_actions(state, seat) if c.notation.startswith("move")
    )
    moved = await service.act(CHANNEL, player, move)
    assert not moved.board
    assert any(" moves " in line for line in moved.public)
    ended = await service.act(CHANNEL, player, "end")
    assert ended.board
    assert (await state_of(service)).active is None


async def test_an_over_long_move_is_refused_with_the_measure(service: GameService) -> None:
    await new_game(service)
    state, seat, game = await first_battle_turn(service)
    unit = next(
        c.notation.split()[1]
        for c in game.system.legal_actions(state, seat)
        if c.notation.startswith("activate")
    )
    await service.act(CHANNEL, PLAYERS[seat], f"activate {unit}")
    before = await version_of(service)
    measured = []
    for degrees in range(0, 360, 30):  # 10" away, where the Move is 6" or 7"
        dx, dy = (10 * f(math.radians(degrees)) for f in (math.cos, math.sin))
        with pytest.raises(ActionRefused) as refused:
            await service.act(CHANNEL, PLAYERS[seat], f"move by {dx:.2f},{dy:.2f}")
        assert refused.value.rejection.rule == "004 Move"
        assert await version_of(service) == before
        if refused.value.rejection.code == RejectionCode.OUT_OF_RANGE:
            measured.append(refused.value.message)
    assert measured, "every direction is blocked"
    assert re.fullmatch(rf'{unit}\.\d+ needs 10\.0", Move is [67]\.0"\. \(004 Move\)', measured[0])
    assert await version_of(service) == before
    after = await state_of(service)
    assert after.active is not None and after.active.actions == 2
    assert after.units[unit].models == state.units[unit].models  # nobody moved


async def test_an_unanswered_reaction_is_declined_after_the_deadline(
    service: GameService, clock: FakeClock
) -> None:
    await new_game(service, PATROL + " reaction_minutes=30")
    state = await greedy_until(
        service, lambda s: bool(s.windows) and isinstance(s.windows[-1], ReactionWindow)
    )
    window = state.windows[-1]
    assert isinstance(window, ReactionWindow)
    clock.advance(29 * 60)
    assert await service.expire_prompts() == []
    clock.advance(2 * 60)
    [outcome] = await service.expire_prompts()
    assert "did not answer within 30 minutes" in outcome.public[0]
    assert f"react {window.unit} none" in outcome.public[0]
    after = await state_of(service)
    assert window not in after.windows
    game = await service.game_in(CHANNEL)
    assert game is not None
    rows = await service.db.log(game.id)
    last_action = [r for r in rows if r.kind == "action"][-1]
    assert json.loads(last_action.payload)["notation"] == f"react {window.unit} none"
    assert last_action.seat == window.seat


async def test_a_pause_stops_the_reaction_deadline(service: GameService, clock: FakeClock) -> None:
    await new_game(service, PATROL + " reaction_minutes=30")
    await greedy_until(
        service, lambda s: bool(s.windows) and isinstance(s.windows[-1], ReactionWindow)
    )
    clock.advance(20 * 60)
    await service.pause(CHANNEL, ALICE, "lunch")
    clock.advance(5 * 3600)
    assert await service.expire_prompts() == []  # nothing runs out while paused
    await service.resume(CHANNEL, ALICE)
    clock.advance(9 * 60)
    assert await service.expire_prompts() == []  # 29 minutes of play so far
    clock.advance(2 * 60)
    [outcome] = await service.expire_prompts()
    assert "did not answer within 30 minutes" in outcome.public[0]


async def test_two_processes_answer_an_overdue_reaction_once(
    service: GameService, clock: FakeClock
) -> None:
    """Two bots sharing the database (a cluster): the deadline is claimed by one of them,
    and the reaction declined once."""
    other = GameService(service.db, clock=clock, seed_source=fixed_seeds())
    await new_game(service, PATROL + " reaction_minutes=30")
    await greedy_until(
        service, lambda s: bool(s.windows) and isinstance(s.windows[-1], ReactionWindow)
    )
    clock.advance(29 * 60)
    assert await other.expire_prompts() == [] and await service.expire_prompts() == []
    before = await version_of(service)
    clock.advance(2 * 60)
    answered = [*await other.expire_prompts(), *await service.expire_prompts()]
    assert len(answered) == 1 and "did not answer within 30 minutes" in answered[0].public[0]
    assert answered[0].version == await version_of(service) > before
    assert await service.expire_prompts() == [] and await other.expire_prompts() == []
    game = await service.game_in(CHANNEL)
    assert game is not None
    declined = [
        r for r in await service.db.log(game.id)
        if r.kind == "action" and json.loads(r.payload)["notation"].endswith(" none")
    ]  # fmt: skip
    assert len(declined) == 1
