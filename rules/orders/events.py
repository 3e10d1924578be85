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
from rules.orders.content.dice import DieDef, DieFace
from rules.orders.content.equipment import EquipmentCardDef, EquipmentDef
from rules.orders.content.missions import MissionDef
from rules.orders.content.orders import OrderTileDef
from rules.orders.content.terms import CombatArc, DieColour, OrderType, RoomType
from rules.orders.frames import Bid, DuelKind
from rules.orders.ground import Ground
from rules.orders.ips_state import Frequency, LaidMarker, RadioMarker, Timer
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
    paused: bool = False  # stopped on an interruption chance; the rest may follow


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


class Wounded(Event):
    """``count`` wound counters go on a character's card ([07.1]); ``cause`` says why
    (close combat, a critical hit, a shot ...)."""

    type: Literal["ot_wounded"] = "ot_wounded"
    reveals: ClassVar[bool] = False
    fighter: str
    count: int
    cause: str


class Flipped(Event):
    """The card turns to its Wounded side; ``carried`` wounds beyond the Healthy side's
    life points stay on the Wounded side ([07.1])."""

    type: Literal["ot_flipped"] = "ot_flipped"
    reveals: ClassVar[bool] = False
    fighter: str
    carried: int


class Died(Event):
    """The miniature leaves; its dead marker stays on its square ([07.1])."""

    type: Literal["ot_died"] = "ot_died"
    reveals: ClassVar[bool] = False
    fighter: str
    cause: str


class Healed(Event):
    """Life points healed: the wounds left and, back to Healthy, ``recovered`` ([24.3])."""

    type: Literal["ot_healed"] = "ot_healed"
    reveals: ClassVar[bool] = False
    fighter: str
    points: int
    wounds: int
    recovered: bool = False


class CombatSide(Frozen):
    """One side of a close combat: the arc the enemy stands in, the dice rolled (with a
    carried weapon's and striking hard's), automatic hits, and what they make."""

    fighter: str
    arc: CombatArc
    faces: tuple[DieFace, ...]
    auto_hits: int
    extra_dice: int = 0  # striking hard ([08.5])
    helpers: tuple[str, ...] = ()  # combined close combat ([18.3])

    @property
    def normal(self) -> int:
        return sum(f.points for f in self.faces) + self.auto_hits

    @property
    def criticals(self) -> int:
        return sum(1 for f in self.faces if "critical" in f.icons)


class CloseCombatFought(Event):
    """A close combat between two characters ([08]): both sides' dice, the defender's
    armor and defensive value, and the wounds the normal hits cause (``damage``). A
    capture attempt ([17.1]) deals no wounds; ``captured`` says whether it succeeded."""

    type: Literal["ot_close_combat"] = "ot_close_combat"
    reveals: ClassVar[bool] = False
    attacker: CombatSide
    defender: CombatSide
    armor: int
    defence: int
    damage: int
    capture: bool = False
    captured: bool = False


class BarrierTarget(Frozen):
    """A door, a wall section (the edge between ``a`` and ``b``) or a floor element (its
    ``name`` and ``squares``) under attack."""

    kind: Literal["door", "wall", "element"]
    a: Square | None = None
    b: Square | None = None
    name: str = ""
    squares: tuple[Square, ...] = ()

    def describe(self) -> str:
        if self.kind == "element":
            return f"the {self.name} ({', '.join(str(s) for s in self.squares)})"
        return f"the {self.kind} between {self.a} and {self.b}"


class BarrierDamaged(Event):
    """Hits against a door, a wall or a floor element ([07.2]) in close combat, by a shot
    or by a blast (``how``): the red dice, ``hits`` (their points and the ``auto_hits``),
    each critical counting 3; at ``total`` reaching ``defence`` the target is destroyed
    ([05.3]) and the ground changes as the event folds (``wreckage``)."""

    type: Literal["ot_barrier_damaged"] = "ot_barrier_damaged"
    reveals: ClassVar[bool] = False
    target: BarrierTarget
    by: str = ""
    how: Literal["close combat", "shot", "blast"]
    zone: Literal["red", "orange"] | None = None  # a blast's zone where it reaches the target
    faces: tuple[DieFace, ...] = ()
    auto_hits: int = 0
    hits: int
    criticals: int
    total: int
    defence: int
    destroyed: bool


class Captured(Event):
    """The victim becomes a prisoner on the captor's card ([17.1])."""

    type: Literal["ot_captured"] = "ot_captured"
    reveals: ClassVar[bool] = False
    victim: str
    captor: str


class EquipmentDropped(Event):
    """[06] equipment dropped over the weight allowance (``under``: its card goes under
    the search deck with that item up) or lost when leaving the map."""

    type: Literal["ot_equipment_dropped"] = "ot_equipment_dropped"
    reveals: ClassVar[bool] = False
    fighter: str
    item: str
    under: bool


class Tortured(Event):
    """A prisoner tortured ([17.3]): the black dice and the spy points they make."""

    type: Literal["ot_tortured"] = "ot_tortured"
    reveals: ClassVar[bool] = False
    torturer: str
    prisoner: str
    faces: tuple[DieFace, ...]
    room_dice: int
    ability_dice: int = 0  # added by always-on lines (abilities, carried items)
    spy_points: int
    helpers: tuple[str, ...] = ()  # a combined torture's helpers, 1 die each, rolled last


ShotTargetKind = Literal["character", "door", "wall", "element", "square"]


class ShotTarget(Frozen):
    """What a shot or a blast is aimed at: a character, a door, wall section or floor
    element (``barrier``), or a bare square (an explosive's landing square)."""

    kind: ShotTargetKind
    square: Square  # where the line of fire ends (the near side of a door or wall)
    fighter: str | None = None
    barrier: BarrierTarget | None = None

    def describe(self) -> str:
        if self.kind == "character":
            return self.fighter or str(self.square)
        if self.barrier is not None:
            return self.barrier.describe()
        return str(self.square)


class Damage(Frozen):
    """One damage roll against a character ([09.3] steps 07-10): the points of each red
    die, the criticals among them, the automatic hits, the total normal ``hits`` (points
    + automatic), the armour they were measured against (the Wounded side's if the
    criticals flipped the card) and the ``wounds`` criticals and hits make together. The
    wounds themselves are ``Wounded`` events (``wounds.take_hits``)."""

    dice: tuple[int, ...]
    criticals: int
    auto_hits: int
    hits: int
    defence: int
    wounds: int = 0


class ShotHelper(Frozen):
    """A character joining a combined shoot ([18.4]) with its own weapon: its range and
    zone to the target, the points of its own blue dice, and whether they ran it dry."""

    fighter: str
    weapon: str
    origin: Square
    range: int
    zone: Literal["red", "orange"]
    targeting: tuple[int, ...]
    out_of_ammo: bool = False


class Shot(Event):
    """A Shoot order resolved ([09.2]-[09.4]): targeting dice (points of each blue die)
    against the range, then the damage roll if it hit. ``out_of_ammo``: the weapon is
    engaged until the next Final phase; ``used_up``: a thrown explosive leaves its carrier.
    ``damage`` is the roll against a character (its wounds follow as ``Wounded`` events);
    a door, wall or floor element hit takes a ``BarrierDamaged`` of its own."""

    type: Literal["ot_shot"] = "ot_shot"
    reveals: ClassVar[bool] = False
    shooter: str
    weapon: str
    origin: Square
    target: ShotTarget
    range: int
    zone: Literal["red", "orange"] | None
    aim: int = 0
    pour: int = 0
    targeting: tuple[int, ...]
    hit: bool
    out_of_ammo: bool = False
    used_up: bool = False
    damage: Damage | None = None
    helpers: tuple[ShotHelper, ...] = ()  # joining with gold Shoot sections ([18.4])


class Exploded(Event):
    """An explosive goes off at ``at`` ([09.6]): every target its area reaches gets a
    BlastHit of its own; ``pour`` extra dice go to each of them."""

    type: Literal["ot_exploded"] = "ot_exploded"
    reveals: ClassVar[bool] = False
    at: Square
    weapon: str
    by: str | None = None
    pour: int = 0


class BlastHit(Event):
    """One character caught by an explosion and its own damage roll (its wounds follow as
    ``Wounded`` events; doors, walls and floor elements take a ``BarrierDamaged``)."""

    type: Literal["ot_blast_hit"] = "ot_blast_hit"
    reveals: ClassVar[bool] = False
    target: ShotTarget
    zone: Literal["red", "orange"]
    damage: Damage


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


class SearchShare(Frozen):
    """A character joining a combined search ([18.5]): its black dice and their points."""

    fighter: str
    dice: int
    points: int


class Searched(Event):
    """[13.3] steps 01-03: a Search order's black dice and what they gave (``points`` and
    the icons pooled with the ``helpers``' of a combined search)."""

    type: Literal["ot_searched"] = "ot_searched"
    reveals: ClassVar[bool] = True
    fighter: str
    dice: int
    points: int
    flips: int
    shuffles: int
    spies: int
    helpers: tuple[SearchShare, ...] = ()
    room: str | None = None  # the tile a large character on several named ([16])


class EquipmentFound(Event):
    """[13.3] step 07: the searcher takes the visible card's item (the deck's top)."""

    type: Literal["ot_equipment_found"] = "ot_equipment_found"
    reveals: ClassVar[bool] = True
    fighter: str
    item: str
    card: str
    rooms: tuple[RoomType, ...]


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


class Watched(Event):
    """[10.2] interruption triggers met this activation round (``"B1 sight"``,
    ``"B1 adjacent"``): each sets off a chance once, then never again this round."""

    type: Literal["ot_watched"] = "ot_watched"
    reveals: ClassVar[bool] = False
    keys: tuple[str, ...]


class DuelAsked(Event):
    """``seat`` asks for a duel: to interrupt ``mover`` with ``fighter``, or for the
    initiative. The bid stays secret (BidMade)."""

    type: Literal["ot_duel_asked"] = "ot_duel_asked"
    reveals: ClassVar[bool] = False
    kind: DuelKind
    seat: str
    fighter: str | None = None
    mover: str | None = None


class DuelDeclined(Event):
    type: Literal["ot_duel_declined"] = "ot_duel_declined"
    reveals: ClassVar[bool] = False
    kind: DuelKind
    seat: str
    mover: str | None = None


class BidMade(Event):
    """A secret bid, told to its seat alone until the reveal."""

    type: Literal["ot_bid_made"] = "ot_bid_made"
    reveals: ClassVar[bool] = False
    kind: DuelKind
    bid: Bid


class CpLeft(Frozen):
    seat: str
    cp: int


class DuelRevealed(Event):
    """[10.1] every bid shown at once and returned to the bank; ``left``: the CP behind
    the screens of the tied bidders ([21.4]); ``winner`` None: nobody wins."""

    type: Literal["ot_duel_revealed"] = "ot_duel_revealed"
    reveals: ClassVar[bool] = True
    kind: DuelKind
    bids: tuple[Bid, ...]
    left: tuple[CpLeft, ...] = ()
    winner: str | None = None


class InterruptBegan(Event):
    type: Literal["ot_interrupt_began"] = "ot_interrupt_began"
    reveals: ClassVar[bool] = False
    fighter: str
    mover: str


class InterruptEnded(Event):
    type: Literal["ot_interrupt_ended"] = "ot_interrupt_ended"
    reveals: ClassVar[bool] = False
    fighter: str
    mover: str


class InitiativeTaken(Event):
    """[21.4] ``seat`` takes the initiative marker after a duel."""

    type: Literal["ot_initiative_taken"] = "ot_initiative_taken"
    reveals: ClassVar[bool] = False
    seat: str


class RolledDie(Frozen):
    colour: DieColour
    points: int


class LineResolved(Event):
    """An IPS line used: its CP, the dice rolled and whether the threshold was reached
    (a line without a test always succeeds). ``element`` names a floor element tried (or
    a room a large character used), so the same character cannot try it again this turn
    ([11.3], [16])."""

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
    helpers: tuple[str, ...] = ()  # a combined interact's helpers, 1 CP each ([18.6])


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


class MarkerDetonated(Event):
    """A laid mine or charge goes off in its square and leaves the map ([09.6], [24.2]);
    the blast itself follows (Exploded)."""

    type: Literal["ot_marker_detonated"] = "ot_marker_detonated"
    reveals: ClassVar[bool] = False
    marker: str
    equipment: str
    square: Square
    seat: str
    by: str | None = None  # the character whose entering set it off


class BarrierCut(Event):
    """A door or wall section destroyed outright by an IPS effect ([05.3]), with no dice;
    it leaves the same wreckage as one destroyed by hits (``wreckage.wrecked``): a door
    leaves a gap, or a broken door where it stood over a single wall, and a wall section a
    broken wall."""

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
    | Wounded
    | Flipped
    | Died
    | Healed
    | CloseCombatFought
    | BarrierDamaged
    | Captured
    | EquipmentDropped
    | Tortured
    | Shot
    | Exploded
    | BlastHit
    | SearchDeckSet
    | DeckTop
    | DeckArranged
    | DeckCycled
    | DeckFlipped
    | Searched
    | EquipmentFound
    | EquipmentPassed
    | SpyPoints
    | DeckSpied
    | MissionSpied
    | MissionDeckSet
    | MissionsDrawn
    | MissionsSeen
    | MissionFulfilled
    | Exited
    | Watched
    | DuelAsked
    | DuelDeclined
    | BidMade
    | DuelRevealed
    | InterruptBegan
    | InterruptEnded
    | InitiativeTaken
    | LineResolved
    | AbilityPaid
    | Switched
    | ChargeCounted
    | CpGained
    | MarkerLaid
    | MinesArmed
    | MarkerDetonated
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
