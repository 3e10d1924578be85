"""Each user's language, as their last interaction's Discord locale gave it: what a
reminder or a question sent to them by DM is worded in when somebody else's action or a
timer caused it (their own actions are answered in the language they act in)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from bot.store.contract import Store
from rules.core.language import Language

REFRESH_SECONDS = 3600.0
"""How long a process trusts that the language it last wrote is still the stored one
(another process of a cluster may have seen the user in another locale since)."""


def language_named(code: str | None) -> Language:
    """The language stored as ``code`` (English for none or for one Umpire does not speak)."""
    return next((language for language in Language if language.value == code), Language.ENGLISH)


class UserLanguages:
    def __init__(self, db: Store, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock
        self._written: dict[int, tuple[Language, float]] = {}

    async def seen(self, user_id: int, language: Language) -> None:
        """Remember the language a user was just seen in (written when it changed, or
        again after :data:`REFRESH_SECONDS`)."""
        now = self.clock()
        known = self._written.get(user_id)
        if known is not None and known[0] is language and now - known[1] < REFRESH_SECONDS:
            return
        await self.db.save_user_language(user_id, language.value, now)
        self._written[user_id] = (language, now)

    async def of(self, user_ids: Iterable[int]) -> dict[int, Language]:
        """The language of each user (English for those never seen)."""
        wanted = list(dict.fromkeys(user_ids))
        stored = await self.db.user_languages(wanted)
        return {user_id: language_named(stored.get(user_id)) for user_id in wanted}
