"""A pending undo request as stored in the ``games`` row, and the note left when one lapses.

A request names the game version it was asked at: it is stored under the same
compare-and-set as every change (:meth:`bot.store.database.Database.set_undo_request`),
and approving it is refused once the game has moved past that version. When somebody acts
while a request waits, the action's reply says the request lapsed and why, and the row
keeps that note (instead of the request) until the next change, so a late approval or
question is told the same.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.messages import Message, as_is, said


@dataclass(frozen=True, slots=True)
class UndoRequest:
    by_seat: str
    by_user: int
    batches: tuple[int, ...]  # the action batches to take back, in order
    labels: tuple[str, ...]  # each as the channel reads it: `notation` (Seat)
    version: int  # the game version the request was asked at
    fresh_dice: bool = False  # rolls are taken back: the dice stream moves on
    approvals: tuple[str, ...] = field(default=())

    def to_json(self) -> str:
        return json.dumps(
            {
                "by_seat": self.by_seat,
                "by_user": self.by_user,
                "batches": list(self.batches),
                "labels": list(self.labels),
                "version": self.version,
                "fresh_dice": self.fresh_dice,
                "approvals": list(self.approvals),
            }
        )


@dataclass(frozen=True, slots=True)
class LapsedRequest:
    """What is left of a request once somebody acted: the sentence saying so (as a
    message; one an earlier release stored is its English text)."""

    said: Message

    @property
    def text(self) -> str:
        return self.said.english

    def to_json(self) -> str:
        return json.dumps({"lapsed": self.text, "said": self.said.to_json()})


def read_request(stored: str | None) -> UndoRequest | LapsedRequest | None:
    """The row's ``undo_request``: a pending request, a lapse note, or nothing.

    Requests stored by earlier releases name no version; they read as lapsed, since
    nothing says whether the game moved on after them.
    """
    if not stored:
        return None
    data: dict[str, Any] = json.loads(stored)
    if "lapsed" in data:
        kept = data.get("said")
        return LapsedRequest(
            Message.from_json(kept) if isinstance(kept, dict) else as_is(str(data["lapsed"]))
        )
    if "version" not in data:
        return LapsedRequest(
            said(
                "The pending undo request was made before an update of the bot and has "
                "lapsed; ask again with `/game undo`."
            )
        )
    return UndoRequest(
        by_seat=str(data["by_seat"]),
        by_user=int(data["by_user"]),
        batches=tuple(int(b) for b in data["batches"]),
        labels=tuple(str(label) for label in data.get("labels", ())),
        version=int(data["version"]),
        fresh_dice=bool(data.get("fresh_dice", False)),
        approvals=tuple(str(s) for s in data.get("approvals", ())),
    )
