"""Lines for the facts of command (:mod:`rules.wasteland.facts.command`)."""

from __future__ import annotations

from rules.core.events import Event
from rules.geometry.units import show
from rules.wasteland.facts import command as f
from rules.wasteland.facts.command import POWER_NAMES, chain_purpose
from rules.wasteland.narration.lines import Line, dice, plural
from rules.wasteland.orders import ORDER_NAMES
from rules.wasteland.seats import seat_label


def _reached(e: f.OrderReached) -> str:
    will = f"Will {e.check.text()}"
    if e.check.passed:
        return f"{e.leader} reaches {e.target} at {show(e.gap)}: {will}."
    name = ORDER_NAMES[e.order]
    return f"{e.leader} orders {e.target} ({show(e.gap)}): {name} — {will}, the order is lost."


def _carried(e: f.OrderCarried) -> str:
    if e.order == "push":
        text = f'D5 ({e.roll}) → {e.extra}" more on its next Move or Fight Action'
    elif e.order == "strike":
        text = "it may re-roll up to 3 dice in its next Shoot or Fight Action"
    elif e.order == "regroup":
        text = f"it loses a Suppression marker → {e.markers}"
    else:
        text = "it may activate next"
    return f"{e.leader} orders {e.target}: {ORDER_NAMES[e.order]} — {text}."


def _called(e: f.AirstrikeCalled) -> str:
    total = e.roll - e.penalty
    head = f"{e.leader} calls in an airstrike on {e.target} ({show(e.gap)}): {e.roll}"
    if e.penalty:
        head += f" -{e.penalty} (distance) = {total}"
    if total >= 3:
        return f"{head}, 3+ → on target."
    if total <= 1:
        if e.victim is None:
            return f"{head}, 1 or less → it goes astray, but no friendly unit is near."
        return f"{head}, 1 or less → it hits the nearest friendly unit, {e.victim}!"
    return f"{head} → it misses."


def _contested(e: f.PowerContested) -> str:
    name = POWER_NAMES[e.power]
    by = seat_label(e.by)  # a seat declines or gives up; a unit tries to nullify or override
    seat = seat_label(e.seat)
    return {
        "let_stand": f"{by} lets {name} stand.",
        "nullify_failed": f"{by} fails to nullify {name}: the power stands.",
        "renullify_failed": f"{by} fails to re-nullify {name}: the power stands.",
        "nullified": f"{by} nullifies {name}.",
        "nullified_open": f"{by} nullifies {name}; {seat} may override with {e.unit}.",
        "given_up": f"{by} gives up: {name} is nullified.",
        "override_failed": f"{by} fails to override: {name} is nullified.",
        "overridden": f"{by} overrides the nullification: {name} stands.",
        "overridden_open": (
            f"{by} overrides the nullification; {seat} may nullify again with {e.unit}."
        ),
    }[e.step]


def _chain(e: f.ChainRolled) -> str:
    extra = (
        f" (+{e.bonus} for {e.bonus} more Caster{'s' if e.bonus > 1 else ''})" if e.bonus else ""
    )
    return f"{e.unit} Will to {chain_purpose(e.attempt, e.power)}: {e.check.text()}{extra}."


def _morale(e: f.MoraleTest) -> str:
    will = f"Will {e.check.text()}" + (", passed by Price of Failure" if e.enforced else "")
    passed = e.check.passed or e.enforced
    if e.test == "rally":
        if passed:
            return f"{e.unit} rallies: {will} → {e.markers - 1} marker(s) left."
        return f"{e.unit} rallies: {will} → keeps {e.markers} marker(s)."
    if e.test == "melee":
        head = f"{e.unit} lost the melee to {e.enemy} (lost {e.lost}, killed {e.killed})"
        return f"{head}: {will} → {'holds' if passed else 'withdraws'}."
    why = f" (-1: {e.lost} of {e.starting} lost)" if e.heavy else ""
    return f"{e.unit} took casualties: {will}{why} → {'steady' if passed else 'shaken'}."


LINES: dict[type[Event], Line] = {
    f.OrderReached: _reached,
    f.OrderCarried: _carried,
    f.AirstrikeCalled: _called,
    f.AirstrikeRolled: lambda e: (
        f"Airstrike on {e.target} ×{len(e.dice)}: {dice(e.dice)} vs {e.need}+ → "
        f"{plural(e.hits, 'hit')}"
    ),
    f.PowerCast: lambda e: (
        f"{e.unit} casts {POWER_NAMES[e.power]} on {e.target}: the power is cast."
    ),
    f.NullifyOffered: lambda e: f"{seat_label(e.seat)} may try to nullify {POWER_NAMES[e.power]}.",
    f.PowerContested: _contested,
    f.ChainRolled: _chain,
    f.CasterUnstable: lambda e: (
        f"Unstable {e.x} ({e.roll}): {e.model} fails a Life roll and is "
        f"{'destroyed' if e.destroyed else 'wounded'}."
    ),
    f.PowerFizzled: lambda e: f"{POWER_NAMES[e.power]} finds no target: {e.target} is gone.",
    f.Blessed: lambda e: f"{e.unit} is blessed: +1 Shoot and +1 Fight during its next activation.",
    f.FuryRolled: lambda e: (
        f"{e.caster} Psychic Fury at {e.target}: {e.roll} vs {e.need}+ → "
        f"{'1 hit' if e.roll >= e.need else 'miss'}"
    ),
    f.MoralePhase: lambda e: "Morale phase.",
    f.MoraleTest: _morale,
    f.StubbornCounted: lambda e: f"{e.unit} is Stubborn: {e.markers} markers count as {e.counted}.",
    f.PriceOfFailure: lambda e: (
        f"{e.enforcer} Price of Failure {e.x}: {e.unit} loses {len(e.victims)} model(s) "
        f"({', '.join(e.victims) or 'none'}) and counts as passing."
    ),
}
