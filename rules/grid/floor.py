"""Floor elements: things printed on the floor that may stop movement or sight. An element
covers one or more squares; once destroyed, every square it covered is plain floor."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.grid.squares import Square


class FloorElement(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=60)
    squares: frozenset[Square] = Field(min_length=1)
    blocks_movement: bool = False
    blocks_sight: bool = False
    destroyed: bool = False

    @property
    def stops_movement(self) -> bool:
        return self.blocks_movement and not self.destroyed

    @property
    def stops_sight(self) -> bool:
        return self.blocks_sight and not self.destroyed
