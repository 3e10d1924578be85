"""Attacks, shock rolls, wounds and death (source 000, "Combat", "Injury and Death",
"Launching a Counterattack", "Shaking off a Wound").

An attack rolls the weapon's dice (2 unarmed, 4 Hand-to-Hand, Pistol or Mental, 5
Automatic; two fewer from a smoke-filled circle) against 10 − Combat; any success makes the
target roll 4 dice against 10 − Stamina, each success cancelling one; what is left are
wounds, each dialling the target down a row; below the last row it dies and its disposable
equipment stays on its circle. After the shock roll the defender may pay a Command Point to
shake off one wound; after an attack it survived it may pay one to counterattack.
"""

from __future__ import annotations

from rules.core.d10 import count_pool
from rules.core.events import GameEnded
from rules.core.frames import FrameOpened
from rules.core.names import pretty
from rules.tannhauser import events as ev
from rules.tannhauser.content.equipment import HAND_TO_HAND
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.costs import COUNTERATTACK_COST, SHAKE_OFF_COST
from rules.tannhauser.flow import Flow
from rules.tannhauser.sight import attack_options, smoky_circles
from rules.tannhauser.state import (
    AttackPlan,
    CounterWindow,
    ShakeOffWindow,
    TannhauserState,
    Token,
)
from rules.tannhauser.values import current, roll_bonus

SMOKE_PENALTY = 2
TEST_POOL = 4
"""Dice in a test or duel when no other number is given."""
SHOCK_POOL = 4


def difficulty(value: int | None) -> int:
    return 10 - (value or 0)


def attack_pool(flow: Flow, attacker: Token, weapon: str | None) -> tuple[int, int, int]:
    """(dice, per-die modifier, automatic successes) of an attack roll."""
    state = flow.state
    item = state.gear.get(weapon) if weapon else None
    dice = item.attack_pool if item else 2
    per_die = automatic = 0
    if item is not None:
        for effect in item.effects:
            if effect.trigger != "attack":
                continue
            if effect.kind == "extra_dice" and effect.roll == "attack":
                dice += effect.amount
            elif effect.kind == "die_modifier" and effect.roll == "attack":
                per_die += effect.amount
            elif effect.kind == "auto_successes":
                automatic += effect.amount
    extra, modifier = roll_bonus(state, attacker, "attack")
    dice += extra
    per_die += modifier
    if attacker.circle in smoky_circles(state):
        dice -= SMOKE_PENALTY
    return dice, per_die, automatic


def start_attack(flow: Flow, plan: AttackPlan) -> None:
    """Declare, roll and resolve an attack; may pause for a shake-off window."""
    state = flow.state
    attacker, target = state.tokens[plan.attacker], state.tokens[plan.target]
    flow.emit(
        ev.AttackDeclared(
            attacker=plan.attacker, target=plan.target, weapon=plan.weapon, kind=plan.kind
        )
    )
    base = "worst" if plan.kind == "counter" else "row"
    combat = current(flow.state, attacker, Stat.COMBAT, base=base)
    dice, per_die, automatic = attack_pool(flow, attacker, plan.weapon)
    rolled = flow.roll(dice, purpose="attack roll", seat=attacker.seat)
    result = count_pool(rolled.values, difficulty(combat), per_die, automatic)
    flow.emit(
        ev.AttackRolled(
            attacker=plan.attacker,
            pool=max(0, dice),
            difficulty=result.difficulty,
            per_die=per_die,
            automatic=automatic,
            raw=result.raw,
            successes=result.successes,
        )
    )
    if result.successes == 0:
        after_attack(flow, plan)
        return
    wounds = shock(flow, target, result.successes)
    plan = plan.model_copy(update={"successes": result.successes})
    if wounds and may_shake_off(flow, target):
        flow.emit(
            FrameOpened(
                frame=ShakeOffWindow(
                    seat=target.seat,
                    victim=target.key,
                    wounds=wounds,
                    floor=target.row,
                    attack=plan,
                )
            )
        )
        return
    wound(flow, target.key, wounds)
    after_attack(flow, plan)


def shock(flow: Flow, target: Token, successes: int) -> int:
    """The target's shock roll against ``successes``; returns the wounds left."""
    state = flow.state
    stamina = current(state, target, Stat.STAMINA)
    extra, per_die = roll_bonus(state, target, "shock")
    pool = SHOCK_POOL + extra if stamina is not None else 0
    rolled = flow.roll(pool, purpose="shock roll", seat=target.seat)
    result = count_pool(rolled.values, difficulty(stamina), per_die)
    wounds = max(0, successes - result.successes)
    flow.emit(
        ev.ShockRolled(
            key=target.key,
            against=successes,
            pool=max(0, pool),
            difficulty=result.difficulty,
            per_die=per_die,
            raw=result.raw,
            successes=result.successes,
            wounds=wounds,
        )
    )
    return wounds


def may_shake_off(flow: Flow, target: Token) -> bool:
    """A wound can be shaken off right after a shock roll; a character with a null Stamina
    makes none, so it has nothing to shake off with."""
    state = flow.state
    if current(state, target, Stat.STAMINA) is None:
        return False
    affordable = state.command_points.get(target.seat, 0) >= SHAKE_OFF_COST
    return affordable and "shake" not in state.cp_effects.get(target.seat, ())


def wound(flow: Flow, key: str, wounds: int) -> None:
    """Dial ``key`` down ``wounds`` rows; below the last row it dies."""
    if wounds <= 0:
        return
    state = flow.state
    token = state.tokens[key]
    rows = len(state.sheets[token.character].rows)
    after = token.row + wounds
    flow.emit(
        ev.Wounded(
            key=key, wounds=wounds, row_before=token.row, row_after=min(after, rows), rows=rows
        )
    )
    if after >= rows:
        kill(flow, key)


def kill(flow: Flow, key: str) -> None:
    state = flow.state
    token = state.tokens[key]
    dropped = tuple(i for i in token.equipment if state.gear[i].disposable)
    flow.emit(ev.Killed(key=key, circle=token.circle, dropped=dropped))
    check_victory(flow)


def check_victory(flow: Flow) -> None:
    """Deathmatch: a side with no living character left (on the board or waiting) loses."""
    state = flow.state
    if state.finished or not state.tokens:
        return
    beaten = [s for s in state.seats if not state.living(s)]
    if not beaten:
        return
    winners = tuple(s for s in state.seats if s not in beaten)
    reason = "no enemy character is left on the board" if winners else "both sides were wiped out"
    flow.emit(GameEnded(winners=winners, reason=reason))


def after_attack(flow: Flow, plan: AttackPlan) -> None:
    """Offer a counterattack to a surviving target of an attack that was not itself one."""
    if flow.over or plan.kind == "counter":
        return
    state = flow.state
    target, attacker = state.tokens[plan.target], state.tokens[plan.attacker]
    if target.dead or attacker.dead:
        return
    affordable = state.command_points.get(target.seat, 0) >= COUNTERATTACK_COST
    if not affordable or "counter" in state.cp_effects.get(target.seat, ()):
        return
    if not attack_options(state, target, attacker, "counter"):
        return
    flow.emit(
        FrameOpened(frame=CounterWindow(seat=target.seat, counter=target.key, target=attacker.key))
    )


def free_melee_weapons(state: TannhauserState, striker: Token, target: Token) -> list[str | None]:
    return [
        w
        for w in attack_options(state, striker, target, "free")
        if w is None or state.gear[w].has(HAND_TO_HAND)
    ]


def describe_weapon(weapon: str | None) -> str:
    return pretty(weapon) if weapon else "bare hands"
