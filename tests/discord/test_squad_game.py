"""The scripted Squad Orders skirmish, played through Discord (simcord) to the end.

Secret choices (forces, hit allocations) are answered in the DM's menu or buttons where one
offers the exact choice, everything else with `/act`. Along the way: `/act` autocomplete
offers only what the rules accept, bad actions are refused privately and change nothing,
forces stay secret until the reveal, and the channel shows the board whenever play passes.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord.actors import MemberActor

from bot.discord_app.app import UmpireBot
from bot.local.runner import seeds_from
from bot.service import GameService
from bot.store import Database

from ._scripted_games import (
    answer_in_dm,
    check_suggestions,
    current,
    refused_privately,
    script,
    suggested,
)
from ._support import (
    board_pictures,
    dm_history,
    public_messages,
    public_texts,
    refusals,
    visible_text,
)
from .conftest import Table, build_bot

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "squad-skirmish.txt"


@pytest.fixture
def service(db: Database) -> GameService:
    """The seeds local mode uses with ``--seed 5``, so the script's dice come out the same."""
    return GameService(db, seed_source=seeds_from(5))


@pytest.fixture
def simcord_bot(tmp_path: Path, service: GameService) -> UmpireBot:
    return build_bot(tmp_path, service)


async def bad_actions(
    simcord_env: Any, service: GameService, table: Table, actor: MemberActor
) -> None:
    """Bravo, first to activate in turn 1, is refused what the rules forbid: B1 (Move 6")
    is at 29,43; B2 sees A4 at 29.0" and A1 at 29.5"."""
    too_long = await refused_privately(simcord_env, service, table, actor, "move B1 to 29,20")
    assert too_long == 'B1 would move 23.0"; its Move is 6.0". (001 Orders)'
    misspelt = await refused_privately(simcord_env, service, table, actor, "mvoe B1 to 29,40")
    assert misspelt == (
        "Unknown action 'mvoe'. Now you can: `move <unit> to x,y | move <unit> toward <enemy>`;"
        " `rush <unit> to x,y | rush <unit> toward <enemy>`; `hold <unit>`;"
        " `shoot <unit> [at <enemy>]`; `assault <unit> <enemy>`."
    )
    farther = await refused_privately(simcord_env, service, table, actor, "shoot B2 at A1")
    assert farther == (
        'B2 must shoot the nearest enemy unit in sight: A4 (29.0") is nearer than A1 (29.5").'
        " (001 Shooting: Select a target)\nLegal now: `shoot B2 at A4`."
    )


def dm_texts(actor: MemberActor) -> list[str]:
    """What each of a player's DMs shows: its text and the labels and values of its controls."""
    texts = []
    for message in dm_history(actor):
        parts = [visible_text(message)]
        for row in message.components:
            for control in row.children:
                if isinstance(control, discord.Button):
                    parts.append(control.label or "")
                elif isinstance(control, discord.SelectMenu):
                    for option in control.options:
                        parts += [option.label, option.value, option.description or ""]
        texts.append("\n".join(parts))
    return texts


async def test_scripted_skirmish_through_discord(
    simcord_env, table: Table, service: GameService
) -> None:
    options, lines = script(SCRIPT)
    await table.alice.slash(table.channel, "game new", system="squad", options=options)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    actors = {"alice": table.alice, "bob": table.bob}
    other = {"alice": table.bob, "bob": table.alice}
    private: dict[str, list[str]] = {"alice": [], "bob": []}
    answered_in_dm = clicked = 0
    used: set[int] = set()
    checked: set[str] = set()
    seen_by_bob_before_his_choice: list[str] = []
    for name, notation in lines:
        actor = actors[name]
        verb = notation.split()[0]
        if verb in ("deploy", "shoot", "move") and verb not in checked:
            checked.add(verb)
            offered = await check_suggestions(service, table, actor, other[name])
            if verb == "deploy":
                assert offered == [f"deploy A{n}{at}" for n in range(1, 5) for at in ("", " at ")]
            else:
                assert notation in offered
                assert "move B1 to " in offered  # offered to type on; not tried above
            if verb == "shoot":
                assert await suggested(actor, table, "shoot") == [notation]
                await bad_actions(simcord_env, service, table, actor)
        if notation.startswith("force") and name == "bob":
            seen_by_bob_before_his_choice = [*dm_texts(table.bob), *public_texts(table)]
        menus = [m for m in dm_history(actor) if m.components and m.id not in used]
        result = await answer_in_dm(actor, menus[-1], notation) if menus else None
        if result is not None:
            used.add(menus[-1].id)
            answered_in_dm += 1
            clicked += isinstance(menus[-1].components[0].children[0], discord.Button)
            replies = [result.response, *result.followups]
            private[name] += [m.content for m in replies if m is not None]
        else:
            assert verb not in ("force", "allocate"), (name, notation)
            await actor.slash(table.channel, "act", action=notation)
    assert checked == {"deploy", "shoot", "move"}
    assert answered_in_dm == 9 and clicked == 7  # forces by menu, allocations by button
    assert len(refusals(simcord_env)) == 3  # only the bad actions above

    # the game ends in a victory whose dice verify
    texts = [visible_text(m) for m in public_messages(table)]
    joined = "\n".join(texts)
    assert "Final score: Alpha 111, Bravo 0." in joined
    assert "🏆 Game over — Alpha won" in joined
    game = await current(service, table)
    assert game.state.finished
    verified = await table.carol.slash(table.channel, "game verify")
    assert verified.response.content.startswith("✅ All ")
    assert "The saved state equals a fresh replay of the log." in verified.response.content

    # boards: whenever an activation passes play, the channel post carries a picture; when the
    # initiative winner hands it out, the picture came with the initiative roll just before
    messages = public_messages(table)
    passing = [m for m in messages if " to activate a unit." in m.content]
    assert len(passing) >= 40
    for message in passing:
        shown = message
        if " activate first." in message.content:
            shown = messages[messages.index(message) - 1]
            assert "Initiative: " in shown.content
        assert len(board_pictures(shown)) == 1
    assert (await board_pictures(passing[-1])[0].read()).startswith(b"\x89PNG")

    # forces: nothing of either is public before the reveal
    state = game.state
    chosen = {name: state.forces[game.seat_of(actor.id)] for name, actor in actors.items()}
    profiles = {p for units in chosen.values() for p in units}
    assert profiles == {"harbour-captain", "wall-levy", "bell-runners", "lock-marksman"}
    secret = {*profiles, *(state.profiles[p].name for p in profiles)}
    secret |= {"tidewall-picket-350", *state.force_names.values(), "You chose"}
    reveal = next(i for i, t in enumerate(texts) if "Forces revealed" in t)
    before_reveal = [*texts[:reveal], texts[reveal].split("Forces revealed")[0]]
    assert "Alpha has chosen a force in secret." in before_reveal[-2]
    assert before_reveal[-1] == "Bravo has chosen a force in secret.\n"
    for word in secret:
        assert not any(word in t for t in before_reveal), word

    # each player's DMs: their own choice only. Both play the same ready-made force here, so
    # what tells them apart is time: Bravo chose seeing nothing of Alpha's choice, and each
    # confirmation went to its chooser alone
    assert any("force tidewall-picket-350" in t for t in seen_by_bob_before_his_choice)
    for word in [*profiles, "You chose"]:
        assert not any(word in t for t in seen_by_bob_before_his_choice), word
    for name, actor in actors.items():
        [confirmation] = [t for t in private[name] if t.startswith("You chose")]
        assert confirmation == (
            "You chose **Wall picket** (Points: 326 / 500 (174 left)): harbour-captain,"
            " wall-levy, bell-runners,"
            " lock-marksman."
        )
        assert chosen[name] == ("harbour-captain", "wall-levy", "bell-runners", "lock-marksman")
        own = "A" if name == "alice" else "B"
        prompts = dm_texts(actor)
        assert prompts[0].startswith("**Squad Orders** in <#")
        assert "\nChoose your force in secret, up to 500 points:" in prompts[0]
        for text in prompts[1:]:  # hits on their own units only, each naming its game
            assert text.startswith("**Squad Orders** in <#"), text
            asked = text.split("\n", 1)[1]
            assert re.match(rf"^[AB]\d scored \d hits? on {own}\d ", asked), text
    assert table.carol.user.dm_channel is None or not dm_history(table.carol)
