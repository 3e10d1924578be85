"""The command tree in German: every command, group and option has a German name and
description from the catalogue, the names follow Discord's rules for localized names and
stay unique among their siblings, and the payload synced to Discord is the one recorded in
``command_translations.json`` (after a deliberate change, re-record it with
``UMPIRE_RECORD=1 .venv/bin/python -m pytest tests/discord/test_command_translations.py``)."""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path
from typing import Any

from discord import Locale, app_commands

from bot.discord_app.app import UmpireBot
from bot.discord_app.choices import matching_choices
from bot.discord_app.translator import CatalogueTranslator
from bot.help_text import HELP, general_pages, help_text
from rules.core.language import Language

RECORDED = Path(__file__).with_name("command_translations.json")
CHAT_INPUT = 1


async def translated(bot: UmpireBot) -> list[dict[str, Any]]:
    translator = CatalogueTranslator()
    await translator.load()
    commands = bot.tree.get_commands()
    assert len(commands) >= 9  # the cogs are loaded
    return [await c.get_translated_payload(bot.tree, translator) for c in commands]


def _valid_name(name: str) -> bool:
    """Discord's rule for the names of slash commands and options (localized ones too):
    ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, in lower case."""
    if not 1 <= len(name) <= 32 or name != name.lower():
        return False
    return all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name)


def _names(payload: dict[str, Any], path: str = "") -> list[tuple[str, str, str, dict[str, Any]]]:
    """(path, English name, German name, payload) of the command and everything under it."""
    here = f"{path} {payload['name']}".strip()
    found = [(here, payload["name"], payload["name_localizations"].get("de", ""), payload)]
    for option in payload.get("options", []):
        found += _names(option, here)
    for choice in payload.get("choices", []):
        localized = choice.get("name_localizations", {}).get("de", "")
        found.append((f"{here} ={choice['value']}", choice["name"], localized, {}))
    return found


async def test_every_name_and_description_has_a_german_form(
    simcord_env: Any, simcord_bot: UmpireBot
) -> None:
    for payload in await translated(simcord_bot):
        for path, _, german, item in _names(payload):
            assert german, f"{path} has no German name in bot/locales/de.po"
            if item.get("description"):
                assert item["description_localizations"].get("de"), (
                    f"{path} has no German description in bot/locales/de.po"
                )


async def test_german_names_follow_discords_rules_and_stay_unique(
    simcord_env: Any, simcord_bot: UmpireBot
) -> None:
    payloads = await translated(simcord_bot)
    slash = [p for p in payloads if p.get("type", CHAT_INPUT) == CHAT_INPUT]
    tops = [p["name_localizations"]["de"] for p in slash]
    assert len(set(tops)) == len(tops), tops
    for payload in slash:
        for path, _, german, item in _names(payload):
            if " =" in path:  # a choice's name is free text, up to 100 characters
                assert 1 <= len(german) <= 100, path
                continue
            assert _valid_name(german), f"{path}: '{german}' is no valid command name"
            siblings = [o["name_localizations"]["de"] for o in item.get("options", [])]
            assert len(set(siblings)) == len(siblings), f"{path}: {siblings}"
    for menu in (p for p in payloads if p.get("type", CHAT_INPUT) != CHAT_INPUT):
        assert 1 <= len(menu["name_localizations"]["de"]) <= 32


async def test_the_synced_tree_is_the_recorded_one_in_both_languages(
    simcord_env: Any,
    simcord_bot: UmpireBot,
) -> None:
    payloads = await translated(simcord_bot)
    shown = [
        {
            "name": name,
            "de": german,
            "description": item.get("description", ""),
            "description_de": item.get("description_localizations", {}).get("de", ""),
            "path": path,
        }
        for payload in payloads
        for path, name, german, item in _names(payload)
    ]
    if os.environ.get("UMPIRE_RECORD"):
        RECORDED.write_text(json.dumps(shown, indent=1, ensure_ascii=False) + "\n", "utf-8")
    assert shown == json.loads(RECORDED.read_text("utf-8"))


async def test_only_german_locales_are_translated(simcord_env: Any, simcord_bot: UmpireBot) -> None:
    payload = next(p for p in await translated(simcord_bot) if p["name"] == "act")
    assert payload["name_localizations"] == {"de": "aktion"}
    assert set(payload["description_localizations"]) == {"de"}


def test_every_general_help_page_is_in_german() -> None:
    german = general_pages(Language.GERMAN)
    for topic, english in HELP.items():
        assert german[topic] != english, f"the help page '{topic}' has no German in de.po"
        # the placeholders filled in at display are kept
        for slot in ("{topics}", "{examples}"):
            assert (slot in german[topic]) == (slot in english), topic


async def test_german_help_names_the_german_commands(
    simcord_env: Any, simcord_bot: UmpireBot
) -> None:
    names = {german for p in await translated(simcord_bot) for _, _, german, _ in _names(p)}
    for page in general_pages(Language.GERMAN).values():
        for word in page.split():
            if word.startswith(("`/", "**/")):
                command = word.strip("`*").lstrip("/").split(":")[0]
                assert command in names, f"/{command} in a German help page is no German command"


def test_help_answers_in_the_readers_language() -> None:
    assert help_text(None, language=Language.GERMAN).startswith("**Umpire leitet Tabletop-Spiele")
    assert help_text(None).startswith("**Umpire referees wargames")
    missing = help_text("nonsense", language=Language.GERMAN)
    assert missing.startswith("Es gibt kein Hilfethema 'nonsense'.")
    assert "Beispiel" not in help_text("act") and "(z. B. in " in help_text(
        "act", language=Language.GERMAN
    )


async def test_every_fixed_choice_has_its_german_name(
    simcord_env: Any, simcord_bot: UmpireBot
) -> None:
    choices = {
        path: (english, german)
        for payload in await translated(simcord_bot)
        for path, english, german, _ in _names(payload)
        if " =" in path
    }
    assert choices["game settings posts =compact"] == ("compact", "kompakt")
    assert choices["game settings absent_action =pause"] == (
        "pause the game",
        "das Spiel pausieren",
    )
    for path, (english, german) in choices.items():
        # "compact" is German too, and each language is named in its own words
        assert (german and german != english) or english in ("compact", "English", "Deutsch"), path


async def test_system_and_side_names_in_autocomplete_reach_german_readers() -> None:
    translator = CatalogueTranslator()
    await translator.load()
    systems = matching_choices(
        [("Order Tiles", "orders"), ("Tannhäuser", "tannhauser")], "", translated=True
    )
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.choice_name, data=None
    )
    german = [
        (await c.get_translated_payload_for_locale(translator, Locale.german))["name"]
        for c in systems
    ]
    assert german == ["Befehlsplättchen", "Tannhäuser"]  # a proper name stays as it is
    english = [
        (await c.get_translated_payload_for_locale(translator, Locale.british_english))["name"]
        for c in systems
    ]
    assert english == ["Order Tiles", "Tannhäuser"]
    assert (
        await translator.translate(app_commands.locale_str("Red"), Locale.german, context) == "Rot"
    )
    typed = matching_choices([("both", "both")], "", translated=False)[0]
    assert (await typed.get_translated_payload_for_locale(translator, Locale.german))[
        "name"
    ] == "both"
