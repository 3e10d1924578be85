"""What a seat asks for in an order-tile game, one class per kind."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core.actions import Action
from rules.grid.facing import Facing
from rules.grid.squares import Square


class Deploy(Action):
    """A face-down marker at ``at``: the character ``fighter``, or a decoy (None)."""

    type: Literal["ot_deploy"] = "ot_deploy"
    fighter: str | None
    at: Square

    @property
    def private(self) -> bool:
        return True


class Face(Action):
    type: Literal["ot_face"] = "ot_face"
    fighter: str
    facing: Facing


class Redraw(Action):
    """The first turn's choice: set the 5 tiles aside and draw 5 new ones, or keep them."""

    type: Literal["ot_redraw"] = "ot_redraw"
    redraw: bool

    @property
    def private(self) -> bool:
        return True


class Activate(Action):
    """Activate (or reactivate) ``fighter``, assigning the order tile ``tile`` if given."""

    type: Literal["ot_activate"] = "ot_activate"
    fighter: str
    tile: str | None = None


class Assign(Action):
    """Assign the order tile ``tile`` to the character activated this round."""

    type: Literal["ot_assign"] = "ot_assign"
    tile: str


class Move(Action):
    """A Move order: the activated character walks to ``to`` (the cheapest legal path,
    opening doors on the way) and ends facing ``facing`` (None: the way it last stepped),
    spending ``cp`` CP (None: the fewest that carry it there); each ``joined`` character
    of the same player first moves to its square on gold Move sections (a combined
    move)."""

    type: Literal["ot_move"] = "ot_move"
    to: Square
    facing: Facing | None = None
    cp: int | None = None
    joined: tuple[tuple[str, Square], ...] = ()


class EndRound(Action):
    """The activated character does nothing more this activation round."""

    type: Literal["ot_done"] = "ot_done"


class Pass(Action):
    type: Literal["ot_pass"] = "ot_pass"


class BuyTile(Action):
    """Pay 1 CP and draw an order tile from the bag."""

    type: Literal["ot_buy"] = "ot_buy"


class TakeDiscard(Action):
    """Pay 2 CP and take ``tile`` from the discard pile."""

    type: Literal["ot_take_discard"] = "ot_take_discard"
    tile: str

    @property
    def private(self) -> bool:
        return True


class Discard(Action):
    """Final phase step 05: discard these tiles from behind the screen (none: keep all)."""

    type: Literal["ot_discard"] = "ot_discard"
    tiles: tuple[str, ...] = ()

    @property
    def private(self) -> bool:
        return True


class Fight(Action):
    """A Close Combat order of ``cp`` CP by the activated character against ``enemy``,
    joined by ``helpers`` (a combined close combat)."""

    type: Literal["ot_fight"] = "ot_fight"
    enemy: str
    cp: int = 1
    helpers: tuple[str, ...] = ()


class Smash(Action):
    """A Close Combat order against the door or wall on ``side`` of the activated
    character (of its square ``at``, for a large one whose side has two), or the
    adjacent floor element named ``element``."""

    type: Literal["ot_smash"] = "ot_smash"
    part: Literal["door", "wall", "element"]
    side: Facing | None = None
    element: str = ""
    cp: int = 1
    at: Square | None = None


class Capture(Action):
    """A Close Combat order declared as a capture of the Wounded ``enemy``."""

    type: Literal["ot_capture"] = "ot_capture"
    enemy: str
    cp: int = 1


class Torture(Action):
    """An Interact order torturing a prisoner the activated character carries."""

    type: Literal["ot_torture"] = "ot_torture"
    prisoner: str | None = None
    cp: int = 1
    joined: tuple[str, ...] = ()  # helpers of a combined torture, 1 CP each


class Shoot(Action):
    """A Shoot order of the activated character at ``fighter`` (a character), ``at`` (a
    square: a floor element there, or where an explosive lands) or ``edge`` (a door or
    wall section), with ``weapon`` (None: the first carried firing weapon with ammo),
    ``aim`` CP on improved targeting and ``pour`` CP poured on; ``joined`` characters of
    the same player add their own shot on gold Shoot sections (a combined shoot)."""

    type: Literal["ot_shoot"] = "ot_shoot"
    fighter: str | None = None
    at: Square | None = None
    edge: tuple[Square, Square] | None = None
    weapon: str | None = None
    aim: int = 0
    pour: int = 0
    joined: tuple[str, ...] = ()


class Search(Action):
    """A Search order by the activated character with ``cp`` CP (None: 1), joined by
    ``joined`` characters on gold Search sections (a combined search), of the floor tile
    ``where`` names (a tile key or name, or a square; None: the one it stands on)."""

    type: Literal["ot_search"] = "ot_search"
    cp: int | None = None
    joined: tuple[str, ...] = ()
    where: str | None = None


class SearchCycle(Action):
    """Put ``count`` top cards under the search deck, 1 search point each."""

    type: Literal["ot_search_cycle"] = "ot_search_cycle"
    count: int = 1


class SearchIcon(Action):
    """Use a flip or shuffle icon rolled in the search."""

    type: Literal["ot_search_icon"] = "ot_search_icon"
    icon: Literal["flip", "shuffle"]


class SearchTake(Action):
    """Take the visible card, for ``receiver`` (None: the activated searcher)."""

    type: Literal["ot_search_take"] = "ot_search_take"
    receiver: str | None = None


class SearchStop(Action):
    type: Literal["ot_search_stop"] = "ot_search_stop"


class Spy(Action):
    """Use spy points: ``how`` is mp, deck or mission; ``count`` points (None: mp all,
    the others 1)."""

    type: Literal["ot_spy"] = "ot_spy"
    how: Literal["mp", "deck", "mission"]
    count: int | None = None

    @property
    def private(self) -> bool:
        return True


class SpyOrder(Action):
    """Put the search cards looked at back: positions as seen, top first; ``flips``
    turned over."""

    type: Literal["ot_spy_order"] = "ot_spy_order"
    positions: tuple[int, ...]
    flips: tuple[int, ...] = ()

    @property
    def private(self) -> bool:
        return True


class Drop(Action):
    """[06] drop an item carried over the weight allowance."""

    type: Literal["ot_drop"] = "ot_drop"
    item: str


class Give(Action):
    """Hand ``item`` (None: the magnetic card) to the friendly character ``to``."""

    type: Literal["ot_give"] = "ot_give"
    item: str | None
    to: str


class PickUp(Action):
    """Pick ``item`` (None: a magnetic card) up from a dead character's marker."""

    type: Literal["ot_pick_up"] = "ot_pick_up"
    item: str | None


class Exit(Action):
    """A Move order off the map ([05.4]), by ``via`` (None: the cheapest way out)."""

    type: Literal["ot_exit"] = "ot_exit"
    via: Square | None = None
    cp: int | None = None


class AskInterrupt(Action):
    """[10.2] ask for a duel to interrupt with ``fighter``, bidding ``cp`` secretly."""

    type: Literal["ot_ask_interrupt"] = "ot_ask_interrupt"
    fighter: str
    cp: int

    @property
    def private(self) -> bool:
        return True


class DemandInitiative(Action):
    """[21.4] demand the initiative with a secret bid of ``cp``."""

    type: Literal["ot_demand_initiative"] = "ot_demand_initiative"
    cp: int

    @property
    def private(self) -> bool:
        return True


class Bid(Action):
    """The secret bid of the player a duel is asked against; ``facing`` turns the paused
    character first ([10.4])."""

    type: Literal["ot_bid"] = "ot_bid"
    cp: int
    facing: Facing | None = None

    @property
    def private(self) -> bool:
        return True


class Decline(Action):
    """No duel: let the character pass, or leave the initiative where it is."""

    type: Literal["ot_decline"] = "ot_decline"


class Interact(Action):
    """An Interact order ([11.2]): line ``line`` (1-based; None: the first usable) of
    ``target`` (``item:<equipment>``, ``element:<tile>:<element>`` or ``room:<tile>``),
    with ``cp`` CP (None: the least the line asks); ``on`` a character the effect aims at
    (a heal)."""

    type: Literal["ot_interact"] = "ot_interact"
    target: str
    line: int | None = None
    cp: int | None = None
    on: str | None = None
    joined: tuple[str, ...] = ()  # helpers of a combined interact, 1 CP each


class UseAbility(Action):
    """A special ability of the activated character ([14]): line ``line`` of ``ability``."""

    type: Literal["ot_ability"] = "ot_ability"
    ability: str
    line: int | None = None
    on: str | None = None


class RadioMarkers(Action):
    """The six radio scrambling markers on enemy characters ([15.2]): ``(character,
    frequency)`` pairs, or None to place them at random."""

    type: Literal["ot_radio_markers"] = "ot_radio_markers"
    markers: tuple[tuple[str, Literal["clear", "listening", "scrambled"]], ...] | None = None

    @property
    def private(self) -> bool:
        return True


OrdersAction = Annotated[
    Deploy
    | Face
    | Redraw
    | Activate
    | Assign
    | Move
    | EndRound
    | Pass
    | BuyTile
    | TakeDiscard
    | Discard
    | Fight
    | Smash
    | Capture
    | Torture
    | Shoot
    | Search
    | SearchCycle
    | SearchIcon
    | SearchTake
    | SearchStop
    | Spy
    | SpyOrder
    | Drop
    | Give
    | PickUp
    | Exit
    | AskInterrupt
    | DemandInitiative
    | Bid
    | Decline
    | Interact
    | UseAbility
    | RadioMarkers,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[OrdersAction] = TypeAdapter(OrdersAction)
