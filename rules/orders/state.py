"""The state of an order-tile game: the ground, the players behind their screens, the
characters on their cards and the turn.

Content enters the state when it comes into play (characters, order tiles, equipment and
tiles at set-up), so a running game never depends on packs that change later. What a
player keeps behind the screen (order tiles, CP, missions) and which face-down marker is
which are in the state too; the view and the secrets say who may see them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.frames import StagedState, Window
from rules.grid.facing import Facing
from rules.grid.large import Block
from rules.grid.squares import Square
from rules.orders.content.abilities import AbilityDef
from rules.orders.content.characters import CharacterDef, CharacterSide
from rules.orders.content.dice import DieDef
from rules.orders.content.equipment import EquipmentCardDef, EquipmentDef
from rules.orders.content.missions import MissionDef
from rules.orders.content.orders import OrderTileDef
from rules.orders.content.terms import RoomType, Side
from rules.orders.frames import (
    BidWindow,
    Duel,
    DuelStep,
    InitiativeOffer,
    Interruption,
    InterruptOffer,
    InterruptWindow,
    WalkStep,
)
from rules.orders.ground import Ground
from rules.orders.ips_state import IpsState
from rules.orders.options import OrdersOptions

Phase = Literal["deployment", "facing", "initiative", "activation", "over"]
Condition = Literal["healthy", "wounded", "dead", "captured", "exited"]
HAND_LIMIT = 5


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class AssignedTile(Frozen):
    """An order tile under a character card and the CP placed on each of its sections."""

    tile: str
    cp: tuple[int, ...]


class Fighter(Frozen):
    """A character in the game; ``id`` is its label (A1, B3, ...)."""

    id: str
    seat: str
    character: str
    name: str
    side: Side | None = None  # the faction side it counts as (deployment, equipment)
    condition: Condition = "healthy"
    wounds: int = 0
    square: Square | None = None
    facing: Facing = Facing.NORTH
    engaged: bool = False
    spent: int = 0  # CP spent on it since the start of the turn
    tiles: tuple[AssignedTile, ...] = ()
    tile_this_round: bool = False  # a new tile was assigned this activation round
    equipment: tuple[str, ...] = ()
    magnetic: bool = False
    captor: str | None = None  # the character carrying it as a prisoner ([17.2])
    dry: tuple[str, ...] = ()  # firing weapons out of ammo until the next Final phase
    killed_by: str | None = None  # the character whose attack killed it (eradicate missions)

    @property
    def standing(self) -> bool:
        """On the board and able to act: Healthy or Wounded with a square."""
        return self.condition in ("healthy", "wounded") and self.square is not None


class Player(Frozen):
    seat: str
    side: Side | None = None
    cp: int = 0  # behind the screen
    hand: tuple[str, ...] = ()  # order tiles behind the screen
    mp: int = 0
    redrawn: bool = False  # the first turn's redraw is used or declined
    kept: int | None = None  # tiles announced as kept in the last Final phase
    missions: tuple[str, ...] = ()  # mission cards held, secret until fulfilled
    fulfilled: tuple[str, ...] = ()  # mission cards fulfilled (scored and shown)
    finds: tuple[tuple[RoomType, ...], ...] = ()  # room types of each search that found


class DeckCard(Frozen):
    """A card of the search deck: its two items and which one faces up."""

    card: str
    front: str
    back: str
    flipped: bool = False

    @property
    def up(self) -> str:
        return self.back if self.flipped else self.front

    @property
    def down(self) -> str:
        return self.front if self.flipped else self.back


class Marker(Frozen):
    """A face-down deployment marker: a character's (``fighter``) or a decoy (None)."""

    seat: str
    square: Square
    fighter: str | None = None


class ShotLine(Frozen):
    """The last shot fired, for the picture: from the shooter's square (facing as it
    fired) to where the line ends, the fire zone the target stood in, and whether the
    targeting roll hit."""

    shooter: str
    origin: Square
    facing: Facing
    target: Square
    zone: Literal["red", "orange"] | None
    hit: bool
    blocked: bool = False


class Activation(Frozen):
    """The character the active player activated this round."""

    fighter: str


class Trail(Frozen):
    """Where the character activated last walked this turn (from where it stood), for
    the close-up picture of the round."""

    fighter: str
    squares: tuple[Square, ...] = ()


class ReduceWindow(Window):
    """Final phase step 05: a player over the limit of 5 tiles discards the excess."""

    frame: Literal["reduce"] = "reduce"


class RedrawWindow(Window):
    """Initiative phase on the first turn: a player may set the 5 drawn tiles aside and
    draw 5 new ones ([01])."""

    frame: Literal["redraw"] = "redraw"


class RadioWindow(Window):
    """Initiative phase: a scrambling player secretly puts its six radio markers on enemy
    characters ([15.2])."""

    frame: Literal["radio"] = "radio"


class SearchWindow(Window):
    """[13.3] steps 04-09: the searcher cycles the deck, uses its icons, takes the visible
    card or stops. ``points`` are the unused search points."""

    frame: Literal["search"] = "search"
    fighter: str
    points: int
    flips: int = 0
    shuffles: int = 0
    helpers: tuple[str, ...] = ()  # a combined search's other searchers ([18.5])
    tile: str | None = None  # the ground tile searched (None: saved before it was named)


class SpyWindow(Window):
    """[12.2] spy points to use at once; ``looking`` top cards of the search deck are
    being looked at and wait to be put back in an order; ``seen`` enemy mission cards
    (owner seat and index) already looked at."""

    frame: Literal["spy"] = "spy"
    points: int
    looking: int = 0
    seen: tuple[str, ...] = ()
    mp: bool = True  # False: from a combined search not wholly on foreign ground ([18.5])


class DropWindow(Window):
    """[06] ``fighter`` carries more than its weight allowance: drop until legal."""

    frame: Literal["drop"] = "drop"
    fighter: str


OrdersFrame = Annotated[
    ReduceWindow
    | RedrawWindow
    | SearchWindow
    | SpyWindow
    | DropWindow
    | WalkStep
    | InterruptOffer
    | InitiativeOffer
    | DuelStep
    | BidWindow
    | InterruptWindow
    | RadioWindow,
    Field(discriminator="frame"),
]


class OrdersState(StagedState):
    options: OrdersOptions = OrdersOptions()
    phase: Phase = "deployment"
    windows: tuple[OrdersFrame, ...] = ()
    generator: str = ""
    turns: int = 6
    base_cp: int = 15
    ground: Ground | None = None
    dice: dict[str, DieDef] = Field(default_factory=dict)
    characters: dict[str, CharacterDef] = Field(default_factory=dict)
    order_tiles: dict[str, OrderTileDef] = Field(default_factory=dict)
    equipment: dict[str, EquipmentDef] = Field(default_factory=dict)
    players: tuple[Player, ...] = ()
    fighters: tuple[Fighter, ...] = ()
    markers: tuple[Marker, ...] = ()
    deploying: str | None = None
    faced: tuple[str, ...] = ()  # characters whose starting facing is chosen
    bag: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    turn: int = 0
    initiative: str | None = None
    active: str | None = None
    passes: int = 0  # passes in succession
    activation: Activation | None = None
    sliding_opened: tuple[tuple[Square, Square], ...] = ()  # close at the round's end
    last_shot: ShotLine | None = None
    trail: Trail | None = None  # until the next activation or the next turn
    deck: tuple[DeckCard, ...] = ()  # the search deck, top first [13.2]
    cards: dict[str, EquipmentCardDef] = Field(default_factory=dict)
    missions: dict[str, MissionDef] = Field(default_factory=dict)
    watched: tuple[str, ...] = ()  # interruption triggers met this round ("B1 sight")
    duel: Duel | None = None  # the secret bids of the duel under way
    interruption: Interruption | None = None

    def acting(self) -> str | None:
        """The character whose orders are given now: the interrupter while its
        interruption is open, else the character activated this round."""
        if self.interruption is not None:
            return self.interruption.fighter
        return self.activation.fighter if self.activation is not None else None

    abilities: dict[str, AbilityDef] = Field(default_factory=dict)
    ips: IpsState = IpsState()  # what IPS lines leave on the table

    def fighter(self, fighter_id: str) -> Fighter:
        for fighter in self.fighters:
            if fighter.id == fighter_id:
                return fighter
        raise KeyError(fighter_id)

    def find(self, fighter_id: str) -> Fighter | None:
        return next((f for f in self.fighters if f.id == fighter_id), None)

    def player(self, seat: str) -> Player:
        for player in self.players:
            if player.seat == seat:
                return player
        raise KeyError(seat)

    def side_of(self, fighter: Fighter) -> CharacterSide:
        """The card side in force: Wounded once flipped."""
        card = self.characters[fighter.character]
        return card.wounded if fighter.condition == "wounded" else card.healthy

    def standing(self, seat: str | None = None) -> tuple[Fighter, ...]:
        return tuple(f for f in self.fighters if f.standing and (seat is None or f.seat == seat))

    def is_large(self, fighter: Fighter) -> bool:
        card = self.characters.get(fighter.character)
        return card is not None and card.large

    def squares_of(self, fighter: Fighter) -> tuple[Square, ...]:
        """The squares ``fighter`` fills: its square, or for a large character the 2 x 2
        block whose north-west corner its square is ([16]); none off the map."""
        if fighter.square is None:
            return ()
        if self.is_large(fighter):
            return Block(corner=fighter.square).squares
        return (fighter.square,)

    def occupant(self, square: Square) -> Fighter | None:
        return next((f for f in self.fighters if f.standing and square in self.squares_of(f)), None)

    def next_seat(self, seat: str) -> str:
        """The seat after ``seat`` in turn order (clockwise), skipping concessions."""
        order = self.seats_in_play() or self.seats
        if seat not in order:
            return order[0]
        return order[(order.index(seat) + 1) % len(order)]
