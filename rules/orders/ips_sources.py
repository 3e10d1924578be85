"""The components that carry IPS lines, as the interpreter sees them: an item a character
carries, a floor element or a room on the map, a special ability on a character card, or
a mine or charge laid on the map; and their ON/OFF state ([11.4])."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.grid.squares import Square
from rules.orders.content.abilities import AbilityDef
from rules.orders.content.ips import IpsLine
from rules.orders.ips_places import PlacedElement, PlacedRoom, elements, rooms
from rules.orders.ips_state import LaidMarker
from rules.orders.state import Fighter, OrdersState

SourceKind = Literal["item", "element", "room", "ability", "marker"]


@dataclass(frozen=True)
class Source:
    kind: SourceKind
    key: str
    name: str
    lines: tuple[IpsLine, ...]
    equipment: str | None = None
    placed: PlacedElement | None = None
    room: PlacedRoom | None = None
    marker: LaidMarker | None = None

    def squares(self, state: OrdersState, user: Fighter | None) -> tuple[Square, ...]:
        """Where the component stands (a carried item or an ability: with its character)."""
        if self.placed is not None:
            return tuple(sorted(self.placed.squares, key=lambda s: s.order))
        if self.room is not None:
            return tuple(sorted(self.room.squares, key=lambda s: s.order))
        if self.marker is not None:
            return (self.marker.square,)
        if user is not None and user.square is not None:
            return (user.square,)
        return ()


def item_key(fighter: str, equipment: str) -> str:
    return f"item:{fighter}:{equipment}"


def item(state: OrdersState, fighter: Fighter, equipment: str) -> Source:
    card = state.equipment[equipment]
    return Source(
        kind="item",
        key=item_key(fighter.id, equipment),
        name=card.name,
        lines=card.ips,
        equipment=equipment,
    )


def carried(state: OrdersState, fighter: Fighter) -> tuple[Source, ...]:
    """The items the character carries that have IPS lines, each once."""
    return tuple(
        item(state, fighter, e)
        for e in dict.fromkeys(fighter.equipment)
        if e in state.equipment and state.equipment[e].ips
    )


def element_source(placed: PlacedElement) -> Source:
    return Source(
        kind="element",
        key=placed.key,
        name=placed.element.name,
        lines=placed.element.ips,
        placed=placed,
    )


def room_source(room: PlacedRoom) -> Source:
    return Source(kind="room", key=room.key, name=room.tile.tile.name, lines=room.lines, room=room)


def on_map(state: OrdersState) -> tuple[Source, ...]:
    """The floor elements and rooms with IPS lines on the map."""
    if state.ground is None:
        return ()
    found = [element_source(p) for p in elements(state.ground) if p.element.ips]
    found += [room_source(r) for r in rooms(state.ground)]
    return tuple(found)


def ability_source(ability: AbilityDef) -> Source:
    return Source(kind="ability", key=f"ability:{ability.id}", name=ability.name, lines=ability.ips)


def marker_source(state: OrdersState, marker: LaidMarker) -> Source:
    card = state.equipment[marker.equipment]
    return Source(
        kind="marker",
        key=marker.key,
        name=f"{card.name} ({marker.kind})",
        lines=card.ips,
        equipment=marker.equipment,
        marker=marker,
    )


def starts_on(state: OrdersState, source: Source) -> bool:
    if source.placed is not None:
        return bool(source.placed.element.starts_on)
    if source.equipment is not None and source.kind == "item":
        return bool(state.equipment[source.equipment].starts_on)
    return False


def is_on(state: OrdersState, source: Source) -> bool:
    """Whether the component is switched ON ([11.4])."""
    return state.ips.switched.get(source.key, starts_on(state, source))


def find(state: OrdersState, key: str) -> Source | None:
    """The component a key names, if it is still in play."""
    kind, _, rest = key.partition(":")
    if kind == "item":
        fighter_id, _, equipment = rest.partition(":")
        fighter = state.find(fighter_id)
        if fighter is None or equipment not in state.equipment:
            return None
        return item(state, fighter, equipment)
    if kind == "marker":
        marker = next((m for m in state.ips.laid if m.key == key), None)
        return marker_source(state, marker) if marker is not None else None
    return next((s for s in on_map(state) if s.key == key), None)
