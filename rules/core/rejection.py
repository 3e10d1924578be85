"""Refusals: what an engine returns instead of events when an action is not allowed."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.core.language import Language, Phrase, text_in


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


class Translation(BaseModel):
    """A refusal's message and rule in another language than English."""

    model_config = ConfigDict(frozen=True)

    language: Language
    message: str
    rule: str = ""


_LEGAL_NOW = Phrase("Legal now", "Jetzt erlaubt")
_MORE = Phrase(" and {n} more", " und {n} weitere")


class Rejection(BaseModel):
    """An action that was refused. Returned, never raised, and never logged as a game event.

    ``message`` is written for the player who tried (in English); ``rule`` names the rule
    section it comes from; ``legal`` optionally lists what would have been allowed instead.
    ``translations`` hold the message and rule in the other languages the system words
    them in (the rules make a refusal without knowing who reads it).
    """

    model_config = ConfigDict(frozen=True)

    code: RejectionCode
    message: str
    rule: str = ""
    legal: tuple[str, ...] = ()
    translations: tuple[Translation, ...] = ()

    def in_(self, language: Language) -> Rejection:
        """The same refusal with its message and rule in ``language`` where it has them."""
        for translation in self.translations:
            if translation.language is language:
                return self.model_copy(
                    update={"message": translation.message, "rule": translation.rule}
                )
        return self

    def explain(self, limit: int = 1800, language: Language = Language.ENGLISH) -> str:
        """One paragraph for the player: message, rule reference and legal alternatives,
        in ``language`` where the refusal has it."""
        worded = self.in_(language)
        text = worded.message
        if worded.rule:
            text += f" ({worded.rule})"
        if self.legal:
            shown = ", ".join(f"`{item}`" for item in self.legal[:15])
            hidden = len(self.legal) - 15
            more = _MORE.in_(language).format(n=hidden) if hidden > 0 else ""
            text += f"\n{_LEGAL_NOW.in_(language)}: {shown}{more}."
        return text if len(text) <= limit else text[: limit - 1] + "…"


def reject(
    code: RejectionCode,
    message: str | Phrase,
    rule: str | Phrase = "",
    legal: tuple[str, ...] | list[str] = (),
) -> Rejection:
    """Shorthand used by engines: ``return reject(RejectionCode.NOT_YOUR_TURN, "...")``.
    A :class:`~rules.core.language.Phrase` as message or rule gives the refusal its
    German wording too."""
    translations: tuple[Translation, ...] = ()
    if any(isinstance(part, Phrase) and part.german is not None for part in (message, rule)):
        german = Language.GERMAN
        translations = (
            Translation(
                language=german, message=text_in(message, german), rule=text_in(rule, german)
            ),
        )
    return Rejection(
        code=code,
        message=text_in(message, Language.ENGLISH),
        rule=text_in(rule, Language.ENGLISH),
        legal=tuple(legal),
        translations=translations,
    )
