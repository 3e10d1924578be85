"""Order tiles: two to four sections, each an order type, a colour and a printed CP
maximum ([02.2]); ``count`` copies of each tile go into the bag."""

from __future__ import annotations

from pydantic import Field

from rules.core.content import ContentModel, Ident
from rules.orders.content.terms import OrderColour, OrderType

MAX_SECTION_CP = 4
"""The highest printed maximum: a search takes 1 to 4 CP ([13.3]), and we print no
section higher than that for any order."""


class OrderSection(ContentModel):
    order: OrderType = Field(description="move, close_combat, shoot, search or interact.")
    colour: OrderColour = Field(description="black, red or gold.")
    max_cp: int = Field(ge=1, le=MAX_SECTION_CP, description="The printed CP maximum.")


class OrderTileDef(ContentModel):
    id: Ident
    sections: tuple[OrderSection, ...] = Field(
        min_length=2, max_length=4, description="The tile's order sections, top to bottom."
    )
    count: int = Field(default=1, ge=1, le=10, description="Copies of this tile in the bag.")
