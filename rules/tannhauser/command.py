"""Command Point effects that are not part of another step (source 000, "Temporarily
Increasing a Characteristic Value", "Introducing a Reinforcement Character").

The same effect may be bought at most once per activation by each player.
"""

from __future__ import annotations

from rules.core.names import pretty
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.tannhauser import actions as act
from rules.tannhauser import events as ev
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.costs import BOOST_COST, REINFORCE_COST
from rules.tannhauser.flow import Flow
from rules.tannhauser.state import TannhauserState, Token
from rules.tannhauser.values import printed

R_BOOST = "000 Temporarily increasing a characteristic"
R_ONCE = "000 Command points: once per activation"
R_REINFORCE = "000 Introducing a reinforcement character"


def boost_problem(state: TannhauserState, seat: str, action: act.Boost) -> Rejection | None:
    token = state.tokens.get(action.key)
    if token is None or token.seat != seat or token.dead:
        return reject(
            RejectionCode.BAD_ARGUMENT, "Boost one of your own living characters.", R_BOOST
        )
    if state.activation is None:
        return reject(
            RejectionCode.WRONG_PHASE,
            "A characteristic can only be raised during an activation (it lasts until its end).",
            R_BOOST,
        )
    if action.stat == Stat.MOVEMENT:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Only Combat, Mental or Stamina can be raised; buy a movement point instead.",
            R_BOOST,
        )
    if printed(state, token, action.stat) is None:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{pretty(token.key)} has a null {action.stat.value.title()} value.",
            "000 Null characteristics",
        )
    effect = f"boost:{token.key}:{action.stat.value}"
    if effect in state.cp_effects.get(seat, ()):
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{pretty(token.key)}'s {action.stat.value.title()} was already raised this "
            "activation.",
            R_ONCE,
        )
    if state.command_points.get(seat, 0) < BOOST_COST:
        return reject(RejectionCode.CANNOT_AFFORD, "You have no Command Points left.", R_BOOST)
    return None


def boost(flow: Flow, seat: str, action: act.Boost) -> None:
    flow.emit(
        ev.CommandPointsSpent(
            seat=seat,
            amount=BOOST_COST,
            effect=f"boost:{action.key}:{action.stat.value}",
            label=f"+1 {action.stat.value.title()} for {pretty(action.key)}",
        ),
        ev.Boosted(key=action.key, stat=action.stat.value, amount=1, source="a Command Point"),
    )


def reinforcement_choices(state: TannhauserState, seat: str) -> list[str]:
    """Trooper types of ``seat`` with a dead copy and fewer alive than at the start."""
    found = []
    for character, count in state.starting_troopers.get(seat, {}).items():
        tokens = [t for t in state.tokens.values() if t.seat == seat and t.character == character]
        alive = sum(1 for t in tokens if not t.dead)
        if any(t.dead for t in tokens) and alive < count:
            found.append(character)
    return found


def reinforce_problem(state: TannhauserState, seat: str, action: act.Reinforce) -> Rejection | None:
    if state.phase != "activations" or state.next_seat != seat or state.activation is not None:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            "Reinforcements are brought in when it is your turn to activate, before you "
            "activate a character.",
            R_REINFORCE,
        )
    sheet = state.sheets.get(action.character)
    if sheet is not None and sheet.kind == "hero":
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Troopers only: heroes cannot be reinforced.",
            R_REINFORCE,
        )
    if action.character not in reinforcement_choices(state, seat):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Only a trooper type of yours that has lost a miniature can be reinforced, and "
            "never beyond the number you started with.",
            R_REINFORCE,
        )
    if state.command_points.get(seat, 0) < REINFORCE_COST:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            f"A reinforcement costs {REINFORCE_COST} Command Points; you have "
            f"{state.command_points.get(seat, 0)}.",
            R_REINFORCE,
        )
    return None


def reinforce(flow: Flow, seat: str, action: act.Reinforce) -> None:
    state = flow.state
    sheet = state.sheets[action.character]
    number = sum(1 for t in state.tokens.values() if t.character == action.character) + 1
    key = f"{action.character}-{number}"
    while key in state.tokens:
        number += 1
        key = f"{action.character}-{number}"
    items = sheet.pack(action.pack)
    gear = {i: flow.catalog.equipment[i] for i in items if i not in state.gear}
    token = Token(
        key=key, seat=seat, character=action.character, equipment=items, reinforcement=True
    )
    flow.emit(
        ev.CommandPointsSpent(
            seat=seat, amount=REINFORCE_COST, effect="reinforce", label="a reinforcement"
        ),
        ev.Reinforced(seat=seat, token=token, sheet=sheet, pack=action.pack, gear=gear),
    )
