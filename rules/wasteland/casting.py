"""Psychic powers: the Cast Action and the nullification chain (004 Caster, Cast).

A unit with a Caster model and no model in base contact with enemies casts a power it knows;
the power automatically succeeds. Each enemy side with a Caster unit on the table may then
try to nullify it with a Will roll; on a success the casting unit may override with a Will
roll of its own, the nullifying unit may override that in turn, and so on, until one side
stops, a roll fails, or a rolling model is destroyed by Unstable 2. Every roll of the chain
is a Will roll without the Defend and Cover bonuses, at +1 for every additional Caster
model in the rolling unit, and with Unstable 2: a die of 2 or less makes the rolling model
(the unit's first living model) fail a Life roll. A roll that succeeds stands even if its
model then falls. When one side's chain ends with the power standing, the next enemy side
that has not yet had its chance may try; when none is left the power takes effect.

* Psychic Fury [R20, A1, 6+ D10, Deadly 2]: an enemy unit within 20" that the caster sees
  takes one Shoot die at 6+ (a power, not a Shoot Action: no Shoot modifiers apply); only
  models the caster sees may be removed.
* War Blessing: a friendly unit gets +1 Shoot and +1 Fight during its next activation.

The chain is a :class:`~rules.wasteland.state.CastWindow` whose ``seat`` is the side that
must answer next; ``cast`` says whether the power stands at that moment.
"""

from __future__ import annotations

from rules.core.d10 import need
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.units import inches, show
from rules.wasteland import actions
from rules.wasteland import table as tb
from rules.wasteland.attacks import Strike, strike
from rules.wasteland.checks import will_modifier, will_roll
from rules.wasteland.content.special import WeaponRule
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.effects import put, wound
from rules.wasteland.facts.command import (
    POWER_NAMES,
    Attempt,
    Blessed,
    CasterUnstable,
    ChainRolled,
    FuryRolled,
    NullifyOffered,
    Power,
    PowerCast,
    PowerContested,
    PowerFizzled,
    Step,
    chain_purpose,
)
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.seats import seat_label
from rules.wasteland.shoot_fire import can_fire_from, source
from rules.wasteland.state import CastWindow, WastelandState, WUnit

RULE = "004 Cast"
CASTER_RULE = "004 Caster"
UNSTABLE = 2
FURY = WeaponDef(
    id="psychic-fury",
    name="Psychic Fury",
    range=20,
    hit=6,
    damage=10,
    rules=(WeaponRule(kind="deadly", value=2),),
)


def cast(flow: Flow, seat: str, action: actions.Cast) -> Rejection | None:
    """The Cast Action of the active unit (the Action is already spent)."""
    state = flow.state
    active = state.active
    assert active is not None
    unit = state.units[active.unit]
    if not profile_in_play(state, unit).has("caster"):
        return reject(RejectionCode.ILLEGAL_MOVE, f"{unit.id} has no Caster model.", RULE)
    if not can_fire_from(state, unit):  # on the table, or aboard an Open transport
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is not on the table (an embarked unit casts only from an Open"
            " transport that took fewer than two Move Actions this round).",
            "004 Open",
        )
    if tb.enemy_contacts(state, source(state, unit)):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is in base contact with enemy models and cannot cast.",
            RULE,
        )
    target = state.units.get(action.target)
    if target is None or not target.on_table:
        return reject(RejectionCode.BAD_ARGUMENT, f"'{action.target}' is not a unit on the table.")
    problem = _target_problem(state, unit, target, action.power)
    if problem is not None:
        return problem
    flow.emit(PowerCast(unit=unit.id, power=action.power, target=target.id))
    window = CastWindow(
        seat=seat,
        caster=unit.id,
        nullifier=None,
        power=action.power,
        target=target.id,
        cast=True,
    )
    following = next_nullifier(state, window)
    if following is None:
        _apply(flow, window)
        return None
    window = window.model_copy(update={"seat": following})
    flow.emit(FrameOpened(frame=window))
    flow.emit(NullifyOffered(seat=following, power=action.power))
    return None


def _target_problem(
    state: WastelandState, unit: WUnit, target: WUnit, power: str
) -> Rejection | None:
    hostile = state.hostile(unit.seat, target.seat)
    if power == "blessing":
        if hostile:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"War Blessing goes to a friendly unit; {target.id} is an enemy.",
                CASTER_RULE,
            )
        return None
    if not hostile:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Psychic Fury targets an enemy unit; {target.id} is friendly.",
            CASTER_RULE,
        )
    if not tb.sees(state, source(state, unit), target):
        return reject(
            RejectionCode.NO_LINE_OF_SIGHT, f"{unit.id} cannot see {target.id}.", CASTER_RULE
        )
    gap = tb.distance(state, source(state, unit), target)
    if gap > inches(FURY.range or 0) + 0.001:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f'{target.id} is {show(gap)} from {unit.id}; Psychic Fury reaches {FURY.range}".',
            CASTER_RULE,
        )
    return None


def nullifiers(state: WastelandState, seat: str, caster_seat: str) -> list[WUnit]:
    """``seat``'s Caster units on the table that may oppose a power cast by ``caster_seat``."""
    if not state.hostile(seat, caster_seat):
        return []
    return [u for u in state.on_table(seat) if profile_in_play(state, u).has("caster")]


def next_nullifier(state: WastelandState, window: CastWindow) -> str | None:
    """The next enemy side (initiative order after the caster's) that has not yet had its
    chance to nullify and has a Caster unit on the table."""
    caster_seat = state.units[window.caster].seat
    order = list(state.order) or list(state.seats)
    order += [s for s in state.seats if s not in order]
    start = order.index(caster_seat) if caster_seat in order else -1
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        if seat in window.declined or seat in state.conceded:
            continue
        if nullifiers(state, seat, caster_seat):
            return seat
    return None


def nullify(flow: Flow, seat: str, action: actions.Nullify) -> Rejection | None:
    """Answer the cast window on top of the stack: nullify, override, or let it be
    (``unit=None``)."""
    state = flow.state
    window = state.window()
    if not isinstance(window, CastWindow):
        return reject(RejectionCode.WRONG_PHASE, "No psychic power is waiting to be nullified.")
    if window.seat != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN, f"It is {seat_label(window.seat)}'s answer, not yours."
        )
    if window.cast:
        return _oppose(flow, seat, window, action.unit)
    return _override(flow, seat, window, action.unit)


def _oppose(flow: Flow, seat: str, window: CastWindow, unit_id: str | None) -> Rejection | None:
    """The power stands: ``seat`` nullifies (or re-nullifies) it, or lets it be."""
    state = flow.state
    done = window.model_copy(update={"declined": (*window.declined, seat), "nullifier": None})
    if unit_id is None:
        flow.emit(PowerContested(step="let_stand", by=seat, power=window.power))
        _settle(flow, done)
        return None
    caster = state.units[window.caster]
    unit = state.units.get(unit_id)
    if unit is None or unit not in nullifiers(state, seat, caster.seat):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{unit_id}' is not one of your Caster units on the table.",
            RULE,
            legal=[n for n, _ in cast_choices(state, window)],
        )
    if window.nullifier is not None and unit.id != window.nullifier:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only {window.nullifier}, the nullifying unit, may override the override.",
            RULE,
            legal=[n for n, _ in cast_choices(state, window)],
        )
    verb: Attempt = "nullify" if window.nullifier is None else "re-nullify"
    passed, fallen = _chain_roll(flow, unit, verb, window.power)
    if not passed:
        step: Step = "nullify_failed" if verb == "nullify" else "renullify_failed"
        flow.emit(PowerContested(step=step, by=unit.id, power=window.power))
        _settle(flow, done)
        return None
    nullified = window.model_copy(update={"cast": False, "nullifier": unit.id, "seat": caster.seat})
    if fallen or not can_fire_from(flow.state, flow.state.units[caster.id]):
        flow.emit(PowerContested(step="nullified", by=unit.id, power=window.power))
        _finish(flow, nullified, stands=False)
        return None
    flow.emit(
        PowerContested(
            step="nullified_open",
            by=unit.id,
            power=window.power,
            seat=caster.seat,
            unit=caster.id,
        )
    )
    _replace(flow, nullified)
    return None


def _override(flow: Flow, seat: str, window: CastWindow, unit_id: str | None) -> Rejection | None:
    """The power is nullified: the casting unit overrides, or its side gives up."""
    state = flow.state
    if unit_id is None:
        flow.emit(PowerContested(step="given_up", by=seat, power=window.power))
        _finish(flow, window, stands=False)
        return None
    if unit_id != window.caster:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Only {window.caster}, the casting unit, may override the nullification.",
            RULE,
            legal=[n for n, _ in cast_choices(state, window)],
        )
    caster = state.units[window.caster]
    passed, fallen = _chain_roll(flow, caster, "override", window.power)
    if not passed:
        flow.emit(PowerContested(step="override_failed", by=caster.id, power=window.power))
        _finish(flow, window, stands=False)
        return None
    assert window.nullifier is not None
    nullifier = flow.state.units[window.nullifier]
    if fallen or not nullifier.on_table:
        flow.emit(PowerContested(step="overridden", by=caster.id, power=window.power))
        _settle(
            flow,
            window.model_copy(
                update={
                    "cast": True,
                    "nullifier": None,
                    "declined": (*window.declined, nullifier.seat),
                }
            ),
        )
        return None
    flow.emit(
        PowerContested(
            step="overridden_open",
            by=caster.id,
            power=window.power,
            seat=nullifier.seat,
            unit=nullifier.id,
        )
    )
    _replace(flow, window.model_copy(update={"cast": True, "seat": nullifier.seat}))
    return None


def _chain_roll(flow: Flow, unit: WUnit, attempt: Attempt, power: Power) -> tuple[bool, bool]:
    """One Will roll of the chain: (passed, the rolling model was destroyed)."""
    purpose = chain_purpose(attempt, power)
    bonus = len(unit.living) - 1
    model = unit.living[0]
    check = will_roll(flow, unit, purpose, bonus, casting=True)
    raw = check.raw
    if raw is None and check.passed:  # Unstable: roll anyway
        raw = flow.dice(1, f"{unit.id} Unstable {UNSTABLE} ({purpose})")[0]
    flow.emit(ChainRolled(unit=unit.id, attempt=attempt, power=power, check=check, bonus=bonus))
    if raw is None or raw > UNSTABLE:
        return check.passed, False
    fallen = wound(flow, unit.id, model.id, 1)
    flow.emit(CasterUnstable(x=UNSTABLE, roll=raw, model=model.id, destroyed=fallen))
    return check.passed, fallen


def _settle(flow: Flow, window: CastWindow) -> None:
    """The power stands after one side's chance: offer it to the next side, or apply it."""
    following = next_nullifier(flow.state, window)
    if following is None:
        _finish(flow, window.model_copy(update={"cast": True}), stands=True)
        return
    flow.emit(NullifyOffered(seat=following, power=window.power))
    _replace(flow, window.model_copy(update={"seat": following, "nullifier": None, "cast": True}))


def _replace(flow: Flow, window: CastWindow) -> None:
    flow.emit(FrameClosed(answer="replaced"))
    flow.emit(FrameOpened(frame=window))


def _finish(flow: Flow, window: CastWindow, *, stands: bool) -> None:
    if stands:
        _apply(flow, window)
    flow.emit(FrameClosed(answer="stands" if stands else "nullified"))


def _apply(flow: Flow, window: CastWindow) -> None:
    state = flow.state
    target = state.units[window.target]
    if not target.on_table:
        flow.emit(PowerFizzled(power=window.power, target=target.id))
        return
    if window.power == "blessing":
        put(flow, target.model_copy(update={"blessed": True}))
        flow.emit(Blessed(unit=target.id))
        return
    caster = state.units[window.caster]
    visible: frozenset[str] | None = None
    if can_fire_from(state, caster):  # measured from an Open transport when aboard
        eyes = source(state, caster)
        visible = frozenset(t.id for _, t in tb.visible_pairs(state, eyes, target))
    raw = flow.dice(1, f"{caster.id} Psychic Fury at {target.id}")[0]
    hit = raw >= FURY.hit
    flow.emit(FuryRolled(caster=caster.id, target=target.id, roll=raw, need=FURY.hit))
    if hit:
        strike(
            flow,
            Strike(
                target=target.id,
                weapon=FURY,
                hits=1,
                kind="power",
                source=caster.id,
                visible=visible or None,
            ),
        )


def cast_choices(state: WastelandState, window: CastWindow) -> list[tuple[str, str]]:
    """(notation, label) answers for the prompt of ``window.seat``."""
    name = POWER_NAMES[window.power]
    caster = state.units[window.caster]
    if not window.cast:
        return [
            (
                f"nullify {caster.id}",
                f"Override with {caster.id} {caster.name} ({_odds(state, caster)})",
            ),
            ("nullify none", f"Give up: {name} is nullified"),
        ]
    units = nullifiers(state, window.seat, caster.seat)
    if window.nullifier is not None:
        units = [u for u in units if u.id == window.nullifier]
    verb = "Nullify" if window.nullifier is None else "Nullify again"
    found = [(f"nullify {u.id}", f"{verb} with {u.id} {u.name} ({_odds(state, u)})") for u in units]
    found.append(("nullify none", f"Let {name} stand"))
    return found


def _odds(state: WastelandState, unit: WUnit) -> str:
    bonus = len(unit.living) - 1
    target = need(
        profile_in_play(state, unit).will, bonus + will_modifier(state, unit, casting=True)
    )
    return f"Will {max(1, min(11, target))}+, Unstable {UNSTABLE}"
