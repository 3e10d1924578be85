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

from bot.service.loaded import LoadedGame
from bot.store.records import LogRow
from rules.core.names import listing
from rules.core.wording import plural

MAX_LISTED = 12  # actions named one by one; the rest are counted

# "↩️ Red (alice) took back 2 action(s) with the other players' approval." and its kin
_EARLIER = re.compile(r"^↩️ (?P<who>.+?) took back \d+ actions?(?:\(s\))?(?P<how>.*)\.$")
_HOLDER = re.compile(r"\((?P<name>[^()]+)\)$")


def action_label(game: LoadedGame, row: LogRow) -> str:
    """An action as the channel may read it; a private one (a secret pick) is not spelt."""
    who = game.system.seat_label(row.seat) if row.seat else "?"
    if row.scope != "public":
        return f"a secret choice by {who}"
    notation = str(json.loads(row.payload).get("notation", "")).replace("`", "'")
    if len(notation) > 60:
        notation = notation[:59] + "…"
    return f"{who}'s `{notation}`"


def listed(labels: tuple[str, ...] | list[str]) -> str:
    """``A, B and C``; past :data:`MAX_LISTED`, the rest counted."""
    items = list(labels)
    if len(items) > MAX_LISTED:
        return listing(items, MAX_LISTED)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}"


def name_of(game: LoadedGame, seat: str) -> str:
    """The member holding ``seat`` (its label if nobody does)."""
    row = game.user_of(seat)
    return row.name if row else game.system.seat_label(seat)


def undo_text(asker: str, labels: list[str], approved_by: list[str] | None) -> str:
    """``↩️ alice took back 2 actions: Red's `step` and Blue's `end` (asked by alice,
    approved by bob).``; ``approved_by`` None for an undo nobody had to approve."""
    how = f" (asked by {asker}, approved by {listed(approved_by)})" if approved_by else ""
    return f"↩️ {asker} took back {plural(len(labels), 'action')}: {listed(labels)}{how}."


def undo_payload(batches: list[int], text: str, asker: str, approved_by: list[str] | None) -> str:
    """An undo record's payload: the batches, the line and the names it was made from."""
    return json.dumps(
        {"batches": batches, "text": text, "asked_by": asker, "approved_by": approved_by}
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


def note_text(kind: str, payload: dict[str, Any]) -> str:
    """A stored note's line as written. Undo notes written before counts were worded
    properly ("took back 1 action(s)") read in today's words ("took back 1 action")."""
    text = str(payload["text"])
    batches = payload.get("batches")
    if kind == "undo" and isinstance(batches, list):
        count = len(batches)
        text = text.replace(f"{count} action(s)", plural(count, "action"))
    return text


def record_note(game: LoadedGame, row: LogRow, actions: Mapping[int, LogRow]) -> str:
    """The log line of a note record (``meta`` or ``undo``); an earlier release's undo
    record in today's words when ``actions`` holds the action records it took back."""
    payload = json.loads(row.payload)
    if row.kind != "undo" or "asked_by" in payload:
        return note_text(row.kind, payload)
    found = _EARLIER.match(str(payload["text"]))
    taken = [actions.get(int(b)) for b in payload["batches"]]
    if found is None or any(a is None or a.kind != "action" for a in taken):
        return note_text(row.kind, payload)
    holder = _HOLDER.search(found["who"])
    asker = holder["name"] if holder else found["who"]
    approved_by = None
    if found["how"]:
        last = next((s.name for s in game.seats if s.user_id == row.user_id), None)
        only = last is not None and last != asker and len(game.seats) == 2
        approved_by = [last] if only and last is not None else ["the other players"]
    labels = [action_label(game, a) for a in taken if a is not None]
    return undo_text(asker, labels, approved_by)
