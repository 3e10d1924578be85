"""One line per order-tile event for the channel, the DM or the log. Lines of private
events (what a player drew, which marker is which) are spoken to their one reader."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.events import Event
from rules.core.wording import plural
from rules.orders import events as ev
from rules.orders.seats import seat_label

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
    if e.paused:
        return (
            f"{e.fighter} moves {route} and stops there, facing {e.facing.value}"
            f" ({e.used} of {e.points} movement points used): it may be interrupted."
        )
    return (
        f"{e.fighter} moves {route} ({e.used} of {e.points} movement points), facing"
        f" {e.facing.value}."
    )


def _asked(e: ev.DuelAsked) -> str:
    if e.kind == "initiative":
        return f"{seat_label(e.seat)} demands the initiative: a duel, bids secret."
    return f"{seat_label(e.seat)} asks for a duel: {e.fighter} would interrupt {e.mover}."


def _declined(e: ev.DuelDeclined) -> str:
    if e.kind == "initiative":
        return f"{seat_label(e.seat)} leaves the initiative where it is."
    return f"{seat_label(e.seat)} lets {e.mover} pass."


def _revealed_bids(e: ev.DuelRevealed) -> str:
    bids = ", ".join(f"{seat_label(b.seat)} {b.cp} CP" for b in e.bids)
    tie = ""
    if e.left:
        shown = ", ".join(f"{seat_label(s.seat)} {s.cp}" for s in e.left)
        tie = f"; tied, CP left: {shown}"
    what = "Interruption duel" if e.kind == "interrupt" else "Initiative duel"
    outcome = f"{seat_label(e.winner)} wins" if e.winner else "nobody wins"
    return f"{what}: {bids}{tie} — {outcome}. The bids go back to the bank."


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
    ev.Watched: lambda e: None,
    ev.DuelAsked: _asked,
    ev.DuelDeclined: _declined,
    ev.BidMade: lambda e: f"({seat_label(e.bid.seat)}'s secret bid: {e.bid.cp} CP.)",
    ev.DuelRevealed: _revealed_bids,
    ev.InterruptBegan: lambda e: f"{e.fighter} interrupts; {e.mover} is paused.",
    ev.InterruptEnded: lambda e: f"{e.fighter}'s interruption ends.",
    ev.InitiativeTaken: lambda e: f"{seat_label(e.seat)} takes the initiative.",
}


def describe(event: Event) -> str | None:
    line = LINES.get(type(event))
    return line(event) if line is not None else None
