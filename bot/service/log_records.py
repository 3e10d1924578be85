"""The records a batch appends to a game's log: notes in words and engine events."""

from __future__ import annotations

import json
from typing import Any

from bot.messages import Message
from bot.service.loaded import scope_of
from bot.service.player import Player
from bot.store.records import NewRecord
from rules.core.actions import Action
from rules.core.events import Event


def meta_record(player: Player | None, text: Message, **extra: Any) -> NewRecord:
    """A public note such as "alice joined as Red", with any ``extra`` fields: its English
    words and its message, which the log words again in each reader's language."""
    payload = {"text": text.english, "said": text.to_json(), **extra}
    return NewRecord(
        kind="meta",
        seat=None,
        user_id=player.user_id if player else None,
        scope="public",
        payload=json.dumps(payload),
    )


def action_record(seat: str, user_id: int, notation: str, action: Action) -> NewRecord:
    """A seat's accepted action, as typed and as read, visible to whom the action says.
    The payload is put together from the two JSON texts: the action's own, as pydantic
    writes it in one pass, beside the notation's."""
    return NewRecord(
        kind="action",
        seat=seat,
        user_id=user_id,
        scope=f"seats:{seat}" if action.private else "public",
        payload=f'{{"notation": {json.dumps(notation)}, "action": {action.model_dump_json()}}}',
    )


def event_record(seat: str | None, user_id: int | None, event: Event) -> NewRecord:
    """An engine event, visible to whom the event says."""
    return NewRecord(
        kind="event",
        seat=seat,
        user_id=user_id,
        scope=scope_of(event.visibility),
        payload=event.model_dump_json(),
    )
