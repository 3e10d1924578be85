"""What happens in an order-tile game: typed facts with every die they report.

What a player draws, keeps or discards behind the screen is told to that player alone
(``visibility=only(seat)``); the table learns only how many tiles moved.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.events import Event
from rules.grid.facing import Facing
from rules.grid.squares import Square
from rules.orders.content.abilities import AbilityDef
from rules.orders.content.characters import CharacterDef
from rules.orders.content.dice import DieDef
from rules.orders.content.equipment import EquipmentDef
from rules.orders.content.orders import OrderTileDef
from rules.orders.content.terms import DieColour, OrderType
from rules.orders.ground import Ground
from rules.orders.ips_state import Frequency, LaidMarker, RadioMarker, Timer
from rules.orders.state import Fighter, Player


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class GameSet(Event):
    """The generated scenario: the map, the teams with their equipment, the order bag."""

    type: Literal["ot_game_set"] = "ot_game_set"
    reveals: ClassVar[bool] = False
    generator: str
    turns: int
    base_cp: int
    ground: Ground
    dice: tuple[DieDef, ...]
    characters: tuple[CharacterDef, ...]
    order_tiles: tuple[OrderTileDef, ...]
    equipment: tuple[EquipmentDef, ...]
    players: tuple[Player, ...]
    fighters: tuple[Fighter, ...]
    bag: tuple[str, ...]
    lines: tuple[str, ...] = ()  # how the map was built, one line per step
    abilities: tuple[AbilityDef, ...] = ()  # special abilities of the characters in play


class DeployTurn(Event):
    type: Literal["ot_deploy_turn"] = "ot_deploy_turn"
    reveals: ClassVar[bool] = False
    seat: str | None


class MarkerPlaced(Event):
    """A face-down marker goes down; which it is, the seat alone is told (MarkerIs)."""

    type: Literal["ot_marker_placed"] = "ot_marker_placed"
    reveals: ClassVar[bool] = False
    seat: str
    square: Square


class MarkerIs(Event):
    """What the marker just placed is: a character, or a decoy (None). Private."""

    type: Literal["ot_marker_is"] = "ot_marker_is"
    reveals: ClassVar[bool] = False
    seat: str
    square: Square
    fighter: str | None


class ShownMarker(Frozen):
    seat: str
    square: Square
    fighter: str | None


class MarkersRevealed(Event):
    type: Literal["ot_markers_revealed"] = "ot_markers_revealed"
    reveals: ClassVar[bool] = True
    markers: tuple[ShownMarker, ...]


class Faced(Event):
    """A character's facing chosen at deployment, or turned by itself."""

    type: Literal["ot_faced"] = "ot_faced"
    reveals: ClassVar[bool] = False
    fighter: str
    facing: Facing


class TurnBegan(Event):
    type: Literal["ot_turn_began"] = "ot_turn_began"
    reveals: ClassVar[bool] = False
    turn: int
    initiative: str


class BagRefilled(Event):
    """The discard piles go back into the empty bag ([01])."""

    type: Literal["ot_bag_refilled"] = "ot_bag_refilled"
    reveals: ClassVar[bool] = False
    count: int


class TilesDrawn(Event):
    """``count`` order tiles drawn behind ``seat``'s screen (which ones: TilesSeen)."""

    type: Literal["ot_tiles_drawn"] = "ot_tiles_drawn"
    reveals: ClassVar[bool] = False
    seat: str
    count: int
    cost: int = 0  # CP paid (1 during the Activation phase)
    why: Literal["initiative", "redraw", "bought", "discard"] = "initiative"


class TilesSeen(Event):
    """Which tiles ``seat`` drew. Private to the seat."""

    type: Literal["ot_tiles_seen"] = "ot_tiles_seen"
    reveals: ClassVar[bool] = False
    seat: str
    tiles: tuple[str, ...]


class TilesSetAside(Event):
    """The first turn's redraw: the 5 tiles drawn first go back into the bag."""

    type: Literal["ot_tiles_set_aside"] = "ot_tiles_set_aside"
    reveals: ClassVar[bool] = False
    seat: str
    tiles: tuple[str, ...]


class RedrawDeclined(Event):
    type: Literal["ot_redraw_declined"] = "ot_redraw_declined"
    reveals: ClassVar[bool] = False
    seat: str


class DiscardTaken(Event):
    """``seat`` paid 2 CP and took a tile from the discard pile (which: TilesSeen)."""

    type: Literal["ot_discard_taken"] = "ot_discard_taken"
    reveals: ClassVar[bool] = False
    seat: str
    tile: str


class CpReceived(Event):
    """The Initiative phase's CP behind the screen: the base allowance and bonus CP."""

    type: Literal["ot_cp_received"] = "ot_cp_received"
    reveals: ClassVar[bool] = False
    seat: str
    base: int
    bonus: int


class RoundBegan(Event):
    """``seat`` is the active player for the next activation round."""

    type: Literal["ot_round_began"] = "ot_round_began"
    reveals: ClassVar[bool] = False
    seat: str


class Passed(Event):
    type: Literal["ot_passed"] = "ot_passed"
    reveals: ClassVar[bool] = False
    seat: str


class Activated(Event):
    type: Literal["ot_activated"] = "ot_activated"
    reveals: ClassVar[bool] = False
    fighter: str
    first: bool  # its first activation this turn: the card is engaged


class TileAssigned(Event):
    type: Literal["ot_tile_assigned"] = "ot_tile_assigned"
    reveals: ClassVar[bool] = True  # the tile leaves the screen face up
    fighter: str
    tile: str


class Placed(Frozen):
    """CP put on one section: tile ``tile`` (index among the character's tiles), section
    ``section`` (index on the tile)."""

    tile: int
    section: int
    cp: int


class OrderPaid(Event):
    """CP from behind the screen onto sections of the character's tiles for one order."""

    type: Literal["ot_order_paid"] = "ot_order_paid"
    reveals: ClassVar[bool] = False
    fighter: str
    order: OrderType
    placed: tuple[Placed, ...]


class DoorOpened(Event):
    type: Literal["ot_door_opened"] = "ot_door_opened"
    reveals: ClassVar[bool] = False
    a: Square
    b: Square
    sliding: bool


class DoorClosed(Event):
    type: Literal["ot_door_closed"] = "ot_door_closed"
    reveals: ClassVar[bool] = False
    a: Square
    b: Square
    by_itself: bool = False  # a sliding door at the round's end


class Moved(Event):
    type: Literal["ot_moved"] = "ot_moved"
    reveals: ClassVar[bool] = False
    fighter: str
    path: tuple[Square, ...]
    facing: Facing
    points: int  # movement points gained
    used: int


class RoundEnded(Event):
    type: Literal["ot_round_ended"] = "ot_round_ended"
    reveals: ClassVar[bool] = False
    seat: str
    passed: bool = False


class FinalPhase(Event):
    """Final phase steps 02-04: cards disengaged, assigned tiles discarded, CP returned."""

    type: Literal["ot_final_phase"] = "ot_final_phase"
    reveals: ClassVar[bool] = False
    turn: int
    discarded: int


class TilesDiscarded(Event):
    """Final phase step 05: ``seat`` discards tiles from behind the screen (which:
    private TilesSeen is not needed; the count is public)."""

    type: Literal["ot_tiles_discarded"] = "ot_tiles_discarded"
    reveals: ClassVar[bool] = False
    seat: str
    tiles: tuple[str, ...]


class TilesKept(Event):
    """Final phase step 05: the number of tiles ``seat`` keeps, announced."""

    type: Literal["ot_tiles_kept"] = "ot_tiles_kept"
    reveals: ClassVar[bool] = False
    seat: str
    count: int


class MpChanged(Event):
    type: Literal["ot_mp_changed"] = "ot_mp_changed"
    reveals: ClassVar[bool] = False
    seat: str
    amount: int
    why: str


# --- IPS lines, Interact, abilities, power and scrambling ([11], [14], [15], [22]-[24]) ---


class RolledDie(Frozen):
    colour: DieColour
    points: int


class LineResolved(Event):
    """An IPS line used: its CP, the dice rolled and whether the threshold was reached
    (a line without a test always succeeds). ``element`` names a floor element tried, so
    the same character cannot try it again this turn ([11.3])."""

    type: Literal["ot_line_resolved"] = "ot_line_resolved"
    reveals: ClassVar[bool] = False
    fighter: str
    name: str  # what the players call the item, element, room or ability
    line: int  # 1-based among the component's lines
    text: str
    cp: int
    dice: tuple[RolledDie, ...] = ()
    points: int = 0
    threshold: int | None = None
    success: bool
    element: str | None = None
    turn: int = 0


class AbilityPaid(Event):
    """CP from behind the screen onto the character card for a special ability ([14])."""

    type: Literal["ot_ability_paid"] = "ot_ability_paid"
    reveals: ClassVar[bool] = False
    fighter: str
    ability: str
    cp: int


class Switched(Event):
    """A component switched ON or OFF ([11.4])."""

    type: Literal["ot_switched"] = "ot_switched"
    reveals: ClassVar[bool] = False
    component: str
    name: str
    on: bool
    fighter: str | None = None
    turn: int = 0


class ChargeCounted(Event):
    """A charge counter on an item after a successful use; ``used_up`` when the counters
    reach its ammunition icon and it leaves the game ([11.5])."""

    type: Literal["ot_charge_counted"] = "ot_charge_counted"
    reveals: ClassVar[bool] = False
    component: str
    fighter: str
    equipment: str
    used_up: bool


class CpGained(Event):
    """CP from the Bank behind ``seat``'s screen (an IPS effect)."""

    type: Literal["ot_cp_gained"] = "ot_cp_gained"
    reveals: ClassVar[bool] = False
    seat: str
    amount: int
    fighter: str | None = None  # set: only this character may spend them
    why: str = ""


class Healed(Event):
    type: Literal["ot_healed"] = "ot_healed"
    reveals: ClassVar[bool] = False
    fighter: str
    points: int
    healthy_again: bool = False


class MarkerLaid(Event):
    """A mine or charge laid in the carrier's square; ``leaves_carrier`` when its card
    goes beside the board."""

    type: Literal["ot_marker_laid"] = "ot_marker_laid"
    reveals: ClassVar[bool] = False
    marker: LaidMarker
    fighter: str
    leaves_carrier: bool


class MinesArmed(Event):
    """Final phase: the mines laid this turn become live ([24.2])."""

    type: Literal["ot_mines_armed"] = "ot_mines_armed"
    reveals: ClassVar[bool] = False
    markers: tuple[str, ...]


class Exploded(Event):
    """A laid marker goes off in its square and leaves the map ([09.6], [24.2])."""

    type: Literal["ot_exploded"] = "ot_exploded"
    reveals: ClassVar[bool] = False
    marker: str
    equipment: str
    square: Square
    seat: str
    by: str | None = None  # the character whose entering set it off


class BarrierCut(Event):
    """A door or wall section destroyed by an IPS effect ([05.3])."""

    type: Literal["ot_barrier_cut"] = "ot_barrier_cut"
    reveals: ClassVar[bool] = False
    a: Square
    b: Square
    part: Literal["door", "wall"]
    fighter: str


class Reanimated(Event):
    """A body rises as a new character of the raiser's player ([22]): a dead character's
    marker is removed (``body``), or a floor cadaver is used up (``grave``)."""

    type: Literal["ot_reanimated"] = "ot_reanimated"
    reveals: ClassVar[bool] = False
    risen: Fighter
    character: CharacterDef
    body: str | None = None
    grave: str | None = None


class RisenCpGiven(Event):
    """Initiative phase: CP from the Bank that only this risen character may spend, which
    also raise its maximum CP this turn ([22])."""

    type: Literal["ot_risen_cp_given"] = "ot_risen_cp_given"
    reveals: ClassVar[bool] = False
    fighter: str
    amount: int


class TimerSet(Event):
    type: Literal["ot_timer_set"] = "ot_timer_set"
    reveals: ClassVar[bool] = False
    timer: Timer
    name: str


class TimerTicked(Event):
    """Final phase: one time counter comes off ([11.5])."""

    type: Literal["ot_timer_ticked"] = "ot_timer_ticked"
    reveals: ClassVar[bool] = False
    component: str
    line: int
    left: int
    name: str


class PowerRestored(Event):
    """The building's power comes back: every cut so far is made good ([11.6])."""

    type: Literal["ot_power_restored"] = "ot_power_restored"
    reveals: ClassVar[bool] = False
    cuts: int


class ScramblerSwitched(Event):
    """A scrambler of ``seat``'s switched ON or OFF ([15.1], [15.5]); ``ended`` when no
    scrambler of the seat is left ON, so its scrambling and markers end."""

    type: Literal["ot_scrambler_switched"] = "ot_scrambler_switched"
    reveals: ClassVar[bool] = False
    seat: str
    source: str
    on: bool
    ended: bool = False
    why: str = ""


class RadioMarkersPlaced(Event):
    """Initiative phase: ``seat`` puts face-down scrambling markers on these enemies (which
    marker is which: RadioMarkersAre, private to the seat) ([15.2])."""

    type: Literal["ot_radio_markers_placed"] = "ot_radio_markers_placed"
    reveals: ClassVar[bool] = False
    seat: str
    fighters: tuple[str, ...]


class RadioMarkersAre(Event):
    """Which frequency each face-down marker of ``seat``'s shows. Private to the seat."""

    type: Literal["ot_radio_markers_are"] = "ot_radio_markers_are"
    reveals: ClassVar[bool] = False
    seat: str
    markers: tuple[RadioMarker, ...]


class RadioMarkerRevealed(Event):
    """A character's scrambling marker turned face up ([15.3])."""

    type: Literal["ot_radio_marker_revealed"] = "ot_radio_marker_revealed"
    reveals: ClassVar[bool] = True
    seat: str  # the scrambling seat
    fighter: str
    frequency: Frequency


OrdersEvent = Annotated[
    GameSet
    | DeployTurn
    | MarkerPlaced
    | MarkerIs
    | MarkersRevealed
    | Faced
    | TurnBegan
    | BagRefilled
    | TilesDrawn
    | TilesSeen
    | TilesSetAside
    | RedrawDeclined
    | DiscardTaken
    | CpReceived
    | RoundBegan
    | Passed
    | Activated
    | TileAssigned
    | OrderPaid
    | DoorOpened
    | DoorClosed
    | Moved
    | RoundEnded
    | FinalPhase
    | TilesDiscarded
    | TilesKept
    | MpChanged
    | LineResolved
    | AbilityPaid
    | Switched
    | ChargeCounted
    | CpGained
    | Healed
    | MarkerLaid
    | MinesArmed
    | Exploded
    | BarrierCut
    | Reanimated
    | RisenCpGiven
    | TimerSet
    | TimerTicked
    | PowerRestored
    | ScramblerSwitched
    | RadioMarkersPlaced
    | RadioMarkersAre
    | RadioMarkerRevealed,
    Field(discriminator="type"),
]
