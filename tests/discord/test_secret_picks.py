"""Secret stance picks: DM menus, closed DMs and what the channel may show."""

from __future__ import annotations

from ._support import (
    STANCE,
    close_dms,
    dm_history,
    forget_questions,
    mover,
    prompt_in,
    public_messages,
    public_texts,
    question_of,
    start_demo,
    visible_text,
)
from .conftest import Table

EXPIRED = "This choice has expired"


async def test_start_sends_each_player_a_dm_menu(simcord_env, table: Table) -> None:
    await start_demo(table)
    for actor, seat in ((table.alice, "red"), (table.bob, "blue")):
        prompt = prompt_in(actor)
        assert question_of(prompt) == "Pick your stance in secret."
        [row] = prompt.components
        [menu] = row.children
        assert menu.custom_id.startswith("umpire:p:") and menu.custom_id.endswith(f":{seat}")
        assert [o.value for o in menu.options] == ["pick attack", "pick defend", "pick feint"]
    assert dm_history(table.carol) == []


async def test_choosing_in_the_dm_applies_the_pick(simcord_env, table: Table) -> None:
    await start_demo(table)
    result = await table.alice.user.select(prompt_in(table.alice), ["pick feint"])

    assert result.response.content == "You picked **feint**."
    texts = public_texts(table)
    assert texts[-1].startswith("Red has picked a stance in secret.")
    assert not any(STANCE.search(t) for t in texts)
    status = await table.alice.slash(table.channel, "game status")
    fields = {f.name: f.value for f in status.response.embeds[0].fields}
    assert "Blue" in fields["Waiting on"] and "Red" not in fields["Waiting on"]


async def test_both_dm_menus_complete_the_reveal(simcord_env, table: Table) -> None:
    await start_demo(table)
    await table.alice.user.select(prompt_in(table.alice), ["pick defend"])
    second = await table.bob.user.select(prompt_in(table.bob), ["pick attack"])

    assert second.response.content == "You picked **attack**."
    joined = "\n".join(public_texts(table))
    assert "Stances revealed — Red: **defend**, Blue: **attack**." in joined


async def test_a_menu_answered_in_the_dm_shows_the_answer_and_loses_its_menu(
    simcord_env, table: Table
) -> None:
    await start_demo(table)
    menu = prompt_in(table.alice)
    heading = f"**Demo race** in <#{table.channel.id}>"
    assert menu.content.startswith(heading)
    assert f"https://discord.com/channels/{table.guild.id}/{table.channel.id}" in menu.content
    await table.alice.user.select(menu, ["pick feint"])
    [answered] = [m for m in dm_history(table.alice) if m.id == menu.id]
    assert answered.content.endswith("\n✅ Answered: `pick feint`")
    assert answered.components == []


async def test_a_menu_answered_in_the_channel_closes_in_the_dm(simcord_env, table: Table) -> None:
    await start_demo(table)
    menu = prompt_in(table.bob)
    await table.bob.slash(table.channel, "act", action="pick attack")
    [closed] = [m for m in dm_history(table.bob) if m.id == menu.id]
    assert closed.content.endswith("⌛ This question has closed: the game has moved on.")
    assert closed.components == []
    assert prompt_in(table.alice).components  # alice's question is still open


async def test_a_stale_menu_has_expired_and_changes_nothing(
    simcord_env, simcord_bot, table: Table, service
) -> None:
    forget_questions(simcord_bot)  # a menu sent before a restart keeps its controls
    await start_demo(table)
    old_menu = prompt_in(table.alice)
    await table.alice.slash(table.channel, "act", action="pick feint")
    before = await service.game_in(table.channel.id)
    seen = len(public_messages(table))

    again = await table.alice.user.select(old_menu, ["pick attack"])

    assert EXPIRED in again.response.content
    after = await service.game_in(table.channel.id)
    assert after.version == before.version
    assert len(public_messages(table)) == seen


async def test_closed_dms_are_announced_without_secrets(simcord_env, table: Table) -> None:
    close_dms(simcord_env, table.bob)
    await start_demo(table)

    notices = [
        m for m in public_messages(table) if "could not send you a direct message" in m.content
    ]
    [notice] = notices
    assert notice.content.startswith(table.bob.mention)
    assert "/act" in notice.content
    assert not STANCE.search(visible_text(notice))
    assert [u.id for u in notice.mentions] == [table.bob.id]
    assert dm_history(table.bob) == []
    assert question_of(prompt_in(table.alice)) == "Pick your stance in secret."

    picked = await table.bob.slash(table.channel, "act", action="pick attack")
    private = [m for m in [picked.response, *picked.followups] if m.ephemeral]
    assert [m.content for m in private] == ["You picked **attack**."]
    assert not STANCE.search("\n".join(public_texts(table)))


async def test_no_stance_is_public_before_the_reveal(simcord_env, table: Table, service) -> None:
    await start_demo(table, goal=6)
    await table.alice.user.select(prompt_in(table.alice), ["pick feint"])
    await table.bob.slash(table.channel, "act", action="pick defend")

    texts = public_texts(table)
    reveal = next(i for i, t in enumerate(texts) if "Stances revealed" in t)
    before_reveal = [*texts[:reveal], texts[reveal].split("Stances revealed")[0]]
    assert not any(STANCE.search(t) for t in before_reveal)
    assert "Red: **feint**, Blue: **defend**" in texts[reveal]

    for _ in range(40):
        game = await service.game_in(table.channel.id)
        if game.row.status != "active":
            break
        actor, _other = await mover(service, table)
        await actor.slash(table.channel, "act", action="dash")
    assert "🏆 Game over" in "\n".join(public_texts(table))
    for message in public_messages(table):
        assert "pick " not in message.content
