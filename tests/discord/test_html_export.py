"""`/game export format:html` on Discord: a progress message, edited into the reply that
carries the one HTML file, read as `/game export` reads the game."""

from __future__ import annotations

from typing import Any

from ._support import end_game, start_demo
from .conftest import Table
from .test_command_translations import translated


async def replay_of(result: Any) -> tuple[str, str]:
    """The reply's words and the page it carries, the one file among its messages."""
    messages = [result.response, *result.followups]
    files = [(m, a) for m in messages for a in m.attachments]
    [(message, attachment)] = files
    assert message.ephemeral
    assert attachment.filename.endswith(".html")
    return message.content, (await attachment.read()).decode("utf-8")


async def test_the_replay_hides_the_other_seats_pick_until_the_end(
    simcord_env: Any, table: Table
) -> None:
    await start_demo(table)
    await table.alice.slash(table.channel, "act", action="pick defend")

    words, page = await replay_of(
        await table.bob.slash(table.channel, "game export", format="html")
    )
    assert "HTML replay" in words and "Hidden information you may not see" in words
    assert page.startswith("<!DOCTYPE html>") and "defend" not in page

    _, own = await replay_of(await table.alice.slash(table.channel, "game export", format="html"))
    assert "defend" in own

    await end_game(table)
    words, final = await replay_of(
        await table.bob.slash(table.channel, "game export", format="html")
    )
    assert "left out" not in words and "defend" in final
    assert "✅ All" in final  # /game verify's result once the seed is revealed


async def test_the_default_format_is_still_compressed_json(simcord_env: Any, table: Table) -> None:
    await start_demo(table)
    result = await table.alice.slash(table.channel, "game export")
    [attachment] = result.response.attachments
    assert attachment.filename.endswith(".json.gz")


async def test_the_format_choices_read_in_german(simcord_env: Any, simcord_bot: Any) -> None:
    from_tree = await translated(simcord_bot)
    [game] = [c for c in from_tree if c["name"] == "game"]
    [export] = [o for o in game["options"] if o["name"] == "export"]
    [option] = export["options"]
    german = {c["value"]: c["name_localizations"].get("de") for c in option["choices"]}
    assert german == {"json": "json (mit gzip gepackt)", "html": "html (Wiederholung im Browser)"}
