"""Mission cards ([12.1], [20.4], [21.2]): a condition and the MP it is worth.

Who may draw a card (``holder``) is the side of the characters a player fields; the
condition is one of a closed set, each with its parameters.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.core.content import ContentModel, Ident, Name, Text
from rules.orders.content.terms import RoomType, Side


class KillAny(ContentModel):
    """A character of ``side`` dies, whoever kills it ([21.2] death missions)."""

    kind: Literal["kill"]
    side: Side | None = Field(default=None, description="Its side; none: any enemy.")


class Eradicate(ContentModel):
    """The holder's own character kills ``character`` ([21.2] eradicate exception)."""

    kind: Literal["eradicate"]
    character: Ident


class DestroyElement(ContentModel):
    """Element ``element`` of tile ``tile`` is destroyed, by anyone."""

    kind: Literal["destroy_element"]
    tile: Ident
    element: Ident


class Capture(ContentModel):
    """The holder takes a prisoner of ``side`` ([17.1])."""

    kind: Literal["capture"]
    side: Side | None = None


class FindEquipment(ContentModel):
    """A character of the holder carries ``equipment``."""

    kind: Literal["find_equipment"]
    equipment: Ident


class SearchRoom(ContentModel):
    """A character of the holder takes equipment in a search of a room of this type."""

    kind: Literal["search_room"]
    room: RoomType


class ExitMap(ContentModel):
    """``count`` of the holder's characters leave the map ([05.4])."""

    kind: Literal["exit_map"]
    count: int = Field(ge=1, le=4)


class HoldTile(ContentModel):
    """At the end of the game a character of the holder stands on tile ``tile``."""

    kind: Literal["hold_tile"]
    tile: Ident


MissionCondition = Annotated[
    KillAny
    | Eradicate
    | DestroyElement
    | Capture
    | FindEquipment
    | SearchRoom
    | ExitMap
    | HoldTile,
    Field(discriminator="kind"),
]


class MissionDef(ContentModel):
    id: Ident
    name: Name
    description: Text = ""
    holder: Side | Literal["either"] = Field(description="Who may draw it.")
    condition: MissionCondition
    mp: int = Field(ge=1, le=12, description="MP gained at once when fulfilled.")
    count: int = Field(default=1, ge=1, le=4, description="Copies in the mission deck.")
