"""``/game sheet`` through the service: suggestions with the channel's game's own units
first, a card found by any name or refused with the closest spelling, ``system:`` where no
game is played, and nothing of a secret army list before its reveal."""

from __future__ import annotations

import pytest

from bot.service import GameService, UserError
from rules.core.language import Language
from tests.conftest import ALICE, BOB, CAROL, CHANNEL

ELSEWHERE = CHANNEL + 1


async def wasteland_game(service: GameService) -> None:
    await service.create(CHANNEL, 1, ALICE, "wasteland", "size=patrol")
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)


async def test_without_a_game_every_systems_cards_are_offered(service: GameService) -> None:
    offered = await service.sheet_choices(ELSEWHERE, ALICE.user_id, "pumpguard")
    assert [(c.name, c.value) for c in offered] == [
        (
            "Pumpguard Section — The Cistern Wardens · troops · 14 points a model"
            " · Wasteland Tactics",
            "wasteland:profile:warden-pumpguard",
        )
    ]
    everything = await service.sheet_choices(ELSEWHERE, ALICE.user_id, "")
    assert len(everything) == 25
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in everything)
    card = await service.sheet(ELSEWHERE, ALICE.user_id, "pumpguard section")
    assert card.system == "wasteland" and card.title == "Pumpguard Section"
    squad = await service.sheet_choices(ELSEWHERE, ALICE.user_id, "", "squad")
    assert squad and all(c.value.startswith("squad:") for c in squad)
    with pytest.raises(UserError) as unknown:
        await service.sheet(ELSEWHERE, ALICE.user_id, "x", "chess")
    assert unknown.value.message.startswith("There is no game system 'chess'. Available:")
    assert await service.sheet_choices(ELSEWHERE, ALICE.user_id, "", "chess") == []


async def test_a_misspelt_name_is_refused_with_the_closest_card(service: GameService) -> None:
    with pytest.raises(UserError) as missed:
        await service.sheet(ELSEWHERE, ALICE.user_id, "pumpgaurd section", "wasteland")
    said = missed.value.message
    assert said.startswith("There is no unit or character called 'pumpgaurd section'.")
    assert "Did you mean Pumpguard Section?" in said
    with pytest.raises(UserError) as ambiguous:
        await service.sheet(ELSEWHERE, ALICE.user_id, "sluice", "wasteland")
    assert "did you mean" in ambiguous.value.message


async def test_secret_drafts_have_no_card_and_revealed_units_come_first(
    service: GameService,
) -> None:
    await wasteland_game(service)
    await service.act(CHANNEL, BOB, "army starter scrapwind-riders")
    for user in (ALICE, BOB, CAROL):
        offered = await service.sheet_choices(CHANNEL, user.user_id, "")
        assert all(c.value.startswith("wasteland:profile:") for c in offered), user
        assert not any(":B1" in c.value for c in offered)
    with pytest.raises(UserError):
        await service.sheet(CHANNEL, ALICE.user_id, "B1")
    await service.act(CHANNEL, BOB, "submit")
    await service.act(CHANNEL, ALICE, "army starter cistern-wardens")
    await service.act(CHANNEL, ALICE, "submit")
    offered = await service.sheet_choices(CHANNEL, CAROL.user_id, "")
    assert [c.value for c in offered][:2] == ["wasteland:A1", "wasteland:A2"]
    assert all(":profile:" not in c.value for c in offered)  # nothing typed: the game's own
    typed = await service.sheet_choices(CHANNEL, CAROL.user_id, "road raiders")
    values = [c.value for c in typed]
    first_profile = next(n for n, v in enumerate(values) if ":profile:" in v)
    assert all(":profile:" not in v for v in values[:first_profile]) and first_profile > 0
    card = await service.sheet(CHANNEL, CAROL.user_id, "b2")
    assert card.in_game and card.title.startswith("B2 ")
    # the game's own unit wins over the profile of the same name
    own = await service.sheet(CHANNEL, CAROL.user_id, "road boss")
    assert own.in_game and own.title == "B1 Road Boss"
    profile = await service.sheet(CHANNEL, CAROL.user_id, "wasteland:profile:rider-road-boss")
    assert not profile.in_game
    other = await service.sheet(CHANNEL, CAROL.user_id, "contract team", "squad")
    assert other.system == "squad" and not other.in_game


async def test_a_card_reads_in_the_readers_language_where_the_system_has_it(
    service: GameService,
) -> None:
    card = await service.sheet(
        ELSEWHERE, ALICE.user_id, "leichte kompanie", "blackpowder", Language.GERMAN
    )
    assert card.title == "Leichte Kompanie" and card.language is Language.GERMAN
    english = await service.sheet(ELSEWHERE, ALICE.user_id, "leichte kompanie", "blackpowder")
    assert english.title == "Light company"
    with pytest.raises(UserError) as german:
        await service.sheet(
            ELSEWHERE, ALICE.user_id, "kompnie leicht", "blackpowder", Language.GERMAN
        )
    assert german.value.message.startswith("Kein Treffer für Einheit oder Figur")
