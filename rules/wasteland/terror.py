"""Suppressive/Terrifying X (004 Special weapon rules), shared by shooting and fighting.

Once per activation, every unit hit by such a weapon passes a Will roll at -X (one more for
each further Suppressive or Terrifying firing at it, at most -5) or gains a Suppression
marker; for Terrifying it makes a Withdraw Reaction instead (and gains the reaction's
marker).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.wasteland.checks import will_roll
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.effects import add_marker, withdraw
from rules.wasteland.events import ActivationChanged
from rules.wasteland.facts.combat import TerrorTested
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play

MAX_TERROR = 5


@dataclass
class Terror:
    values: list[int] = field(default_factory=list)  # X of each Suppressive/Terrifying firing
    terrifying: bool = False
    hit: bool = False


def note(
    terrors: dict[str, Terror], weapon: WeaponDef, target: str, firings: int, hits: int
) -> None:
    """Remember ``firings`` of ``weapon`` at ``target`` (nothing for other weapons)."""
    x = weapon.value("suppressive") or weapon.value("terrifying")
    if not x:
        return
    entry = terrors.setdefault(target, Terror())
    entry.values += [x] * firings
    entry.terrifying = entry.terrifying or weapon.has("terrifying")
    entry.hit = entry.hit or hits > 0


def frighten(
    flow: Flow,
    attacker: str,
    terrors: dict[str, Terror],
    *,
    in_activation: bool,
    noun: Literal["fire", "blows"],
) -> None:
    """Test every unit hit, in the order of ``terrors``; ``noun`` is "fire" or "blows"."""
    active = flow.state.active
    if in_activation and active is not None and active.terror_used:
        return
    used = False
    for target_id, entry in terrors.items():
        target = flow.state.units[target_id]
        if not entry.hit or not target.on_table or profile_in_play(flow.state, target).big:
            continue
        penalty = min(MAX_TERROR, max(entry.values) + len(entry.values) - 1)
        name: Literal["Terrifying", "Suppressive"] = (
            "Terrifying" if entry.terrifying else "Suppressive"
        )
        check = will_roll(flow, target, name, -penalty)
        used = True
        flow.emit(TerrorTested(unit=target_id, rule=name, noun=noun, check=check, penalty=penalty))
        if check.passed:
            continue
        if entry.terrifying:
            fearless = profile_in_play(flow.state, target).has("fearless")
            withdraw(flow, target_id, attacker, "terrified")
            if not fearless:
                add_marker(flow, target_id, "Withdraw Reaction")
        else:
            add_marker(flow, target_id, "suppressed")
    current = flow.state.active
    if used and in_activation and current is not None:
        flow.emit(ActivationChanged(active=current.model_copy(update={"terror_used": True})))
