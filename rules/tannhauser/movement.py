"""Moving, entering the board, bull rushes and buying movement (source 000, "Moving",
"Entry Points", "Bull Rush", "Buying Extra Movement Points").
"""

from __future__ import annotations

from rules.core.d10 import PoolResult, count_pool
from rules.core.frames import FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.wording import plural
from rules.tannhauser import events as ev
from rules.tannhauser.combat import TEST_POOL, free_melee_weapons
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.costs import MOVEMENT_COST
from rules.tannhauser.flow import Flow
from rules.tannhauser.overwatch import open_window, shooters_against
from rules.tannhauser.sight import board
from rules.tannhauser.state import (
    Activation,
    FreeMeleeWindow,
    PendingRoute,
    TannhauserState,
    Token,
)
from rules.tannhauser.values import current, roll_bonus

R_MOVE = "000 Moving"
R_ENTRY = "000 Entry points"
R_RUSH = "000 Bull rush"
R_BUY = "000 Buying extra movement points"


def enemy_circles(state: TannhauserState, seat: str) -> frozenset[str]:
    return frozenset(t.circle for t in state.on_board() if t.seat != seat and t.circle)


def friend_circles(state: TannhauserState, seat: str, mover: str) -> frozenset[str]:
    return frozenset(
        t.circle for t in state.on_board(seat) if t.key != mover and t.circle is not None
    )


def in_rushed_circle(state: TannhauserState, token: Token) -> bool:
    """Whether ``token`` stands in an enemy's circle: a bull rush stopped on its way
    through (by an overwatch attack), where it may neither act nor end its activation."""
    return token.circle is not None and token.circle in enemy_circles(state, token.seat)


def destinations(state: TannhauserState) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Where the active character may stop now: circle -> (points left, route)."""
    activation = state.activation
    if activation is None:
        return {}
    token = state.tokens[activation.key]
    grid = board(state)
    blocked = enemy_circles(state, token.seat)
    friends = friend_circles(state, token.seat, token.key)
    rubble = frozenset(state.rubble)
    found: dict[str, tuple[int, tuple[str, ...]]] = {}
    if token.circle is None:
        for entry in state.entries.get(token.seat, ()):
            need, net = grid.entry_cost(entry, rubble)
            if entry in blocked or activation.points < need:
                continue
            for circle, (left, route) in grid.routes(
                entry, activation.points - net, blocked, rubble
            ).items():
                full = (entry, *route)
                known = found.get(circle)
                if known is None or (left, -len(full)) > (known[0], -len(known[1])):
                    found[circle] = (left, full)
    else:
        found = grid.routes(token.circle, activation.points, blocked, rubble)
        found.pop(token.circle, None)
    return {c: v for c, v in found.items() if c not in friends}


def check_route(state: TannhauserState, route: tuple[str, ...]) -> Rejection | int:
    """Points left after walking ``route`` from the active character's circle."""
    activation = state.activation
    assert activation is not None
    token = state.tokens[activation.key]
    grid = board(state)
    blocked = enemy_circles(state, token.seat)
    rubble = frozenset(state.rubble)
    points = activation.points
    here = token.circle
    for index, circle in enumerate(route):
        if circle not in grid.neighbours:
            return reject(RejectionCode.BAD_ARGUMENT, f"There is no circle '{circle}'.", R_MOVE)
        if here is None:
            if circle not in state.entries.get(token.seat, ()):
                entries = ", ".join(state.entries.get(token.seat, ()))
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"A character entering the board must first move onto one of your entry "
                    f"points ({entries}).",
                    R_ENTRY,
                )
        elif not grid.adjacent(here, circle):
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{circle} is not adjacent to {here}.",
                "000 Maps: adjacency",
            )
        if circle in blocked and circle != activation.through:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"An enemy stands on {circle}; you cannot enter it (a bull rush can try).",
                R_MOVE,
            )
        need, net = grid.entry_cost(circle, rubble)
        if points < need:
            spent = activation.points - points
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"Entering {circle} needs {plural(need, 'movement point')}; {points} left after "
                f"{plural(index, 'step')} ({spent} spent).",
                R_MOVE,
            )
        points -= net
        here = circle
    friends = friend_circles(state, token.seat, token.key)
    if route and route[-1] in friends:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"A friend stands on {route[-1]}: you may move through it but not stop there.",
            R_MOVE,
        )
    return points


def move(flow: Flow, route: tuple[str, ...]) -> None:
    """Walk ``route`` one step at a time, stopping where an overwatch window opens."""
    activation = flow.state.activation
    assert activation is not None
    walk(flow, activation.key, route)


def walk(flow: Flow, key: str, route: tuple[str, ...]) -> None:
    """Move along ``route``; one event per stretch, split where an overwatch window opens."""
    state = flow.state
    activation = state.activation
    if activation is None or flow.over or not route:
        return
    grid = board(state)
    rubble = frozenset(state.rubble)
    token = state.tokens[key]
    entered = token.circle is None
    points = activation.points
    for index, circle in enumerate(route):
        points -= grid.entry_cost(circle, rubble)[1]
        moved = token.model_copy(update={"circle": circle})
        rest = route[index + 1 :]
        if rest and not shooters_against(state, moved):
            continue
        flow.emit(ev.Moved(key=key, route=route[: index + 1], points_left=points, entered=entered))
        pending = PendingRoute(key=key, route=rest) if rest else None
        open_window(flow, flow.state.tokens[key], "move", pending)
        return


def rush_problem(state: TannhauserState, through: str, to: str) -> Rejection | None:
    activation = state.activation
    assert activation is not None
    token = state.tokens[activation.key]
    grid = board(state)
    if token.circle is None:
        return reject(RejectionCode.ILLEGAL_MOVE, "Enter the board before a bull rush.", R_RUSH)
    if activation.bull_rushed:
        return reject(
            RejectionCode.ALREADY_DONE, "Only one bull rush per activation is allowed.", R_RUSH
        )
    if through not in grid.neighbours or not grid.adjacent(token.circle, through):
        return reject(
            RejectionCode.ILLEGAL_MOVE, "A bull rush starts from an adjacent circle.", R_RUSH
        )
    enemies = [t for t in state.occupant(through) if t.seat != token.seat]
    if not enemies:
        return reject(RejectionCode.ILLEGAL_MOVE, f"No enemy stands on {through}.", R_RUSH)
    if current(state, token, Stat.STAMINA) is None or any(
        current(state, e, Stat.STAMINA) is None for e in enemies
    ):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "A character with a null Stamina cannot take part in a Stamina duel.",
            "000 Null characteristics",
        )
    beyond = [c for c in grid.neighbours[through] if c != token.circle and not state.occupant(c)]
    if not beyond:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "Bull rush needs a clear circle beyond the target.",
            R_RUSH,
        )
    if to not in beyond:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{to} is not a clear circle beyond {through}.",
            R_RUSH,
            [f"rush {through} {c}" for c in sorted(beyond)],
        )
    rubble = frozenset(state.rubble)
    need_in, net_in = grid.entry_cost(through, rubble)
    need_out, _ = grid.entry_cost(to, rubble)
    if activation.points < need_in or activation.points - net_in < need_out:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Not enough movement points to pass through {through} into {to} "
            f"({activation.points} left).",
            R_RUSH,
        )
    return None


def bull_rush(flow: Flow, through: str, to: str) -> None:
    """Stamina duel; the winner passes through, the loser may be struck for free."""
    state = flow.state
    activation = state.activation
    assert activation is not None
    rusher = state.tokens[activation.key]
    target = next(t for t in state.occupant(through) if t.seat != rusher.seat)
    attack = _duel_roll(flow, rusher.key, "bull rush (attacker)")
    defence = _duel_roll(flow, target.key, "bull rush (defender)")
    won = attack.successes - defence.successes >= 1
    flow.emit(
        ev.BullRushed(
            key=rusher.key,
            target=target.key,
            won=won,
            attacker_successes=attack.successes,
            defender_successes=defence.successes,
            attacker_dice=attack.raw,
            defender_dice=defence.raw,
            attacker_difficulty=attack.difficulty,
            defender_difficulty=defence.difficulty,
        )
    )
    if won:
        walk(flow, rusher.key, (through, to))
        return
    if free_melee_weapons(flow.state, target, flow.state.tokens[rusher.key]):
        flow.emit(
            FrameOpened(
                frame=FreeMeleeWindow(seat=target.seat, striker=target.key, target=rusher.key)
            )
        )


def _duel_roll(flow: Flow, key: str, purpose: str) -> PoolResult:
    """One side of a Stamina duel: 4 dice against 10 − Stamina."""
    token = flow.state.tokens[key]
    stamina = current(flow.state, token, Stat.STAMINA)
    extra, per_die = roll_bonus(flow.state, token, "stamina")
    rolled = flow.roll(TEST_POOL + extra, purpose=purpose, seat=token.seat)
    return count_pool(rolled.values, 10 - (stamina or 0), per_die)


def buy_problem(state: TannhauserState, seat: str) -> Rejection | None:
    activation = state.activation
    if activation is None or activation.seat != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN, "Movement is bought for your active character.", R_BUY
        )
    if "move" in state.cp_effects.get(seat, ()):
        return reject(
            RejectionCode.ALREADY_DONE,
            "You already bought a movement point this activation.",
            "000 Command points: once per activation",
        )
    if state.command_points.get(seat, 0) < MOVEMENT_COST:
        return reject(RejectionCode.CANNOT_AFFORD, "You have no Command Points left.", R_BUY)
    return None


def buy_move(flow: Flow, activation: Activation) -> None:
    flow.emit(
        ev.CommandPointsSpent(
            seat=activation.seat, amount=MOVEMENT_COST, effect="move", label="+1 movement"
        ),
        ev.MovementBought(key=activation.key),
    )
