"""What the black-powder game keeps secret: the order of the draw pile (from everyone),
each player's hand and reserve (from the other player), which unit each hidden-movement
marker hides and where its models stand, and which markers hide none (from the other
player)."""

from __future__ import annotations

from collections.abc import Callable

from rules.blackpowder.events import (
    CardsDrawn,
    DummiesPlaced,
    HandShown,
    HeldBack,
    HiddenDeployed,
)
from rules.blackpowder.phrasebook import word
from rules.blackpowder.state import BPState, BPUnit, Trooper
from rules.core.events import Event
from rules.core.language import Language
from rules.core.secrets import Secret, jsonish, spelled


def secrets(state: BPState, describe: Callable[[Event], str | None]) -> list[Secret]:
    found: list[Secret] = []
    if len(state.draw_pile) > 1:
        found.append(
            Secret(
                "draw pile",
                "the order of the draw pile",
                spelled(jsonish("draw_pile", list(state.draw_pile))),
            )
        )
    for player in state.players:
        holder = frozenset({player.seat})
        if player.hand:
            line = describe(CardsDrawn(seat=player.seat, cards=player.hand))
            shown = describe(HandShown(seat=player.seat, hand=player.hand, reserve=player.reserve))
            found.append(
                Secret(
                    "hand",
                    f"{player.seat}'s hand",
                    spelled(jsonish("hand", list(player.hand)), line or "", shown or ""),
                    holder,
                )
            )
        for card in player.reserve:
            found.append(
                Secret(
                    "reserve",
                    f"{player.seat} holds {card} back",
                    spelled(
                        jsonish("reserve", list(player.reserve)),
                        describe(HeldBack(seat=player.seat, card=card)) or "",
                    ),
                    holder,
                )
            )
    for unit in state.units:
        if unit.marker is not None and unit.on_table:
            found.append(_under_marker(unit, describe))
    for seat in state.seats:
        dummies = tuple(m.id for m in state.dummies_of(seat))
        if dummies:
            line = describe(DummiesPlaced(seat=seat, markers=dummies))
            found.append(
                Secret(
                    "dummy marker",
                    f"{', '.join(dummies)} of {seat} hide no unit",
                    spelled(
                        jsonish("dummies", list(dummies)),
                        line or "",
                        *(f"Your dummy {d} moves" for d in dummies),
                    ),
                    frozenset({seat}),
                    on_board=True,
                )
            )
    return found


def _under_marker(unit: BPUnit, describe: Callable[[Event], str | None]) -> Secret:
    positions = tuple((m.x, m.y) for m in unit.models)
    assert unit.marker is not None
    line = describe(HiddenDeployed(unit=unit.id, marker=unit.marker, positions=positions))
    return Secret(
        "hidden unit",
        f"the marker {unit.marker} hides {unit.id}",
        spelled(
            f"{jsonish('unit', unit.id)}, {jsonish('marker', unit.marker)}",
            jsonish("positions", [list(p) for p in positions]),
            *(f'"id": "{m.id}", "x": {m.x}, "y": {m.y}}}' for m in unit.models),
            line or "",
            f"Under its marker {unit.id} moves",
            # the unit's card (/game sheet) naming its marker, in either language
            *(f"({word('hidden-movement').in_(language)}: {unit.marker})" for language in Language),
        ),
        frozenset({unit.seat}),
        on_board=True,
    )


def disguise(state: BPState) -> BPState | None:
    """The same game with every hidden thing changed: the draw pile reversed, each hand's
    cards swapped for cards of the draw pile, each hidden unit's models turned about its
    marker, and a side's first hidden unit moved under its first dummy marker, which takes
    the unit's old marker (the markers stay where they are)."""
    if not state.players:
        return None
    pile = list(reversed(state.draw_pile))
    players = []
    for player in state.players:
        hand = list(player.hand)
        for i in range(min(len(hand), len(pile))):
            hand[i], pile[i] = pile[i], hand[i]
        players.append(player.model_copy(update={"hand": tuple(hand)}))
    units = tuple(_turned(state, u) if u.marker is not None else u for u in state.units)
    state = state.model_copy(
        update={"draw_pile": tuple(pile), "players": tuple(players), "units": units}
    )
    for seat in state.seats:
        state = _swapped(state, seat)
    return state


def _swapped(state: BPState, seat: str) -> BPState:
    """The seat's first hidden unit under its first dummy marker, the dummy now the
    marker the unit left."""
    dummies = state.dummies_of(seat)
    hidden = [u for u in state.on_table(seat) if u.marker is not None]
    if not dummies or not hidden:
        return state
    unit, dummy = hidden[0], dummies[0]
    assert unit.marker is not None
    old = state.marker(unit.marker)
    dx, dy = dummy.x - old.x, dummy.y - old.y
    models = tuple(Trooper(id=m.id, x=m.x + dx, y=m.y + dy) for m in unit.models)
    moved = unit.model_copy(update={"models": models, "marker": dummy.id})
    return state.model_copy(
        update={
            "units": tuple(moved if u.id == unit.id else u for u in state.units),
            "dummies": tuple(old.id if d == dummy.id else d for d in state.dummies),
        }
    )


def _turned(state: BPState, unit: BPUnit) -> BPUnit:
    assert unit.marker is not None
    marker = state.marker(unit.marker)
    models = tuple(
        Trooper(id=m.id, x=2 * marker.x - m.x, y=2 * marker.y - m.y) for m in unit.models
    )
    return unit.model_copy(update={"models": models})
