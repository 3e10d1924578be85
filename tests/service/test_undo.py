"""Undo takes back the asker's own actions and what was built on them, says exactly what
before anyone approves, is asked only by a seat with something of its own to take back,
lapses out loud, and reads only the log since the nearest kept snapshot."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.service import GameService, Player, UserError
from bot.service import commit as commit_module
from bot.service.loaded import rebuild_state
from bot.store import Store
from rules.core import engine
from tests.conftest import ALICE, BOB, CHANNEL, started_demo


@pytest.fixture
def db(store: Store) -> Store:
    """Every test here runs on both backends, SQLite and PostgreSQL (see ``store``)."""
    return store


async def race_started(service: GameService) -> tuple[Player, Player, str, str]:
    """Both stances picked: (the player to move, the other, their seats)."""
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick defend")
    await service.act(CHANNEL, BOB, "pick defend")
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    active: str = game.state.active  # type: ignore[attr-defined]
    other = "blue" if active == "red" else "red"
    mover, waiter = (ALICE, BOB) if active == "red" else (BOB, ALICE)
    return mover, waiter, active, other


async def state_of(service: GameService) -> Any:
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    return game.state


async def test_undo_takes_back_the_askers_own_action_and_what_followed(
    service: GameService,
) -> None:
    mover, waiter, active, other = await race_started(service)
    await service.act(CHANNEL, mover, "step")
    await service.act(CHANNEL, mover, "end")
    await service.act(CHANNEL, waiter, "step")
    request = await service.undo(CHANNEL, mover)
    asked = request.public[0]
    mine, theirs = active.capitalize(), other.capitalize()
    assert "asks to take back 2 actions" in asked
    assert f"{mine}'s `end` and {theirs}'s `step`." in asked, asked
    approved = await service.approve_undo(CHANNEL, waiter)
    assert approved.public[0] == (
        f"↩️ {mover.name} took back 2 actions: {mine}'s `end` and {theirs}'s `step` "
        f"(asked by {mover.name}, approved by {waiter.name})."
    )
    # the log keeps the same words, right under the lines it struck through
    logged = (await service.log_lines(CHANNEL, None)).lines[-3:]
    assert any(line.endswith(approved.public[0]) for line in logged), logged
    state = await state_of(service)
    assert state.active == active  # the asker's `end` is taken back
    assert state.positions == {active: 1, other: 0}  # their earlier step stands


async def test_a_request_can_be_declined_and_is_not_replaced_by_anothers(
    service: GameService,
) -> None:
    mover, waiter, active, _ = await race_started(service)
    await service.act(CHANNEL, mover, "step")
    await service.act(CHANNEL, mover, "end")
    await service.act(CHANNEL, waiter, "step")
    await service.undo(CHANNEL, mover)
    # the other player's own undo would replace the pending request: answer it first
    with pytest.raises(UserError, match="undo request is waiting for an answer"):
        await service.undo(CHANNEL, waiter)
    declined = await service.decline_undo(CHANNEL, waiter)
    assert "declined the undo request" in declined.public[0]
    assert "nothing was taken back" in declined.public[0]
    with pytest.raises(UserError, match="Nobody has asked to undo anything"):
        await service.approve_undo(CHANNEL, mover)
    state = await state_of(service)
    assert state.active != active  # nothing was taken back
    # the asker may withdraw a request of their own
    await service.undo(CHANNEL, mover)
    withdrawn = await service.decline_undo(CHANNEL, mover)
    assert "withdrew the undo request" in withdrawn.public[0]


async def test_a_seat_with_nothing_of_its_own_cannot_ask(service: GameService) -> None:
    await started_demo(service)
    await service.act(CHANNEL, BOB, "pick attack")
    with pytest.raises(UserError, match="no action of your own"):
        await service.undo(CHANNEL, ALICE)
    game = await service.game_in(CHANNEL)
    assert game is not None and game.row.undo_request is None
    with pytest.raises(UserError, match="only 1 action"):
        await service.undo(CHANNEL, BOB, 2)


async def test_a_request_that_lapses_says_so(service: GameService) -> None:
    mover, waiter, _, _ = await race_started(service)
    await service.act(CHANNEL, mover, "dash")  # rolled dice: undo needs approval
    await service.undo(CHANNEL, mover)
    acted = await service.act(CHANNEL, waiter, "step")
    game = await service.game_in(CHANNEL)
    assert game is not None
    asker, actor = (
        game.seat_name(game.seat_of(mover.user_id) or ""),
        game.seat_name(game.seat_of(waiter.user_id) or ""),
    )
    lapsed = f"The undo request by {asker} lapsed because {actor} acted"
    assert any(lapsed in line for line in acted.public), acted.public
    with pytest.raises(UserError, match=re.escape(lapsed)):
        await service.approve_undo(CHANNEL, waiter)
    await service.act(CHANNEL, waiter, "step")  # the note goes with the next change
    with pytest.raises(UserError, match="Nobody has asked"):
        await service.approve_undo(CHANNEL, waiter)


async def test_approval_is_refused_once_the_game_moved_on(service: GameService) -> None:
    """A request is tied to the version it was asked at: a pause or handover in between
    lapses it rather than taking back a different stretch of the game."""
    mover, waiter, _, _ = await race_started(service)
    await service.act(CHANNEL, mover, "dash")
    await service.undo(CHANNEL, mover)
    await service.pause(CHANNEL, ALICE, "tea")
    await service.resume(CHANNEL, ALICE)
    with pytest.raises(UserError, match="lapsed: the game moved on"):
        await service.approve_undo(CHANNEL, waiter)


async def test_undo_folds_from_the_nearest_kept_snapshot(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a long game an undo request and its approval fold only the records since the
    last kept snapshot, not the whole log, and end at the state the whole log gives."""
    monkeypatch.setattr(commit_module, "SNAPSHOT_EVERY", 20)
    await race_started(service)
    for _ in range(30):  # turns of a step and an end each, for a long log
        state = await state_of(service)
        if state.finished:
            break
        active = ALICE if state.active == "red" else BOB
        await service.act(CHANNEL, active, "end")
    state = await state_of(service)
    asker = ALICE if state.active == "red" else BOB
    other = BOB if asker is ALICE else ALICE
    await service.act(CHANNEL, asker, "dash")
    game = await service.game_in(CHANNEL)
    assert game is not None
    total = sum(1 for row in await service.db.log(game.id) if row.kind == "event")
    folded = 0
    evolve = engine.evolve

    def counting(*args: Any) -> Any:
        nonlocal folded
        folded += 1
        return evolve(*args)

    monkeypatch.setattr(engine, "evolve", counting)
    await service.undo(CHANNEL, asker)
    await service.approve_undo(CHANNEL, other)
    assert 0 < folded < total / 2, (folded, total)
    monkeypatch.setattr(engine, "evolve", evolve)
    game = await service.game_in(CHANNEL)
    assert game is not None
    assert rebuild_state(game, await service.db.log(game.id)) == game.state


async def test_undo_from_kept_snapshots_always_ends_where_the_whole_log_does(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Snapshots kept every few records, undos of every length, some across a snapshot and
    some across an earlier undo: the game after each is the fold of the whole log."""
    monkeypatch.setattr(commit_module, "SNAPSHOT_EVERY", 4)
    await race_started(service)
    rng = random.Random(8)
    undos = 0
    for _ in range(120):
        game = await service.game_in(CHANNEL)
        assert game is not None and game.state is not None
        if game.state.finished:
            break
        seat = game.system.status(game.state).waiting_on[0]
        mover = ALICE if seat == "red" else BOB
        other = BOB if mover is ALICE else ALICE
        if rng.random() < 0.3:
            asker = rng.choice([mover, other])
            try:
                asked = await service.undo(CHANNEL, asker, rng.randint(1, 3))
                if asked.undo_request:
                    await service.approve_undo(CHANNEL, other if asker is mover else mover)
                undos += 1
            except UserError:
                pass
            game = await service.game_in(CHANNEL)
            assert game is not None
            assert rebuild_state(game, await service.db.log(game.id)) == game.state
            continue
        legal = [c.notation for c in game.system.legal_actions(game.state, seat)]
        await service.act(CHANNEL, mover, rng.choice(legal))
    assert undos > 5
