"""One line per order-tile event for the channel, the DM or the log. Lines of private
events (what a player drew, which marker is which) are spoken to their one reader."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.events import Event
from rules.core.wording import plural
from rules.orders import events as ev
from rules.orders.seats import seat_label
from rules.orders.state import DeckCard

WHY_DRAWN = {
    "initiative": "draws",
    "redraw": "sets the first tiles aside and draws",
    "bought": "pays 1 CP and draws",
    "discard": "pays 2 CP and takes from the discard pile",
}


def _tiles(tiles: tuple[str, ...]) -> str:
    return ", ".join(f"`{t}`" for t in tiles) or "nothing"


def _set(e: ev.GameSet) -> str:
    sides = "; ".join(
        f"{seat_label(p.seat)}" + (f" ({p.side})" if p.side else "") + f" {p.mp} MP"
        for p in e.players
    )
    teams = "; ".join(
        f"{seat_label(seat)}: "
        + ", ".join(f"{f.id} {f.name}" for f in e.fighters if f.seat == seat)
        for seat in dict.fromkeys(f.seat for f in e.fighters)
    )
    return f"Map built ({len(e.ground.tiles)} floor tiles), {e.turns} turns. {sides}. {teams}."


def _drawn(e: ev.TilesDrawn) -> str:
    return f"{seat_label(e.seat)} {WHY_DRAWN[e.why]} {plural(e.count, 'order tile')}."


def _revealed(e: ev.MarkersRevealed) -> str:
    shown = ", ".join(f"{m.fighter or 'decoy'} on {m.square}" for m in e.markers)
    return f"Markers revealed: {shown}. Decoys leave the map."


def _paid(e: ev.OrderPaid) -> str:
    cp = sum(p.cp for p in e.placed)
    return f"{e.fighter} takes {plural(cp, 'CP')} on a {e.order.replace('_', ' ')} order."


def _moved(e: ev.Moved) -> str:
    route = " ".join(str(s) for s in e.path[1:])
    return (
        f"{e.fighter} moves {route} ({e.used} of {e.points} movement points), facing"
        f" {e.facing.value}."
    )


def _searched(e: ev.Searched) -> str:
    icons = [
        plural(n, word)
        for n, word in (
            (e.flips, "flip icon"),
            (e.shuffles, "shuffle icon"),
            (e.spies, "spy point"),
        )
        if n
    ]
    extra = f", {', '.join(icons)}" if icons else ""
    dice = f"{e.dice} black {'die' if e.dice == 1 else 'dice'}"
    return f"{e.fighter} searches: {dice}, {plural(e.points, 'search point')}{extra}."


def _top(e: ev.DeckTop) -> str:
    if e.item is None:
        return "The search deck is empty."
    return f"Search deck ({plural(e.cards, 'card')}): `{e.item}` on top."


def _cards(cards: tuple[DeckCard, ...]) -> str:
    return "; ".join(f"{i}. `{c.up}` (other side `{c.down}`)" for i, c in enumerate(cards, 1))


def _passed(e: ev.EquipmentPassed) -> str:
    what = f"`{e.item}`" if e.item is not None else "a magnetic card"
    return f"{e.to} takes {what} from {e.source}."


LINES: dict[type[Event], Callable[[Any], str | None]] = {
    ev.GameSet: _set,
    ev.DeployTurn: lambda e: f"{seat_label(e.seat)} places a marker." if e.seat else None,
    ev.MarkerPlaced: lambda e: f"{seat_label(e.seat)} places a face-down marker on {e.square}.",
    ev.MarkerIs: lambda e: f"(Your marker on {e.square} is {e.fighter or 'a decoy'}.)",
    ev.MarkersRevealed: _revealed,
    ev.Faced: lambda e: f"{e.fighter} faces {e.facing.value}.",
    ev.TurnBegan: lambda e: f"**Turn {e.turn}** — {seat_label(e.initiative)} has the initiative.",
    ev.BagRefilled: lambda e: f"The bag is empty: {plural(e.count, 'discarded tile')} go back in.",
    ev.TilesDrawn: _drawn,
    ev.TilesSeen: lambda e: f"(You drew {_tiles(e.tiles)}.)",
    ev.TilesSetAside: lambda e: f"{seat_label(e.seat)} returns the first 5 tiles to the bag.",
    ev.RedrawDeclined: lambda e: f"{seat_label(e.seat)} keeps the tiles drawn.",
    ev.DiscardTaken: lambda e: f"(You took `{e.tile}` from the discard pile.)",
    ev.CpReceived: lambda e: f"(You receive {e.base} CP and {e.bonus} bonus CP.)",
    ev.RoundBegan: lambda e: f"{seat_label(e.seat)}'s activation round.",
    ev.Passed: lambda e: f"{seat_label(e.seat)} passes.",
    ev.Activated: lambda e: f"{e.fighter} is {'activated' if e.first else 'reactivated'}.",
    ev.TileAssigned: lambda e: f"{e.fighter} is assigned the `{e.tile}` tile.",
    ev.OrderPaid: _paid,
    ev.DoorOpened: lambda e: f"The door between {e.a} and {e.b} opens.",
    ev.DoorClosed: lambda e: (
        f"The door between {e.a} and {e.b} " + ("slides shut." if e.by_itself else "closes.")
    ),
    ev.Moved: _moved,
    ev.RoundEnded: lambda e: None,
    ev.FinalPhase: lambda e: (
        f"Final phase of turn {e.turn}: cards disengage,"
        f" {plural(e.discarded, 'assigned tile')} go to the discard pile, CP return to the bank."
    ),
    ev.TilesDiscarded: lambda e: f"(You discard {_tiles(e.tiles)}.)",
    ev.TilesKept: lambda e: f"{seat_label(e.seat)} keeps {plural(e.count, 'order tile')}.",
    ev.MpChanged: lambda e: f"{seat_label(e.seat)} {e.amount:+d} MP ({e.why}).",
    ev.SearchDeckSet: lambda e: None,
    ev.DeckTop: _top,
    ev.DeckArranged: lambda e: "The search deck is shuffled." if e.why == "shuffle" else None,
    ev.DeckCycled: lambda e: f"{e.fighter} puts {plural(e.count, 'card')} under the search deck.",
    ev.DeckFlipped: lambda e: f"{e.fighter} flips the whole search deck over.",
    ev.Searched: _searched,
    ev.EquipmentFound: lambda e: f"{e.fighter} finds `{e.item}`.",
    ev.EquipmentDropped: lambda e: (
        f"{e.fighter} drops `{e.item}`" + (" under the search deck." if e.under else ".")
    ),
    ev.EquipmentPassed: _passed,
    ev.SpyPoints: lambda e: f"{seat_label(e.seat)} has {plural(e.points, 'spy point')} to use.",
    ev.DeckSpied: lambda e: f"(You look at the top of the search deck: {_cards(e.cards)}.)",
    ev.MissionSpied: lambda e: f"(You see a mission of {seat_label(e.owner)}: `{e.mission}`.)",
    ev.MissionDeckSet: lambda e: None,
    ev.MissionsDrawn: lambda e: (
        f"{seat_label(e.seat)} draws {plural(e.count, 'secret mission card')}."
    ),
    ev.MissionsSeen: lambda e: f"(Your missions: {_tiles(e.missions)}.)",
    ev.MissionFulfilled: lambda e: f"{seat_label(e.seat)} fulfils the mission `{e.mission}`!",
    ev.Exited: lambda e: f"{e.fighter} leaves the map by {e.via}, safe, its equipment gone.",
}


def describe(event: Event) -> str | None:
    line = LINES.get(type(event))
    return line(event) if line is not None else None
