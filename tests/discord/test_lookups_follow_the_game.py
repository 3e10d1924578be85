"""The lookups follow the game (simcord): in a channel with a game, ``/rules`` and
``/table`` suggest that game's system first, and ``/table`` without a name lists its
tables first."""

from __future__ import annotations

from .conftest import Table


async def test_lookups_suggest_the_channels_system_first(simcord_env, table: Table) -> None:
    await table.alice.slash(table.channel, "game new", system="squad")
    tables = await table.alice.autocomplete(table.channel, "table", "name", "")
    assert tables[0]["value"].startswith("squad:")
    squad = [c["value"].startswith("squad:") for c in tables]
    assert squad == sorted(squad, reverse=True)  # the game's tables, then the others
    typed = await table.alice.autocomplete(table.channel, "table", "name", "range")
    assert typed[0]["value"] == "squad:range-bands"
    topics = await table.alice.autocomplete(table.channel, "rules", "topic", "")
    assert topics[0]["value"].startswith("squad:")
    listed = await table.alice.slash(table.channel, "table")
    assert listed.response.ephemeral
    assert listed.response.content.startswith("Tables of Squad orders (D10): Shooting table,")
    assert "\nOther systems: " in listed.response.content
