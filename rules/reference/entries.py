"""Rules entries: one topic each, written as Discord markdown, and the packs that hold them."""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
    model_validator,
)

from rules.reference.fields import (
    ItemId,
    Name,
    Pack,
    SystemId,
    check_members,
    duplicates,
    with_system,
)

MAX_BODY = 1500

Body = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_BODY)]


class RuleEntry(BaseModel):
    """One rules topic. ``body`` is Discord markdown; ``section`` cites the source."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: SystemId
    id: ItemId
    title: Name
    aliases: list[Name] = Field(default_factory=list)
    section: Name
    body: Body

    @field_validator("aliases")
    @classmethod
    def _aliases_distinct(cls, aliases: list[str], info: ValidationInfo) -> list[str]:
        title = info.data.get("title")
        repeated = duplicates([title, *aliases] if isinstance(title, str) else aliases)
        if repeated:
            raise ValueError(f"repeats the title or another alias: {', '.join(repeated)}")
        return aliases

    @property
    def key(self) -> str:
        """``system:id``, the value an autocomplete choice carries."""
        return f"{self.system}:{self.id}"

    def as_markdown(self, system_name: str) -> str:
        """The entry as a Discord message: title, body, then the source in small print."""
        return f"**{self.title}** · {system_name}\n{self.body}\n-# Source: {self.section}"


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
