"""Shared pieces of every system's content schemas: identifiers and the frozen model base."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Ident = Annotated[
    str,
    Field(
        min_length=1,
        max_length=40,
        pattern=r"^[a-z0-9][a-z0-9_-]*$",
        description="Lower-case identifier: letters, digits, '-' and '_'.",
    ),
]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Text = Annotated[str, Field(max_length=600)]
Colour = Annotated[
    str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="An RGB colour such as #3a7bd5.")
]


class ContentModel(BaseModel):
    """Immutable, strict about unknown fields so typing mistakes in packs are caught."""

    model_config = ConfigDict(frozen=True, extra="forbid")
