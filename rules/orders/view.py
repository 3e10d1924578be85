"""What a viewer may see of an order-tile game: the map, the characters on it, the tiles
under their cards and the CP on them; of what lies behind a screen (order tiles, CP,
missions) only the owner sees more than how many there are; of the search deck only its
top card; face-down markers show only where they are and whose they are, until
revealed."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core.visibility import Viewer
from rules.grid.squares import Square
from rules.orders.ground import Ground
from rules.orders.ips_state import LaidMarker
from rules.orders.power import power_on
from rules.orders.search_deck import top_item
from rules.orders.state import Fighter, OrdersState, ShotLine, Trail


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class PlayerView(Frozen):
    seat: str
    side: str | None
    mp: int
    tiles: int  # how many tiles behind the screen
    hand: tuple[str, ...] | None  # which: the owner only
    cp: int | None  # CP behind the screen: the owner only
    missions: tuple[str, ...] | None = None  # secret mission cards: the owner only
    mission_cards: int = 0  # how many secret mission cards
    fulfilled: tuple[str, ...] = ()  # missions fulfilled, shown to all


class MarkerView(Frozen):
    """A face-down marker: whose it is and where; what it hides only for its owner
    (``hides``: a character's label or ``decoy``; None for everybody else)."""

    seat: str
    square: Square
    hides: str | None = None


class RadioView(Frozen):
    """A radio scrambling marker on a character: its frequency to the scrambling player,
    and to everyone once revealed."""

    seat: str
    fighter: str
    frequency: str | None


class OrdersView(Frozen):
    phase: str
    turn: int
    turns: int
    seats: tuple[str, ...]
    ground: Ground | None
    players: tuple[PlayerView, ...]
    fighters: tuple[Fighter, ...]
    life: dict[str, int]  # the life points of each character's side in force
    markers: tuple[MarkerView, ...]
    bag: int
    discard: int
    initiative: str | None
    active: str | None
    activated: str | None
    deploying: str | None
    finished: bool
    winners: tuple[str, ...]
    last_shot: ShotLine | None = None  # until the next shot or the Final phase
    trail: Trail | None = None  # where the character activated last walked this turn
    deck_top: str | None = None  # the search deck's visible top card [13.2]
    deck: int = 0  # cards in the search deck
    laid: tuple[LaidMarker, ...] = ()  # mines and charges on the map
    switched_on: tuple[str, ...] = ()  # components switched ON
    power: bool = True
    radio: tuple[RadioView, ...] = ()
    large: tuple[str, ...] = ()  # characters filling a 2 x 2 block [16]


def view(state: OrdersState, viewer: Viewer) -> OrdersView:
    def owner(seat: str) -> bool:
        return viewer.referee or viewer.seat == seat

    players = tuple(
        PlayerView(
            seat=p.seat,
            side=p.side,
            mp=p.mp,
            tiles=len(p.hand),
            hand=p.hand if owner(p.seat) else None,
            cp=p.cp if owner(p.seat) else None,
            missions=p.missions if owner(p.seat) else None,
            mission_cards=len(p.missions),
            fulfilled=p.fulfilled,
        )
        for p in state.players
    )
    markers = tuple(
        MarkerView(
            seat=m.seat, square=m.square, hides=(m.fighter or "decoy") if owner(m.seat) else None
        )
        for m in state.markers
    )
    placed = state.phase not in ("deployment",)
    fighters = (
        state.fighters
        if placed
        else tuple(f.model_copy(update={"square": None}) for f in state.fighters)
    )
    return OrdersView(
        phase=state.phase,
        turn=state.turn,
        turns=state.turns,
        seats=state.seats,
        ground=state.ground,
        players=players,
        fighters=fighters,
        life={f.id: state.side_of(f).life_points for f in state.fighters},
        markers=markers,
        bag=len(state.bag),
        discard=len(state.discard),
        initiative=state.initiative,
        active=state.active,
        activated=state.activation.fighter if state.activation else None,
        deploying=state.deploying,
        finished=state.finished,
        winners=state.winners,
        last_shot=state.last_shot,
        trail=state.trail,
        deck_top=top_item(state),
        deck=len(state.deck),
        laid=state.ips.laid,
        switched_on=tuple(sorted(k for k, on in state.ips.switched.items() if on)),
        power=power_on(state),
        radio=tuple(
            RadioView(
                seat=s.seat,
                fighter=m.fighter,
                frequency=m.frequency if m.revealed or owner(s.seat) else None,
            )
            for s in state.ips.scrambling
            for m in s.markers
        ),
        large=tuple(f.id for f in state.fighters if state.is_large(f)),
    )
