"""Lines for the facts of setting up a game (:mod:`rules.wasteland.facts.setup`)."""

from __future__ import annotations

from rules.core.events import Event
from rules.wasteland.advanced import LABELS
from rules.wasteland.conditions import CONDITION_NAMES
from rules.wasteland.deployment import where
from rules.wasteland.facts import setup as f
from rules.wasteland.missions import MISSIONS
from rules.wasteland.narration.lines import Line, rolloff, standings
from rules.wasteland.seats import seat_label


def _rolled(e: f.MissionRolled) -> str:
    mission = MISSIONS[e.mission]
    return f"Mission roll {e.die}: {mission.number}. {mission.name}."


def _announced(e: f.MissionAnnounced) -> str:
    defends = f" {seat_label(e.defender)} defends." if e.defender else ""
    return f"{MISSIONS[e.mission].name} on {e.battlefield}.{defends}"


def _advantages(e: f.AdvantagesRolled) -> str:
    head = f"{seat_label(e.seat)} advantage roll {e.roll}:"
    if e.advantage is None or e.disadvantage is None:
        return f"{head} no advantages (and no disadvantages)."
    bad = f"disadvantage roll {e.second}: {LABELS[e.disadvantage]}"
    return f"{head} {LABELS[e.advantage]}; {bad}."


def _heroic(e: f.HeroicFigure) -> str:
    if e.unit is None:
        return f"{seat_label(e.seat)} has no Command unit for its Heroic figure."
    extra = f", Tough +2 ({e.wounds} wounds)" if e.wounds is not None else ""
    return f"{e.unit} {e.name} is a Heroic figure: Leadership +1, +1 Shoot/Fight{extra}."


def _desertion(e: f.DesertionRolled) -> str:
    if e.deserter is None:
        return f"Desertion: no 1 in {e.limit} dice; nobody deserts."
    rolls = ", ".join(f"{unit} {raw}" for unit, raw in e.rolls)
    return f"Desertion ({rolls}): {e.deserter} {e.name} has deserted."


def _crippled(e: f.Crippled) -> str:
    total = e.roll + e.wounds
    head = f"{e.unit} crippling damage: {e.roll} + {e.wounds} wounds = {total}"
    if total <= 11:
        return f"{head} → no additional effect."
    if total <= 14:
        return f"{head} → immobilized: its Move is 0 for the rest of the game."
    if total <= 17:
        if e.weapon is None:
            return f"{head} → weapon destroyed, but it has none left."
        return f"{head} → weapon destroyed: {e.weapon} may not be used for the rest of the game."
    return f"{head} → it explodes!"


def _deployed(e: f.Deployed) -> str:
    carrying = f" carrying {', '.join(e.passengers)}" if e.passengers else ""
    return f"{e.unit} {e.name} deploys at {where(e.at)}{carrying}."


def _held(e: f.HeldBack) -> str:
    if e.why == "ambush":
        return f"{e.unit} lies in ambush off the table."
    if e.why == "scouts":
        return f"{e.unit} is held back to scout ahead after everyone has deployed."
    return (
        f'{e.unit} finds no room in its zone 25" from the enemy; it waits off the table '
        "and may enter its zone in any later activation."
    )


def _condition(e: f.ConditionSet) -> str:
    rolled = f" (roll {e.roll})" if e.roll is not None else ""
    return f"Battlefield condition: {CONDITION_NAMES[e.condition]}{rolled}."


LINES: dict[type[Event], Line] = {
    f.MissionRolled: _rolled,
    f.DefenderRolled: lambda e: f"Defender roll {e.die}: {seat_label(e.seat)} defends.",
    f.MissionAnnounced: _announced,
    f.ListRevealed: lambda e: (
        f"{seat_label(e.seat)} reveals {e.points} points: "
        + ", ".join(f"{name}×{models}" for name, models in e.entries)
        + "."
    ),
    f.AdvantagesRolled: _advantages,
    f.HandicapIgnored: lambda e: f"Handicap ignored: {e.problem}",
    f.HandicapApplied: lambda e: (
        f"{seat_label(e.seat)} handicap: {', '.join(LABELS[k] for k in e.keys)}."
    ),
    f.ConditionSet: _condition,
    f.HeroicFigure: _heroic,
    f.VeteransGranted: lambda e: f"{seat_label(e.seat)}'s units are Grizzled veterans: Stubborn 1.",
    f.DesertionRolled: _desertion,
    f.Crippled: _crippled,
    f.DeploymentOrder: lambda e: (
        "Deployment order (lowest initiative first): "
        + standings(e.order, e.totals)
        + rolloff(e.order, e.rolloffs)
        + "."
    ),
    f.CaptiveNumbered: lambda e: (
        f"The captive is counter number {e.key}; the counters lie face down."
    ),
    f.Deployed: _deployed,
    f.EmbarkedAtStart: lambda e: f"{e.unit} starts the game embarked on {e.carrier}.",
    f.HeldBack: _held,
    f.Arrived: lambda e: (
        f"{e.unit} enters its zone at {where(e.at)}."
        if e.late
        else f"{e.unit} springs its ambush at {where(e.at)}."
    ),
    f.Reinforced: lambda e: f"Reinforcements: {e.unit} {e.name} returns to the fight.",
}
