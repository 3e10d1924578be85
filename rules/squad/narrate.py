"""One line per squad event for the channel, the DM or the log: every die, the score it
needed and the result, so a replay tells the game exactly as it was played."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.events import Event
from rules.core.wording import plural
from rules.geometry.units import PER_INCH, show
from rules.squad import events as ev
from rules.squad.seats import seat_label

ORDER_NAMES = {
    "move": "Move",
    "rush": "Rush",
    "hold": "Hold",
    "shoot": "Shoot",
    "assault": "Assault",
}


def _dice(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values) or "no dice"


def _roll(roll: ev.Roll) -> str:
    mod = f"{roll.modifier:+d}" if roll.modifier else ""
    mark = "✓" if roll.passed else "✗"
    return f"{roll.raw}{mod} vs {roll.score}+ {mark}"


def _where(point: tuple[int, int]) -> str:
    return f"{point[0] / PER_INCH:.1f},{point[1] / PER_INCH:.1f}"


def _battle(e: ev.BattleSet) -> str:
    return f"Scenario: **{e.scenario.name}** on {e.battlefield}. {e.scenario.description}".strip()


def _chosen(e: ev.ForceChosen) -> str:
    if e.limit is None:  # as games saved before the limit was told read it
        return f"You chose **{e.name}** ({e.points} points): {', '.join(e.units)}."
    total = f"Points: {e.points} / {e.limit} ({e.limit - e.points} left)"
    return f"You chose **{e.name}** ({total}): {', '.join(e.units)}."


def _revealed(e: ev.ForcesRevealed) -> str:
    shown = "; ".join(
        f"{seat_label(s)}: **{f.name}** ({f.points} points)" for s, f in e.forces.items()
    )
    return f"Forces revealed — {shown}."


def _initiative(e: ev.InitiativeRolled) -> str:
    rolls = ", ".join(
        f"{seat_label(s)} {' then '.join(str(d) for d in dice)}" for s, dice in e.rolls.items()
    )
    return f"Initiative: {rolls}. {seat_label(e.winner)} chooses who goes first."


def _centre(points: tuple[tuple[int, int], ...]) -> str:
    return _where(
        (sum(p[0] for p in points) // len(points), sum(p[1] for p in points) // len(points))
    )


def _moved(e: ev.Moved) -> str:
    verb = {"move": "moves", "rush": "rushes", "assault": "charges", "close_in": "closes in"}[e.how]
    return f"{e.unit} {verb} {show(e.distance)} to {_centre(e.positions)}."


def _reaction(e: ev.ReactionTested) -> str:
    what = "a reaction shot at" if e.kind == "shot" else "a counter-charge against"
    result = "" if e.roll.passed else ", no reaction"
    return f"{e.unit} tests for {what} {e.against}: {_roll(e.roll)}{result}."


def _fired(e: ev.Fired) -> str:
    verb = f"{e.unit} takes a reaction shot at" if e.reaction else f"{e.unit} shoots"
    return (
        f"{verb} {e.target} at {e.band} range ({show(e.gap)}): {_dice(e.dice)} vs"
        f" {e.score}+ ({', '.join((f'SH {e.sh}', *e.modifiers))}) → {plural(e.hits, 'hit')}."
    )


def _damaged(e: ev.Damaged) -> str:
    if not e.rolls:
        return f"{e.unit} takes no damage."
    first = e.rolls[0]
    same = all(r.strength == first.strength and r.score == first.score for r in e.rolls)
    dice = " ".join(f"{r.raw}{'✓' if r.wounded else ''}" for r in e.rolls)
    wounds = sum(1 for r in e.rolls if r.wounded)
    test = (
        f"S{first.strength} v T{e.toughness}: {first.score}+"
        if same
        else f"mixed strengths v T{e.toughness}"
    )
    models = ", ".join(sorted({r.model for r in e.rolls if r.wounded}, key=int))
    hit = f" (model {models})" if models else ""
    return f"Damage to {e.unit}: {dice} ({test}) → {plural(wounds, 'wound')}{hit}."


def _strikes(s: ev.Strikes) -> str:
    return (
        f"{s.unit} {_dice(s.dice)} vs {s.score}+"
        f" ({', '.join((f'AS {s.assault} v {s.against}', *s.modifiers))})"
        f" → {plural(s.hits, 'hit')}"
    )


def _result(e: ev.CombatResult) -> str:
    score = f"{e.attacker} {e.attacker_wounds} – {e.defender} {e.defender_wounds}"
    if e.loser is None:
        return f"Combat drawn ({score}): both stay locked in close combat."
    return f"Combat result {score}: {e.loser} loses and checks morale."


def _morale(e: ev.MoraleChecked) -> str:
    mods = f" ({', '.join(e.modifiers)})" if e.modifiers else ""
    outcome = {"steady": "holds steady", "panic": "panics", "rout": "routs"}[e.result]
    return f"{e.unit} checks morale ({e.reason}): {_roll(e.roll)}{mods} → {outcome}."


def _rally(e: ev.Rallied) -> str:
    mods = f" ({', '.join(e.modifiers)})" if e.modifiers else ""
    outcome = "rallies" if e.roll.passed else "stays panicked"
    return f"{e.unit} tries to rally: {_roll(e.roll)}{mods} → {outcome}."


def _routed(e: ev.Routed) -> str:
    if e.how == "routed":
        return f"{e.unit} routs and leaves the table ({e.points} points)."
    return f"{e.unit} is destroyed ({e.points} points)."


def _scored(e: ev.Scored) -> str:
    held = ", ".join(f"{o} {seat_label(s)}" for o, s in sorted(e.held.items()))
    scores = ", ".join(f"{seat_label(s)} {v}" for s, v in e.scores.items())
    return f"Final score: {scores}." + (f" Objectives held: {held}." if held else "")


LINES: dict[type[Event], Callable[[Any], str | None]] = {
    ev.BattleSet: _battle,
    ev.ForceLocked: lambda e: f"{seat_label(e.seat)} has chosen a force in secret.",
    ev.ForceChosen: _chosen,
    ev.ForcesRevealed: _revealed,
    ev.DeployTurn: lambda e: f"{seat_label(e.seat)} deploys a unit." if e.seat else None,
    ev.Deployed: lambda e: f"{e.unit} deploys at {_centre(e.positions)}.",
    ev.TurnBegan: lambda e: f"**Turn {e.turn}.** The marker phase clears last turn's markers.",
    ev.InitiativeRolled: _initiative,
    ev.FirstChosen: lambda e: f"{seat_label(e.by)} has {seat_label(e.seat)} activate first.",
    ev.TurnPassed: lambda e: f"{seat_label(e.seat)} to activate a unit." if e.seat else None,
    ev.Activated: lambda e: f"{e.unit}: {ORDER_NAMES[e.order]} order.",
    ev.Rallied: _rally,
    ev.Moved: _moved,
    ev.Held: lambda e: f"{e.unit} holds.",
    ev.ActivationEnded: lambda e: None,
    ev.ReactionTested: _reaction,
    ev.Fired: _fired,
    ev.Damaged: _damaged,
    ev.Assaulted: lambda e: (
        f"{e.unit} assaults {e.target}" + (f"; {e.target} counter-charges." if e.counter else ".")
    ),
    ev.Fought: lambda e: f"Close combat: {_strikes(e.attacker)}; {_strikes(e.defender)}.",
    ev.CombatResult: _result,
    ev.MoraleChecked: _morale,
    ev.Routed: _routed,
    ev.TurnEnded: lambda e: f"Turn {e.turn} is over.",
    ev.Scored: _scored,
}


def describe(event: Event) -> str | None:
    line = LINES.get(type(event))
    return line(event) if line else None
