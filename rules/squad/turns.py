"""The game turn (001 Game Turns): the marker phase, initiative, alternate activations,
and the end of the game after the scenario's turns."""

from __future__ import annotations

from rules.core.events import GameEnded
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.squad import rules_cited as rule
from rules.squad.actions import ChooseFirst
from rules.squad.events import (
    ActivationEnded,
    FirstChosen,
    InitiativeRolled,
    TurnBegan,
    TurnEnded,
    TurnPassed,
)
from rules.squad.flow import Flow
from rules.squad.scoring import final_scores
from rules.squad.seats import seat_label
from rules.squad.state import InitiativeWindow, SquadState


def can_activate(state: SquadState, seat: str) -> bool:
    return any(not u.activated for u in state.on_table(seat))


def sides_left(state: SquadState) -> tuple[str, ...]:
    return tuple(s for s in state.seats_in_play() if state.on_table(s))


def begin_turn(flow: Flow, turn: int) -> None:
    """The marker phase and the initiative phase of ``turn``."""
    if _over(flow):
        return
    flow.emit(TurnBegan(turn=turn))
    contenders = sides_left(flow.state)
    rolls: dict[str, tuple[int, ...]] = {s: () for s in contenders}
    while len(contenders) > 1:
        dice = flow.dice(len(contenders), f"initiative, turn {turn}")
        for seat, die in zip(contenders, dice, strict=True):
            rolls[seat] = (*rolls[seat], die)
        best = max(dice)
        contenders = tuple(s for s, d in zip(contenders, dice, strict=True) if d == best)
    winner = contenders[0]
    flow.emit(InitiativeRolled(rolls=rolls, winner=winner))
    if len(rolls) == 1:
        flow.emit(FirstChosen(by=winner, seat=winner))
        pass_to(flow, winner, first=True)
        return
    flow.emit(FrameOpened(frame=InitiativeWindow(seat=winner)))


def choose_first(flow: Flow, seat: str, action: ChooseFirst) -> Rejection | None:
    state = flow.state
    if action.seat not in sides_left(state):
        names = ", ".join(seat_label(s) for s in sides_left(state))
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"Choose a player with units on the table: {names}.",
            rule.INITIATIVE,
        )
    flow.emit(FrameClosed(answer=action.seat), FirstChosen(by=seat, seat=action.seat))
    pass_to(flow, action.seat, first=True)
    return None


def pass_to(flow: Flow, seat: str, first: bool = False) -> None:
    """Play passes to ``seat`` (when ``first``) or the next seat after it with a unit left
    to activate; when nobody has, the turn ends."""
    state = flow.state
    seats = state.seats_in_play()
    start = seats.index(seat)
    order = [seats[(start + i) % len(seats)] for i in range(0 if first else 1, len(seats) + 1)]
    following = next((s for s in order if can_activate(state, s)), None)
    if following is not None:
        flow.emit(TurnPassed(seat=following))
        return
    flow.emit(TurnEnded(turn=state.turn))
    if state.turn >= state.options.turns:
        _finish(flow, f"the last of {state.options.turns} turns is over")
        return
    begin_turn(flow, state.turn + 1)


def end_activation(flow: Flow, unit_id: str) -> None:
    """The unit's activation is over: play passes on (001 Activation Phase)."""
    if flow.over:
        return
    state = flow.state
    seat = state.unit(unit_id).seat
    if state.activation is not None:
        flow.emit(ActivationEnded(unit=unit_id))
    if _over(flow):
        return
    pass_to(flow, seat)


def _over(flow: Flow) -> bool:
    """Ends the game when one side or none is left on the table."""
    if flow.state.phase in ("forces", "deployment"):
        return False
    left = sides_left(flow.state)
    if len(left) > 1:
        return False
    _finish(flow, "only one side is left on the table" if left else "no side is left")
    return True


def _finish(flow: Flow, why: str) -> None:
    scored = final_scores(flow.state)
    flow.emit(scored)
    scores = scored.scores
    best = max(scores.values(), default=0)
    winners = tuple(s for s in flow.state.seats_in_play() if scores.get(s, 0) == best)
    if len(winners) != 1:
        winners = ()
    flow.emit(GameEnded(winners=winners, reason=f"The battle is over: {why}."))
