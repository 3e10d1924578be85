"""What IPS lines leave on the table ([11.4]-[11.6], [15], [22], [24.2]): ON/OFF states,
charge and time counters, the floor elements each character tried this turn, mines and
charges lying on the map, empty graves, the building's power and radio scrambling.

Components are known by a key: ``item:<character>:<equipment>`` for an item a character
carries, ``element:<tile key>:<element>`` for a floor element, ``room:<tile key>`` for a
room's own lines, ``marker:<n>`` for a mine or charge laid on the map.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.grid.squares import Square

Frequency = Literal["clear", "listening", "scrambled"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class LaidMarker(Frozen):
    """A mine or charge on the map: ``armed`` once live (a mine from the Final phase
    after it was laid)."""

    key: str
    kind: Literal["mine", "charge"]
    equipment: str
    seat: str
    square: Square
    armed: bool


class Timer(Frozen):
    """Time counters on line ``line`` of a component: the effect happens when the last
    comes off ([11.5])."""

    component: str
    line: int
    left: int
    fighter: str


class RadioMarker(Frozen):
    """A scrambling marker face down on an enemy character ([15.2])."""

    fighter: str
    frequency: Frequency
    revealed: bool = False


class Scrambling(Frozen):
    """One seat's radio scrambling while a scrambler of its is ON ([15])."""

    seat: str
    sources: tuple[str, ...] = ()  # components switched ON that scramble for the seat
    markers: tuple[RadioMarker, ...] = ()


class IpsState(Frozen):
    switched: dict[str, bool] = Field(default_factory=dict)  # overrides starts_on
    counters: dict[str, int] = Field(default_factory=dict)  # charge counters per item
    timers: tuple[Timer, ...] = ()
    tried: tuple[tuple[int, str, str], ...] = ()  # (turn, character, element key)
    laid: tuple[LaidMarker, ...] = ()
    laid_count: int = 0  # markers ever laid, naming the next one
    graves: dict[str, int] = Field(default_factory=dict)  # <element key>@<square> -> raised
    power_restored: int = 0  # power cuts already made good by a restore
    switched_off_by: tuple[tuple[int, str, str], ...] = ()  # (turn, character, component)
    earmarked: tuple[tuple[int, str, int], ...] = ()  # (turn, character, CP only it spends)
    scrambling: tuple[Scrambling, ...] = ()

    def earmarked_cp(self, turn: int, fighter: str) -> int:
        """CP given this turn that only ``fighter`` may spend (which raise its maximum)."""
        return sum(cp for t, f, cp in self.earmarked if t == turn and f == fighter)

    def scrambling_of(self, seat: str) -> Scrambling | None:
        return next((s for s in self.scrambling if s.seat == seat), None)
