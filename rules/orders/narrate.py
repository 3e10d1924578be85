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
    return (
        f"{e.fighter} moves {route} ({e.used} of {e.points} movement points), facing"
        f" {e.facing.value}."
    )


def _line(e: ev.LineResolved) -> str:
    paid = f" ({plural(e.cp, 'CP')})" if e.cp else ""
    head = f"{e.fighter} uses the {e.name}, line {e.line}{paid}"
    if e.threshold is None:
        return f"{head}: {e.text}"
    rolled = " ".join(f"{d.colour[0]}{d.points}" for d in e.dice) or "no dice"
    verdict = "success" if e.success else "failure"
    return f"{head}: {rolled} = {e.points} vs {e.threshold}: {verdict}."


def _scrambler(e: ev.ScramblerSwitched) -> str:
    if e.on:
        return f"{seat_label(e.seat)} scrambles the enemy radios."
    why = f" ({e.why})" if e.why else ""
    end = "; the scrambling ends and its markers are removed" if e.ended else ""
    return f"A scrambler of {seat_label(e.seat)}'s goes off{why}{end}."


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
    ev.LineResolved: _line,
    ev.AbilityPaid: lambda e: f"{e.fighter} puts {plural(e.cp, 'CP')} on its card.",
    ev.Switched: lambda e: f"The {e.name} is switched {'ON' if e.on else 'OFF'}.",
    ev.ChargeCounted: lambda e: (
        f"A charge counter goes on {e.fighter}'s {e.equipment}"
        + (": it is used up." if e.used_up else ".")
    ),
    ev.CpGained: lambda e: f"{seat_label(e.seat)} takes {plural(e.amount, 'CP')} from the bank.",
    ev.Healed: lambda e: (
        f"{e.fighter} heals {plural(e.points, 'wound')}"
        + (" and is Healthy again." if e.healthy_again else ".")
    ),
    ev.MarkerLaid: lambda e: f"{e.fighter} lays a {e.marker.kind} on {e.marker.square}.",
    ev.MinesArmed: lambda e: f"{plural(len(e.markers), 'mine')} laid this turn become live.",
    ev.Exploded: lambda e: f"The {e.equipment} on {e.square} explodes.",
    ev.BarrierCut: lambda e: f"{e.fighter} destroys the {e.part} between {e.a} and {e.b}.",
    ev.Reanimated: lambda e: (
        f"A body rises on {e.risen.square}: {e.risen.id} {e.risen.name} joins"
        f" {seat_label(e.risen.seat)}."
    ),
    ev.RisenCpGiven: lambda e: f"{e.fighter} receives {plural(e.amount, 'CP')} only it may spend.",
    ev.TimerSet: lambda e: f"{plural(e.timer.left, 'time counter')} go on the {e.name}.",
    ev.TimerTicked: lambda e: f"A time counter comes off the {e.name} ({e.left} left).",
    ev.PowerRestored: lambda e: "The power is back in the building.",
    ev.ScramblerSwitched: _scrambler,
    ev.RadioMarkersPlaced: lambda e: (
        f"{seat_label(e.seat)} puts face-down radio markers on {', '.join(e.fighters) or 'nobody'}."
    ),
    ev.RadioMarkersAre: lambda e: (
        "(Your radio markers: " + ", ".join(f"{m.fighter} {m.frequency}" for m in e.markers) + ".)"
    ),
    ev.RadioMarkerRevealed: lambda e: f"{e.fighter}'s radio marker is turned up: {e.frequency}.",
}


def describe(event: Event) -> str | None:
    line = LINES.get(type(event))
    return line(event) if line is not None else None
