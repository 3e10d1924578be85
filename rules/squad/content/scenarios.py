"""Scenarios: how the sides deploy, where the objectives lie and how a side wins."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core.content import ContentModel, Ident, Name, Text

Deployment = Literal["edges", "corners"]
Victory = Literal["annihilation", "objectives", "breakthrough"]
Fraction = float


class ScenarioDef(ContentModel):
    """``objectives`` are where markers lie, as fractions of the table's width and depth
    (0.5, 0.5 is the centre)."""

    id: Ident
    name: Name
    description: Text = ""
    deployment: Deployment = "edges"
    zone_depth: int = Field(default=10, ge=4, le=18, description="Inches from the edge.")
    victory: Victory
    objectives: tuple[tuple[Fraction, Fraction], ...] = Field(default=(), max_length=6)
    objective_points: int = Field(default=0, ge=0, le=1000, description="Per objective held.")
