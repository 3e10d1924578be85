"""Component ids are readable by anybody, so they carry no count of secret records: they
name the version they were sent at by an opaque stamp. Ids sent by earlier releases, with
the plain version, are still understood."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord

from bot.discord_app.components import (
    PromptButton,
    PromptSelect,
    UndoApprove,
    left_out,
    prompt_view,
    sent_at_of,
)
from bot.service import GameService
from bot.service.component_stamps import STAMP_PATTERN
from bot.service.outcome import PromptDelivery
from bot.store import Database
from rules.core.choices import ActionChoice
from rules.core.prompts import Prompt
from tests.conftest import BOB, FakeClock, fixed_seeds, secretly_drafted

from ._support import mover, pick_both, start_demo
from .conftest import Table

STAMP_FIELD = re.compile(rf":s{STAMP_PATTERN}:")


def ids_in(view: discord.ui.View) -> list[str]:
    return [str(item.custom_id) for item in view.children if hasattr(item, "custom_id")]


async def ids_bob_is_sent(folder: Path, alice_edits: int) -> tuple[list[str], list[int]]:
    """A Wasteland game in which alice edits her secret army-list draft ``alice_edits``
    times before submitting, then bob drafts his: the ids of bob's menus, and the store
    versions they were sent at."""
    folder.mkdir()
    db = await Database.open(str(folder / "umpire.db"))
    try:
        service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
        outcomes = await secretly_drafted(service, alice_edits)
        deliveries = [d for o in outcomes for d in o.prompts if d.user_id == BOB.user_id]
        return [i for d in deliveries for i in ids_in(prompt_view(d))], [
            d.version for d in deliveries
        ]
    finally:
        await db.close()


async def test_menu_ids_carry_no_count_of_secret_records(tmp_path: Path) -> None:
    once, versions_once = await ids_bob_is_sent(tmp_path / "once", 1)
    thrice, versions_thrice = await ids_bob_is_sent(tmp_path / "thrice", 3)
    assert versions_once != versions_thrice  # the store did count alice's secret edits
    assert len(once) == len(thrice) >= 2
    for custom_id, version in zip(once + thrice, versions_once + versions_thrice, strict=True):
        assert STAMP_FIELD.search(custom_id), custom_id
        assert str(version) not in custom_id.split(":"), custom_id
    # apart from the opaque stamp, bob's menus read the same however often alice edited
    assert [STAMP_FIELD.sub(":…:", i) for i in once] == [STAMP_FIELD.sub(":…:", i) for i in thrice]


async def test_the_undo_button_id_carries_no_version(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    await start_demo(table)
    await pick_both(table)
    actor, other = await mover(service, table)
    await actor.slash(table.channel, "act", action="dash")
    request = (await actor.slash(table.channel, "game undo")).response
    game = await service.game_in(table.channel.id)
    assert game is not None and request is not None
    custom_id = request.components[0]["components"][0]["custom_id"]
    assert re.fullmatch(rf"umpire:u:{game.id}:s{STAMP_PATTERN}", custom_id), custom_id
    approved = await other.click(request, label="Approve undo")
    assert approved.acknowledged
    stale = (await other.click(request, label="Approve undo")).response
    assert stale is not None and "This choice has expired" in stale.content


def parsed(item: type[discord.ui.DynamicItem[Any]], custom_id: str) -> Any:
    match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match, custom_id
    return match


def test_ids_of_earlier_releases_still_name_their_plain_version() -> None:
    stamp = "abcdefghijk23456"
    cases = [
        (PromptSelect, "umpire:p:12:345:red", 345),
        (PromptSelect, f"umpire:p:12:s{stamp}:red", stamp),
        (PromptButton, "umpire:b:12:345:alpha:0:0123abcd", 345),
        (PromptButton, f"umpire:b:12:s{stamp}:alpha:0:0123abcd", stamp),
        (UndoApprove, "umpire:u:12:345", 345),
        (UndoApprove, f"umpire:u:12:s{stamp}", stamp),
    ]
    for item, custom_id, sent_at in cases:
        match = parsed(item, custom_id)
        assert int(match["game"]) == 12
        assert sent_at_of(match) == sent_at
    # the ids built today read back as what they were built from
    assert UndoApprove(12, stamp).item.custom_id == f"umpire:u:12:s{stamp}"
    assert UndoApprove(12, 345).item.custom_id == "umpire:u:12:345"


def _delivery(*choices: ActionChoice, on_timeout: str | None = None) -> PromptDelivery:
    prompt = Prompt(seat="alpha", key="k", text="?", choices=choices, on_timeout=on_timeout)
    return PromptDelivery(
        user_id=1, seat="alpha", game_id=1, version=1, prompt=prompt, stamp="a" * 16
    )


def test_a_choice_awaiting_typed_text_gets_no_button_or_menu_entry() -> None:
    typed = ActionChoice(notation="deploy A1 at ", label="type a point", complete=False)
    ready = ActionChoice(notation="allocate closest", label="closest")
    [button] = prompt_view(_delivery(typed, ready, on_timeout="allocate closest")).children
    assert isinstance(button, PromptButton) and button.item.label == "closest"
    assert button.index == 1  # the choice's place in the prompt, as answers look it up
    [menu] = prompt_view(_delivery(typed, ready)).children
    assert isinstance(menu, PromptSelect)
    assert [o.value for o in menu.item.options] == ["allocate closest"]
    assert prompt_view(_delivery(typed)).children == []


def test_more_than_25_choices_go_to_several_menus_and_what_does_not_fit_is_counted() -> None:
    many = [ActionChoice(notation=f"deploy A1 at C{n}", label=f"C{n}") for n in range(1, 61)]
    menus = prompt_view(_delivery(*many)).children
    assert [len(m.item.options) for m in menus] == [25, 25, 10]
    assert all(isinstance(m, PromptSelect) for m in menus)
    assert [m.item.placeholder for m in menus] == [
        "Choose… (1–25 of 60)",
        "Choose… (26–50 of 60)",
        "Choose… (51–60 of 60)",
    ]
    ids = [m.item.custom_id for m in menus]
    assert len(set(ids)) == 3 and ids[1].endswith(":alpha:2")
    match = parsed(PromptSelect, ids[1])
    assert (match["seat"], match["part"]) == ("alpha", "2")
    offered = [o.value for m in menus for o in m.item.options]
    assert offered == [c.notation for c in many]  # every choice, in order
    assert left_out(_delivery(*many)) == 0

    crowd = [ActionChoice(notation=f"deploy A1 at D{n}", label=f"D{n}") for n in range(130)]
    too_long = ActionChoice(notation="interact " + "x" * 100, label="a long one")
    assert len(prompt_view(_delivery(*crowd, too_long)).children) == 5
    assert left_out(_delivery(*crowd, too_long)) == 6  # 5 past five menus, 1 too long
    # one menu keeps the id earlier releases sent
    [single] = prompt_view(_delivery(*many[:25])).children
    assert single.item.custom_id == f"umpire:p:1:s{'a' * 16}:alpha"
