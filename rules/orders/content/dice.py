"""Dice as data: the six faces of each die colour, with their points and icons.

The source names die colours and the points they give but not their faces; every
distribution here is ours (see the content README).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Name, Text
from rules.orders.content.terms import DieColour

DieIcon = Literal["critical", "out_of_ammo", "flip", "shuffle", "spy"]
"""``critical``: a critical hit (one wound straight away, 3 hits against doors, walls and
floor elements); ``out_of_ammo``: rolled while targeting, the weapon runs dry; ``flip``,
``shuffle``, ``spy``: the search icons of [13.4]."""


class DieFace(ContentModel):
    points: int = Field(ge=0, le=4, description="Points (hits, range, test or search points).")
    icons: tuple[DieIcon, ...] = Field(
        default=(), max_length=2, description="Icons printed beside the points."
    )


class DieDef(ContentModel):
    """One die colour: exactly six faces."""

    colour: DieColour = Field(description="The die colour; one definition per colour.")
    name: Name
    description: Text = ""
    faces: tuple[DieFace, ...] = Field(
        min_length=6, max_length=6, description="The six faces, in no particular order."
    )

    @model_validator(mode="after")
    def _icons_once(self) -> DieDef:
        for index, face in enumerate(self.faces):
            if len(set(face.icons)) != len(face.icons):
                raise ValueError(f"face {index + 1} shows the same icon twice")
        return self

    @property
    def id(self) -> str:
        """Dice are known by colour; the merge keys them by it."""
        return self.colour

    def average(self) -> float:
        return sum(face.points for face in self.faces) / 6
