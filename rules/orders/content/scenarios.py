"""The scenario generator's parameters ([20], [21]) as data, one set per player count.

Numbers the source gives are checked against it in the tests; where it is silent (how
many characters and missions each player takes) the pack's numbers are ours and the
README says so.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Name, Text


class DoorDraw(ContentModel):
    large: int = Field(ge=0, le=6)
    small: int = Field(ge=0, le=10)


class GeneratorDef(ContentModel):
    id: Ident
    name: Name
    description: Text = ""
    players: Literal[2, 3, 4]
    columns: int = Field(default=16, ge=8, le=16, description="Board frame width.")
    rows: int = Field(default=20, ge=8, le=20, description="Board frame height.")
    starting_mp: int = Field(ge=0, le=60)
    base_cp: int = Field(ge=1, le=30, description="CP each Initiative phase before bonuses.")
    turns: int = Field(ge=1, le=12)
    decoys: int = Field(ge=0, le=4, description="Decoy markers each player deploys.")
    marker_distance: int = Field(
        default=0, ge=0, le=8, description="Least distance between players' markers."
    )
    door_draw: DoorDraw | None = Field(
        default=None, description="Door markers each player draws from the bag (3/4)."
    )
    door_mp_costs: bool = Field(description="Door MP icons count while building.")
    missing_door_mp: int = Field(ge=0, le=5, description="MP lost for a door not placed.")
    tile_icon_rule: Literal["printed", "constructor_plus_one"] = Field(
        description="printed: the tile's MP icon; constructor_plus_one: +1 to the "
        "constructor, -1 to each other player."
    )
    borers: Literal["attacker_takes_all", "one_each"]
    magnetic_cards: int = Field(ge=0, le=4, description="Given to the defender at set-up.")
    equipment_per_character: int = Field(ge=0, le=3, description="At most, at set-up.")
    initiative: Literal["defender", "duel"]
    multiple_levels: bool = False
    characters_per_player: int = Field(ge=2, le=12, description="Ours; the source is silent.")
    missions_per_player: int = Field(ge=1, le=6, description="Ours; the source is silent.")

    @model_validator(mode="after")
    def _fits_player_count(self) -> GeneratorDef:
        if (self.players == 2) == (self.door_draw is not None):
            raise ValueError("players draw door markers in the 3/4-player generator only")
        return self
