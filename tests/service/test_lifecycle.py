from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.service import GameService, UserError
from bot.service.loaded import rebuild_state
from bot.store import Database
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock, fixed_seeds, started_demo


async def test_create_join_start_shows_commitment(service: GameService) -> None:
    created = await service.create(CHANNEL, 1, ALICE, "demo")
    assert "alice joined as Red" in created.public[-1]
    joined = await service.join(CHANNEL, BOB, "blue")
    assert joined.version == created.version + 1
    started = await service.start(CHANNEL, ALICE)
    game = await service.game_in(CHANNEL)
    assert game is not None
    assert game.row.commitment in started.public[0]
    assert game.row.seed.hex() not in " ".join(started.public)
    # both players get a private prompt to pick a stance, and are mentioned
    assert sorted(p.user_id for p in started.prompts) == [ALICE.user_id, BOB.user_id]
    assert sorted(started.mentions) == [ALICE.user_id, BOB.user_id]


async def test_lobby_refusals_are_specific(service: GameService) -> None:
    with pytest.raises(UserError, match="no side 'green'"):
        await service.create(CHANNEL, 1, ALICE, "demo", side="green")
    with pytest.raises(UserError, match="No game system 'chess'"):
        await service.create(CHANNEL, 1, ALICE, "chess")
    with pytest.raises(UserError, match="`goal`"):
        await service.create(CHANNEL, 1, ALICE, "demo", options_text="goal=99")
    await service.create(CHANNEL, 1, ALICE, "demo")
    with pytest.raises(UserError, match="already has a game"):
        await service.create(CHANNEL, 1, BOB, "demo")
    with pytest.raises(UserError, match="Red is taken"):
        await service.join(CHANNEL, BOB, "red")
    with pytest.raises(UserError, match="more player"):
        await service.start(CHANNEL, ALICE)
    await service.join(CHANNEL, BOB)
    with pytest.raises(UserError, match="Every seat is taken"):
        await service.join(CHANNEL, CAROL)
    await service.leave(CHANNEL, BOB)
    await service.join(CHANNEL, CAROL, "Blue")
    with pytest.raises(UserError, match="Only a seated player"):
        await service.start(CHANNEL, BOB)


async def test_secret_pick_reaches_only_its_seat(service: GameService) -> None:
    await started_demo(service)
    outcome = await service.act(CHANNEL, ALICE, "pick feint")
    assert "feint" not in " ".join(outcome.public)
    assert outcome.private == {ALICE.user_id: ["You picked **feint**."]}
    spectator_log = " ".join((await service.log_lines(CHANNEL, None)).lines)
    bob_log = " ".join((await service.log_lines(CHANNEL, BOB.user_id)).lines)
    alice_log = " ".join((await service.log_lines(CHANNEL, ALICE.user_id)).lines)
    assert "feint" not in spectator_log and "feint" not in bob_log
    assert "feint" in alice_log
    export = (await service.export(CHANNEL, BOB.user_id)).to_json()
    assert "feint" not in export and '"seed": null' in export
    _, view = await service.view(CHANNEL)
    assert view.stances == {"red": "chosen"}
    revealed = await service.act(CHANNEL, BOB, "pick attack")
    assert any("Stances revealed" in line and "feint" in line for line in revealed.public)
    assert any(line.startswith("🎲") for line in revealed.public)


async def test_actions_are_checked(service: GameService) -> None:
    await started_demo(service)
    with pytest.raises(UserError, match="must pick a stance"):
        await service.act(CHANNEL, ALICE, "step")
    with pytest.raises(UserError, match="not seated"):
        await service.act(CHANNEL, CAROL, "pick attack")
    with pytest.raises(UserError, match="Pick one stance"):
        await service.act(CHANNEL, ALICE, "pick sideways")
    await service.act(CHANNEL, ALICE, "pick attack")
    with pytest.raises(UserError, match="already picked"):
        await service.act(CHANNEL, ALICE, "pick defend")


async def play_to_race(service: GameService) -> tuple[str, object]:
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick attack")
    await service.act(CHANNEL, BOB, "pick defend")
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    active = game.state.active  # type: ignore[attr-defined]
    return active, ALICE if active == "red" else BOB


async def test_free_undo_of_own_steps_and_refusal_across_dice(service: GameService) -> None:
    active, mover = await play_to_race(service)
    await service.act(CHANNEL, mover, "step")  # type: ignore[arg-type]
    await service.act(CHANNEL, mover, "step")  # type: ignore[arg-type]
    undone = await service.undo(CHANNEL, mover, 2)  # type: ignore[arg-type]
    assert "took back 2" in undone.public[0]
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state.positions[active] == 0  # type: ignore[union-attr]
    # the stance reveal rolled dice: undoing further needs consent
    other = BOB if mover is ALICE else ALICE
    request = await service.undo(CHANNEL, mover, 1)  # type: ignore[arg-type]
    assert "asks to take back" in request.public[0]
    assert request.mentions == [other.user_id]
    with pytest.raises(UserError, match="another player must approve"):
        await service.approve_undo(CHANNEL, mover)  # type: ignore[arg-type]
    approved = await service.approve_undo(CHANNEL, other)
    # the stance taken back was a secret pick: whose it was is said, never what it was
    assert approved.public[0].startswith(
        f"↩️ {mover.name} took back 1 action: a secret choice by "
        f"{active.capitalize()} (asked by {mover.name}, approved by {other.name})."
    )
    assert "attack" not in approved.public[0] and "defend" not in approved.public[0]
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state.phase == "pick"  # type: ignore[union-attr]


async def test_an_undo_approved_across_dice_draws_fresh_dice(service: GameService) -> None:
    """Whoever re-decides after an approved undo knows the dice taken back: they must not
    come again. The stream moves on from the highest counter ever drawn, the rolls taken
    back stay in the log, and verification still proves every roll."""
    _, mover = await play_to_race(service)
    await service.act(CHANNEL, mover, "dash")  # type: ignore[arg-type]
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    drawn_to = game.state.dice_counter
    other = BOB if mover is ALICE else ALICE
    request = await service.undo(CHANNEL, mover)  # type: ignore[arg-type]
    assert "fresh dice" in request.public[0]
    approved = await service.approve_undo(CHANNEL, other)
    assert "fresh dice" in approved.public[0]
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    assert game.state.dice_counter == drawn_to == await service.db.next_dice_counter(game.id)
    await service.act(CHANNEL, mover, "dash")  # type: ignore[arg-type]
    rolls = await _dice_events(service)
    starts = [r["counter_start"] for r in rolls]
    assert len(starts) == len(set(starts)), "a counter was drawn twice"
    assert rolls[-1]["counter_start"] == drawn_to  # the redo drew on after the undone roll
    await service.concede(CHANNEL, other)
    checked = await service.verify(CHANNEL)
    assert checked.consistent and checked.report is not None and checked.report.ok
    assert len(checked.report.checks) == len(rolls)  # the undone roll is proved too


async def _dice_events(service: GameService) -> list[dict[str, int]]:
    game = await service.game_in(CHANNEL)
    assert game is not None
    rows = await service.db.log(game.id)
    payloads = [json.loads(r.payload) for r in rows if r.kind == "event"]
    return [p for p in payloads if p["type"] == "dice"]


async def test_stale_version_is_refused_without_change(service: GameService) -> None:
    _, mover = await play_to_race(service)
    game = await service.game_in(CHANNEL)
    assert game is not None
    await service.act(CHANNEL, mover, "step", expected_version=game.version)  # type: ignore[arg-type]
    with pytest.raises(UserError, match="expired"):
        await service.act(CHANNEL, mover, "step", expected_version=game.version)  # type: ignore[arg-type]
    after = await service.game_in(CHANNEL)
    assert after is not None and after.state is not None
    assert sum(after.state.positions.values()) == 1  # type: ignore[attr-defined]


async def test_game_to_the_end_then_verify(service: GameService) -> None:
    await play_to_race(service)
    finished = False
    for _ in range(60):
        game = await service.game_in(CHANNEL)
        assert game is not None and game.state is not None
        if game.row.status == "finished":
            finished = True
            break
        seat = game.state.active  # type: ignore[attr-defined]
        player = ALICE if seat == "red" else BOB
        await service.act(CHANNEL, player, "dash")
    assert finished
    checked = await service.verify(CHANNEL)
    report, consistent = checked.report, checked.consistent
    assert consistent and report is not None and report.ok and len(report.checks) >= 3
    export = await service.export(CHANNEL, None)
    assert export.seed == game.row.seed.hex()
    with pytest.raises(UserError, match="over"):
        await service.act(CHANNEL, ALICE, "step")
    # a new game may now start in the same channel
    await service.create(CHANNEL, 1, BOB, "demo")


async def test_tampered_roll_fails_verification(service: GameService, db: Database) -> None:
    await play_to_race(service)
    await service.concede(CHANNEL, ALICE)
    game = await service.game_in(CHANNEL)
    assert game is not None
    conn = db._conn
    async with conn.execute(
        "SELECT seq, payload FROM events WHERE game_id=? AND payload LIKE '%\"dice\"%'", (game.id,)
    ) as cur:
        seq, payload = await cur.fetchone()  # type: ignore[misc]
    data = json.loads(payload)
    data["values"] = [11 - v for v in data["values"]]
    await conn.execute(
        "UPDATE events SET payload=? WHERE game_id=? AND seq=?", (json.dumps(data), game.id, seq)
    )
    await conn.commit()
    checked = await service.verify(CHANNEL)
    report = checked.report
    assert report is not None and not report.ok and len(report.mismatches) == 1


async def test_concede_and_end_permissions(service: GameService) -> None:
    await started_demo(service)
    with pytest.raises(UserError, match="creator or a member with Manage Server"):
        await service.end(CHANNEL, BOB)
    outcome = await service.concede(CHANNEL, BOB)
    assert outcome.finished and any("Red won" in line for line in outcome.public)


async def test_state_survives_restart_and_matches_log(tmp_path: Path, clock: FakeClock) -> None:
    path = str(tmp_path / "restart.db")
    db = await Database.open(path)
    seeds = fixed_seeds()
    service = GameService(db, clock=clock, seed_source=seeds)  # type: ignore[arg-type]
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick defend")
    await db.close()
    db2 = await Database.open(path)
    service2 = GameService(db2, clock=clock, seed_source=seeds)  # type: ignore[arg-type]
    await service2.act(CHANNEL, BOB, "pick feint")
    game = await service2.game_in(CHANNEL)
    assert game is not None
    assert rebuild_state(game, await db2.log(game.id)) == game.state
    assert await db2.integrity_ok()
    await db2.close()


async def test_reminders_follow_the_delay(service: GameService, clock: FakeClock) -> None:
    await started_demo(service)
    assert await service.due_reminders() == []
    clock.advance(24 * 3600 + 1)
    due = await service.due_reminders()
    assert len(due) == 1 and sorted(due[0].users) == [ALICE.user_id, BOB.user_id]
    assert await service.reminder_sent(due[0].game_id)
    assert await service.due_reminders() == []  # not again until another delay passes
    assert "2 hour" in (await service.settings(CHANNEL, ALICE, 2)).describe()
    clock.advance(2 * 3600 + 1)
    assert len(await service.due_reminders()) == 1
    with pytest.raises(UserError, match="between 1 hour"):
        await service.settings(CHANNEL, ALICE, 0.1)


async def test_game_list_shows_whose_move(service: GameService) -> None:
    await started_demo(service, CHANNEL)
    await service.create(CHANNEL + 1, 1, ALICE, "demo")
    await service.act(CHANNEL, ALICE, "pick attack")
    games = await service.games_of(ALICE.user_id)
    assert {g.channel_id for g in games} == {CHANNEL, CHANNEL + 1}
    started = next(g for g in games if g.channel_id == CHANNEL)
    assert started.your_move is False
    bob_games = await service.games_of(BOB.user_id)
    assert bob_games[0].your_move is True
