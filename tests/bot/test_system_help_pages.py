"""Each game system's /help page in German: every system players are offered has one in
the commands catalogue (``help`` entries by the system's id), naming the commands as a
German Discord shows them, and /help gives it (with its options page's heading) to a
German reader; an English reader gets the system's own page as before."""

from __future__ import annotations

import json
from pathlib import Path

from bot.catalogues import catalogue
from bot.help_text import help_pages, help_text
from rules.core.language import Language
from rules.core.registry import available_systems

TREE = Path(__file__).resolve().parents[1] / "discord" / "command_translations.json"


def german_command_names() -> set[str]:
    return {item["de"] for item in json.loads(TREE.read_text("utf-8"))}


def test_every_offered_system_has_a_german_help_page() -> None:
    german = catalogue(Language.GERMAN)
    assert german is not None
    pages = german.in_context("help")
    systems = [s for s in available_systems(unlisted=False) if s.help_text]
    assert systems
    names = german_command_names()
    for system in systems:
        page = pages.get(system.id)
        assert page, f"the /help page of {system.id} has no German in bot/locales/de.po"
        assert page != system.help_text
        for word in page.split():
            if word.startswith(("`/", "**/")):
                command = word.strip("`*").lstrip("/").split(":")[0]
                assert command in names, f"/{command} on the German page of {system.id}"


def test_help_gives_a_german_reader_the_german_page() -> None:
    for system in available_systems(unlisted=False):
        if not system.help_text:
            continue
        english = help_text(system.id)
        assert english.startswith(system.help_text)
        assert english.endswith(f"Options: `/help topic:{system.id}-options`.")
        german = help_text(system.id, language=Language.GERMAN)
        assert german != english
        assert german.endswith(f"Optionen: `/hilfe thema:{system.id}-options`.")
        options = help_text(f"{system.id}-options", language=Language.GERMAN)
        assert options.startswith(f"**Optionen von {system.name}** (`/spiel neu optionen:")


def test_every_help_page_fits_one_discord_message_in_both_languages() -> None:
    for language in Language:
        for topic, page in help_pages(unlisted=True, language=language).items():
            assert len(page) <= 2000, (language, topic, len(page))
