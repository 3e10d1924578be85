"""Field types and the pack header shared by rule packs and table packs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
)

from rules.reference.text import fold

SystemId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=30)]
"""A game system's id: lower case, as in the pack file name ``rules_<system>.json``."""
ItemId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]
"""An entry's or table's id within its system; ``system:id`` stays within 100 characters."""
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
"""A title, alias or section: short enough to be an autocomplete choice."""
SystemName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]


class Titled(BaseModel):
    """What rules entries and tables share: identity, names and the source they cite."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: SystemId
    id: ItemId
    title: Name
    aliases: list[Name] = Field(default_factory=list)
    section: Name

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


class Pack(BaseModel):
    """What every data file starts with: the system it belongs to and that system's name."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: SystemId
    name: SystemName


def duplicates(names: list[str]) -> list[str]:
    """Names that occur more than once once case and accents are ignored, in first-seen order."""
    seen: set[str] = set()
    repeated: list[str] = []
    for name in names:
        key = fold(name)
        if key in seen and name not in repeated:
            repeated.append(name)
        seen.add(key)
    return repeated


def with_system(data: object, key: str) -> object:
    """Copy the pack's ``system`` into each item under ``key`` that does not name one itself."""
    if not isinstance(data, dict):
        return data
    system = data.get("system")
    items = data.get(key)
    if not isinstance(system, str) or not isinstance(items, list):
        return data
    filled = [
        {"system": system, **item} if isinstance(item, dict) and "system" not in item else item
        for item in items
    ]
    return {**data, key: filled}


def check_members(members: Sequence[Titled], system: object, key: str, noun: str) -> None:
    """Every member of a pack belongs to the pack's system and has a unique id."""
    for position, member in enumerate(members):
        if system is not None and member.system != system:
            raise ValueError(
                f"{key}[{position}] (id '{member.id}') belongs to system "
                f"'{member.system}', not '{system}'"
            )
    repeated = duplicates([member.id for member in members])
    if repeated:
        raise ValueError(f"{noun} ids used twice: {', '.join(repeated)}")


def systems_present(names: dict[str, str], members: Iterable[Titled]) -> list[tuple[str, str]]:
    """``(id, display name)`` of every system that has members, sorted by display name."""
    present = {member.system for member in members}
    return sorted(
        ((system, name) for system, name in names.items() if system in present),
        key=lambda pair: fold(pair[1]),
    )
