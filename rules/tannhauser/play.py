"""Deciding actions during play: the turn steps, activations and reaction windows.

Every accepted action ends with :func:`settle`, which carries on with parked work (the rest
of a move, an announced action, grenade victims) until a window needs somebody's answer,
ends the activation of a character that died, and checks whether the activation is over.
"""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.frames import FrameClosed
from rules.core.names import pretty
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.settle import StepTable
from rules.core.settle import settle as carry_on
from rules.core.wording import plural
from rules.tannhauser import actions as act
from rules.tannhauser import events as ev
from rules.tannhauser.actions import ACTIONS
from rules.tannhauser.combat import after_attack, free_melee_weapons, start_attack, wound
from rules.tannhauser.command import boost, boost_problem, reinforce, reinforce_problem
from rules.tannhauser.costs import COUNTERATTACK_COST, OVERWATCH_COST, SHAKE_OFF_COST
from rules.tannhauser.flow import Flow
from rules.tannhauser.grenades import resume as resume_grenade
from rules.tannhauser.grenades import throw, throw_problem
from rules.tannhauser.items import (
    crate_choice,
    operate_problem,
    pass_items,
    pick_up,
    plan_pass,
    plan_pick_up,
    search,
    search_problem,
    use,
    use_problem,
)
from rules.tannhauser.movement import (
    bull_rush,
    buy_move,
    buy_problem,
    check_route,
    destinations,
    friend_circles,
    in_rushed_circle,
    move,
    rush_problem,
    walk,
)
from rules.tannhauser.overwatch import open_window
from rules.tannhauser.rolls import keep, reroll
from rules.tannhauser.sight import R_TARGET, attack_options, target_problem, weapon_problem
from rules.tannhauser.state import (
    AttackPlan,
    CounterWindow,
    CrateWindow,
    FreeMeleeWindow,
    OverwatchWindow,
    PendingAction,
    PendingGrenade,
    PendingRoute,
    RerollWindow,
    ShakeOffWindow,
    TannhauserState,
    Token,
)
from rules.tannhauser.turns import (
    R_ACTIVATE,
    R_OVERWATCH_STEP,
    advance_overwatch,
    begin_overwatch_step,
    can_set_overwatch,
    end_activation,
    movement_points,
    start_first_turn,
    waiting_to_act,
)

R_ACTIONS = "000 Actions"
R_COUNTER = "000 Launching a counterattack"
R_SHAKE = "000 Shaking off a wound"
R_RUSH = "000 Bull rush"
R_OVERWATCH = "000 Overwatch"


def decide_play(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    window = state.windows[-1] if state.windows else None
    if isinstance(action, act.Boost):
        problem = boost_problem(state, seat, action)
        if problem:
            return problem
        boost(flow, seat, action)
        return None
    if window is not None:
        if not window.awaits:  # pragma: no cover - settle always runs them
            return reject(RejectionCode.WRONG_PHASE, "The game is still resolving a step.")
        if getattr(window, "seat", None) != seat:
            return reject(
                RejectionCode.NOT_YOUR_TURN,
                f"Waiting for the other player to answer ({_window_name(window)}).",
                _window_rule(window),
            )
        problem = answer_window(flow, seat, action)
        if problem:
            return problem
        settle(flow)
        return None
    if state.phase == "overwatch":
        return _overwatch_step(flow, seat, action)
    if state.phase != "activations":
        return reject(RejectionCode.WRONG_PHASE, "That cannot be done during setup.", "000 Setup")
    if state.activation is None:
        return _between_activations(flow, seat, action)
    if state.activation.seat != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"{pretty(state.activation.key)} of the other side is being activated.",
            R_ACTIVATE,
        )
    problem = _in_activation(flow, seat, action)
    if problem:
        return problem
    settle(flow)
    return None


def _window_rule(window: object) -> str:
    rules = {
        "overwatch": R_OVERWATCH,
        "shake_off": R_SHAKE,
        "counter": R_COUNTER,
        "free_melee": "000 Bull rush",
        "crate": "000 Search a crate",
        "reroll": "000 Re-rolling setup or initiative rolls",
    }
    return rules.get(getattr(window, "frame", ""), "")


def _window_name(window: object) -> str:
    names = {
        "overwatch": "an overwatch chance",
        "shake_off": "shaking off a wound",
        "counter": "a counterattack",
        "free_melee": "a free melee attack",
        "crate": "a crate search",
        "reroll": "a re-roll",
    }
    return names.get(getattr(window, "frame", ""), "a choice")


# -- the set-overwatch step ----------------------------------------------------------------
def _overwatch_step(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    if state.overwatch_next != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            "The other player is choosing whether to set overwatch.",
            R_OVERWATCH_STEP,
        )
    if isinstance(action, act.Decline):
        flow.emit(ev.OverwatchDeclined(seat=seat))
        advance_overwatch(flow, state.opponent(seat))
        return None
    if not isinstance(action, act.SetOverwatch):
        return reject(
            RejectionCode.WRONG_PHASE,
            "This is the set-overwatch step: set a character on overwatch or decline.",
            R_OVERWATCH_STEP,
            ["decline", *(f"overwatch {t.key}" for t in can_set_overwatch(state, seat))],
        )
    allowed = {t.key for t in can_set_overwatch(state, seat)}
    if action.key not in allowed:
        token = state.tokens.get(action.key)
        why = (
            "is already on overwatch"
            if action.key in state.overwatch
            else "is not one of your characters on the board"
        )
        if token is not None and state.command_points.get(seat, 0) < OVERWATCH_COST:
            why = "cannot be set: you have no Command Points"
        return reject(
            RejectionCode.BAD_ARGUMENT, f"{pretty(action.key)} {why}.", "000 Placing on overwatch"
        )
    flow.emit(
        ev.CommandPointsSpent(
            seat=seat, amount=OVERWATCH_COST, effect=f"overwatch:{action.key}", label="overwatch"
        ),
        ev.OverwatchSet(seat=seat, key=action.key),
    )
    advance_overwatch(flow, state.opponent(seat))
    return None


# -- choosing the next activation ---------------------------------------------------------
def _between_activations(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    if state.next_seat != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN, "The other player activates a character now.", R_ACTIVATE
        )
    if isinstance(action, act.Reinforce):
        problem = reinforce_problem(state, seat, action)
        if problem:
            return problem
        reinforce(flow, seat, action)
        return None
    if not isinstance(action, act.Activate):
        return reject(
            RejectionCode.WRONG_PHASE,
            "Choose a character to activate first.",
            R_ACTIVATE,
            [f"activate {t.key}" for t in waiting_to_act(state, seat)],
        )
    ready = {t.key for t in waiting_to_act(state, seat)}
    if action.key not in ready:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{pretty(action.key)} cannot be activated now (already activated, on overwatch, "
            "dead, or not yours).",
            R_ACTIVATE,
            [f"activate {k}" for k in sorted(ready)],
        )
    token = state.tokens[action.key]
    flow.emit(ev.ActivationStarted(key=token.key, seat=seat, points=movement_points(state, token)))
    return None


# -- inside an activation -----------------------------------------------------------------
def _in_activation(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    activation = state.activation
    assert activation is not None
    token = state.tokens[activation.key]
    if isinstance(action, act.Move):
        return _move(flow, action)
    if isinstance(action, act.BullRush):
        problem = rush_problem(state, action.through, action.to)
        if problem:
            return problem
        bull_rush(flow, action.through, action.to)
        return None
    if isinstance(action, act.BuyMove):
        problem = buy_problem(state, seat)
        if problem:
            return problem
        buy_move(flow, activation)
        return None
    if isinstance(action, act.EndActivation):
        if token.circle is not None and token.circle in friend_circles(state, seat, token.key):
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                "You cannot end an activation on a friend's circle; move on first.",
                "000 Moving",
            )
        if in_rushed_circle(state, token):
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                "A bull rushing character cannot end his activation in the target circle; "
                "move on first.",
                R_RUSH,
            )
        if token.circle is None and destinations(state):
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                "Every character must enter the board on the first turn it is activated: "
                "move onto one of your entry points.",
                "000 Activate characters",
            )
        end_activation(flow)
        return None
    if isinstance(action, act.ANNOUNCED):
        problem = action_problem(state, token, action)
        if problem:
            return problem
        flow.emit(ev.Announced(key=token.key, action=action.type))
        pending = PendingAction(key=token.key, action=action.model_dump(mode="json"))
        if open_window(flow, token, "announce", pending):
            return None
        carry_out(flow, token, action)
        return None
    return reject(
        RejectionCode.WRONG_PHASE,
        f"That is not something {pretty(token.key)} can do during an activation.",
        R_ACTIONS,
    )


def _move(flow: Flow, action: act.Move) -> Rejection | None:
    state = flow.state
    if action.route:
        route = action.route if action.route[-1] == action.to else (*action.route, action.to)
        checked = check_route(state, route)
        if isinstance(checked, Rejection):
            return checked
        move(flow, route)
        return None
    reachable = destinations(state)
    if action.to not in reachable:
        checked = _why_unreachable(state, action.to)
        return checked
    move(flow, reachable[action.to][1])
    return None


def _why_unreachable(state: TannhauserState, circle: str) -> Rejection:
    activation = state.activation
    assert activation is not None
    token = state.tokens[activation.key]
    if circle in friend_circles(state, token.seat, token.key):
        reason = f"a friend stands on {circle}: you may move through it but not stop there"
    elif any(t.circle == circle and t.seat != token.seat for t in state.on_board()):
        reason = f"an enemy stands on {circle}"
    elif state.map is not None and circle not in {c.id for c in state.map.circles}:
        reason = f"there is no circle '{circle}'"
    else:
        reason = f"{circle} is out of reach with {plural(activation.points, 'movement point')}"
    options = sorted(destinations(state))
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        reason[0].upper() + reason[1:] + ".",
        "000 Moving",
        [f"move {c}" for c in options],
    )


def action_problem(state: TannhauserState, token: Token, action: Action) -> Rejection | None:
    """Whether the active character may take ``action`` now (before it is announced)."""
    activation = state.activation
    assert activation is not None
    if activation.acted:
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{pretty(token.key)} already took its action this activation.",
            R_ACTIONS,
        )
    if token.circle is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "A character must enter the board before it can act.",
            "000 Activate characters",
        )
    if token.circle in friend_circles(state, token.seat, token.key):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "You cannot stop to act on a friend's circle.",
            "000 Moving",
        )
    if in_rushed_circle(state, token):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "A bull rushing character cannot stop to act in the target circle.",
            R_RUSH,
        )
    if isinstance(action, act.Attack):
        target = state.tokens.get(action.target)
        if target is None or target.dead or target.circle is None:
            return reject(
                RejectionCode.BAD_ARGUMENT, f"{action.target} is not on the board.", R_TARGET
            )
        why = weapon_problem(state, token, action.weapon, "normal")
        if why is None:
            found = target_problem(state, token, target, action.weapon)
            if found is not None:
                why, rule = found
                return reject(RejectionCode.NO_LINE_OF_SIGHT, why[0].upper() + why[1:] + ".", rule)
        if why:
            return reject(RejectionCode.BAD_ARGUMENT, why[0].upper() + why[1:] + ".", R_ACTIONS)
        return None
    if isinstance(action, act.Throw):
        return throw_problem(state, token.key, action.item, action.circle)
    if isinstance(action, act.UseItem):
        return use_problem(state, token, action)
    if isinstance(action, act.Search):
        return search_problem(state, token, action.feature)
    if isinstance(action, act.OperateCircle):
        return operate_problem(state, token, action.feature)
    if isinstance(action, act.PickUp):
        planned = plan_pick_up(state, token, action)
        return planned if isinstance(planned, Rejection) else None
    if isinstance(action, act.PassItems):
        planned_pass = plan_pass(state, token, action)
        return planned_pass if isinstance(planned_pass, Rejection) else None
    return None


def carry_out(flow: Flow, token: Token, action: Action) -> None:
    """Perform an announced action (after any overwatch attack it triggered).

    An announced attack whose target died meanwhile (to a counterattack against the
    overwatch attack) has nobody left to attack and is dropped."""
    if isinstance(action, act.Attack):
        target = flow.state.tokens.get(action.target)
        if target is None or target.dead or target.circle is None:
            return
        start_attack(
            flow, AttackPlan(attacker=token.key, target=action.target, weapon=action.weapon)
        )
    elif isinstance(action, act.Throw):
        throw(flow, token.key, action.item, action.circle)
    elif isinstance(action, act.PickUp):
        pick_up(flow, token, action)
    elif isinstance(action, act.PassItems):
        pass_items(flow, token, action)
    elif isinstance(action, act.UseItem):
        use(flow, token, action)
    elif isinstance(action, act.Search):
        search(flow, token, action.feature)
    elif isinstance(action, act.OperateCircle):
        flow.emit(ev.ActionCircleUsed(key=token.key, feature=action.feature))


# -- windows -----------------------------------------------------------------------------
def answer_window(flow: Flow, seat: str, action: Action) -> Rejection | None:
    state = flow.state
    window = state.windows[-1]
    if isinstance(window, RerollWindow):
        return _answer_reroll(flow, seat, action)
    if isinstance(window, OverwatchWindow):
        return _answer_overwatch(flow, window, action)
    if isinstance(window, ShakeOffWindow):
        return _answer_shake(flow, window, action)
    if isinstance(window, CounterWindow):
        return _answer_counter(flow, window, action)
    if isinstance(window, FreeMeleeWindow):
        return _answer_free_melee(flow, window, action)
    if isinstance(window, CrateWindow):
        if not isinstance(action, act.CrateChoice):
            return reject(
                RejectionCode.WRONG_PHASE,
                "Decide what to do with the crate first.",
                "000 Search a crate",
                ["crate return", "crate take", "crate points"],
            )
        return crate_choice(flow, window, action)
    return reject(RejectionCode.WRONG_PHASE, "Nothing to answer.")  # pragma: no cover


def _answer_reroll(flow: Flow, seat: str, action: Action) -> Rejection | None:
    roll = flow.state.roll
    assert roll is not None
    if isinstance(action, act.Reroll):
        winner = reroll(flow, seat)
    elif isinstance(action, act.KeepRoll | act.Decline):
        winner = keep(flow)
    else:
        return reject(
            RejectionCode.WRONG_PHASE,
            "You rolled lower: re-roll for 1 Command Point, or keep the result.",
            "000 Re-rolling setup or initiative rolls",
            ["reroll", "keep"],
        )
    if winner is not None:
        if roll.purpose == "setup":
            start_first_turn(flow)
        else:
            begin_overwatch_step(flow)
    return None


def _answer_overwatch(flow: Flow, window: OverwatchWindow, action: Action) -> Rejection | None:
    state = flow.state
    if isinstance(action, act.Decline):
        flow.emit(FrameClosed(answer="declined"))
        return None
    if not isinstance(action, act.OverwatchFire):
        return reject(
            RejectionCode.WRONG_PHASE,
            f"Fire at {pretty(window.target)} from overwatch, or decline.",
            R_OVERWATCH,
            ["decline", *(f"fire {k}" for k in window.shooters)],
        )
    if action.shooter not in window.shooters:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{pretty(action.shooter)} cannot make this overwatch attack.",
            R_OVERWATCH,
            [f"fire {k}" for k in window.shooters],
        )
    shooter, target = state.tokens[action.shooter], state.tokens[window.target]
    weapons = attack_options(state, shooter, target, "overwatch")
    weapon = _pick_weapon(action.weapon, action.unarmed, weapons)
    if weapon not in weapons:
        why = weapon_problem(state, shooter, weapon, "overwatch") or "it cannot reach the target"
        return reject(RejectionCode.BAD_ARGUMENT, f"Not with that weapon: {why}.", R_OVERWATCH)
    flow.emit(FrameClosed(answer="fire"))
    if (
        window.trigger == "move"
        and flow.state.windows
        and isinstance(flow.state.windows[-1], PendingRoute)
    ):
        flow.emit(FrameClosed(answer="route interrupted"))
    start_attack(
        flow, AttackPlan(attacker=shooter.key, target=target.key, weapon=weapon, kind="overwatch")
    )
    return None


def _answer_shake(flow: Flow, window: ShakeOffWindow, action: Action) -> Rejection | None:
    if isinstance(action, act.ShakeOff):
        flow.emit(
            FrameClosed(answer="shake"),
            ev.CommandPointsSpent(
                seat=window.seat, amount=SHAKE_OFF_COST, effect="shake", label="shake off"
            ),
            ev.WoundShaken(key=window.victim),
        )
        wounds = window.wounds - 1
    elif isinstance(action, act.Decline):
        flow.emit(FrameClosed(answer="declined"))
        wounds = window.wounds
    else:
        return reject(
            RejectionCode.WRONG_PHASE,
            "Shake off a wound for 1 Command Point, or decline.",
            R_SHAKE,
            ["shake", "decline"],
        )
    wound(flow, window.victim, wounds)
    if window.attack is not None:
        after_attack(flow, window.attack)
    return None


def _answer_counter(flow: Flow, window: CounterWindow, action: Action) -> Rejection | None:
    state = flow.state
    striker, target = state.tokens[window.counter], state.tokens[window.target]
    return _strike_back(
        flow,
        action,
        act.CounterAttack,
        AttackPlan(attacker=striker.key, target=target.key, weapon=None, kind="counter"),
        attack_options(state, striker, target, "counter"),
        ("counter", "Counterattack for 1 Command Point, or decline.", R_COUNTER),
        "That weapon cannot reach the attacker.",
    )


def _answer_free_melee(flow: Flow, window: FreeMeleeWindow, action: Action) -> Rejection | None:
    state = flow.state
    striker, target = state.tokens[window.striker], state.tokens[window.target]
    return _strike_back(
        flow,
        action,
        act.FreeMelee,
        AttackPlan(attacker=striker.key, target=target.key, weapon=None, kind="free"),
        free_melee_weapons(state, striker, target),
        ("strike", "Strike the failed bull rusher for free, or decline.", R_RUSH),
        "A free melee attack uses a Hand-to-Hand weapon or bare hands.",
    )


def _strike_back(
    flow: Flow,
    action: Action,
    expected: type[act.CounterAttack] | type[act.FreeMelee],
    plan: AttackPlan,
    weapons: list[str | None],
    offer: tuple[str, str, str],
    unreachable: str,
) -> Rejection | None:
    """Answer a counterattack or free-melee window: decline, or attack with a weapon."""
    verb, question, rule = offer
    if isinstance(action, act.Decline):
        flow.emit(FrameClosed(answer="declined"))
        return None
    if not isinstance(action, expected):
        return reject(RejectionCode.WRONG_PHASE, question, rule, [verb, "decline"])
    weapon = _pick_weapon(action.weapon, action.unarmed, weapons)
    if weapon not in weapons:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            unreachable,
            rule,
            [f"{verb} with {w}" if w else f"{verb} with hands" for w in weapons],
        )
    flow.emit(FrameClosed(answer=verb))
    if plan.kind == "counter":
        seat = flow.state.tokens[plan.attacker].seat
        flow.emit(
            ev.CommandPointsSpent(
                seat=seat, amount=COUNTERATTACK_COST, effect="counter", label="counterattack"
            )
        )
    start_attack(flow, plan.model_copy(update={"weapon": weapon}))
    return None


def _pick_weapon(named: str | None, unarmed: bool, weapons: list[str | None]) -> str | None:
    """The weapon named, bare hands if asked for, else the first one that can reach."""
    if named is not None or unarmed:
        return named
    return weapons[0] if weapons else None


# -- carrying on --------------------------------------------------------------------------
def _resume_route(flow: Flow, step: PendingRoute) -> None:
    if not flow.state.tokens[step.key].dead:
        walk(flow, step.key, step.route)


def _resume_action(flow: Flow, step: PendingAction) -> None:
    actor = flow.state.tokens[step.key]
    if not actor.dead:
        carry_out(flow, actor, ACTIONS.validate_python(step.action))


def _resume_grenade(flow: Flow, step: PendingGrenade) -> None:
    resume_grenade(flow, step.plan)


STEPS: StepTable[Flow] = {
    PendingRoute: _resume_route,
    PendingAction: _resume_action,
    PendingGrenade: _resume_grenade,
}


def settle(flow: Flow) -> None:
    """Run parked steps until a window waits for input; then see if the activation ended."""
    carry_on(flow, STEPS)
    state = flow.state
    if state.windows or state.activation is None or flow.over:
        return
    active = state.tokens[state.activation.key]
    if active.dead:
        end_activation(flow, "killed")
        return
    if _nothing_left(state, active):
        end_activation(flow, "nothing left to do")


def _nothing_left(state: TannhauserState, token: Token) -> bool:
    activation = state.activation
    assert activation is not None
    if not activation.acted or token.circle is None:
        return False
    if token.circle in friend_circles(state, token.seat, token.key):
        return False
    if in_rushed_circle(state, token):
        return False
    if destinations(state):
        return False
    return buy_problem(state, token.seat) is not None
