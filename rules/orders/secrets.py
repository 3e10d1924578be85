"""What the order-tile game keeps secret: the tiles behind each screen, which face-down
marker is which character or a decoy, the search deck below its top card (known only to
a spy who looked), each player's mission cards until fulfilled, the duel bids not yet
revealed, and the frequencies of the radio markers not yet revealed."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.events import Event
from rules.core.secrets import Secret, jsonish, rotated, spelled
from rules.orders.events import DeckSpied
from rules.orders.seats import seat_label
from rules.orders.state import OrdersState

FREQUENCIES = ("clear", "listening", "scrambled")


def deck_secrets(state: OrdersState, log: Sequence[Event]) -> list[Secret]:
    """Each card below the top: which item faces up there. A seat that looked at the card
    with spy points may know it."""
    spied: dict[str, set[str]] = {}
    for event in log:
        if isinstance(event, DeckSpied):
            for card in event.cards:
                spied.setdefault(card.card, set()).add(event.seat)
    return [
        Secret(
            "search card",
            f"the search deck's card {card.card} lies at {place} with `{card.up}` up",
            spelled(f"`{card.up}` (other side `{card.down}`)"),
            frozenset(spied.get(card.card, set())),
        )
        for place, card in enumerate(state.deck[1:], 2)
    ]


def mission_secrets(state: OrdersState) -> list[Secret]:
    return [
        Secret(
            "missions",
            f"{player.seat}'s secret mission cards",
            spelled(jsonish("missions", list(player.missions))),
            frozenset({player.seat}),
        )
        for player in state.players
        if player.missions
    ]


def secrets(state: OrdersState, log: Sequence[Event] = ()) -> list[Secret]:
    found: list[Secret] = [*deck_secrets(state, log), *mission_secrets(state)]
    for player in state.players:
        for tile in sorted(set(player.hand)):
            found.append(
                Secret(
                    "order tile",
                    f"{player.seat} holds the `{tile}` tile",
                    spelled(f"drew `{tile}`", f"You drew `{tile}`"),
                    frozenset({player.seat}),
                )
            )
        if player.hand:
            found.append(
                Secret(
                    "hand",
                    f"{player.seat}'s tiles behind the screen",
                    spelled(jsonish("hand", list(player.hand))),
                    frozenset({player.seat}),
                )
            )
    for marker in state.markers:
        what = marker.fighter or "a decoy"
        found.append(
            Secret(
                "face-down marker",
                f"{marker.seat}'s marker on {marker.square} is {what}",
                spelled(
                    f"on {marker.square} is {what}",
                    jsonish("square", marker.square.model_dump())
                    + ", "
                    + jsonish("fighter", marker.fighter),
                ),
                frozenset({marker.seat}),
                on_board=True,
            )
        )
    found.extend(_bids(state))
    for scrambling in state.ips.scrambling:
        for radio in scrambling.markers:
            if radio.revealed:
                continue
            found.append(
                Secret(
                    "radio marker",
                    f"{scrambling.seat}'s radio marker on {radio.fighter} is {radio.frequency}",
                    spelled(
                        f"{radio.fighter} {radio.frequency}",
                        jsonish("fighter", radio.fighter)
                        + ", "
                        + jsonish("frequency", radio.frequency)
                        + ", "
                        + jsonish("revealed", False),
                    ),
                    frozenset({scrambling.seat}),
                )
            )
    return found


def _bids(state: OrdersState) -> list[Secret]:
    """The bids of the duel under way, each known to its bidder alone until the reveal."""
    if state.duel is None:
        return []
    return [
        Secret(
            "duel bid",
            f"{bid.seat}'s secret bid in the {state.duel.kind} duel",
            spelled(
                f"{seat_label(bid.seat)}'s secret bid: {bid.cp} CP",
                jsonish("bid", bid.model_dump(mode="json")),
            ),
            frozenset({bid.seat}),
        )
        for bid in state.duel.bids
    ]


def disguise(state: OrdersState) -> OrdersState | None:
    """The same game with every hidden thing changed: hands rotated between tile names,
    each seat's markers shuffled among themselves (a decoy where a character was), mission
    cards rotated, the deck below its top card turned over and cycled, undeclared bids
    raised by one, and the frequency of every radio marker not yet revealed rotated."""
    if not state.players:
        return None
    names = sorted(state.order_tiles)
    if not names:
        return None

    def other(tile: str) -> str:
        return names[(names.index(tile) + 1) % len(names)]

    players = tuple(
        p.model_copy(update={"hand": tuple(other(t) for t in p.hand)}) for p in state.players
    )
    markers = list(state.markers)
    for seat in state.seats:
        own = [i for i, m in enumerate(markers) if m.seat == seat]
        if len(own) > 1:
            kinds = [markers[i].fighter for i in own]
            kinds = kinds[1:] + kinds[:1]
            for i, kind in zip(own, kinds, strict=True):
                markers[i] = markers[i].model_copy(update={"fighter": kind})
    missions = sorted(state.missions)

    def other_mission(mission: str) -> str:
        return (
            missions[(missions.index(mission) + 1) % len(missions)]
            if mission in missions
            else mission
        )

    players = tuple(
        p.model_copy(update={"missions": tuple(other_mission(m) for m in p.missions)})
        for p in players
    )
    hidden = tuple(c.model_copy(update={"flipped": not c.flipped}) for c in state.deck[1:])
    deck = state.deck[:1] + hidden[1:] + hidden[:1]
    duel = state.duel
    if duel is not None:
        bids = tuple(b.model_copy(update={"cp": b.cp + 1}) for b in duel.bids)
        duel = duel.model_copy(update={"bids": bids})
    scrambling = tuple(
        s.model_copy(
            update={
                "markers": tuple(
                    m
                    if m.revealed
                    else m.model_copy(update={"frequency": rotated(m.frequency, FREQUENCIES)})
                    for m in s.markers
                )
            }
        )
        for s in state.ips.scrambling
    )
    ips = state.ips.model_copy(update={"scrambling": scrambling})
    return state.model_copy(
        update={
            "players": players,
            "markers": tuple(markers),
            "deck": deck,
            "duel": duel,
            "ips": ips,
        }
    )
