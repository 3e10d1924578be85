"""Lines for the facts about units (:mod:`rules.wasteland.facts.units`)."""

from __future__ import annotations

from rules.core.events import Event
from rules.geometry.units import show
from rules.wasteland.deployment import where
from rules.wasteland.facts import units as f
from rules.wasteland.narration.lines import Line, dice


def _fearless(e: f.FearlessStood) -> str:
    if e.instead_of == "marker":
        return f"{e.unit} is Fearless: a model falls instead of a marker ({e.reason})."
    return f"{e.unit} is Fearless and stands: a model falls instead ({e.reason})."


def _death_throes(e: f.DeathThroes) -> str:
    if e.roll < e.x:
        return f"{e.unit} death throes: {e.roll} vs {e.x}+, nothing happens."
    return f'{e.unit} explodes ({e.roll} vs {e.x}+): everything within 4" rolls Life at -1.'


def _withdrew(e: f.Withdrew) -> str:
    if e.blocked is not None:
        return f"{e.unit} withdraws ({e.reason}) but the way is blocked: {e.blocked}."
    to = f" to {where(e.to)}" if e.to is not None else ""
    return f"{e.unit} withdraws {show(e.distance)} away from {e.enemy} ({e.reason}){to}."


def _activated(e: f.Activated) -> str:
    lost = f", {e.suppressed} lost to suppression" if e.suppressed else ""
    actions = f"{e.actions} Action{'s' if e.actions != 1 else ''}"
    return f"{e.unit} {e.name} activates ({actions}{lost})."


def _heroism(e: f.Heroism) -> str:
    if e.check.passed:
        return f"{e.unit} is gripped by heroism ({e.check.text()}): markers ignored."
    return f"{e.unit} tries heroism: {e.check.text()}, fails and freezes."


def _break_away(e: f.BreakAway) -> str:
    if e.check.passed:
        return f"{e.unit} breaks away: Will {e.check.text()}."
    return f"{e.unit} tries to break away: Will {e.check.text()}, the Move is wasted."


def _moved(e: f.Moved) -> str:
    to = f" to {where(e.to)}" if e.to is not None else ""
    notes = [n for n in (e.terrain, f"stops short: {e.short}" if e.short else "") if n]
    return (
        f"{e.unit} moves {show(e.longest)}{to}" + (f" ({'; '.join(notes)})" if notes else "") + "."
    )


def _dangerous(e: f.DangerousTerrain) -> str:
    what = "crosses dangerous ground" if e.during == "move" else "dangerous terrain"
    return f"{e.unit} {what}: {dice(e.dice)} vs {e.need}+ → {e.lost} lost."


def _ground(e: f.GroundTested) -> str:
    if e.treacherous:
        return f"{e.area} turns treacherous ({e.roll}): Dangerous Terrain 8 from now on."
    return f"{e.area} holds ({e.roll})."


def _tended(e: f.Tended) -> str:
    head = f"{e.unit} {e.kind} {e.x}+: {e.roll} →"
    if e.outcome == "failed":
        return f"{head} no help this round."
    if e.outcome == "no_room":
        return f"{head} no room to bring anyone back."
    if e.outcome == "revived":
        return f"{head} {e.model} returns to {e.patient} with one wound."
    return f"{head} {e.model} regains a wound ({e.wounds}/{e.full})."


LINES: dict[type[Event], Line] = {
    f.MarkerGained: lambda e: f"{e.unit} gains a Suppression marker ({e.reason}) → {e.markers}.",
    f.FearlessStood: _fearless,
    f.UnitDestroyed: lambda e: f"{e.unit} {e.name} is destroyed ({e.reason}).",
    f.DeathThroes: _death_throes,
    f.LifeRollsLost: lambda e: f"{e.unit}: Life {dice(e.dice)} vs {e.need}+ → {e.lost} lost.",
    f.BailedOut: lambda e: f"{e.unit} bails out of the wreck.",
    f.Withdrew: _withdrew,
    f.Activated: _activated,
    f.Heroism: _heroism,
    f.BreakAway: _break_away,
    f.Moved: _moved,
    f.DangerousTerrain: _dangerous,
    f.GroundTested: _ground,
    f.Boarded: lambda e: f"{e.unit} {'occupies' if e.building else 'embarks on'} {e.carrier}.",
    f.Disembarked: lambda e: (
        f"{e.unit} disembarks from {e.carrier}" + (f" at {where(e.to)}" if e.to else "") + "."
    ),
    f.Defending: lambda e: (
        f"{e.unit} takes cover and defends (+1 Life against shooting, +1 Will this round)."
    ),
    f.Regrouped: lambda e: f"{e.unit} pulls {e.stragglers} straggler(s) back into coherency.",
    f.Tended: _tended,
    f.BuildingEmptied: lambda e: f"{e.building} stands empty.",
    f.BuildingRuined: lambda e: (
        f"{e.area} collapses into ruins ({e.screen.value}, difficult terrain)."
    ),
}
