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
from rules.orders.content.characters import CharacterDef
from rules.orders.content.dice import DieDef
from rules.orders.content.equipment import EquipmentCardDef, EquipmentDef
from rules.orders.content.missions import MissionDef
from rules.orders.content.orders import OrderTileDef
from rules.orders.content.terms import OrderType, RoomType
from rules.orders.ground import Ground
from rules.orders.state import DeckCard, Fighter, Player


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


class SearchDeckSet(Event):
    """[13.2] The equipment cards not handed out form the search deck, in this order and
    with these sides up (top first). Told to nobody: only the top card is ever shown."""

    type: Literal["ot_search_deck_set"] = "ot_search_deck_set"
    reveals: ClassVar[bool] = False
    cards: tuple[DeckCard, ...]
    card_defs: tuple[EquipmentCardDef, ...]
    equipment: tuple[EquipmentDef, ...]


class DeckTop(Event):
    """The search deck's top card, visible to all ([13.2]); None: the deck is empty."""

    type: Literal["ot_deck_top"] = "ot_deck_top"
    reveals: ClassVar[bool] = True
    item: str | None
    cards: int


class DeckArranged(Event):
    """The first ``len(cards)`` cards of the search deck are now these (a shuffle: the
    whole deck; a spy's reordering: the cards looked at). Told to nobody, or to the spy."""

    type: Literal["ot_deck_arranged"] = "ot_deck_arranged"
    reveals: ClassVar[bool] = False
    cards: tuple[DeckCard, ...]
    why: Literal["shuffle", "spy"]


class DeckCycled(Event):
    """[13.3] step 05: the top ``count`` cards go under the deck, same side up."""

    type: Literal["ot_deck_cycled"] = "ot_deck_cycled"
    reveals: ClassVar[bool] = False
    fighter: str
    count: int


class DeckFlipped(Event):
    """[13.4] the flip icon: every card of the deck turned over, order kept."""

    type: Literal["ot_deck_flipped"] = "ot_deck_flipped"
    reveals: ClassVar[bool] = False
    fighter: str


class Searched(Event):
    """[13.3] steps 01-03: a Search order's black dice and what they gave."""

    type: Literal["ot_searched"] = "ot_searched"
    reveals: ClassVar[bool] = True
    fighter: str
    dice: int
    points: int
    flips: int
    shuffles: int
    spies: int


class EquipmentFound(Event):
    """[13.3] step 07: the searcher takes the visible card's item (the deck's top)."""

    type: Literal["ot_equipment_found"] = "ot_equipment_found"
    reveals: ClassVar[bool] = True
    fighter: str
    item: str
    card: str
    rooms: tuple[RoomType, ...]


class EquipmentDropped(Event):
    """[06] equipment dropped over the weight allowance (``under``: its card goes under
    the search deck with that item up) or lost when leaving the map."""

    type: Literal["ot_equipment_dropped"] = "ot_equipment_dropped"
    reveals: ClassVar[bool] = False
    fighter: str
    item: str
    under: bool


class EquipmentPassed(Event):
    """[05.2]/[06] an item (None: a magnetic card) passes from ``source`` (a friend or a
    dead character's marker) to ``to``."""

    type: Literal["ot_equipment_passed"] = "ot_equipment_passed"
    reveals: ClassVar[bool] = False
    source: str
    to: str
    item: str | None


class SpyPoints(Event):
    """[12.2] spy points gained, to be used at once."""

    type: Literal["ot_spy_points"] = "ot_spy_points"
    reveals: ClassVar[bool] = False
    seat: str
    points: int


class DeckSpied(Event):
    """[12.2] the spy's secret look at the top cards of the search deck, both sides."""

    type: Literal["ot_deck_spied"] = "ot_deck_spied"
    reveals: ClassVar[bool] = True
    seat: str
    cards: tuple[DeckCard, ...]


class MissionSpied(Event):
    """[12.2]/[20.4] the spy's secret look at one random enemy mission card."""

    type: Literal["ot_mission_spied"] = "ot_mission_spied"
    reveals: ClassVar[bool] = True
    seat: str
    owner: str
    mission: str


class MissionDeckSet(Event):
    """The mission cards of the game's packs, as content entering the game."""

    type: Literal["ot_mission_deck_set"] = "ot_mission_deck_set"
    reveals: ClassVar[bool] = False
    missions: tuple[MissionDef, ...]


class MissionsDrawn(Event):
    """``seat`` draws ``count`` mission cards (which: MissionsSeen, private)."""

    type: Literal["ot_missions_drawn"] = "ot_missions_drawn"
    reveals: ClassVar[bool] = False
    seat: str
    count: int


class MissionsSeen(Event):
    type: Literal["ot_missions_seen"] = "ot_missions_seen"
    reveals: ClassVar[bool] = False
    seat: str
    missions: tuple[str, ...]


class MissionFulfilled(Event):
    """A mission card fulfilled: shown to all, its MP scored at once (MpChanged)."""

    type: Literal["ot_mission_fulfilled"] = "ot_mission_fulfilled"
    reveals: ClassVar[bool] = True
    seat: str
    mission: str


class Exited(Event):
    """[05.4] the character leaves the map from ``via``: safe, never back, its equipment
    gone."""

    type: Literal["ot_exited"] = "ot_exited"
    reveals: ClassVar[bool] = False
    fighter: str
    via: Square


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
    | SearchDeckSet
    | DeckTop
    | DeckArranged
    | DeckCycled
    | DeckFlipped
    | Searched
    | EquipmentFound
    | EquipmentDropped
    | EquipmentPassed
    | SpyPoints
    | DeckSpied
    | MissionSpied
    | MissionDeckSet
    | MissionsDrawn
    | MissionsSeen
    | MissionFulfilled
    | Exited,
    Field(discriminator="type"),
]
