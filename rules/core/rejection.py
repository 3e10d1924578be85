"""Refusals: what an engine returns instead of events when an action is not allowed."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class RejectionCode(StrEnum):
    """Stable machine-readable reasons; the message says the rest in words."""

    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    NOT_SEATED = "NOT_SEATED"
    ILLEGAL_MOVE = "ILLEGAL_MOVE"
    UNKNOWN_ACTION = "UNKNOWN_ACTION"
    BAD_ARGUMENT = "BAD_ARGUMENT"
    ALREADY_DONE = "ALREADY_DONE"
    CANNOT_AFFORD = "CANNOT_AFFORD"  # the action costs more than the seat has (points, cards)
    OUT_OF_RANGE = "OUT_OF_RANGE"
    NO_LINE_OF_SIGHT = "NO_LINE_OF_SIGHT"
    WRONG_PHASE = "WRONG_PHASE"
    GAME_OVER = "GAME_OVER"


class Rejection(BaseModel):
    """An action that was refused. Returned, never raised, and never logged as a game event.

    ``message`` is written for the player who tried; ``rule`` names the rule section it
    comes from; ``legal`` optionally lists what would have been allowed instead.
    """

    model_config = ConfigDict(frozen=True)

    code: RejectionCode
    message: str
    rule: str = ""
    legal: tuple[str, ...] = ()

    def explain(self, limit: int = 1800) -> str:
        """One paragraph for the player: message, rule reference and legal alternatives."""
        text = self.message
        if self.rule:
            text += f" ({self.rule})"
        if self.legal:
            shown = ", ".join(f"`{item}`" for item in self.legal[:15])
            more = f" and {len(self.legal) - 15} more" if len(self.legal) > 15 else ""
            text += f"\nLegal now: {shown}{more}."
        return text if len(text) <= limit else text[: limit - 1] + "…"


def reject(
    code: RejectionCode, message: str, rule: str = "", legal: tuple[str, ...] | list[str] = ()
) -> Rejection:
    """Shorthand used by engines: ``return reject(RejectionCode.NOT_YOUR_TURN, "...")``."""
    return Rejection(code=code, message=message, rule=rule, legal=tuple(legal))
