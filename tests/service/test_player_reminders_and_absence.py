"""Each player's reminders (where, and their quiet hours) and the absent-player deadline,
on a fake clock. The clock starts at 08:00 UTC."""

from __future__ import annotations

import json

from bot.service import GameService, Player
from bot.service.read_models import DueReminder
from bot.service.settings import SettingsChange
from tests.conftest import ALICE, BOB, CHANNEL, FakeClock, started_demo

HOUR = 3600


async def remind(service: GameService) -> list[DueReminder]:
    """The reminders due, each marked sent as the bot does once it has posted them."""
    due = await service.due_reminders()
    for reminder in due:
        await service.reminder_sent(reminder.game_id)
    return due


async def test_a_reminder_due_in_quiet_hours_waits_until_they_end(
    service: GameService, clock: FakeClock
) -> None:
    await started_demo(service)  # both players are asked for a stance at 08:00 UTC
    await service.settings(CHANNEL, BOB, None, SettingsChange(quiet_hours="08-12 UTC"))
    await service.settings(CHANNEL, ALICE, None, SettingsChange(reminders="dm"))
    clock.advance(25 * HOUR)  # 09:00 UTC the next day: bob's quiet hours
    [due] = await remind(service)
    assert due.users == () and due.dm_users == (ALICE.user_id,)  # alice by DM only
    clock.advance(2 * HOUR)  # 11:00: still quiet for bob, and alice was just reminded
    assert await remind(service) == []
    clock.advance(HOUR + 300)  # 12:05: bob's quiet hours are over
    [owed] = await remind(service)
    assert owed.users == (BOB.user_id,) and owed.dm_users == ()
    assert owed.waited_seconds == 28 * HOUR + 300
    assert await remind(service) == []  # owed once, reminded once


async def test_quiet_hours_in_a_time_zone_and_a_lone_sleeper_waits_whole(
    service: GameService, clock: FakeClock
) -> None:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")  # now only bob is awaited
    # 09:00-13:00 in Berlin (UTC+1 in January) is 08:00-12:00 UTC
    await service.settings(
        CHANNEL, BOB, None, SettingsChange(reminders="both", quiet_hours="09-13 Europe/Berlin")
    )
    clock.advance(25 * HOUR)  # 09:00 UTC = 10:00 in Berlin
    assert await remind(service) == []
    clock.advance(3 * HOUR)  # 12:00 UTC = 13:00 in Berlin: awake
    [due] = await remind(service)
    assert due.users == (BOB.user_id,) and due.dm_users == (BOB.user_id,)


async def test_an_owed_reminder_lapses_when_the_player_moves(
    service: GameService, clock: FakeClock
) -> None:
    await started_demo(service)
    await service.settings(CHANNEL, BOB, None, SettingsChange(quiet_hours="08-12"))
    clock.advance(25 * HOUR)
    [due] = await remind(service)  # alice now; bob is owed one
    assert due.users == (ALICE.user_id,)
    await service.act(CHANNEL, BOB, "pick attack")  # bob moves during his quiet hours
    clock.advance(4 * HOUR)
    assert all(BOB.user_id not in d.users for d in await remind(service))


async def awaited(service: GameService) -> Player:
    game = await service.game_in(CHANNEL)
    assert game is not None
    [seat] = json.loads(game.row.waiting_on)
    return ALICE if seat == "red" else BOB


async def test_an_absent_player_is_warned_then_their_turn_is_passed(
    service: GameService, clock: FakeClock
) -> None:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    await service.act(CHANNEL, BOB, "pick attack")
    await service.settings(CHANNEL, ALICE, None, SettingsChange(absent_after="48h"))
    absent = await awaited(service)
    clock.advance(35 * HOUR)
    assert await service.absent_players() == ([], [])
    clock.advance(2 * HOUR)  # past three quarters of the deadline
    [warning], passed = await service.absent_players()
    assert warning.users == (absent.user_id,) and warning.action == "pass" and passed == []
    assert await service.absent_players() == ([], [])  # warned once a wait
    clock.advance(12 * HOUR)
    warnings, [outcome] = await service.absent_players()
    assert warnings == []
    assert outcome.public[0] == (
        f"⌛ {absent.name} did not move for 48 hours, so Umpire played `end` for them."
    )
    assert await awaited(service) != absent  # the turn went on
    game = await service.game_in(CHANNEL)
    assert game is not None
    assert json.loads(game.row.settings or "{}")["absent_warned"] != game.row.waiting_since


async def test_an_absent_player_can_pause_the_game_instead(
    service: GameService, clock: FakeClock
) -> None:
    await started_demo(service)
    await service.settings(
        CHANNEL, ALICE, None, SettingsChange(absent_after="2d", absent_action="pause")
    )
    clock.advance(49 * HOUR)
    _, [outcome] = await service.absent_players()
    assert "paused the game: nobody moved for 48 hours" in outcome.public[0]
    status = await service.status(CHANNEL, ALICE.user_id)
    assert status.paused is not None and "Umpire" in status.paused
    assert await service.absent_players() == ([], [])  # a paused game waits on nobody


async def test_every_absent_seat_is_played_for_at_once(
    service: GameService, clock: FakeClock
) -> None:
    await started_demo(service)  # both secret stances awaited
    await service.settings(CHANNEL, ALICE, None, SettingsChange(absent_after="4h"))
    clock.advance(4 * HOUR)
    _, outcomes = await service.absent_players()
    assert [o.public[0].split(" did not move")[0] for o in outcomes] == ["⌛ alice", "⌛ bob"]
    assert any("Stances revealed" in line for line in outcomes[-1].withheld + outcomes[-1].public)
    status = await service.status(CHANNEL, ALICE.user_id)
    assert status.progress is not None and status.progress.phase.startswith("race")
