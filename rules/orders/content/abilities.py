"""Special abilities ([14]): named once, referred to by id from character sides; most
carry the IPS line that uses them."""

from __future__ import annotations

from pydantic import Field

from rules.core.content import ContentModel, Ident, Name, Text
from rules.orders.content.ips import IpsLine


class AbilityDef(ContentModel):
    id: Ident
    name: Name
    description: Text = Field(default="", description="The ability in words.")
    ips: tuple[IpsLine, ...] = Field(
        default=(), max_length=3, description="Its IPS lines; the user picks one per use."
    )
