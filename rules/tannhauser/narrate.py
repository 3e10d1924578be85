"""One line of text per event for the channel, the DM or the log.

Dice are shown compactly with their difficulty, successes in bold, natural 1s struck out,
natural 10s starred, so every test, duel, attack and grenade can be checked at a glance.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.events import DiceRolled, Event
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.names import pretty
from rules.core.wording import plural
from rules.tannhauser import events as ev
from rules.tannhauser.setup_phase import TEAM_SIZE, team_so_far
from rules.tannhauser.state import (
    CounterWindow,
    FreeMeleeWindow,
    OverwatchWindow,
    RerollWindow,
    ShakeOffWindow,
)

Names = Callable[[str], str]

KIND = {
    "normal": "attacks",
    "overwatch": "fires from overwatch at",
    "counter": "counterattacks",
    "free": "strikes back for free at",
}


def dice_text(raw: tuple[int, ...], difficulty: int, per_die: int = 0) -> str:
    """``[3, **5**, **6**, ~~1~~, **10***]`` — successes bold, natural 1s struck, 10s starred."""
    if not raw:
        return "no dice"
    shown = []
    for value in raw:
        if value == 10:
            shown.append("**10**★")
        elif value == 1:
            shown.append("~~1~~")
        elif value + per_die >= difficulty:
            shown.append(f"**{value}**")
        else:
            shown.append(str(value))
    return "[" + ", ".join(shown) + "]"


def _need(difficulty: int, per_die: int) -> str:
    text = f"{difficulty}+"
    if per_die:
        text += f" ({per_die:+d} per die)"
    return text


def _roll_off(e: ev.RollOff, n: Names) -> str:
    totals = ", ".join(f"{n(s)} {v}" for s, v in e.totals.items())
    if e.winner is None:
        return f"🎲 Roll-off for {e.purpose}: {totals} — a tie, rolling again."
    return f"🎲 Roll-off for {e.purpose}: {totals} — **{n(e.winner)}** wins."


def _attack_rolled(e: ev.AttackRolled, n: Names) -> str:
    auto = f" + {e.automatic} automatic" if e.automatic else ""
    return (
        f"  Attack roll: {plural(e.pool, 'die')} vs {_need(e.difficulty, e.per_die)} → "
        f"{dice_text(e.raw, e.difficulty, e.per_die)}{auto} = **{plural(e.successes, 'success')}**"
    )


def _shock(e: ev.ShockRolled, n: Names) -> str:
    return (
        f"  {n(e.key)}'s shock roll: {plural(e.pool, 'die')} vs "
        f"{_need(e.difficulty, e.per_die)} → {dice_text(e.raw, e.difficulty, e.per_die)} = "
        f"{e.successes} cancelled of {e.against} → **{plural(e.wounds, 'wound')}**"
    )


def _wounded(e: ev.Wounded, n: Names) -> str:
    if e.rows and e.row_after >= e.rows:
        after = "below the last row"
    else:
        after = f"row {e.row_after + 1}" + (f" of {e.rows}" if e.rows else "")
    return f"  🩸 {n(e.key)} takes {plural(e.wounds, 'wound')}: row {e.row_before + 1} → {after}."


def _killed(e: ev.Killed, n: Names) -> str:
    dropped = f" Left on {e.circle}: {', '.join(n(i) for i in e.dropped)}." if e.dropped else ""
    return f"💀 **{n(e.key)}** is dead.{dropped}"


def _turn(e: ev.TurnStarted, n: Names) -> str:
    points = ", ".join(f"{n(s)} {v}" for s, v in e.command_points.items())
    smoke = f" Smoke clears from {', '.join(e.cleared_smoke)}." if e.cleared_smoke else ""
    return f"**— Turn {e.turn} —** Command Points: {points}.{smoke}"


def _roll_made(e: ev.RollMade, n: Names) -> str:
    bonus = f" {e.bonus:+d}" if e.bonus else ""
    again = " (re-roll)" if e.reroll else ""
    return f"🎲 {n(e.seat)}'s {e.purpose} roll{again}: {e.die}{bonus} = **{e.total}**"


def _moved(e: ev.Moved, n: Names) -> str:
    verb = "enters the board at" if e.entered else "moves"
    path = " → ".join(e.route)
    return f"🏃 {n(e.key)} {verb} {path} ({e.points_left} movement left)."


def _bull_rush(e: ev.BullRushed, n: Names) -> str:
    result = "breaks through" if e.won else "is stopped"
    sides = ""
    if e.attacker_dice:
        sides = (
            f" {dice_text(e.attacker_dice, e.attacker_difficulty)} vs {e.attacker_difficulty}+ "
            f"against {dice_text(e.defender_dice, e.defender_difficulty)} vs "
            f"{e.defender_difficulty}+:"
        )
    return (
        f"💥 {n(e.key)} bull-rushes {n(e.target)} (Stamina duel):{sides} "
        f"{e.attacker_successes} against {e.defender_successes} successes — {result}."
    )


def _grenade(e: ev.GrenadeThrown, n: Names) -> str:
    if e.smoke:
        return f"💨 {n(e.thrower)} throws {n(e.item)} at {e.circle}: its paths fill with smoke."
    caught = ", ".join(n(v) for v in e.victims) or "nobody"
    return (
        f"💣 {n(e.thrower)} throws {n(e.item)} at {e.circle}: 4 automatic successes "
        f"against {caught}."
    )


def _window(e: FrameOpened, n: Names) -> str | None:
    w = e.frame
    if isinstance(w, OverwatchWindow):
        return f"⚠️ {n(w.seat)} may fire from overwatch at {n(w.target)}."
    if isinstance(w, ShakeOffWindow):
        return f"⚠️ {n(w.seat)} may shake off a wound of {n(w.victim)} (1 CP)."
    if isinstance(w, CounterWindow):
        return f"⚠️ {n(w.seat)} may counterattack with {n(w.counter)} (1 CP)."
    if isinstance(w, FreeMeleeWindow):
        return f"⚠️ {n(w.seat)} may strike {n(w.target)} for free."
    if isinstance(w, RerollWindow):
        return f"⚠️ {n(w.seat)} rolled lower and may re-roll for 1 CP."
    return None


def _team_picked(e: ev.TeamPicked, n: Names) -> str:
    chosen = ", ".join(n(c) for c in e.characters) or "nobody"
    if e.kinds is None:  # as games saved before the kinds were told read it
        left = TEAM_SIZE - len(e.characters)
        return f"Your team so far: {chosen} ({len(e.characters)} of {TEAM_SIZE} characters, {left} left)."
    return f"Your team so far: {chosen} ({team_so_far(e.kinds)})."


_LINES: dict[type[Event], Callable[[Any, Names], str | None]] = {
    ev.PhaseBegan: lambda e, n: {
        "teams": "Factions are settled. Choose your team in secret (3 heroes, 2 troopers).",
        "mercenaries": "A mercenary was wanted by both sides; the loser of the roll picks again.",
        "packs": "Teams are settled. Choose a pack for each character in secret.",
        "bonus": "Packs are revealed. Choose up to 3 bonus tokens in secret, then `bonus done`.",
        "entry": "Choose entry points, roll-off winner first.",
        "setup_roll": (
            "Setup roll: the winner has initiative on turn 1 and sets overwatch second; "
            "the entry-roll winner still activates first."
        ),
        "overwatch": "Set overwatch, starting with the player without initiative.",
        "activations": "Activations begin.",
    }.get(e.phase),
    ev.MapChosen: lambda e, n: f"🗺️ Map: **{e.map.name}**" + (" (rolled)." if e.rolled else "."),
    ev.RollOff: _roll_off,
    ev.FactionLocked: lambda e, n: f"{n(e.seat)} has chosen a faction in secret.",
    ev.FactionPicked: lambda e, n: f"You chose **{n(e.faction)}**.",
    ev.FactionsRevealed: lambda e, n: (
        "Factions revealed: " + ", ".join(f"{n(s)} → **{n(f)}**" for s, f in e.picks.items()) + "."
    ),
    ev.FactionSet: lambda e, n: f"{n(e.seat)} plays **{n(e.faction)}**.",
    ev.TeamLocked: lambda e, n: f"{n(e.seat)} has locked in a team.",
    ev.TeamPicked: _team_picked,
    ev.TeamsRevealed: lambda e, n: (
        "Teams revealed — "
        + "; ".join(f"{n(s)}: {', '.join(n(c) for c in t)}" for s, t in e.teams.items())
    ),
    ev.MercenaryLost: lambda e, n: (
        f"{n(e.seat)} loses {n(e.character)} and must choose another character."
    ),
    ev.MercenaryReplaced: lambda e, n: f"{n(e.seat)} takes {n(e.new)} instead of {n(e.old)}.",
    ev.PackLocked: lambda e, n: f"{n(e.seat)} chose a pack for {n(e.character)}.",
    ev.PackPicked: lambda e, n: f"You chose the **{e.pack}** pack for {n(e.character)}.",
    ev.PacksRevealed: lambda e, n: (
        "Packs revealed — "
        + "; ".join(
            f"{n(s)}: " + ", ".join(f"{n(c)} {k}" for c, k in p.items()) for s, p in e.packs.items()
        )
    ),
    ev.BonusPicked: lambda e, n: (
        "Your bonus tokens: "
        + (", ".join(f"{n(p.token)} → {n(p.character)}" for p in e.picks) or "none")
        + "."
    ),
    ev.BonusReady: lambda e, n: f"{n(e.seat)} is done with bonus tokens.",
    ev.BonusRevealed: lambda e, n: (
        "Bonus tokens revealed — "
        + "; ".join(
            f"{n(s)}: " + (", ".join(f"{n(p.token)} → {n(p.character)}" for p in ps) or "none")
            for s, ps in e.picks.items()
        )
    ),
    ev.BonusLost: lambda e, n: f"{n(e.seat)} loses the roll for {n(e.pick.token)}.",
    ev.BonusApplied: lambda e, n: (
        f"{n(e.key)} takes {e.gear.name} in place of {n(e.pick.replacing)}."
    ),
    ev.EntryOrder: lambda e, n: (
        f"{n(e.order[0])} chooses an entry point first and activates first on turn 1."
    ),
    ev.EntryChosen: lambda e, n: f"{n(e.seat)} takes the entry point {e.circle}.",
    ev.CommandPointsSet: lambda e, n: (
        "Command Points: " + ", ".join(f"{n(s)} {v}" for s, v in e.points.items()) + "."
    ),
    ev.CratesPlaced: lambda e, n: f"📦 Face-down crates are placed on {', '.join(e.features)}.",
    ev.RollMade: _roll_made,
    ev.TurnStarted: _turn,
    ev.OverwatchStep: lambda e, n: None if e.seat is None else f"{n(e.seat)} may set overwatch.",
    ev.OverwatchSet: lambda e, n: f"👁️ {n(e.key)} goes on overwatch.",
    ev.OverwatchDeclined: lambda e, n: f"{n(e.seat)} sets no (more) overwatch.",
    ev.NextActivation: lambda e, n: (
        None if e.seat is None else f"{n(e.seat)} to activate a character."
    ),
    ev.Reinforced: lambda e, n: (
        f"🚩 {n(e.seat)} brings in a reinforcement: {e.sheet.name} ({e.pack} pack)."
    ),
    ev.ActivationStarted: lambda e, n: f"▶️ **{n(e.key)}** activates ({e.points} movement).",
    ev.Moved: _moved,
    ev.BullRushed: _bull_rush,
    ev.CommandPointsSpent: lambda e, n: f"{n(e.seat)} spends {e.amount} CP on {e.label}.",
    ev.CommandPointsGained: lambda e, n: f"{n(e.seat)} gains {e.amount} CP from {e.source}.",
    ev.MovementBought: lambda e, n: None,
    ev.Boosted: lambda e, n: (
        f"{n(e.key)} gets {e.amount:+d} {e.stat.title()} this activation ({e.source})."
    ),
    ev.Announced: lambda e, n: None,
    FrameOpened: _window,
    FrameClosed: lambda e, n: None,
    ev.AttackDeclared: lambda e, n: (
        f"⚔️ {n(e.attacker)} {KIND[e.kind]} {n(e.target)} with "
        + (n(e.weapon) if e.weapon else "bare hands")
        + "."
    ),
    ev.AttackRolled: _attack_rolled,
    ev.ShockRolled: _shock,
    ev.WoundShaken: lambda e, n: f"  {n(e.key)} shakes off a wound.",
    ev.Wounded: _wounded,
    ev.Killed: _killed,
    ev.Healed: lambda e, n: f"➕ {n(e.key)} is healed: row {e.row_before + 1} → {e.row_after + 1}.",
    ev.GrenadeThrown: _grenade,
    ev.RubblePlaced: lambda e, n: f"  Rubble now covers {e.circle}.",
    ev.SmokePlaced: lambda e, n: None,
    ev.InventoryChanged: lambda e, n: None if e.what in ("thrown", "used") else f"🎒 {e.summary}.",
    ev.EquipmentUsed: lambda e, n: (
        f"{n(e.key)} uses {n(e.item)}" + (f" on {n(e.target)}" if e.target else "") + "."
    ),
    ev.CrateSearched: lambda e, n: f"📦 {n(e.key)} searches the crate on {e.feature}.",
    ev.CrateSeen: lambda e, n: (
        f"📦 The crate on {e.feature} holds **{e.contents}**. Put it back, or take it."
    ),
    ev.CrateTaken: lambda e, n: f"📦 {n(e.key)} takes {e.contents} from the crate on {e.feature}.",
    ev.CrateReturned: lambda e, n: f"📦 {n(e.key)} puts the crate on {e.feature} back, face down.",
    ev.ActionCircleUsed: lambda e, n: (
        f"{n(e.key)} activates the Action circle {e.feature} (no effect in this mode)."
    ),
    ev.ActivationEnded: lambda e, n: (
        f"⏹️ {n(e.key)}'s activation ends" + (f" ({e.reason})." if e.reason else ".")
    ),
}


def roll_won(event: ev.RollWon, names: Names, first_activator: str | None) -> str:
    """Who won a setup or initiative roll and what it decides. On turn 1 the setup roll
    gives initiative (the order of setting overwatch) while the entry-roll winner
    activates first (source 000, "Selecting Entry Points")."""
    winner = names(event.seat)
    if event.purpose == "initiative":
        return (
            f"**{winner}** wins the initiative roll and has initiative: "
            "sets overwatch second, activates first."
        )
    line = f"**{winner}** wins the setup roll and has initiative on turn 1: sets overwatch second."
    if first_activator is None:
        return line + " The entry-roll winner activates first."
    return line + f" {names(first_activator)} activates first, as the entry roll decided."


def describe(event: Event, names: Names = pretty, first_activator: str | None = None) -> str | None:
    """The line for ``event``; ``names`` turns ids (characters, items, seats) into names;
    ``first_activator`` is the seat that activates first on turn 1, once known."""
    if isinstance(event, DiceRolled):
        return None
    if isinstance(event, ev.RollWon):
        return roll_won(event, names, first_activator)
    line = _LINES.get(type(event))
    return line(event, names) if line else None
