"""How an undo is worded, in the channel when it is done and in the log afterwards.

An undo names every action it took back and whose it was (``Red's `step```; a secret
action only as ``a secret choice by Blue``), who asked and, when the others had to agree,
who approved. Its log record keeps those words and the names they came from; a record
written by an earlier release, which said only "Red (alice) took back 2 actions with the
other players' approval.", is read in today's words from what the log knows: the action
records of the batches it names, the asker in its text, and the member who approved last
(with two seats, the only one who had to).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from bot.messages import Message, Value, and_list, joined, said, said_n
from bot.service.loaded import LoadedGame
from bot.store.records import LogRow
from rules.core.language import Language
from rules.core.wording import plural

MAX_LISTED = 12  # actions named one by one; the rest are counted

# "↩️ Red (alice) took back 2 action(s) with the other players' approval." and its kin
_EARLIER = re.compile(r"^↩️ (?P<who>.+?) took back \d+ actions?(?:\(s\))?(?P<how>.*)\.$")
_HOLDER = re.compile(r"\((?P<name>[^()]+)\)$")


def action_label(game: LoadedGame, row: LogRow) -> Message:
    """An action as the channel may read it; a private one (a secret pick) is not spelt."""
    who = game.system.seat_label(row.seat) if row.seat else "?"
    if row.scope != "public":
        return said("a secret choice by {side}", side=who)
    notation = str(json.loads(row.payload).get("notation", "")).replace("`", "'")
    if len(notation) > 60:
        notation = notation[:59] + "…"
    return said("{side}'s `{notation}`", side=who, notation=notation)


def listed(labels: tuple[Value, ...] | list[Value]) -> Value:
    """``A, B and C``; past :data:`MAX_LISTED`, the rest counted."""
    items = list(labels)
    if len(items) > MAX_LISTED:
        return said(
            "{listed} and {more} more",
            listed=joined(items[:MAX_LISTED]),
            more=len(items) - MAX_LISTED,
        )
    return and_list(items)


def name_of(game: LoadedGame, seat: str) -> str:
    """The member holding ``seat`` (its label if nobody does)."""
    row = game.user_of(seat)
    return row.name if row else game.system.seat_label(seat)


def undo_text(asker: str, labels: list[Message], approved_by: list[Value] | None) -> Message:
    """``↩️ alice took back 2 actions: Red's `step` and Blue's `end` (asked by alice,
    approved by bob).``; ``approved_by`` None for an undo nobody had to approve."""
    taken = said_n(
        len(labels),
        "↩️ {asker} took back {count} action: {listed}",
        "↩️ {asker} took back {count} actions: {listed}",
        asker=asker,
        listed=listed(list(labels)),
    )
    if not approved_by:
        return said("{taken}.", taken=taken)
    return said(
        "{taken} (asked by {asker}, approved by {approved}).",
        taken=taken,
        asker=asker,
        approved=listed(approved_by),
    )


def undo_payload(
    batches: list[int], text: Message, asker: str, approved_by: list[str] | None
) -> str:
    """An undo record's payload: the batches, the line (in English and as a message, worded
    again for each reader of the log) and the names it was made from."""
    return json.dumps(
        {
            "batches": batches,
            "text": text.english,
            "said": text.to_json(),
            "asked_by": asker,
            "approved_by": approved_by,
        }
    )


def batches_to_name(rows: list[LogRow]) -> set[int]:
    """The batches whose action records the earlier-release undo records in ``rows`` need
    to be read in today's words (an action record is the first of its batch: its ``seq``
    is the batch)."""
    wanted: set[int] = set()
    for row in rows:
        if row.kind == "undo":
            payload = json.loads(row.payload)
            if "asked_by" not in payload:
                wanted.update(int(b) for b in payload["batches"])
    return wanted


def note_text(kind: str, payload: dict[str, Any], language: Language = Language.ENGLISH) -> str:
    """A stored note's line in ``language``: from its message where it keeps one, else as
    written (in English). Undo notes written before counts were worded properly ("took
    back 1 action(s)") read in today's words ("took back 1 action")."""
    if isinstance(payload.get("said"), dict):
        return Message.from_json(payload["said"]).in_(language)
    text = str(payload["text"])
    batches = payload.get("batches")
    if kind == "undo" and isinstance(batches, list):
        count = len(batches)
        text = text.replace(f"{count} action(s)", plural(count, "action"))
    return text


def record_note(
    game: LoadedGame,
    row: LogRow,
    actions: Mapping[int, LogRow],
    language: Language = Language.ENGLISH,
) -> str:
    """The log line of a note record (``meta`` or ``undo``) in ``language``; an earlier
    release's undo record in today's words when ``actions`` holds the action records it
    took back."""
    payload = json.loads(row.payload)
    if row.kind != "undo" or "asked_by" in payload:
        return note_text(row.kind, payload, language)
    found = _EARLIER.match(str(payload["text"]))
    taken = [actions.get(int(b)) for b in payload["batches"]]
    if found is None or any(a is None or a.kind != "action" for a in taken):
        return note_text(row.kind, payload, language)
    holder = _HOLDER.search(found["who"])
    asker = holder["name"] if holder else found["who"]
    approved_by: list[Value] | None = None
    if found["how"]:
        last = next((s.name for s in game.seats if s.user_id == row.user_id), None)
        only = last is not None and last != asker and len(game.seats) == 2
        approved_by = [last] if only and last is not None else [said("the other players")]
    labels = [action_label(game, a) for a in taken if a is not None]
    return undo_text(asker, labels, approved_by).in_(language)
