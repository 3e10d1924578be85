"""Rules entries: one topic each, written as Discord markdown, and the packs that hold them."""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
    model_validator,
)

from rules.core.language import Language, Phrase
from rules.reference.fields import (
    Pack,
    Titled,
    check_members,
    with_system,
)

MAX_BODY = 1500
_SOURCE = Phrase("Source", "Quelle")

Body = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_BODY)]


class RuleEntry(Titled):
    """One rules topic. ``body`` is Discord markdown; ``section`` cites the source."""

    body: Body

    def as_markdown(self, system_name: str, language: Language = Language.ENGLISH) -> str:
        """The entry as a Discord message: title, body, then the source in small print
        (introduced in ``language``, the language the entry is written in)."""
        source = _SOURCE.in_(language)
        return f"**{self.title}** · {system_name}\n{self.body}\n-# {source}: {self.section}"


class RulesPack(Pack):
    """A ``rules_<system>.json`` file: the system's name and its entries."""

    entries: list[RuleEntry] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _fill_system(cls, data: object) -> object:
        return with_system(data, "entries")

    @field_validator("entries")
    @classmethod
    def _consistent(cls, entries: list[RuleEntry], info: ValidationInfo) -> list[RuleEntry]:
        check_members(entries, info.data.get("system"), "entries", "entry")
        return entries
