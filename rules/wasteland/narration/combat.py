"""Lines for the facts of shooting and fighting (:mod:`rules.wasteland.facts.combat`)."""

from __future__ import annotations

from rules.core.events import Event
from rules.wasteland.charge import Reach, span
from rules.wasteland.deployment import where
from rules.wasteland.facts import combat as f
from rules.wasteland.facts.base import Modifier
from rules.wasteland.narration.lines import Line, dice, plural
from rules.wasteland.reactions import NAMES


def _after(modifiers: tuple[Modifier, ...]) -> str:
    """``cover -2, dark -1``: each modifier after its name."""
    return ", ".join(f"{m.label} {m.value:+d}" for m in modifiers)


def _volley(e: f.VolleyFired) -> str:
    shown = dice(e.dice)
    if e.autohit:
        roll = "Autohit" + (f" ({shown})" if shown else "")
    else:
        roll = f"{shown or ('auto' if e.need <= 1 else 'no roll')} vs {e.need}+"
    verb = "fires indirectly at" if e.indirect else "shoots"
    line = f"{e.shooter} {verb} {e.target} with {e.weapon} ×{e.count}: {roll}"
    if e.modifiers and not e.autohit:
        line += f" ({_after(e.modifiers)})"
    if e.rerolls:
        line += f" (Strike harder! {' '.join(f'{old}→{new}' for old, new in e.rerolls)})"
    line += f" → {plural(e.hits, 'hit')}"
    if e.crits:
        line += f", {e.crits} critical"
    if e.life:
        line += f" (Life {', '.join(e.life)} {e.life_modifier:+d})"
    return line


def _life(e: f.LifeRolled) -> str:
    parts = [f"{e.target} Life {dice(e.dice) or '—'} vs {e.need}+"]
    mods = [f"D{e.damage}"] if e.damage else []
    mods += [f"{m.label} {m.value:+d}" for m in e.modifiers]
    if mods:
        parts.append(f"({', '.join(mods)})")
    if e.crits:
        parts.append(f"+{e.crits} critical")
    parts.append(f"→ {e.failed} failed, {e.killed} down" + (" · destroyed" if e.destroyed else ""))
    return " ".join(parts)


def _stray(e: f.StrayHits) -> str:
    rule = "004 Vehicle/Monster: only rolls of 1" if e.big else "004 Shoot"
    return (
        f"{e.hits} failed Shoot roll{'s' if e.hits != 1 else ''} hit {e.friend}, in base"
        f" contact with {e.target}. ({rule})"
    )


def _stopped(e: f.ShootingStopped) -> str:
    if e.reason == "cannot_shoot":
        return f"{e.unit} can no longer shoot; the Action ends."
    return (
        f"{e.unit}: no target models remain visible and within range; the Shoot"
        " Action ends. (004 Shoot)"
    )


def _free_attack(e: f.FreeAttack) -> str:
    shown = dice(e.dice)
    if e.autohit:
        roll = "Autohit" + (f" ({shown})" if shown else "")
    else:
        roll = f"{shown or 'auto'} vs {e.need}+"
    return (
        f"{e.attacker or 'The attack'} {e.weapon} makes a free attack on {e.passenger} inside"
        f" {e.transport} (Open) ×{e.count}: {roll} → {plural(e.hits, 'hit')}"
    )


def _task(e: f.TargetTest) -> str:
    what = f"{e.unit} {f.shooting_task(e.choice, e.targets)}"
    if e.check is None:
        return f"{what}: free for a Vehicle/Monster."
    if e.check.passed:
        return f"{what}: {e.check.text()}."
    return f"{what}: {e.check.text()}, not done; confusion -1 Shoot."


def _charged(e: f.Charged) -> str:
    names = ", ".join(e.targets)
    notes = "".join(f"; {n}" for n in e.notes)
    if not e.moved:
        return f"{e.unit} is already locked with {names}: no model moves{notes}."
    reach = Reach(**e.reach.model_dump())
    return (
        f"{e.unit} charges {names}: {e.moved} model{'s move' if e.moved != 1 else ' moves'} "
        f"up to {span(e.longest)}"
        + (f" to {where(e.to)}" if e.to is not None else "")
        + f" (reach {span(reach.total)}: {reach.text()})"
        f"{notes}; {e.contacts} in base contact."
    )


def _blows(e: f.Blows) -> str:
    need = "autohit" if e.autohit else f"{e.need}+"
    shown = f"{dice(e.dice)} vs {need}" if e.dice else need
    why = f" ({', '.join(f'{m.value:+d} {m.label}' for m in e.modifiers)})" if e.modifiers else ""
    note = f" · Strike harder! re-rolls {dice(e.rerolled)} → {dice(e.again)}" if e.rerolled else ""
    extra = f", {e.crits} critical" if e.crits else ""
    head = f"{e.unit} fights {e.target} with {e.weapon} ×{e.count}"
    return f"{head}: {shown}{why}{note} → {plural(e.hits, 'hit')}{extra}"


def _reaction(e: f.ReactionTried) -> str:
    if e.reaction is None or e.check is None:
        return f"{e.unit} does not react."
    name = NAMES[e.reaction]
    if e.check.passed:
        return f"{e.unit} reacts with {name}: {e.check.text()}."
    return f"{e.unit} tries to {name}: {e.check.text()}, fails."


def _terror(e: f.TerrorTested) -> str:
    verb = "holds" if e.check.passed else "fails"
    return f"{e.unit} {verb} against {e.rule} {e.noun}: {e.check.text()} (-{e.penalty})."


def _rule_will(e: f.RuleWill) -> str:
    head = f"{e.unit} Will {e.check.text()} ({e.rule} -{e.x})"
    if e.rule == "Terrifying":
        return f"{head}."
    return f"{head}: {'holds' if e.check.passed else 'fails'}."


LINES: dict[type[Event], Line] = {
    f.VolleyFired: _volley,
    f.LifeRolled: _life,
    f.BodyguardsSaved: lambda e: (
        f"{e.guard} Bodyguards {dice(e.dice)} vs {e.x}+: {e.saved} take the hits."
    ),
    f.Backfired: lambda e: (
        f"{e.unit} {e.weapon} is Unstable {e.x}: {e.blows} backfire(s) on {e.model}."
    ),
    f.StrayHits: _stray,
    f.LowAmmo: lambda e: (
        f"{e.unit} is running low on ammunition ({e.failed} of {e.dice} dice"
        f" failed): -{e.penalty} Shoot for the rest of the game. (004 Low ammunition)"
    ),
    f.ShootingStopped: _stopped,
    f.FreeAttack: _free_attack,
    f.TargetTest: _task,
    f.FireRedirected: lambda e: f"{e.unit} fires at the closest enemy unit, {e.target}, instead.",
    f.CounterAttack: lambda e: f"{e.unit} counter-attacks {e.attacker}.",
    f.FightDeclared: lambda e: f"{e.unit} declares a Fight against {', '.join(e.targets)}.",
    f.FightStopped: lambda e: (
        f"{e.unit} is gone: the Fight Action ends."
        if e.reason == "gone"
        else f"{e.unit} has no target left: the Fight Action ends."
    ),
    f.FellShort: lambda e: (
        f"{e.unit} falls short: {span(e.gap)} from {e.near}, no model in base contact. "
        "The Fight Action ends."
    ),
    f.Charged: _charged,
    f.NoStrikers: lambda e: f"{e.unit} has no model able to strike.",
    f.Blows: _blows,
    f.ReactionsOffered: lambda e: f"{', '.join(e.units)} may react to {e.attacker}.",
    f.ReactionTried: _reaction,
    f.WentToGround: lambda e: f"{e.unit} goes to ground: +2 Life against this Action.",
    f.Overrun: lambda e: f"{e.unit}'s Counter-Attack did not stop {e.attacker}: it is overrun.",
    f.TerrorTested: _terror,
    f.RuleWill: _rule_will,
}
