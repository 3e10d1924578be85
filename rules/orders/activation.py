"""The Activation phase's actions ([02], [02.1]): activate or reactivate a character, assign
an order tile, buy a tile, take one from the discard pile, pass, end the round."""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.bag import draw
from rules.orders.flow import Flow
from rules.orders.state import Fighter
from rules.orders.triggers import watching
from rules.orders.turns import end_round

BUY_COST = 1
DISCARD_COST = 2


def activate(flow: Flow, seat: str, fighter_id: str, tile: str | None) -> Rejection | None:
    state = flow.state
    if state.activation is not None:
        current = state.fighter(state.activation.fighter)
        return reject(
            RejectionCode.ALREADY_DONE,
            f"This round already activates {current.id} {current.name}; say `done` to end it.",
            rule.ACTIVATION,
        )
    fighter = state.fighter(fighter_id)
    if fighter.seat != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            f"{fighter.id} {fighter.name} is not yours to activate.",
            rule.ACTIVATE,
        )
    if not fighter.standing:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{fighter.id} {fighter.name} is {fighter.condition} and cannot be activated.",
            rule.ACTIVATE,
        )
    if fighter.engaged:
        waiting = [f for f in state.standing(seat) if not f.engaged]
        if waiting:
            names = ", ".join(f.id for f in waiting)
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{fighter.id} was activated this turn; a character is reactivated only once"
                f" all yours are engaged (still waiting: {names}).",
                rule.ACTIVATION,
            )
    if tile is not None:
        problem = _tile_problem(flow, seat, fighter, tile)
        if problem is not None:
            return problem
    if flow.trial:
        return None
    flow.emit(ev.Activated(fighter=fighter.id, first=not fighter.engaged))
    already = watching(flow.state, fighter)  # [10.2] in sight or adjacent from the start
    if already:
        flow.emit(ev.Watched(keys=already))
    if tile is not None:
        flow.emit(ev.TileAssigned(fighter=fighter.id, tile=tile))
    return None


def assign(flow: Flow, seat: str, tile: str) -> Rejection | None:
    state = flow.state
    if state.activation is None:
        return reject(
            RejectionCode.WRONG_PHASE,
            "Activate a character first: `activate <character> [tile]`.",
            rule.ACTIVATE,
        )
    fighter = state.fighter(state.activation.fighter)
    problem = _tile_problem(flow, seat, fighter, tile)
    if problem is not None or flow.trial:
        return problem
    flow.emit(ev.TileAssigned(fighter=fighter.id, tile=tile))
    return None


def _tile_problem(flow: Flow, seat: str, fighter: Fighter, tile: str) -> Rejection | None:
    if fighter.tile_this_round:
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{fighter.id} was already assigned a new order tile this activation round.",
            rule.ACTIVATE,
        )
    if tile not in flow.state.player(seat).hand:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"You have no `{tile}` order tile behind your screen.",
            rule.ACTIVATE,
        )
    return None


def finish(flow: Flow, seat: str) -> Rejection | None:
    if flow.state.activation is None:
        return reject(
            RejectionCode.WRONG_PHASE,
            "No character is activated this round: activate one, draw a tile or `pass`.",
            rule.ACTIVATION,
        )
    if not flow.trial:
        end_round(flow)
    return None


def pass_round(flow: Flow, seat: str) -> Rejection | None:
    if flow.state.activation is not None:
        return reject(
            RejectionCode.ALREADY_DONE,
            "You have activated a character this round: say `done` to end the round.",
            rule.ACTIVATION,
        )
    if not flow.trial:
        flow.emit(ev.Passed(seat=seat))
        end_round(flow, passed=True)
    return None


def buy(flow: Flow, seat: str) -> Rejection | None:
    problem = _round_free(flow) or _afford(flow, seat, BUY_COST, "draw an order tile")
    if problem is not None:
        return problem
    if not flow.state.bag and not flow.state.discard:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "The bag and the discard pile are both empty.",
            rule.ACTIVATION,
        )
    if not flow.trial:
        draw(flow, seat, 1, why="bought", cost=BUY_COST)
        end_round(flow)
    return None


def take_discard(flow: Flow, seat: str, tile: str) -> Rejection | None:
    problem = _round_free(flow) or _afford(flow, seat, DISCARD_COST, "take a discarded tile")
    if problem is not None:
        return problem
    if not flow.state.discard:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "The discard pile is empty, so no tile can be taken from it.",
            rule.ACTIVATION,
        )
    if tile not in flow.state.discard:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"No `{tile}` tile lies in the discard pile.",
            rule.ACTIVATION,
        )
    if not flow.trial:
        flow.emit(ev.DiscardTaken(seat=seat, tile=tile, visibility=only(seat)))
        flow.emit(ev.TilesDrawn(seat=seat, count=1, cost=0, why="discard"))
        end_round(flow)
    return None


def _round_free(flow: Flow) -> Rejection | None:
    if flow.state.activation is not None:
        return reject(
            RejectionCode.ALREADY_DONE,
            "This round already activates a character; one action per round.",
            rule.ACTIVATION,
        )
    return None


def _afford(flow: Flow, seat: str, cost: int, what: str) -> Rejection | None:
    have = flow.state.player(seat).cp
    if have < cost:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            f"To {what} costs {cost} CP; you have {have} behind your screen.",
            rule.ACTIVATION,
        )
    return None
