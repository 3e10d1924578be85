"""The command tree in the user's language: discord.py asks this translator for each
command, group, option and choice name and description in each Discord locale, and Discord
then shows every user the words of their own client's language."""

from __future__ import annotations

from discord import Locale, app_commands

from bot.catalogues import Catalogue, catalogue
from rules.core.language import Language, language_of_locale


class CatalogueTranslator(app_commands.Translator):
    """Translates from the message catalogues (``bot/locales/*.po``); English, the source
    language, and locales Umpire does not speak are left as they are."""

    def __init__(self) -> None:
        self.catalogues: dict[Language, Catalogue] = {}

    async def load(self) -> None:
        for language in Language:
            found = catalogue(language)
            if found is not None:
                self.catalogues[language] = found

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        found = self.catalogues.get(language_of_locale(locale.value))
        if found is None:
            return None
        return found.get(context.location.name, string.message)
