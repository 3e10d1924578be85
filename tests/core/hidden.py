"""The rules-level secrets check shared by the random-game tests: what a system lists as
hidden shows in no view, no narrated line and no card (``/game sheet``) of anyone not
entitled to it, and a disguised game looks the same to a spectator, cards included."""

from __future__ import annotations

import json
from typing import Any

from bot.present.sheets import sheet_text
from rules.core.events import Event
from rules.core.language import Language
from rules.core.secrets import Secret, Spelling
from rules.core.state import GameState
from rules.core.system import GameSystem
from rules.core.visibility import Viewer


def leaks(secret: Secret, text: str, known: frozenset[Spelling] = frozenset()) -> bool:
    """Whether ``text`` spells ``secret`` out in a way its reader did not know already."""
    return any(s.search(text) is not None for s in secret.spellings if s not in known)


def cards(system: GameSystem[Any], state: GameState, viewer: Viewer) -> list[str]:
    """Everything ``/game sheet`` shows ``viewer`` of the game, in every language: the list
    of cards, then each card of the game's own units or characters, as data and as text."""
    shown = []
    for language in Language:
        entries = system.sheets(state, viewer, language)
        shown.append(json.dumps([e.model_dump(mode="json") for e in entries], ensure_ascii=False))
        for entry in entries:
            if not entry.in_game:
                continue
            card = system.sheet(state, viewer, entry.key, language)
            assert card is not None, (system.id, entry.key, viewer)
            shown += [
                json.dumps(card.model_dump(mode="json"), ensure_ascii=False),
                sheet_text(card),
            ]
    return shown


def check_secrets(
    system: GameSystem[Any],
    state: GameState,
    log: list[Event],
    held: dict[str, set[Spelling]] | None = None,
) -> None:
    """``held`` (kept by the caller from one check to the next) gathers the spellings each
    seat has held so far: a seat cannot learn what it holds or held itself (both seats
    drafting the same, say)."""
    secrets = system.secrets(state, log)
    held = {} if held is None else held
    for secret in secrets:
        for seat in secret.holders:
            held.setdefault(seat, set()).update(secret.spellings)
    viewers = [Viewer.spectator(), *(Viewer.of_seat(s) for s in state.seats)]
    for viewer in viewers:
        known = frozenset(held.get(viewer.seat, ())) if viewer.seat else frozenset()
        shown = json.dumps(system.view(state, viewer).model_dump(mode="json"))
        public = [system.describe(e, state) or "" for e in log if e.visibility.allows(viewer)]
        public += cards(system, state, viewer)
        for secret in secrets:
            if viewer.seat in secret.holders:
                continue
            assert not leaks(secret, shown, known), (system.id, secret.what, viewer)
            assert not any(leaks(secret, line, known) for line in public), (secret.what, viewer)
    disguised = system.disguise(state)
    if disguised is not None:
        spectator = Viewer.spectator()
        assert system.view(disguised, spectator) == system.view(state, spectator), system.id
        assert cards(system, disguised, spectator) == cards(system, state, spectator), system.id
