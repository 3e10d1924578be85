"""Menus, buttons and the undo button name the version they were sent at by an opaque
stamp, which the service accepts exactly when the plain version would be accepted; ids
from earlier releases, carrying the plain version, are still answered as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.service import GameService, Player
from bot.service.component_stamps import STAMP_PATTERN, component_stamp
from bot.service.errors import ChoiceExpired
from bot.service.outcome import Outcome, PromptDelivery
from bot.store import Database
from tests.conftest import ALICE, BOB, CHANNEL, FakeClock, fixed_seeds, started_demo

OPTIONS = "size=patrol mission=annihilation battlefield=hollowgate-ruins rounds=6"


def delivery_to(outcome: Outcome, seat: str) -> PromptDelivery:
    [delivery] = [d for d in outcome.prompts if d.seat == seat]
    return delivery


def test_a_stamp_is_opaque_and_differs_by_version_and_game() -> None:
    seed, other_seed = bytes(range(32)), bytes(32)
    stamps = {component_stamp(seed, v) for v in range(1000)}
    assert len(stamps) == 1000  # every version its own stamp
    assert all(re.fullmatch(STAMP_PATTERN, s) for s in stamps)
    assert component_stamp(seed, 7) == component_stamp(seed, 7)
    assert component_stamp(seed, 7) != component_stamp(other_seed, 7)


async def test_simultaneous_menus_stay_open_by_stamp_and_expire_when_answered(
    service: GameService,
) -> None:
    await service.create(CHANNEL, 1, ALICE, "demo")
    await service.join(CHANNEL, BOB)
    started = await service.start(CHANNEL, ALICE)
    red, blue = delivery_to(started, "red"), delivery_to(started, "blue")
    assert red.stamp == blue.stamp  # sent at the same version
    game = await service.game_in(CHANNEL)
    assert game is not None
    assert red.stamp == component_stamp(game.row.seed, started.version)

    forged = "a" * 16
    with pytest.raises(ChoiceExpired):
        await service.act(CHANNEL, ALICE, "pick feint", expected_version=forged, game_id=game.id)
    picked = await service.act(
        CHANNEL, ALICE, "pick feint", expected_version=red.stamp, game_id=game.id
    )
    assert picked.version > started.version
    with pytest.raises(ChoiceExpired):  # her own answer moved the game on for her menu
        await service.act(
            CHANNEL, ALICE, "pick defend", expected_version=red.stamp, game_id=game.id
        )
    # bob's menu, sent at the same older version, stays open: only red acted since
    revealed = await service.act(
        CHANNEL, BOB, "pick attack", expected_version=blue.stamp, game_id=game.id
    )
    assert any("Stances revealed" in line for line in revealed.public)


async def test_an_old_plain_version_is_still_answered_as_before(service: GameService) -> None:
    await started_demo(service)
    game = await service.game_in(CHANNEL)
    assert game is not None
    sent_at = game.version
    await service.act(CHANNEL, ALICE, "pick feint", expected_version=sent_at, game_id=game.id)
    with pytest.raises(ChoiceExpired):
        await service.act(CHANNEL, ALICE, "pick feint", expected_version=sent_at, game_id=game.id)
    revealed = await service.act(
        CHANNEL, BOB, "pick attack", expected_version=sent_at, game_id=game.id
    )
    assert any("Stances revealed" in line for line in revealed.public)


async def test_a_menu_stays_open_through_many_secret_records_of_the_other_seat(
    tmp_path: Path,
) -> None:
    """Bob's army-list menu was sent before alice edited her own draft forty times: the
    stamp is still found among the many versions since, and expires once bob answers."""
    db = await Database.open(str(tmp_path / "umpire.db"))
    try:
        service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
        await service.create(CHANNEL, 1, ALICE, "wasteland", OPTIONS)
        await service.join(CHANNEL, BOB)
        started = await service.start(CHANNEL, ALICE)
        bob_menu = delivery_to(started, "bravo")
        for _ in range(40):
            await service.act(CHANNEL, ALICE, "army starter cistern-wardens")
        game = await service.game_in(CHANNEL)
        assert game is not None and game.version > started.version + 64
        await service.act(
            CHANNEL,
            BOB,
            "army starter scrapwind-riders",
            expected_version=bob_menu.stamp,
            game_id=game.id,
        )
        with pytest.raises(ChoiceExpired):
            await service.act(
                CHANNEL, BOB, "submit", expected_version=bob_menu.stamp, game_id=game.id
            )
    finally:
        await db.close()


async def asked_to_undo(service: GameService) -> tuple[Outcome, int, Player]:
    """Both stances picked, the mover dashes and asks to take it back: (the request, the
    game's id, the other player, who may approve)."""
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick defend")
    await service.act(CHANNEL, BOB, "pick defend")
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    mover, waiter = (ALICE, BOB) if game.state.active == "red" else (BOB, ALICE)  # type: ignore[attr-defined]
    await service.act(CHANNEL, mover, "dash")
    return await service.undo(CHANNEL, mover), game.id, waiter


async def test_the_undo_button_is_accepted_by_stamp_only_while_current(
    service: GameService,
) -> None:
    request, game_id, waiter = await asked_to_undo(service)
    game = await service.game_in(CHANNEL)
    assert game is not None
    assert request.undo_request == component_stamp(game.row.seed, game.version)
    stale = component_stamp(game.row.seed, game.version - 1)
    with pytest.raises(ChoiceExpired):
        await service.approve_undo(CHANNEL, waiter, expected_version=stale, game_id=game_id)
    approved = await service.approve_undo(
        CHANNEL, waiter, expected_version=request.undo_request, game_id=game_id
    )
    assert any(f"approved by {waiter.name})" in line for line in approved.public)
    with pytest.raises(ChoiceExpired):  # the game moved on with the undo
        await service.approve_undo(
            CHANNEL, waiter, expected_version=request.undo_request, game_id=game_id
        )


async def test_an_old_undo_button_with_a_plain_version_still_works(
    service: GameService,
) -> None:
    request, game_id, waiter = await asked_to_undo(service)
    game = await service.game_in(CHANNEL)
    assert game is not None and request.undo_request is not None
    with pytest.raises(ChoiceExpired):
        await service.approve_undo(
            CHANNEL, waiter, expected_version=game.version - 1, game_id=game_id
        )
    approved = await service.approve_undo(
        CHANNEL, waiter, expected_version=game.version, game_id=game_id
    )
    assert any(f"approved by {waiter.name})" in line for line in approved.public)
