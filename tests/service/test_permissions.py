"""Who may do what: seats act for themselves, spectators watch, stewards run the game.

Stewards are the game's creator and members with Manage Server. They may pause and
resume a game, end it, and take a seat from an absent player: freed in the lobby, handed
to another member once the game is under way. A seated player may hand over their own
seat. Every refusal is specific and changes nothing.
"""

from __future__ import annotations

import pytest

from bot.service import GameService, Player, UserError
from bot.service.authority import span
from bot.store import Store
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock, started_demo

MOD = Player(404, "mod", manager=True)
DAVE = Player(505, "dave")


@pytest.fixture
def db(store: Store) -> Store:
    """Every test here runs on both backends, SQLite and PostgreSQL (see ``store``)."""
    return store


async def version(service: GameService) -> int:
    game = await service.game_in(CHANNEL)
    assert game is not None
    return game.version


async def refused(service: GameService, call: object, match: str) -> None:
    """``call`` (an awaitable) is refused with ``match`` and the game does not move."""
    before = await version(service)
    with pytest.raises(UserError, match=match):
        await call  # type: ignore[misc]
    assert await version(service) == before


async def test_a_spectator_can_read_but_never_change_the_game(service: GameService) -> None:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    not_seated = "not seated"
    await refused(service, service.act(CHANNEL, CAROL, "pick attack"), not_seated)
    await refused(service, service.concede(CHANNEL, CAROL), not_seated)
    await refused(service, service.undo(CHANNEL, CAROL), not_seated)
    await refused(service, service.approve_undo(CHANNEL, CAROL), not_seated)
    stewards_only = "creator or a member with Manage Server"
    await refused(service, service.end(CHANNEL, CAROL), stewards_only)
    await refused(service, service.pause(CHANNEL, CAROL), stewards_only)
    await refused(service, service.kick(CHANNEL, CAROL, BOB, DAVE), stewards_only)
    await refused(service, service.settings(CHANNEL, CAROL, 5), "players, creator")
    # reading is open to everyone, with the spectator's view of hidden things
    info = await service.status(CHANNEL, CAROL.user_id)
    assert info.progress is not None and info.progress.legal == () and info.status == "active"
    assert "feint" not in " ".join((await service.log_lines(CHANNEL, CAROL.user_id)).lines)
    assert "feint" not in (await service.export(CHANNEL, CAROL.user_id)).to_json()
    checked = await service.verify(CHANNEL)
    report, consistent = checked.report, checked.consistent
    assert report is None and consistent
    await service.view(CHANNEL)


async def test_players_may_not_run_the_game_for_others(service: GameService) -> None:
    await started_demo(service)
    stewards_only = "creator or a member with Manage Server"
    await refused(service, service.pause(CHANNEL, BOB, "tea"), stewards_only)
    await refused(service, service.end(CHANNEL, BOB), stewards_only)
    await refused(service, service.kick(CHANNEL, BOB, ALICE, CAROL), stewards_only)
    await refused(service, service.kick(CHANNEL, BOB, BOB), stewards_only)  # no one to take it


async def test_pause_stops_play_until_a_steward_resumes(service: GameService) -> None:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    paused = await service.pause(CHANNEL, ALICE, "  bob is\naway  until Friday ")
    assert "paused the game: bob is away until Friday" in paused.public[0]
    message = "paused by alice: bob is away until Friday"
    await refused(service, service.act(CHANNEL, BOB, "pick attack"), message)
    await refused(service, service.concede(CHANNEL, BOB), message)
    await refused(service, service.undo(CHANNEL, ALICE), message)
    await refused(service, service.pause(CHANNEL, MOD), "already paused by alice")
    await refused(service, service.resume(CHANNEL, BOB), "creator or a member")
    info = await service.status(CHANNEL, BOB.user_id)
    assert info.paused == message
    listed = await service.games_of(BOB.user_id)
    assert listed[0].game.paused == message
    resumed = await service.resume(CHANNEL, MOD)  # a server manager may resume it too
    assert "mod resumed the game" in resumed.public[0]
    assert resumed.mentions == [BOB.user_id]  # the awaited player hears that play goes on
    await refused(service, service.resume(CHANNEL, ALICE), "not paused")
    assert (await service.status(CHANNEL, BOB.user_id)).paused is None
    await service.act(CHANNEL, BOB, "pick attack")
    log = " ".join((await service.log_lines(CHANNEL, CAROL.user_id)).lines)
    assert "alice paused the game" in log and "mod resumed the game" in log


async def test_only_a_game_under_way_can_be_paused_and_a_paused_game_can_end(
    service: GameService,
) -> None:
    await service.create(CHANNEL, 1, ALICE, "demo")
    await refused(service, service.pause(CHANNEL, ALICE), "has not started")
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    await refused(service, service.pause(CHANNEL, ALICE, "x" * 201), "200 characters")
    await service.pause(CHANNEL, ALICE)
    ended = await service.end(CHANNEL, MOD)
    assert ended.finished
    game = await service.game_in(CHANNEL)
    assert game is not None and game.row.status == "finished" and game.row.paused is None
    checked = await service.verify(CHANNEL)
    report, consistent = checked.report, checked.consistent
    assert report is not None and report.ok and consistent


async def test_no_reminder_while_paused_and_the_pause_does_not_count(
    service: GameService, clock: FakeClock
) -> None:
    await started_demo(service)
    clock.advance(20 * 3600)  # 20 of the 24 hours before a reminder
    await service.pause(CHANNEL, ALICE)
    clock.advance(10 * 24 * 3600)
    assert await service.due_reminders() == []
    await service.resume(CHANNEL, ALICE)
    clock.advance(3 * 3600)
    assert await service.due_reminders() == []  # 23 hours of play so far
    clock.advance(3600 + 1)
    [due] = await service.due_reminders()
    assert sorted(due.users) == [ALICE.user_id, BOB.user_id]


async def test_kicking_in_the_lobby_frees_the_seat(service: GameService) -> None:
    await service.create(CHANNEL, 1, ALICE, "demo")
    await service.join(CHANNEL, BOB)
    await refused(service, service.kick(CHANNEL, ALICE, CAROL), "carol does not hold a seat")
    kicked = await service.kick(CHANNEL, ALICE, BOB)
    assert kicked.public == ["alice removed bob from Blue."]
    await service.join(CHANNEL, CAROL)
    info = await service.status(CHANNEL, None)
    assert [s.user_id for s in info.seats] == [ALICE.user_id, CAROL.user_id]


async def test_a_seat_is_handed_over_with_its_private_questions(service: GameService) -> None:
    await started_demo(service)
    first = await service.act(CHANNEL, ALICE, "pick feint")
    assert first.version
    game = await service.game_in(CHANNEL)
    assert game is not None
    await refused(service, service.kick(CHANNEL, ALICE, BOB), "needs a new player")
    await refused(service, service.kick(CHANNEL, ALICE, BOB, ALICE), "alice already holds Red")
    await refused(service, service.kick(CHANNEL, ALICE, BOB, BOB), "bob already holds Blue")
    handed = await service.kick(CHANNEL, MOD, BOB, CAROL)
    assert handed.public == ["mod handed Blue from bob to carol."]
    assert handed.mentions == [CAROL.user_id]  # Blue still has to pick: carol's move now
    [prompt] = handed.prompts
    assert prompt.user_id == CAROL.user_id and prompt.seat == "blue"
    assert prompt.version == handed.version
    assert "You now hold Blue" in handed.private[CAROL.user_id][0]
    await refused(service, service.act(CHANNEL, BOB, "pick attack"), "not seated")
    # alice's own earlier pick stays hers: carol cannot read Red's secret
    assert "feint" not in " ".join((await service.log_lines(CHANNEL, CAROL.user_id)).lines)
    revealed = await service.act(
        CHANNEL, CAROL, "pick attack", expected_version=prompt.version, game_id=prompt.game_id
    )
    assert any("Stances revealed" in line for line in revealed.public)
    checked = await service.verify(CHANNEL)
    report, consistent = checked.report, checked.consistent
    assert report is None and consistent


async def test_a_player_may_hand_over_their_own_seat(service: GameService) -> None:
    await started_demo(service)
    handed = await service.kick(CHANNEL, BOB, BOB, DAVE)
    assert handed.public == ["bob handed Blue from bob to dave."]
    info = await service.status(CHANNEL, DAVE.user_id)
    assert [s.user_id for s in info.seats] == [ALICE.user_id, DAVE.user_id]
    assert info.progress is not None and info.progress.legal  # dave may act for Blue now


async def test_another_seats_open_menu_survives_a_handover_and_a_pause(
    service: GameService,
) -> None:
    """Alice's secret-pick menu was sent at the start; pausing, resuming and handing
    Blue to carol must not expire it (only moves that change her question do)."""
    await started_demo(service)
    game = await service.game_in(CHANNEL)
    assert game is not None
    sent_at = game.version
    await service.pause(CHANNEL, MOD)
    await service.resume(CHANNEL, MOD)
    await service.kick(CHANNEL, ALICE, BOB, CAROL)
    outcome = await service.act(
        CHANNEL, ALICE, "pick defend", expected_version=sent_at, game_id=game.id
    )
    assert outcome.private[ALICE.user_id] == ["You picked **defend**."]


def test_the_length_of_a_pause_reads_plainly() -> None:
    assert span(59) == "1 minute"
    assert span(40 * 60) == "40 minutes"
    assert span(89 * 60) == "89 minutes"
    assert span(3 * 3600) == "3 hours"
    assert span(47 * 3600) == "47 hours"
    assert span(5 * 24 * 3600) == "5 days"
