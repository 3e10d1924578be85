"""Factions, affiliations and characters (source 000, "Characters", "Mercenaries")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import Colour, ContentModel, Ident, Name, Text
from rules.tannhauser.content.skills import Skill
from rules.tannhauser.content.stats import Row

Kind = Literal["hero", "trooper"]
PackKind = Literal["combat", "stamina", "command"]
PACK_KINDS: tuple[PackKind, ...] = ("combat", "stamina", "command")
ROWS = {"hero": 4, "trooper": 3}


class FactionDef(ContentModel):
    id: Ident
    name: Name
    colour: Colour
    description: Text = ""


class AffiliationDef(ContentModel):
    """A unit a character belongs to, shown as an affiliation symbol."""

    id: Ident
    name: Name
    symbol: str = Field(default="◆", min_length=1, max_length=2)


class Packs(ContentModel):
    """The three equipment packs; the special object is added to each automatically."""

    combat: tuple[Ident, ...] = Field(max_length=8)
    stamina: tuple[Ident, ...] = Field(max_length=8)
    command: tuple[Ident, ...] = Field(max_length=8)

    def of(self, kind: PackKind) -> tuple[str, ...]:
        items: tuple[str, ...] = getattr(self, kind)
        return items


class CharacterDef(ContentModel):
    """A character sheet. Mercenaries have no faction; ``loyal_to`` names the faction a
    faction-loyal mercenary will not fight against."""

    id: Ident
    name: Name
    kind: Kind
    faction: Ident | None = None
    mercenary: bool = False
    loyal_to: Ident | None = None
    rows: tuple[Row, ...]
    skills: tuple[Skill, ...] = ()
    affiliations: tuple[Ident, ...] = Field(min_length=1)
    slots: int = Field(default=4, ge=1, le=6)
    special_object: Ident
    packs: Packs
    description: Text = ""

    @model_validator(mode="after")
    def _sheet(self) -> CharacterDef:
        if len(self.rows) != ROWS[self.kind]:
            raise ValueError(
                f"a {self.kind} has {ROWS[self.kind]} health rows, this sheet has {len(self.rows)}"
            )
        if self.mercenary and self.faction is not None:
            raise ValueError("a mercenary has no faction (use loyal_to for faction loyalty)")
        if not self.mercenary and self.faction is None:
            raise ValueError("a character who is not a mercenary needs a faction")
        if self.loyal_to is not None and not self.mercenary:
            raise ValueError("only mercenaries can be faction loyal")
        for kind in PACK_KINDS:
            items = self.packs.of(kind)
            if self.special_object in items:
                raise ValueError(f"the {kind} pack lists the special object; it is added anyway")
            if len(items) + 1 > self.slots:
                raise ValueError(
                    f"the {kind} pack has {len(items)} tokens plus the special object, "
                    f"more than the {self.slots} equipment slots"
                )
        return self

    def pack(self, kind: PackKind) -> tuple[str, ...]:
        """The tokens a pack puts in the slots, special object first."""
        return (self.special_object, *self.packs.of(kind))
