"""Leadership X and its Orders (004 Leadership X; Random battle events: Comms are down).

A Leadership unit issues up to X Orders per round "at any time": Umpire takes them whenever
no answer is pending and it is the side's turn to activate a unit or one of its units is
activating. An Order reaches a unit of the leader's own Battle Group with a model within
5" of it, or within 15" after a passed Will roll (``far``); a failed roll wastes the Order,
which still counts toward X, and the unit may be ordered again. The same Order reaches a
unit at most once per round. A leader embarked on an Open transport measures from the
transport (004 Open).

* Push forward! rolls its D5 now; the inches wait for the unit's next Move or Fight Action.
* Strike harder! and Seize the initiative! are flags read by the attack and activation code.
* Regroup! removes a Suppression marker at once.
* Call in an airstrike! targets a visible enemy unit at any distance: a die at -1 per full
  10"; 3+ the target is attacked, 1 or less the nearest friendly unit to it is attacked
  instead, 2 nothing happens. The same Order may strike a given enemy unit once per round.

Heroic figure adds 1 to X; a Terrible commander's highest-Leadership unit has X = 0.
"""

from __future__ import annotations

from rules.core.d10 import d5
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.units import PER_INCH, inches, show
from rules.wasteland import actions
from rules.wasteland import table as tb
from rules.wasteland.attacks import Strike, strike
from rules.wasteland.checks import will_roll
from rules.wasteland.content.special import WeaponRule
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.effects import add_marker, put
from rules.wasteland.facts.combat import RuleWill
from rules.wasteland.facts.command import (
    AirstrikeCalled,
    AirstrikeRolled,
    Order,
    OrderCarried,
    OrderReached,
)
from rules.wasteland.flow import Flow
from rules.wasteland.open_fire import free_attacks
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.seats import seat_label
from rules.wasteland.state import WastelandState, WUnit

RULE = "004 Leadership"
COMMS_RULE = "004 Random battle events"
NEAR = inches(5)
FAR = inches(15)
EPSILON = 0.001

ORDER_NAMES = {
    "push": "Push forward!",
    "strike": "Strike harder!",
    "regroup": "Regroup!",
    "seize": "Seize the initiative!",
    "airstrike": "Call in an airstrike!",
}

AIRSTRIKE = WeaponDef(
    id="airstrike",
    name="Airstrike",
    range=1000,
    hit=6,
    damage=4,
    rules=(
        WeaponRule(kind="area_effect", value=1),
        WeaponRule(kind="deadly", value=2),
        WeaponRule(kind="suppressive", value=1),
    ),
)
"""R1000 A4 6+ D4 [Area Effect, Deadly 2, Suppressive 1]: four Shoot dice at 6+.

The source writes "Area Effect" without a number; Umpire reads it as Area Effect 1 (one Life
roll per hit, raised by Close formations as usual)."""
AIRSTRIKE_DICE = 4


def terrible_commander(state: WastelandState, seat: str) -> str | None:
    """The unit whose Leadership a Terrible commander turns to 0: the seat's unit with the
    highest Leadership still in the game (ties: the first by id)."""
    if "terrible_commander" not in state.advantages.get(seat, ()):
        return None
    ranked = sorted(
        (-_base_leadership(state, u), u.id)
        for u in state.units_of(seat)
        if not u.gone and _base_leadership(state, u) > 0
    )
    return ranked[0][1] if ranked else None


def _base_leadership(state: WastelandState, unit: WUnit) -> int:
    return profile_in_play(state, unit).value("leadership") + (1 if unit.heroic_figure else 0)


def leadership_of(state: WastelandState, unit: WUnit) -> int:
    """The X of the unit's Leadership rule as it stands in this battle."""
    if terrible_commander(state, unit.seat) == unit.id:
        return 0
    return _base_leadership(state, unit)


def anchor(state: WastelandState, unit: WUnit) -> WUnit | None:
    """Where the unit is measured from: itself on the table, or its Open transport."""
    if unit.on_table:
        return unit
    carrier = state.units.get(unit.embarked_in or "")
    if (
        unit.status == "embarked"
        and carrier is not None
        and carrier.on_table
        and profile_in_play(state, carrier).has("open")
    ):
        return carrier
    return None


def _timing(state: WastelandState, seat: str) -> Rejection | None:
    if state.phase != "battle":
        return reject(RejectionCode.WRONG_PHASE, "Orders are given during the battle.", RULE)
    window = state.window()
    if window is not None:
        return reject(
            RejectionCode.WRONG_PHASE,
            f"Waiting for {seat_label(window.seat)} to answer first; give the order afterwards.",
            RULE,
        )
    active = state.active
    if active is not None and active.seat != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"{active.unit} of {seat_label(active.seat)} is activating; give orders on your turn "
            "or while one of your units activates.",
            RULE,
        )
    if active is None and state.turn != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"It is {seat_label(state.turn)}'s turn; give orders on your turn or while one of"
            " your units activates.",
            RULE,
        )
    return None


def _leader(state: WastelandState, seat: str, leader_id: str) -> WUnit | Rejection:
    leader = state.units.get(leader_id)
    if leader is None or leader.seat != seat:
        return reject(RejectionCode.BAD_ARGUMENT, f"You have no unit '{leader_id}'.")
    x = leadership_of(state, leader)
    if x <= 0:
        why = (
            " (a Terrible commander)"
            if terrible_commander(state, seat) == leader.id and _base_leadership(state, leader)
            else ""
        )
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{leader.id} has no Leadership to give orders{why}.", RULE
        )
    if anchor(state, leader) is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{leader.id} is not on the table (only from an Open transport may it give orders).",
            RULE,
        )
    if leader.orders_issued >= x:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{leader.id} has given all {x} of its orders this round (Leadership {x}).",
            RULE,
        )
    return leader


def give_order(flow: Flow, seat: str, action: actions.GiveOrder) -> Rejection | None:
    """Issue a Leadership Order (see the module note)."""
    state = flow.state
    problem = _timing(state, seat)
    if problem is not None:
        return problem
    found = _leader(state, seat, action.leader)
    if isinstance(found, Rejection):
        return found
    leader = found
    if action.order == "airstrike":
        return _airstrike(flow, leader, action.unit)
    target = state.units.get(action.unit)
    if target is None or target.seat != seat:
        return reject(RejectionCode.BAD_ARGUMENT, f"You have no unit '{action.unit}'.")
    if target.group != leader.group:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{target.id} is in Battle Group {target.group}, {leader.id} leads Battle Group "
            f"{leader.group}; orders go to units of the same Battle Group.",
            RULE,
        )
    if not target.on_table:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{target.id} is not on the table.", RULE)
    name = ORDER_NAMES[action.order]
    if action.order in target.orders:
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{target.id} has already received {name} this round.",
            RULE,
        )
    if action.order == "regroup" and target.markers == 0:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{target.id} has no Suppression marker to lose.", RULE
        )
    if action.order == "seize" and target.activated:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{target.id} has already activated this round.", RULE
        )
    source = anchor(state, leader)
    assert source is not None
    gap = tb.distance(state, source, target, visible_only=False)
    if gap > NEAR + EPSILON:
        problem = _reach_problem(state, leader, target, gap, action.far)
        if problem is not None:
            return problem
        check = will_roll(flow, leader, f"{name} to {target.id} at {show(gap)}")
        told = OrderReached(
            leader=leader.id, target=target.id, gap=gap, order=action.order, check=check
        )
        if not check.passed:
            _count_issued(flow, leader.id)
            flow.emit(told)
            return None
        flow.emit(told)
    _count_issued(flow, leader.id)
    _carry_out(flow, leader.id, target.id, action.order)
    return None


def _reach_problem(
    state: WastelandState, leader: WUnit, target: WUnit, gap: float, far: bool
) -> Rejection | None:
    if state.event_this_round == "comms_down":
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f'Comms are down this round: orders reach only 5" ({target.id} is {show(gap)} '
            f"from {leader.id}).",
            COMMS_RULE,
        )
    if not far:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f'{target.id} is {show(gap)} from {leader.id}; orders reach 5" (or 15" with a '
            'Will roll: add "far").',
            RULE,
        )
    if gap > FAR + EPSILON:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f'{target.id} is {show(gap)} from {leader.id}; orders reach 15" at most, with a '
            "Will roll.",
            RULE,
        )
    return None


def _count_issued(flow: Flow, leader_id: str) -> None:
    leader = flow.state.units[leader_id]
    put(flow, leader.model_copy(update={"orders_issued": leader.orders_issued + 1}))


def _carry_out(flow: Flow, leader_id: str, target_id: str, order: Order) -> None:
    target = flow.state.units[target_id]
    updates: dict[str, object] = {"orders": (*target.orders, order)}
    told = OrderCarried(leader=leader_id, target=target_id, order=order)
    if order == "push":
        raw = flow.dice(1, f"{target_id} Push forward D5")[0]
        extra = d5(raw)
        updates["push_forward"] = target.push_forward + inches(extra)
        told = told.model_copy(update={"roll": raw, "extra": extra})
    elif order == "strike":
        updates["strike_harder"] = True
    elif order == "regroup":
        updates["markers"] = max(0, target.markers - 1)
        told = told.model_copy(update={"markers": max(0, target.markers - 1)})
    else:
        updates["seize"] = True
    put(flow, target.model_copy(update=updates))
    flow.emit(told)


# -- Call in an airstrike! ------------------------------------------------------------------
def _airstrike(flow: Flow, leader: WUnit, target_id: str) -> Rejection | None:
    state = flow.state
    if state.event_this_round == "comms_down":
        return reject(
            RejectionCode.ILLEGAL_MOVE, "Comms are down this round: no airstrikes.", COMMS_RULE
        )
    target = state.units.get(target_id)
    if target is None or not target.on_table or not state.hostile(target.seat, leader.seat):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{target_id}' is not an enemy unit on the table; an airstrike targets a visible "
            "enemy unit.",
            RULE,
        )
    if "airstrike" in target.orders:
        return reject(
            RejectionCode.ALREADY_DONE,
            f"An airstrike has already been called on {target.id} this round.",
            RULE,
        )
    source = anchor(state, leader)
    assert source is not None
    if not tb.sees(state, source, target):
        return reject(
            RejectionCode.NO_LINE_OF_SIGHT,
            f"{leader.id} cannot see {target.id}; an airstrike targets a visible enemy unit.",
            RULE,
        )
    gap = tb.distance(state, source, target)
    penalty = int(gap // (10 * PER_INCH))
    _count_issued(flow, leader.id)
    fresh = flow.state.units[target.id]
    put(flow, fresh.model_copy(update={"orders": (*fresh.orders, "airstrike")}))
    raw = flow.dice(1, f"{leader.id} calls an airstrike on {target.id}")[0]
    total = raw - penalty
    told = AirstrikeCalled(leader=leader.id, target=target.id, gap=gap, roll=raw, penalty=penalty)
    if total >= 3:
        flow.emit(told)
        air_attack(flow, target.id)
    elif total <= 1:
        victim = nearest_friend(flow.state, leader.seat, target.id)
        flow.emit(told.model_copy(update={"victim": victim}))
        if victim is None:
            return None
        air_attack(flow, victim)
    else:
        flow.emit(told)
    return None


def nearest_friend(state: WastelandState, seat: str, target_id: str) -> str | None:
    """The friendly unit (to ``seat``) nearest the target (ties: the first by id)."""
    target = state.units[target_id]
    friends = [u for u in state.on_table() if not state.hostile(u.seat, seat)]
    ranked = sorted((tb.distance(state, u, target, visible_only=False), u.id) for u in friends)
    return ranked[0][1] if ranked else None


def air_attack(flow: Flow, target_id: str) -> None:
    """The airstrike weapon attacks a unit: 4 Shoot dice at 6+, then Life rolls and the
    Suppressive Will roll."""
    dice = flow.dice(AIRSTRIKE_DICE, f"Airstrike on {target_id}")
    hits = sum(1 for d in dice if d >= AIRSTRIKE.hit)
    flow.emit(AirstrikeRolled(target=target_id, dice=dice, need=AIRSTRIKE.hit, hits=hits))
    if hits:
        strike(flow, Strike(target=target_id, weapon=AIRSTRIKE, hits=hits, kind="airstrike"))
    free_attacks(
        flow,
        kind="airstrike",
        shooter=None,
        transport=target_id,
        weapon=AIRSTRIKE,
        count=AIRSTRIKE_DICE,
        need=AIRSTRIKE.hit,
    )
    if not hits:
        return
    suppress(flow, target_id, AIRSTRIKE.value("suppressive"), AIRSTRIKE.name)


def suppress(flow: Flow, unit_id: str, x: int, what: str) -> None:
    """Suppressive X: a unit hit passes a Will roll at -X or gains a Suppression marker
    (Vehicles and Monsters never take markers, so they do not roll)."""
    unit = flow.state.units[unit_id]
    if not unit.on_table or profile_in_play(flow.state, unit).big:
        return
    check = will_roll(flow, unit, f"Suppressive {x} ({what})", -x)
    flow.emit(RuleWill(unit=unit_id, rule="Suppressive", x=x, check=check))
    if check.passed:
        return
    add_marker(flow, unit_id, f"Suppressive {what}")
