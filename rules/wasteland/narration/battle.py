"""Lines for the facts of the battle's course (:mod:`rules.wasteland.facts.battle`)."""

from __future__ import annotations

from rules.core.events import Event
from rules.geometry.units import PER_INCH
from rules.wasteland.battle_events import EVENT_NAMES
from rules.wasteland.facts import battle as f
from rules.wasteland.narration.lines import Line, rolloff, standings
from rules.wasteland.seats import seat_label


def _round(e: f.RoundAnnounced) -> str:
    shown = standings(e.order, e.totals) + rolloff(e.order, e.rolloffs)
    first = seat_label(e.order[0])
    return f"Round {e.round}. Initiative (Leadership): {shown}; {first} goes first."


def _battle_event(e: f.BattleEventRolled) -> str:
    rolls = f"Battle events: {seat_label(e.seat)} rolls {e.roll} vs {e.trigger}+"
    if e.roll < e.trigger:
        return f"{rolls} → no event."
    if e.event is None:
        return f"{rolls}, but no event can apply."
    tried = ", ".join(f"{roll} {EVENT_NAMES[event]}" for roll, event in e.tried)
    skipped = f" (rolled again after {tried}: does not apply)" if e.tried else ""
    head = f"Battle event ({e.roll} vs {e.trigger}+)"
    return f"{head}: {e.result} → {EVENT_NAMES[e.event]}{skipped}."


def _in_force(e: f.BattleEventInForce) -> str:
    if e.event == "earthquake":
        return "The ground shakes: every unit that moves this round is in Dangerous Terrain 8."
    return 'Comms are down: no orders beyond 5" and no airstrikes this round.'


def _interacted(e: f.Interacted) -> str:
    if e.mode == "steady_begun":
        return f"{e.unit} works slow and steady at {e.objective}: its next Interact succeeds."
    if e.mode == "steady_done" or e.check is None:
        return f"{e.unit} interacts with {e.objective}: slow and steady pays off."
    return f"{e.unit} goes for broke at {e.objective}: Will {e.check.text()}."


def _progress(e: f.ObjectiveProgress) -> str:
    if e.goal is None:
        return f"{e.objective}: score {e.score}."
    return f"{e.objective}: {e.score}/{e.goal}" + (" — cleared!" if e.cleared else ".")


def _scored(e: f.SeatScored) -> str:
    if e.against is not None:
        return f"{seat_label(e.seat)} cuts {seat_label(e.against)}'s score to {e.score}."
    return f"{seat_label(e.seat)} scores: {e.score}/{e.goal}."


def _counter(e: f.CounterTurned) -> str:
    if e.seat is not None:
        return f"{e.objective} shows {e.number}: the captive! {seat_label(e.seat)} takes control."
    return f"{e.objective} shows {e.number}: nobody there."


LINES: dict[type[Event], Line] = {
    f.RoundAnnounced: _round,
    f.BattleEventRolled: _battle_event,
    f.BrokeDown: lambda e: (
        f"{e.unit} {e.name} breaks down: its Move is 0 for the rest of the game."
    ),
    f.BattleEventInForce: _in_force,
    f.TrapSprung: lambda e: (
        f"It's a trap! {e.area}, where {e.unit} stands, is Dangerous Terrain {e.danger}."
    ),
    f.FriendlyFireOpened: lambda e: (
        f"Friendly fire! {e.shooter} opens fire on {e.target}."
        if e.shot
        else f"{e.shooter} has no shot at {e.target}."
    ),
    f.Interacted: _interacted,
    f.ObjectiveProgress: _progress,
    f.SeatScored: _scored,
    f.SalvageSecured: lambda e: f"{seat_label(e.seat)} secures {e.objective} ({e.count}/3).",
    f.CounterTurned: _counter,
    f.NothingScored: lambda e: "This mission scores nothing for Interact Actions.",
    f.Evacuated: lambda e: f"{e.unit} is evacuated: +{e.points} points.",
    f.CaptiveEscorted: lambda e: (
        f"{e.unit} escorts the captive to {e.x / PER_INCH:.1f},{e.y / PER_INCH:.1f}."
    ),
    f.Escaped: lambda e: f"{e.unit} slips off the table and escapes.",
}
