"""Every slash command, as its users see it."""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

import pytest

from bot.discord_app.log_view import counter, parts_of
from bot.service import GameService, Player, export_files
from bot.service.history import log_lines_of
from bot.service.read_models import LogPage

from ._support import (
    confirmed,
    end_game,
    mover,
    pick_both,
    public_texts,
    refusals,
    start_demo,
)
from .conftest import Table


async def test_new_refuses_unknown_system_privately(simcord_env, table: Table) -> None:
    result = await table.alice.slash(table.channel, "game new", system="chess")

    assert result.response is not None
    assert result.response.ephemeral
    assert "There is no game system 'chess'" in result.response.content
    assert "`demo`" in result.response.content
    assert public_texts(table) == []
    assert len(refusals(simcord_env)) == 1


async def test_lobby_new_join_leave_and_start(simcord_env, table: Table) -> None:
    new = await table.alice.slash(table.channel, "game new", system="demo")
    assert not new.response.ephemeral
    assert "alice set up a game of Demo race." in new.response.content
    assert "alice joined as Red." in new.response.content

    joined = await table.bob.slash(table.channel, "game join")
    assert joined.response.content == "bob joined as Blue."

    left = await table.bob.slash(table.channel, "game leave")
    assert not left.response.ephemeral
    assert "bob" in left.response.content

    await table.carol.slash(table.channel, "game join")
    started = await table.alice.slash(table.channel, "game start")
    text = started.response.content
    assert not started.response.ephemeral
    assert "The game begins. Dice commitment" in text
    assert f"{table.alice.mention}" in text and f"{table.carol.mention}" in text
    assert [a.filename.endswith(".png") for a in started.response.attachments] == [True]


async def test_status_is_a_private_embed(simcord_env, table: Table) -> None:
    await start_demo(table)
    result = await table.bob.slash(table.channel, "game status")

    message = result.response
    assert message.ephemeral
    assert message.content == ""
    [embed] = message.embeds
    assert embed.title.startswith("Demo race — game #")
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Status"] == "active"
    assert table.alice.mention in fields["Seats"] and table.bob.mention in fields["Seats"]
    assert "`pick attack`" in fields["You can"]
    assert "Dice commitment" in embed.footer.text


async def test_board_is_a_png(simcord_env, table: Table) -> None:
    refused = await table.alice.slash(table.channel, "game board")
    assert refused.response.ephemeral
    assert "no game" in refused.response.content.lower()
    refusals(simcord_env)

    await start_demo(table)
    result = await table.carol.slash(table.channel, "game board")
    message = result.response
    assert not message.ephemeral
    [picture] = message.attachments
    assert picture.filename.startswith("board-") and picture.filename.endswith(".png")
    assert (await picture.read()).startswith(b"\x89PNG")


async def test_log_is_private_and_shows_own_secret_only(simcord_env, table: Table) -> None:
    await start_demo(table)
    await table.alice.slash(table.channel, "act", action="pick feint")

    mine = await table.alice.slash(table.channel, "game log")
    theirs = await table.bob.slash(table.channel, "game log")
    assert mine.response.ephemeral and theirs.response.ephemeral
    assert "You picked **feint**." in mine.response.content
    assert "feint" not in theirs.response.content
    assert "Red has picked a stance in secret." in theirs.response.content
    assert buttons(mine.response)["Page 1 of 1"]["disabled"]


def buttons(message: Any) -> dict[str, dict[str, Any]]:
    """The message's buttons by label."""
    return {
        button["label"]: button
        for row in message.components
        for button in row["components"]
        if button.get("type") == 2
    }


def page_counter(message: Any) -> str:
    [label] = [label for label in buttons(message) if label.startswith("Page ")]
    return label


async def long_demo(table: Table, service: GameService, turns: int = 80) -> None:
    """A demo game whose log runs to many pages: turns ended without moving."""
    await start_demo(table, goal=30)
    players = {m.id: Player(m.id, m.name) for m in (table.alice, table.bob)}
    await pick_both(table)
    for _turn in range(turns):
        awaited, _other = await mover(service, table)
        await service.act(table.channel.id, players[awaited.id], "end")


async def whole_log(service: GameService, table: Table, user_id: int) -> list[str]:
    game = await service.game_in(table.channel.id)
    assert game is not None
    rows = await service.db.log(game.id)
    return log_lines_of(game, rows, service.viewer_for(game, user_id))


async def test_log_opens_at_the_newest_page_and_pages_through_the_whole_log(
    simcord_env, table: Table, service: GameService
) -> None:
    await long_demo(table, service)
    result = await table.alice.slash(table.channel, "game log")
    message = result.response
    assert message.ephemeral and result.followups == []
    counter = page_counter(message)
    pages = int(counter.split(" of ")[1])
    assert pages > 5 and counter == f"Page {pages} of {pages}"
    labels = buttons(message)
    assert labels["Next ▶"]["disabled"] and labels["Last ⏭"]["disabled"]
    assert not labels["◀ Previous"]["disabled"] and not labels["⏮ First"]["disabled"]
    everything = await whole_log(service, table, table.alice.id)
    assert "Game over" not in everything[-1]
    assert message.content.splitlines()[-1] == everything[-1]

    seen = len(table.channel.history(viewer=table.alice))
    before = len(simcord_env.http_requests)
    first = await table.alice.click(message, label="⏮ First")
    edits = simcord_env.http_requests[before:]
    # the click edits the message it came from: a deferred update, then a PATCH of it
    assert [(r.method, r.path.split("/")[-1]) for r in edits if "/webhooks/" in r.path] == [
        ("PATCH", "@original")
    ]
    assert first.followups == [] and first.response.id == message.id
    opened = first.response
    assert page_counter(opened) == f"Page 1 of {pages}"
    assert buttons(opened)["⏮ First"]["disabled"] and buttons(opened)["◀ Previous"]["disabled"]
    assert opened.content.splitlines()[0] == everything[0]

    # Next from the first page to the last shows every line once, in order, whole
    shown: list[str] = []
    current = opened
    for _step in range(pages * 3):
        assert len(current.content) <= 2000
        shown += current.content.splitlines()
        if buttons(current)["Next ▶"]["disabled"]:
            break
        current = (await table.alice.click(current, label="Next ▶")).response
        assert current.id == message.id
    assert page_counter(current) == f"Page {pages} of {pages}"
    assert shown == everything

    back = (await table.alice.click(current, label="◀ Previous")).response
    assert page_counter(back).startswith(f"Page {pages - 1} of {pages}")
    last = (await table.alice.click(back, label="Last ⏭")).response
    assert last.content == message.content
    assert len(table.channel.history(viewer=table.alice)) == seen  # no message was added
    assert refusals(simcord_env) == []


async def test_log_pages_stay_put_while_the_game_moves_on(
    simcord_env, table: Table, service: GameService
) -> None:
    await long_demo(table, service, turns=30)
    result = await table.alice.slash(table.channel, "game log")
    pages = int(page_counter(result.response).split(" of ")[1])
    await long_demo_more(table, service, turns=20)
    first = (await table.alice.click(result.response, label="⏮ First")).response
    assert page_counter(first) == f"Page 1 of {pages}"
    fresh = await table.alice.slash(table.channel, "game log")
    assert int(page_counter(fresh.response).split(" of ")[1]) > pages


async def long_demo_more(table: Table, service: GameService, turns: int) -> None:
    players = {m.id: Player(m.id, m.name) for m in (table.alice, table.bob)}
    for _turn in range(turns):
        awaited, _other = await mover(service, table)
        await service.act(table.channel.id, players[awaited.id], "end")


async def test_a_spectator_pages_through_public_lines_only(
    simcord_env, table: Table, service: GameService
) -> None:
    await long_demo(table, service, turns=40)
    result = await table.carol.slash(table.channel, "game log", page=1)
    message = result.response
    assert message.ephemeral and page_counter(message).startswith("Page 1 of ")
    assert "Red has picked a stance in secret." in message.content
    assert (
        "You picked" not in message.content
        and "feint" not in message.content.split("Stances revealed")[0]
    )
    mine = await table.alice.slash(table.channel, "game log", page=1)
    assert "You picked **feint**." in mine.response.content
    # numbers never count what the spectator may not read
    assert "`   1`" in message.content and ".1`" not in message.content


async def test_log_page_out_of_range_is_refused(
    simcord_env, table: Table, service: GameService
) -> None:
    await start_demo(table)
    result = await table.alice.slash(table.channel, "game log", page=9)
    assert result.response.ephemeral
    assert result.response.content == "The log has 1 page: ask for a page from 1 to 1."
    assert [r.message for r in refusals(simcord_env)] == [result.response.content]


async def test_concede_asks_first_then_ends_the_game(simcord_env, table: Table, service) -> None:
    await start_demo(table)
    game = await service.game_in(table.channel.id)
    asked = await table.bob.slash(table.channel, "game concede")
    question = asked.response
    assert question.ephemeral and "cannot be undone" in question.content
    assert "Concede Blue in this game of Demo race?" in question.content
    after = await service.game_in(table.channel.id)
    assert after.version == game.version  # asking changed nothing

    pressed = await table.bob.click(question, label="Concede")
    assert "Concede: done." in pressed.response.content and not pressed.response.components
    text = "\n".join(f.content for f in pressed.followups)
    assert "Blue" in text or "bob" in text
    assert "seed is now revealed" in "\n".join(public_texts(table))


async def test_keep_playing_changes_nothing_and_takes_the_buttons_away(
    simcord_env, table: Table, service
) -> None:
    await start_demo(table)
    game = await service.game_in(table.channel.id)
    kept = await confirmed(table.alice, table, "game end", "Keep playing")
    assert "Nothing was changed." in kept.response.content and not kept.response.components
    after = await service.game_in(table.channel.id)
    assert after.version == game.version and after.row.status == "active"


async def test_a_confirmation_for_an_earlier_game_ends_nothing(
    simcord_env, table: Table, service
) -> None:
    await start_demo(table)
    stale = await table.alice.slash(table.channel, "game end")
    await end_game(table)
    await start_demo(table)
    pressed = await table.alice.click(stale.response, label="End the game")
    assert "earlier game in this channel" in "\n".join(f.content for f in pressed.followups)
    game = await service.game_in(table.channel.id)
    assert game.row.status == "active"
    refusals(simcord_env)


async def test_end_is_for_the_creator(simcord_env, table: Table) -> None:
    await start_demo(table)
    refused = await table.bob.slash(table.channel, "game end")
    assert refused.response.ephemeral and not refused.response.components
    [error] = refusals(simcord_env)
    assert refused.response.content == error.message

    ended = await end_game(table)
    assert any(not f.ephemeral and "ended by alice" in f.content for f in ended.followups)
    after = await table.alice.slash(table.channel, "act", action="step")
    assert "over" in after.response.content
    refusals(simcord_env)


async def exported_text(result: object) -> str:
    """The export a /game export reply carries, uncompressed."""
    [attachment] = result.response.attachments  # type: ignore[attr-defined]
    assert attachment.filename.endswith(".json.gz")
    return gzip.decompress(await attachment.read()).decode()


async def test_export_hides_the_other_seats_pick_until_the_end(simcord_env, table: Table) -> None:
    await start_demo(table)
    await table.alice.slash(table.channel, "act", action="pick defend")

    result = await table.bob.slash(table.channel, "game export")
    message = result.response
    assert message.ephemeral
    assert "gzip-compressed JSON" in message.content
    assert "Hidden information you may not see is left out." in message.content
    raw = await exported_text(result)
    data = json.loads(raw)
    assert data["game_id"] >= 1
    assert "defend" not in raw

    own = await table.alice.slash(table.channel, "game export")
    assert "defend" in await exported_text(own)

    await end_game(table)
    final = await table.bob.slash(table.channel, "game export")
    assert "left out" not in final.response.content
    assert "defend" in await exported_text(final)


async def test_a_log_too_large_for_one_file_comes_in_parts(
    simcord_env, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each part is its own message, under Discord's upload limit, and the parts joined
    give back the compressed export."""
    await start_demo(table)
    await pick_both(table)
    whole = await exported_text(await table.alice.slash(table.channel, "game export"))
    monkeypatch.setattr(export_files, "PART_BYTES", 200)
    result = await table.alice.slash(table.channel, "game export")
    messages = [result.response, *result.followups]
    assert len(messages) > 1 and "comes in" in messages[0].content
    parts = [a for m in messages for a in m.attachments]
    assert [p.filename for p in parts] == [
        f"umpire-game-1.json.gz.part{n}-of-{len(parts)}" for n in range(1, len(parts) + 1)
    ]
    contents = [await p.read() for p in parts]
    assert all(len(content) <= 200 for content in contents)
    assert gzip.decompress(b"".join(contents)).decode() == whole


async def test_verify_before_and_after_the_end(simcord_env, table: Table) -> None:
    await start_demo(table)
    before = await table.carol.slash(table.channel, "game verify")
    assert not before.response.ephemeral
    assert "The seed stays secret until the game ends" in before.response.content

    await pick_both(table)
    await end_game(table)
    after = await table.carol.slash(table.channel, "game verify")
    assert after.response.content.startswith("✅ All 2 recorded rolls match the seed")
    assert "use its dice in order" in after.response.content
    assert "equals a fresh replay" in after.response.content


async def test_list_shows_games_and_whose_move(simcord_env, table: Table) -> None:
    empty = await table.carol.slash(table.channel, "game list")
    assert empty.response.ephemeral
    assert empty.response.content == "You are not in any open game."

    await start_demo(table)
    listed = await table.bob.slash(table.channel, "game list")
    assert listed.response.ephemeral
    assert table.channel.mention in listed.response.content
    assert "👉 your move" in listed.response.content


async def test_settings_show_and_change(simcord_env, table: Table) -> None:
    await start_demo(table)
    shown = await table.alice.slash(table.channel, "game settings")
    assert shown.response.ephemeral
    assert "24" in shown.response.content

    changed = await table.alice.slash(table.channel, "game settings", reminder=6.0)
    assert not changed.response.ephemeral
    assert "6" in changed.response.content


async def test_act_and_its_autocomplete(simcord_env, table: Table, service) -> None:
    await start_demo(table)
    offered = await table.bob.autocomplete(table.channel, "act", "action", "")
    assert [c["value"] for c in offered] == ["pick attack", "pick defend", "pick feint"]
    narrowed = await table.bob.autocomplete(table.channel, "act", "action", "fei")
    assert [c["value"] for c in narrowed] == ["pick feint"]
    assert await table.carol.autocomplete(table.channel, "act", "action", "") == []

    await pick_both(table)
    game = await service.game_in(table.channel.id)
    assert game is not None
    for actor in (table.alice, table.bob):
        seat = game.seat_of(actor.id)
        legal = [c.notation for c in game.system.legal_actions(game.state, seat)]
        choices = await actor.autocomplete(table.channel, "act", "action", "")
        assert len(choices) <= 25
        assert [c["value"] for c in choices] == legal[:25]
        assert all(len(c["name"]) <= 100 for c in choices)

    mover_id = game.user_of(json.loads(game.row.waiting_on)[0]).user_id
    actor = table.alice if mover_id == table.alice.id else table.bob
    moved = await actor.slash(table.channel, "act", action="step")
    assert not moved.response.ephemeral
    assert re.search(r"(Red|Blue) steps \d+ to \d+\.", moved.response.content)
    assert moved.response.attachments[0].filename.endswith(".png")

    wrong = await actor.slash(table.channel, "act", action="fly away")
    assert wrong.response.ephemeral
    refusals(simcord_env)


async def test_roll_public_private_and_syntax_error(simcord_env, table: Table) -> None:
    public = await table.alice.slash(table.channel, "roll", dice="4d10>=6; 2d6+3 # damage")
    assert not public.response.ephemeral
    assert "`4d10>=6` →" in public.response.content
    assert "*damage*" in public.response.content

    private = await table.alice.slash(table.channel, "roll", dice="1d20", private=True)
    assert private.response.ephemeral
    assert "`1d20` →" in private.response.content

    broken = await table.alice.slash(table.channel, "roll", dice="2d6+")
    assert broken.response.ephemeral
    assert "2d6+\n    ^" in broken.response.content
    assert "See `/help roll`." in broken.response.content
    assert len(refusals(simcord_env)) == 1


async def test_rules_and_autocomplete(simcord_env, table: Table) -> None:
    found = await table.alice.slash(table.channel, "rules", topic="natural 10")
    assert found.response.ephemeral
    assert found.response.content.startswith("**Natural 10 always succeeds**")

    topics = await table.alice.autocomplete(table.channel, "rules", "topic", "natural")
    assert {
        "name": "Natural 10 always succeeds — Dice conventions",
        "value": "dice:natural-10",
    } in [{"name": c["name"], "value": c["value"]} for c in topics]
    systems = await table.alice.autocomplete(table.channel, "rules", "system", "squ")
    # "squ" is in the squad id and in the name "Order tiles (square grid)"; nothing else
    assert [c["value"] for c in systems] == ["orders", "squad"]

    exact = await table.alice.slash(table.channel, "rules", topic="dice:natural-1")
    assert exact.response.content.startswith("**Natural 1 always fails**")

    missing = await table.alice.slash(table.channel, "rules", topic="zzzzqqq xylophone")
    assert missing.response.ephemeral
    assert "Nothing in the rules reference matches" in missing.response.content
    refusals(simcord_env)


async def test_table_lookup(simcord_env, table: Table) -> None:
    names = await table.alice.autocomplete(table.channel, "table", "name", "spotting")
    assert "blackpowder:spotting" in [c["value"] for c in names]
    shown = await table.alice.slash(table.channel, "table", name="blackpowder:spotting")
    assert shown.response.ephemeral
    assert shown.response.content.startswith("**Spotting table**")


async def test_help(simcord_env, table: Table) -> None:
    general = await table.carol.slash(table.channel, "help")
    assert general.response.ephemeral
    assert "/game" in general.response.content
    roll = await table.carol.slash(table.channel, "help", topic="roll")
    assert "/roll" in roll.response.content


async def test_options_and_help_topics_are_suggested_from_the_systems(
    simcord_env, table: Table
) -> None:
    sizes = await table.alice.autocomplete(
        table.channel, "game new", "options", "rounds=6 size=pl", system="wasteland"
    )
    assert [c["value"] for c in sizes] == ["rounds=6 size=platoon"]
    assert sizes[0]["name"].startswith("size=platoon — ")
    keys = await table.alice.autocomplete(table.channel, "game new", "options", "", system="demo")
    assert [c["value"] for c in keys] == ["goal="]
    assert await table.alice.autocomplete(table.channel, "game new", "options", "goal=") == []
    topics = await table.alice.autocomplete(table.channel, "help", "topic", "waste")
    assert [c["value"] for c in topics] == ["wasteland", "wasteland-options"]
    page = await table.alice.slash(table.channel, "help", topic="wasteland-options")
    assert "`mission=` random|ambush" in page.response.content


async def test_act_hints_what_a_verb_takes_when_nothing_suggested_fits(
    simcord_env, table: Table
) -> None:
    await start_demo(table)
    await pick_both(table)
    for actor in (table.alice, table.bob):
        hints = await actor.autocomplete(table.channel, "act", "action", "pick x")
        assert hints == [] or hints == [
            {"name": "pick attack|defend|feint (type it out)", "value": "pick x"}
        ]


async def test_sides_are_suggested_for_the_chosen_system_and_the_free_seats(
    simcord_env, table: Table
) -> None:
    offered = await table.alice.autocomplete(table.channel, "game new", "side", "", system="demo")
    assert [(c["name"], c["value"]) for c in offered] == [("Red", "red"), ("Blue", "blue")]
    assert await table.alice.autocomplete(table.channel, "game new", "side", "") == []
    await table.alice.slash(table.channel, "game new", system="demo", side="blue")
    free = await table.bob.autocomplete(table.channel, "game join", "side", "")
    assert [c["value"] for c in free] == ["red"]
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    assert await table.carol.autocomplete(table.channel, "game join", "side", "") == []


async def test_a_members_games_here_are_a_right_click_away(simcord_env, table: Table) -> None:
    await start_demo(table)
    other = table.guild.create_text_channel("second-front")
    await table.alice.slash(other, "game new", system="demo")
    shown = await table.carol.context_menu(table.channel, "Games with Umpire", table.bob)
    assert shown.response.ephemeral
    text = shown.response.content
    assert text.startswith("bob's open games here:")
    assert f"<#{table.channel.id}>" in text and f"<#{other.id}>" not in text  # bob is not there
    nobody = await table.bob.context_menu(table.channel, "Games with Umpire", table.carol)
    assert nobody.response.content == "carol is in no open game in this server."


async def test_a_game_in_its_own_thread(simcord_env, table: Table, service) -> None:
    started = await table.alice.slash(table.channel, "game new", system="demo", thread=True)
    assert "set up a game of Demo race in <#" in started.response.content
    [thread] = [c for c in table.channel.threads if "Demo race" in c.name]
    game = await service.game_in(thread.id)
    assert game is not None and game.row.status == "lobby"
    assert await service.game_in(table.channel.id) is None  # the channel stays free
    await table.bob.slash(thread, "game join")
    await table.alice.slash(thread, "game start")
    game = await service.game_in(thread.id)
    assert game is not None and game.row.status == "active"
    texts = [m.content for m in thread.history(viewer=table.carol)]
    assert any("alice set up a game of Demo race." in t for t in texts)
    # a refused setup opens no thread
    before = len(table.channel.threads)
    await table.alice.slash(table.channel, "game new", system="demo", options="goal=0", thread=True)
    assert len(table.channel.threads) == before
    refusals(simcord_env)


async def test_setting_up_in_a_thread_answers_with_its_link_alone(
    simcord_env, table: Table
) -> None:
    started = await table.alice.slash(table.channel, "game new", system="demo", thread=True)
    assert [f.content for f in started.followups] == []  # no stray "Done."


def test_a_page_too_long_for_one_message_comes_in_parts_of_whole_lines() -> None:
    lines = tuple(f"`{n:>4}` " + "word " * 70 for n in range(15))  # 15 lines of 357 chars
    parts = parts_of(LogPage(lines=lines, page=2, pages=3))
    assert len(parts) == 3
    assert all(len(part) <= 2000 for part in parts)
    assert [line for part in parts for line in part.split("\n")] == list(lines)
    assert counter(LogPage(lines=lines, page=2, pages=3), 1, 3) == "Page 2 of 3 · part 2 of 3"


async def test_catchup_is_private_with_page_buttons(
    simcord_env, table: Table, service: GameService
) -> None:
    await start_demo(table)
    await table.alice.slash(table.channel, "act", action="pick feint")
    result = await table.bob.slash(table.channel, "game catchup")
    message = result.response
    assert message.ephemeral and result.followups == []
    assert message.content.startswith("**Since the game began**")
    assert "Red has picked a stance in secret." in message.content
    assert "**feint**" not in message.content
    assert page_counter(message) == "Page 1 of 1"
    assert buttons(message)["Next ▶"]["disabled"]

    refused = await table.carol.slash(table.channel, "game catchup")
    assert refused.response.ephemeral
    assert refused.response.content.startswith("Only a seated player can catch up")
    refusals(simcord_env)


async def test_a_long_catchup_opens_at_its_first_page_and_pages_on(
    simcord_env, table: Table, service: GameService
) -> None:
    await long_demo(table, service, turns=0)
    awaited, other = await mover(service, table)
    player = Player(awaited.id, awaited.name)
    for _again in range(25):  # steps taken back at once: each undo is noted
        await service.act(table.channel.id, player, "step")
        await service.undo(table.channel.id, player)
    await service.act(table.channel.id, player, "end")

    result = await other.slash(table.channel, "game catchup")
    message = result.response
    assert message.ephemeral and result.followups == []
    counter = page_counter(message)
    assert counter.startswith("Page 1 of ") and counter != "Page 1 of 1"
    assert message.content.startswith("**Since your last action**, `pick ")
    assert "**Waiting on you:**" in message.content  # what matters first
    seen = [message.content]
    current = message
    while not buttons(current)["Next ▶"]["disabled"]:
        current = (await other.click(current, label="Next ▶")).response
        assert current.id == message.id and len(current.content) <= 2000
        seen.append(current.content)
    text = "\n".join(seen)
    assert text.count("took back 1 action") == 25
    assert text.splitlines()[-1].endswith("to act.")
    first = (await other.click(current, label="⏮ First")).response
    assert first.content == message.content
    assert refusals(simcord_env) == []
