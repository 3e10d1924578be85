"""What the order-tile game keeps secret: the tiles behind each screen and which face-down
marker is which character or a decoy."""

from __future__ import annotations

from rules.core.secrets import Secret, jsonish, rotated, spelled
from rules.orders.state import OrdersState

FREQUENCIES = ("clear", "listening", "scrambled")


def secrets(state: OrdersState) -> list[Secret]:
    found: list[Secret] = []
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


def disguise(state: OrdersState) -> OrdersState | None:
    """The same game with every hidden thing changed: hands rotated between tile names,
    and each seat's markers shuffled among themselves (a decoy where a character was)."""
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
    return state.model_copy(update={"players": players, "markers": tuple(markers), "ips": ips})
