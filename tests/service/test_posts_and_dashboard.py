"""How much the channel is told (the posts and board settings), the dashboard every front
end shows, the settings' checks, and the public figures per seat of the registered
systems."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.present.posts import posts_for
from bot.service import GameService, Player, UserError
from bot.service.settings import SettingsChange
from bot.store import Database
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock, started_demo
from tests.golden.examples import EXAMPLES, recorded_database

HOUR = 3600


async def picked(service: GameService) -> None:
    await service.act(CHANNEL, ALICE, "pick feint")
    await service.act(CHANNEL, BOB, "pick attack")


async def mover_and_other(service: GameService) -> tuple[Player, Player]:
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    return (ALICE, BOB) if game.system.status(game.state).waiting_on == ("red",) else (BOB, ALICE)


async def test_compact_posts_one_summary_a_round_with_every_line_held_back(
    service: GameService,
) -> None:
    await started_demo(service)
    await service.settings(CHANNEL, ALICE, None, SettingsChange(posts="compact"))
    secret = await service.act(CHANNEL, ALICE, "pick feint")
    assert secret.public == [] and secret.withheld == ["Red has picked a stance in secret."]
    revealed = await service.act(CHANNEL, BOB, "pick attack")  # round 1 begins: a summary
    assert revealed.public[0] == "Red has picked a stance in secret."
    assert any("Stances revealed" in line for line in revealed.public)
    assert not any("You picked" in line for line in revealed.public)  # private stays private
    assert len(revealed.mentions) == 1  # whoever moves first is pinged with it
    mover, _ = await mover_and_other(service)
    stepped = await service.act(CHANNEL, mover, "step")
    assert stepped.public == [] and stepped.mentions == [] and not stepped.board
    assert stepped.picture  # the dashboard still gets the new board
    [reply] = [p for p in posts_for(stepped, mover.user_id) if p.audience == "ephemeral"]
    assert "steps" in reply.text  # the actor alone is told at once
    ended = await service.act(CHANNEL, mover, "end")
    assert ended.public[0] == stepped.withheld[0]  # held back, posted with the step's end
    assert len([p for p in posts_for(ended, None) if p.audience == "channel"]) == 1


async def test_compact_leaves_out_what_an_undo_took_back(service: GameService) -> None:
    await started_demo(service)
    await service.settings(CHANNEL, ALICE, None, SettingsChange(posts="compact"))
    await picked(service)
    mover, _ = await mover_and_other(service)
    await service.act(CHANNEL, mover, "step")
    await service.undo(CHANNEL, mover)
    await service.act(CHANNEL, mover, "step")
    ended = await service.act(CHANNEL, mover, "end")
    assert len([line for line in ended.public if " steps " in line]) == 1


async def test_quiet_posts_only_the_result(service: GameService) -> None:
    await started_demo(service)
    await service.settings(CHANNEL, ALICE, None, SettingsChange(posts="quiet"))
    outcomes = []
    await picked(service)
    for _ in range(60):
        game = await service.game_in(CHANNEL)
        assert game is not None and game.state is not None
        if game.state.finished:
            break
        mover, _ = await mover_and_other(service)
        outcomes.append(await service.act(CHANNEL, mover, "dash"))
    *routine, last = outcomes
    assert all(o.public == [] and o.mentions == [] for o in routine)
    assert last.finished and any("Game over" in line or "🏆" in line for line in last.public)


async def test_the_board_setting_decides_how_often_a_picture_comes(service: GameService) -> None:
    await started_demo(service)
    await service.settings(CHANNEL, ALICE, None, SettingsChange(board="every round"))
    await picked(service)
    mover, _ = await mover_and_other(service)
    stepped = await service.act(CHANNEL, mover, "step")
    assert not stepped.board and not stepped.picture
    ended = await service.act(CHANNEL, mover, "end")
    assert ended.board and ended.picture  # the round changed
    await service.settings(CHANNEL, ALICE, None, SettingsChange(board="on request"))
    other, _ = await mover_and_other(service)
    ended = await service.act(CHANNEL, other, "end")
    assert not ended.board and not ended.picture


async def test_the_dashboard_shows_public_lines_figures_and_the_deadline(
    service: GameService, clock: FakeClock
) -> None:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick feint")
    board = await service.dashboard_in(CHANNEL)
    assert board.recent == ("Red has picked a stance in secret.",)  # never "You picked"
    assert board.deadline == clock.now + 24 * HOUR and board.deadline_means == "reminder"
    await service.act(CHANNEL, BOB, "pick attack")
    await service.settings(CHANNEL, ALICE, None, SettingsChange(absent_after="48h"))
    board = await service.dashboard_in(CHANNEL)
    assert board.round == 1 and [s.figures for s in board.seats] == [
        (("Distance run", 0),),
        (("Distance run", 0),),
    ]
    assert board.deadline == clock.now + 48 * HOUR and board.deadline_means == "turn passed"


async def test_settings_refuse_what_they_cannot_take(service: GameService) -> None:
    await started_demo(service)

    async def refused(change: SettingsChange, words: str, who: Player = ALICE) -> None:
        with pytest.raises(UserError) as refusal:
            await service.settings(CHANNEL, who, None, change)
        assert words in refusal.value.message

    await refused(SettingsChange(posts="loud"), "`posts` takes one of")
    await refused(SettingsChange(board="sometimes"), "`board` takes one of")
    await refused(SettingsChange(absent_after="soon"), "such as `48h`")
    await refused(SettingsChange(absent_after="0.5h"), "between 1 hour and 30 days")
    await refused(SettingsChange(absent_action="forfeit"), "`absent_action` takes one of")
    await refused(SettingsChange(absent_after="48h"), "creator or a server manager", BOB)
    await refused(SettingsChange(reminders="pigeon"), "`reminders` takes one of")
    await refused(SettingsChange(quiet_hours="late"), "such as `22-07`")
    await refused(SettingsChange(quiet_hours="22-22"), "from one hour")
    await refused(SettingsChange(quiet_hours="22-07 Mars/Olympus"), "no time zone I know")
    await refused(SettingsChange(quiet_hours="22-07 UTC+15"), "no UTC offset")
    await refused(SettingsChange(posts="quiet"), "players, creator", CAROL)
    shown = await service.settings(CHANNEL, BOB, None)
    assert "Channel posts: full; board pictures: every activation." in shown.describe()
    game = await service.game_in(CHANNEL)
    assert game is not None and game.row.settings is None  # nothing refused was kept


@pytest.mark.parametrize(
    ("example", "labels"),
    [
        ("tannhauser-deathmatch", ["CP", "Characters lost"]),
        ("squad-skirmish", ["Points destroyed", "Models lost"]),
        ("wasteland-patrol", ["Models lost", "Mission points"]),
        ("orders-skirmish", ["MP", "Characters lost"]),
    ],
)
async def test_systems_report_public_figures_per_seat(
    example: str, labels: list[str], tmp_path: Path
) -> None:
    [found] = [e for e in EXAMPLES if e.name == example]
    database = await Database.open(str(recorded_database(found, tmp_path)))
    try:
        service = GameService(database)
        row = await database.latest_game(1)
        assert row is not None
        game = await service.game_by_id(row.id)
        assert game.state is not None
        tallies = game.system.tallies(game.state)
        assert [t.label for t in tallies] == labels
        for tally in tallies:
            assert [seat for seat, _ in tally.counts] == list(game.state.seats)
        assert game.system.round_number(game.state) is not None  # half-way: in a round
        board = await service.dashboard(row.id)
        assert all(len(seat.figures) == len(labels) for seat in board.seats)
    finally:
        await database.close()
