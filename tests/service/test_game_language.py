"""Each game has a language, its creator's when set up (kept with its settings, changed
with ``/game settings language:``): what nobody in particular asked for is said in it
(timers, reminders, the mention line, the dashboard), while what a player does is worded
in that player's language: the setting up, joining and starting (the opening narration of
a system that speaks German too), refusals, the log and undo lines each reader reads."""

from __future__ import annotations

import dataclasses

import pytest

from bot.present.dashboard import dashboard_text
from bot.present.posts import posts_for
from bot.service import GameService, Player, UserError
from bot.service.settings import SettingsChange
from bot.service.table_settings import read_settings
from rules.core.language import Language
from tests.conftest import ALICE, BOB, CHANNEL, FakeClock

DE, EN = Language.GERMAN, Language.ENGLISH
HOUR = 3600


def german(player: Player) -> Player:
    return dataclasses.replace(player, language=DE)


async def language_of_game(service: GameService) -> Language:
    game = await service.game_in(CHANNEL)
    assert game is not None
    return read_settings(game.row.settings).language


async def test_a_game_speaks_its_creators_language_until_it_is_changed(
    service: GameService,
) -> None:
    created = await service.create(CHANNEL, 1, german(ALICE), "demo")
    assert created.public == [
        "alice hat eine Partie Demo race aufgesetzt.",
        "alice spielt als Red mit.",
    ]
    assert created.language is DE and await language_of_game(service) is DE
    joined = await service.join(CHANNEL, BOB)  # bob's client speaks English
    assert joined.public == ["bob joined as Blue."]
    shown = await service.settings(CHANNEL, BOB, None, SettingsChange(language="en"))
    assert shown.changed and "Language of what nobody in particular asked for" in shown.describe()
    assert await language_of_game(service) is EN
    with pytest.raises(UserError) as refused:
        await service.settings(CHANNEL, german(BOB), None, SettingsChange(language="fr"))
    assert refused.value.in_(DE).startswith("`language` nimmt einen von `en`, `de`")
    assert refused.value.message.startswith("`language` takes one of `en`, `de`")


async def test_an_english_game_records_nothing_and_reads_english(service: GameService) -> None:
    await service.create(CHANNEL, 1, ALICE, "demo")
    game = await service.game_in(CHANNEL)
    assert game is not None and game.row.settings is None  # as games set up earlier


async def test_the_start_is_narrated_in_the_starters_language(service: GameService) -> None:
    await service.create(CHANNEL, 1, ALICE, "blackpowder")
    await service.join(CHANNEL, BOB)
    started = await service.start(CHANNEL, german(BOB))
    assert started.public[0].startswith("Das Spiel beginnt. Würfel-Festlegung")
    assert started.public[1].startswith("Die Schlacht wird als **")
    assert not any(line.startswith(("The game begins", "The battle")) for line in started.public)
    # the mention line is the game's (alice set it up in English)
    channel = [p.text for p in posts_for(started, BOB.user_id) if p.audience == "channel"]
    assert channel[-1].endswith("— your move.")


async def test_what_nobody_asked_for_is_said_in_the_games_language(
    service: GameService, clock: FakeClock
) -> None:
    await service.create(CHANNEL, 1, german(ALICE), "demo")
    await service.join(CHANNEL, BOB)
    started = await service.start(CHANNEL, BOB)
    assert started.public[0].startswith("The game begins.")  # bob started it, in English
    mentioned = [p.text for p in posts_for(started, BOB.user_id) if p.audience == "channel"]
    assert mentioned[-1].endswith("— ihr seid am Zug.")  # two awaited, in the game's German
    dashboard = dashboard_text(await service.dashboard_in(CHANNEL))
    assert dashboard.startswith("📋 **Demo race** — Spiel #1 · läuft")
    assert "-# Beiträge: voll · Bilder des Spielfelds: jede Aktivierung" in dashboard
    await service.settings(CHANNEL, ALICE, None, SettingsChange(absent_after="4h"))
    clock.advance(4 * HOUR)
    _, outcomes = await service.absent_players()
    assert (
        outcomes[0]
        .public[0]
        .startswith("⌛ alice hat 4 Stunden lang nicht gezogen, darum hat Umpire für sie `pick ")
    )


async def test_a_reminder_carries_the_games_language(
    service: GameService, clock: FakeClock
) -> None:
    await service.create(CHANNEL, 1, german(ALICE), "demo")
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    clock.advance(25 * HOUR)
    [due] = await service.due_reminders()
    assert due.language is DE


async def test_the_log_and_undo_lines_are_worded_for_each_reader(service: GameService) -> None:
    await service.create(CHANNEL, 1, ALICE, "demo")
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    await service.act(CHANNEL, ALICE, "pick feint")
    await service.act(CHANNEL, BOB, "pick attack")
    progress = (await service.status(CHANNEL, ALICE.user_id)).progress
    assert progress is not None
    mover = ALICE if progress.waiting_on[0].user_id == ALICE.user_id else BOB
    await service.act(CHANNEL, mover, "step")
    undone = await service.undo(CHANNEL, german(mover))
    side = "Red" if mover is ALICE else "Blue"
    assert undone.public[0] == f"↩️ {mover.name} hat 1 Aktion zurückgenommen: `step` von {side}."
    english = await service.log_page(CHANNEL, ALICE.user_id)
    deutsch = await service.log_page(CHANNEL, ALICE.user_id, language=DE)
    assert any(line.endswith("alice set up a game of Demo race.") for line in english.lines)
    assert len(english.lines) == len(deutsch.lines)
    assert any("took back 1 action" in line for line in english.lines)
    assert any("hat 1 Aktion zurückgenommen" in line for line in deutsch.lines)
    assert any(line.endswith("~~(zurückgenommen)~~") for line in deutsch.lines)


async def test_a_refusal_is_worded_for_whoever_reads_it(service: GameService) -> None:
    with pytest.raises(UserError) as refused:
        await service.join(CHANNEL, BOB)
    assert refused.value.message == "There is no game in this channel. Start one with `/game new`."
    assert refused.value.in_(DE) == (
        "In diesem Kanal gibt es kein Spiel. Beginne eines mit `/spiel neu`."
    )
