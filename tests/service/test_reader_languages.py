"""Questions sent by DM are worded in their reader's language: the acting player's own
for their questions, everybody else's as they were last seen, English for those never
seen; a system that speaks only English asks in English whatever the reader's language."""

from __future__ import annotations

from bot.service import GameService
from bot.service.commit import prompt_in, readers_languages
from bot.store.database import Database
from rules.blackpowder.system import BlackPowderSystem
from rules.core.language import Language
from tests.blackpowder.test_engine_cards import bravo_holding
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, started_demo

DE, EN = Language.GERMAN, Language.ENGLISH


async def test_each_reader_is_asked_in_the_language_last_seen(service: GameService) -> None:
    await service.languages.seen(ALICE.user_id, DE)
    await service.languages.seen(BOB.user_id, EN)
    await service.languages.seen(BOB.user_id, DE)  # seen again in another client
    readers = [ALICE.user_id, BOB.user_id, CAROL.user_id]
    found = await readers_languages(service.access, readers, CAROL.user_id, DE)
    assert found == {ALICE.user_id: DE, BOB.user_id: DE, CAROL.user_id: DE}
    # the actor is asked in the language they acted in, whatever was stored for them
    found = await readers_languages(service.access, readers, ALICE.user_id, EN)
    assert found == {ALICE.user_id: EN, BOB.user_id: DE, CAROL.user_id: EN}


async def test_a_language_is_written_again_only_when_it_changes(
    service: GameService, db: Database
) -> None:
    await service.languages.seen(ALICE.user_id, DE)
    await db.save_user_language(ALICE.user_id, "en", 0.0)  # another process saw English
    await service.languages.seen(ALICE.user_id, DE)  # unchanged here: not written again
    assert await db.user_languages([ALICE.user_id]) == {ALICE.user_id: "en"}
    await service.languages.seen(ALICE.user_id, EN)
    await service.languages.seen(ALICE.user_id, DE)
    assert await db.user_languages([ALICE.user_id]) == {ALICE.user_id: "de"}


def test_a_prompt_is_worded_in_the_readers_language_where_the_system_speaks_it() -> None:
    system = BlackPowderSystem()
    state = bravo_holding("thornbury-troop-militia")
    [english] = system.prompts(state)
    german = prompt_in(system, state, english, DE)
    assert german.text.startswith("Spiele eine Karte")
    assert (german.seat, german.key) == (english.seat, english.key)
    assert prompt_in(system, state, english, EN) is english


async def test_a_system_speaking_english_alone_asks_in_english(service: GameService) -> None:
    await started_demo(service)
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    for prompt in game.system.prompts(game.state):
        assert prompt_in(game.system, game.state, prompt, DE) == prompt


async def test_private_lines_to_another_player_are_in_that_players_language(
    service: GameService,
) -> None:
    await service.languages.seen(ALICE.user_id, DE)
    await service.create(CHANNEL, 1, ALICE, "blackpowder")
    await service.join(CHANNEL, BOB)
    started = await service.start(CHANNEL, BOB)  # Bob starts it, in English
    alice, bob = started.private[ALICE.user_id], started.private[BOB.user_id]
    assert alice and all(line.startswith(("Dein Marker", "Alpha zieht:")) for line in alice)
    assert bob and all(line.startswith(("Your marker", "Bravo drew:")) for line in bob)
