"""What happens in a black-powder game: typed facts. A fact about a unit under a
hidden-movement marker names the marker in public; its models' positions reach only its
owner (:class:`HiddenMoved`, :class:`HiddenDeployed`)."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.blackpowder.content.cards import CardDef
from rules.blackpowder.content.scenarios import ScenarioDef
from rules.blackpowder.content.terrain import TerrainTypeDef
from rules.blackpowder.content.units import UnitDef
from rules.blackpowder.content.weapons import MeleeWeaponDef, RangedWeaponDef
from rules.blackpowder.state import Formation, Obstacle, Point, Source
from rules.blackpowder.tables.command import Ability
from rules.blackpowder.tables.reactions import Outcome
from rules.core.events import Event
from rules.geometry.pieces import Table


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class BattleSet(Event):
    """The table preset laid out: its areas (with their terrain types) and obstacles."""

    type: Literal["bp_battle_set"] = "bp_battle_set"
    reveals: ClassVar[bool] = False
    table_id: str
    table: Table
    terrain: dict[str, str]
    terrain_types: tuple[TerrainTypeDef, ...]
    obstacles: tuple[Obstacle, ...]


class MusteredUnit(Frozen):
    id: str
    seat: str
    profile: str
    models: int


class ForcesMustered(Event):
    """Both forces with the profiles and weapons they bring into the game."""

    type: Literal["bp_forces"] = "bp_forces"
    reveals: ClassVar[bool] = False
    forces: dict[str, str]  # seat -> force id
    profiles: tuple[UnitDef, ...]
    weapons: tuple[RangedWeaponDef, ...]
    units: tuple[MusteredUnit, ...]
    melee_weapons: tuple[MeleeWeaponDef, ...] = ()  # games set up before melee carry none


class Deployed(Event):
    type: Literal["bp_deployed"] = "bp_deployed"
    reveals: ClassVar[bool] = False
    unit: str
    positions: tuple[Point, ...]


class MarkerPlaced(Event):
    """A hidden-movement marker set down in place of a unit (which one is not said)."""

    type: Literal["bp_marker_placed"] = "bp_marker_placed"
    reveals: ClassVar[bool] = False
    marker: str
    seat: str
    at: Point


class PlacedMarker(Frozen):
    marker: str
    at: Point


class MarkersPlaced(Event):
    """A side's hidden-movement markers set down at the start, numbered by their places
    along its zone (never by the units under them, which a secret draw deals out)."""

    type: Literal["bp_markers_placed"] = "bp_markers_placed"
    reveals: ClassVar[bool] = False
    seat: str
    markers: tuple[PlacedMarker, ...]


class HiddenDeployed(Event):
    """For the owner only: which unit the marker hides and where its models stand."""

    type: Literal["bp_hidden_deployed"] = "bp_hidden_deployed"
    reveals: ClassVar[bool] = False
    unit: str
    marker: str
    positions: tuple[Point, ...]


class DummiesPlaced(Event):
    """For the owner only: which of its markers hide no unit (reading 12)."""

    type: Literal["bp_dummies_placed"] = "bp_dummies_placed"
    reveals: ClassVar[bool] = False
    seat: str
    markers: tuple[str, ...]


class DummyMoved(Event):
    """For the owner only: its dummy marker's move and the allowance it had (the public
    :class:`MarkerMoved` follows)."""

    type: Literal["bp_dummy_moved"] = "bp_dummy_moved"
    reveals: ClassVar[bool] = False
    marker: str
    allowance: int
    modifiers: tuple[str, ...] = ()


class DummyFound(Event):
    """An enemy spotted a dummy marker: it hid nobody and comes off the table."""

    type: Literal["bp_dummy_found"] = "bp_dummy_found"
    reveals: ClassVar[bool] = True
    marker: str
    spotter: str


class DeckFormed(Event):
    """Both forces' cards in one deck (reading 3): every card and the side it belongs to."""

    type: Literal["bp_deck"] = "bp_deck"
    reveals: ClassVar[bool] = False
    cards: dict[str, CardDef]
    owners: dict[str, str]


class DeckShuffled(Event):
    """The discard pile (at the start: every card) shuffled into a new draw pile. Its order
    is told to nobody at the table (referee visibility)."""

    type: Literal["bp_shuffled"] = "bp_shuffled"
    reveals: ClassVar[bool] = False
    order: tuple[str, ...]


class CardsDrawn(Event):
    """For the drawing seat only: the cards taken from the top of the draw pile."""

    type: Literal["bp_drawn"] = "bp_drawn"
    reveals: ClassVar[bool] = True
    seat: str
    cards: tuple[str, ...]


class HandFilled(Event):
    """In public: how many cards a seat drew."""

    type: Literal["bp_hand_filled"] = "bp_hand_filled"
    reveals: ClassVar[bool] = False
    seat: str
    count: int


class TurnBegan(Event):
    """A new turn: powder smoke comes off (reading 6)."""

    type: Literal["bp_turn"] = "bp_turn"
    reveals: ClassVar[bool] = False
    turn: int


class GoBegan(Event):
    type: Literal["bp_go"] = "bp_go"
    reveals: ClassVar[bool] = False
    seat: str


class GoSkipped(Event):
    """A seat with neither a hand nor a reserve passes (reading 4)."""

    type: Literal["bp_go_skipped"] = "bp_go_skipped"
    reveals: ClassVar[bool] = False
    seat: str


class CardPlayed(Event):
    """A card played face up from the hand or the reserve, onto the discard pile."""

    type: Literal["bp_card_played"] = "bp_card_played"
    reveals: ClassVar[bool] = True
    seat: str
    card: str
    from_reserve: bool = False
    declined: bool = False  # an own advance card's actions declined for points


class PointsGained(Event):
    type: Literal["bp_points_gained"] = "bp_points_gained"
    reveals: ClassVar[bool] = False
    seat: str
    points: int
    why: str


class PointsSpent(Event):
    """A command ability paid from the pool; ``piece`` is the unit (or marker) it is for."""

    type: Literal["bp_points_spent"] = "bp_points_spent"
    reveals: ClassVar[bool] = False
    seat: str
    ability: Ability
    points: int
    piece: str | None = None


class HeldBack(Event):
    """For the owner only: the troop card put face down beside the pool (Hold back!)."""

    type: Literal["bp_held_back"] = "bp_held_back"
    reveals: ClassVar[bool] = False
    seat: str
    card: str


class HandShown(Event):
    """For the asking player only: their hand, reserve and command pool as they stand."""

    type: Literal["bp_hand_shown"] = "bp_hand_shown"
    reveals: ClassVar[bool] = False
    seat: str
    hand: tuple[str, ...]
    reserve: tuple[str, ...] = ()
    points: int = 0


class CardTakenBack(Event):
    """Preparation: an own troop card from the discard pile back into the hand (the
    discard pile lies face up, so this is public)."""

    type: Literal["bp_taken_back"] = "bp_taken_back"
    reveals: ClassVar[bool] = False
    seat: str
    card: str


class StoodFast(Event):
    """Stand fast!: a fleeing unit rallies at once and is shaken (reading 8)."""

    type: Literal["bp_stood_fast"] = "bp_stood_fast"
    reveals: ClassVar[bool] = False
    unit: str


class ActivationOpened(Event):
    type: Literal["bp_activation"] = "bp_activation"
    reveals: ClassVar[bool] = False
    seat: str
    source: Source
    card: str | None = None
    piece: str | None = None


class ActivationClosed(Event):
    type: Literal["bp_activation_closed"] = "bp_activation_closed"
    reveals: ClassVar[bool] = False


class Acted(Event):
    """A unit (or marker) took its action in the open activation."""

    type: Literal["bp_acted"] = "bp_acted"
    reveals: ClassVar[bool] = False
    piece: str


class Moved(Event):
    """A unit on show moved: its models' new positions, the farthest any went (hundredths)
    and its allowance with the modifiers used."""

    type: Literal["bp_moved"] = "bp_moved"
    reveals: ClassVar[bool] = False
    unit: str
    positions: tuple[Point, ...]
    distance: int
    allowance: int  # inches
    modifiers: tuple[str, ...] = ()


class MarkerMoved(Event):
    """In public: a hidden-movement marker moved to ``at``."""

    type: Literal["bp_marker_moved"] = "bp_marker_moved"
    reveals: ClassVar[bool] = False
    marker: str
    at: Point
    distance: int


class HiddenMoved(Event):
    """For the owner only: where the models under a marker went and why it could."""

    type: Literal["bp_hidden_moved"] = "bp_hidden_moved"
    reveals: ClassVar[bool] = False
    unit: str
    positions: tuple[Point, ...]
    allowance: int
    modifiers: tuple[str, ...] = ()


class MoveHeld(Event):
    """What the mover spotted as it started its action (or ran into, hidden) stands where
    its move was to end: the move is not made and the mover has not acted (reading 67)."""

    type: Literal["bp_move_held"] = "bp_move_held"
    reveals: ClassVar[bool] = False
    piece: str
    blockers: tuple[str, ...] = ()


class Spotted(Event):
    """``spotter`` spotted ``unit`` (reading 11); a marker's unit is named as it is
    revealed (:class:`Revealed` comes first)."""

    type: Literal["bp_spotted"] = "bp_spotted"
    reveals: ClassVar[bool] = False
    spotter: str
    unit: str
    distance: int | None  # hundredths; None: a hidden spotter's, told to nobody
    reach: int | None  # the spotting table's column, inches; None: a hidden spotter's
    modifiers: tuple[str, ...] = ()


class Revealed(Event):
    """A marker replaced by its unit's models (reading 12)."""

    type: Literal["bp_revealed"] = "bp_revealed"
    reveals: ClassVar[bool] = True
    marker: str
    unit: str
    positions: tuple[Point, ...]
    why: str


class LostSight(Event):
    """A spotted unit is out of every enemy's spotting distance (reading 11)."""

    type: Literal["bp_lost_sight"] = "bp_lost_sight"
    reveals: ClassVar[bool] = False
    unit: str


class Shot(Frozen):
    """One firing model's die to hit: its distance (hundredths) to the nearest target model
    it sees, the score, the modifiers and the face (0-9). ``impossible``: the modifiers
    leave no face that reaches the score, so only a 9 hits (reading 68)."""

    model: str
    distance: int
    score: int
    modifiers: tuple[str, ...]
    modifier: int
    face: int
    hit: bool
    impossible: bool = False


class KillDie(Frozen):
    """One hit's die to kill against the weapon's strength at that distance, with the
    modifier of an impossible shot (reading 68)."""

    model: str
    score: int
    face: int
    killed: bool
    modifiers: tuple[str, ...] = ()
    modifier: int = 0


class Fired(Event):
    """A unit's ranged fire with one weapon (reading 13): every die to hit and to kill."""

    type: Literal["bp_fired"] = "bp_fired"
    reveals: ClassVar[bool] = False
    unit: str
    target: str
    weapon: str
    shots: tuple[Shot, ...]
    kills: tuple[KillDie, ...]
    smoke: bool = False
    reload: bool = False
    ready: bool = False  # ready fire through Enemy sighted!: a volley
    moved: bool = False  # fired after moving in the same action (reading 61)


class Casualties(Event):
    """Models removed from a unit (the ones nearest the enemy that caused it);
    ``wiped_out`` when they were its last."""

    type: Literal["bp_casualties"] = "bp_casualties"
    reveals: ClassVar[bool] = False
    unit: str
    models: tuple[str, ...]
    wiped_out: bool = False


class Reloaded(Event):
    type: Literal["bp_reloaded"] = "bp_reloaded"
    reveals: ClassVar[bool] = False
    unit: str


class Steadied(Event):
    """A faction card's rally: the shaken unit is shaken no more (reading 5)."""

    type: Literal["bp_steadied"] = "bp_steadied"
    reveals: ClassVar[bool] = False
    unit: str


class ReactionTested(Event):
    """A reaction test (reading 16): the die's face, the modifiers, the row and the outcome
    read in the unit's troop-quality column."""

    type: Literal["bp_reaction"] = "bp_reaction"
    reveals: ClassVar[bool] = False
    unit: str
    cause: str
    face: int
    modifiers: tuple[str, ...]
    result: int
    outcome: Outcome


class Rallied(Event):
    """A shaken or fleeing unit's rally roll (reading 18): the face against the score of its
    column."""

    type: Literal["bp_rallied"] = "bp_rallied"
    reveals: ClassVar[bool] = False
    unit: str
    face: int
    score: int
    rallied: bool
    fleeing: bool = False  # a fleeing unit's rally: success makes it shaken (reading 41)


class ReactionChosen(Event):
    """The owner's choice on row 2 of the reaction table: fall back, or be shaken."""

    type: Literal["bp_reaction_chosen"] = "bp_reaction_chosen"
    reveals: ClassVar[bool] = False
    unit: str
    choice: Literal["fall-back", "shaken"]


class Withdrew(Event):
    """A fall-back or flight move (readings 17 and 18); ``positions`` empty: the unit left
    the table and is lost."""

    type: Literal["bp_withdrew"] = "bp_withdrew"
    reveals: ClassVar[bool] = False
    unit: str
    how: Literal["fall-back", "flight"]
    positions: tuple[Point, ...]
    distance: int


class TurnEnded(Event):
    type: Literal["bp_turn_ended"] = "bp_turn_ended"
    reveals: ClassVar[bool] = False
    turn: int


class Formed(Event):
    """A unit took a formation (reading 60): its models' new places and the farthest any
    went (hundredths). Told only to the owner while the unit is under a marker."""

    type: Literal["bp_formed"] = "bp_formed"
    reveals: ClassVar[bool] = False
    unit: str
    formation: Formation
    positions: tuple[Point, ...]
    distance: int


class ScenarioSet(Event):
    """The scenario the battle is fought as (reading 64): its table, turns, deployment,
    objectives and each side's aims."""

    type: Literal["bp_scenario"] = "bp_scenario"
    reveals: ClassVar[bool] = False
    scenario: ScenarioDef


class Charged(Event):
    """A charge (reading 19): the charging unit's models moved into base contact with
    ``target``; ``surprise`` when the target had not spotted it before the charge."""

    type: Literal["bp_charged"] = "bp_charged"
    reveals: ClassVar[bool] = False
    unit: str
    target: str
    positions: tuple[Point, ...]
    distance: int  # hundredths, the farthest any model went
    allowance: int  # inches
    modifiers: tuple[str, ...] = ()
    surprise: bool = False


class Strike(Frozen):
    """One side's blows in a melee: its models in base contact roll to hit against its
    melee score; the enemy rolls a defence die per hit (``rerolls``: the second dice of a
    defended position) and loses ``kills`` models."""

    unit: str
    models: int
    score: int
    modifiers: tuple[str, ...]
    faces: tuple[int, ...]
    hits: int
    defence: int
    defence_modifiers: tuple[str, ...]
    saves: tuple[int, ...]
    rerolls: tuple[int, ...]
    kills: int
    first: bool = False  # lances that charged strike first


class Fought(Event):
    """A melee (reading 19): the blows of both sides, in the order they were struck."""

    type: Literal["bp_melee"] = "bp_melee"
    reveals: ClassVar[bool] = False
    attacker: str
    defender: str
    surprise: bool
    strikes: tuple[Strike, ...]


class LeftMelee(Event):
    """Falling back or fleeing out of a melee (reading 17): a die per model, each face in
    the sheet's losing range removing a model (:class:`Casualties` follows)."""

    type: Literal["bp_left_melee"] = "bp_left_melee"
    reveals: ClassVar[bool] = False
    unit: str
    how: Literal["fall-back", "flight"]
    faces: tuple[int, ...]
    lost: int


class MeleeWon(Event):
    """Both sides stood after a melee: the side with more casualties (the charger on a tie)
    gives ground (reading 40)."""

    type: Literal["bp_melee_won"] = "bp_melee_won"
    reveals: ClassVar[bool] = False
    winner: str
    loser: str


BlackPowderEvent = Annotated[
    BattleSet
    | ForcesMustered
    | Deployed
    | MarkerPlaced
    | MarkersPlaced
    | HiddenDeployed
    | DummiesPlaced
    | DummyMoved
    | DummyFound
    | DeckFormed
    | DeckShuffled
    | CardsDrawn
    | HandFilled
    | TurnBegan
    | GoBegan
    | GoSkipped
    | CardPlayed
    | PointsGained
    | PointsSpent
    | HeldBack
    | HandShown
    | CardTakenBack
    | StoodFast
    | ActivationOpened
    | ActivationClosed
    | Acted
    | Moved
    | MarkerMoved
    | HiddenMoved
    | MoveHeld
    | Spotted
    | Revealed
    | LostSight
    | Fired
    | Casualties
    | Reloaded
    | Steadied
    | ReactionTested
    | Rallied
    | ReactionChosen
    | Withdrew
    | TurnEnded
    | Formed
    | ScenarioSet
    | Charged
    | Fought
    | LeftMelee
    | MeleeWon,
    Field(discriminator="type"),
]
