"""``/game sheet`` on Discord (simcord): a private embed within Discord's limits, names
suggested with the channel's game first, ``system:`` where no game is played, and
refusals naming the closest card; every card of every system fits an embed."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_app.sheet_embed import FIELD_VALUE, FIELDS, TOTAL, sheet_embed
from rules.core.language import Language
from rules.core.registry import available_systems
from rules.core.system import GameSystem
from rules.core.visibility import Viewer

from ._support import pick_both, refusals, start_demo
from .conftest import Table


def embed_size(embed: Any) -> int:
    return (
        len(embed.title or "")
        + len(embed.description or "")
        + sum(len(f.name) + len(f.value) for f in embed.fields)
    )


@pytest.mark.parametrize("system", available_systems(unlisted=True), ids=lambda s: s.id)
def test_every_card_fits_an_embed(system: GameSystem[Any]) -> None:
    for language in Language:
        for entry in system.sheets(None, Viewer.spectator(), language):
            card = system.sheet(None, Viewer.spectator(), entry.key, language)
            assert card is not None
            embed = sheet_embed(card)
            assert len(embed.fields) <= FIELDS and embed_size(embed) <= TOTAL
            assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
            assert all(len(f.name) <= 256 and 0 < len(f.value) <= FIELD_VALUE for f in embed.fields)


async def test_a_runners_card_keeps_a_secret_stance_secret(simcord_env, table: Table) -> None:
    await start_demo(table)
    before = await table.carol.autocomplete(table.channel, "game sheet", "name", "")
    assert [c["value"] for c in before] == ["demo:red", "demo:blue"]
    await table.bob.slash(table.channel, "act", action="pick attack")
    seen = await table.alice.slash(table.channel, "game sheet", name="demo:blue")
    assert seen.response.ephemeral
    [embed] = seen.response.embeds
    assert embed.title == "Blue runner"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["In this game"] == "Position: 0 of 10\nStance: chosen"
    own = await table.bob.slash(table.channel, "game sheet", name="blue")
    assert "Stance: attack" in own.response.embeds[0].fields[0].value
    await table.alice.slash(table.channel, "act", action="pick feint")
    after = await table.carol.slash(table.channel, "game sheet", name="blue runner")
    assert "Stance: attack" in after.response.embeds[0].fields[0].value
    typed = await table.carol.autocomplete(table.channel, "game sheet", "name", "att")
    assert [c["value"] for c in typed] == ["demo:stance:attack"]


async def test_cards_where_no_game_is_played_and_refusals(simcord_env, table: Table) -> None:
    offered = await table.alice.autocomplete(
        table.channel, "game sheet", "name", "pumpg", system="wasteland"
    )
    assert [c["value"] for c in offered] == ["wasteland:profile:warden-pumpguard"]
    shown = await table.alice.slash(
        table.channel, "game sheet", name=offered[0]["value"], system="wasteland"
    )
    [embed] = shown.response.embeds
    assert embed.title == "Pumpguard Section"
    assert embed.description.startswith("*Troops unit · The Cistern Wardens*")
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Points"] == "14 a model"
    assert fields["Weapons"].startswith("```\nWeapon")
    missed = await table.alice.slash(table.channel, "game sheet", name="pumpgard section")
    assert missed.response.ephemeral
    assert "Did you mean Pumpguard Section (Wasteland Tactics)?" in missed.response.content
    assert len(refusals(simcord_env)) == 1


async def test_a_game_with_its_runners_then_the_stances(simcord_env, table: Table) -> None:
    await start_demo(table)
    await pick_both(table)
    typed = await table.carol.autocomplete(table.channel, "game sheet", "name", "r")
    values = [c["value"] for c in typed]
    assert values[:2] == ["demo:red", "demo:blue"] and "demo:stance:attack" not in values[:2]
