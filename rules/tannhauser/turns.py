"""The turn (source 000, "Playing the Game"): refresh, initiative, overwatch, activations.

Turn 1 keeps the Command Points left after setup, skips the initiative roll (the setup roll
stands) and the entry-roll winner activates first. A side that runs out of characters to
activate leaves the rest of the turn to the other side.
"""

from __future__ import annotations

from rules.tannhauser import events as ev
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.costs import OVERWATCH_COST
from rules.tannhauser.flow import Flow
from rules.tannhauser.rolls import start_roll
from rules.tannhauser.state import Smoke, TannhauserState, Token
from rules.tannhauser.values import current

R_TURN = "000 Playing the game"
R_REFRESH = "000 Turn §1 Refresh tokens"
R_OVERWATCH_STEP = "000 Turn §3 Set overwatch"
R_ACTIVATE = "000 Turn §4 Activate characters"


def start_first_turn(flow: Flow) -> None:
    flow.emit(
        ev.TurnStarted(
            turn=1, command_points=dict(flow.state.command_points), smoke=flow.state.smoke
        )
    )
    begin_overwatch_step(flow)


def start_next_turn(flow: Flow) -> None:
    """Refresh tokens, then roll initiative."""
    state = flow.state
    cleared = tuple(s.circle for s in state.smoke if s.counters == 0)
    smoke = tuple(
        Smoke(circle=s.circle, counters=s.counters - 1) for s in state.smoke if s.counters > 0
    )
    flow.emit(
        ev.TurnStarted(
            turn=state.turn + 1,
            command_points=dict.fromkeys(state.seats, state.mode.command_points),
            smoke=smoke,
            cleared_smoke=cleared,
        ),
        ev.PhaseBegan(phase="initiative"),
    )
    if start_roll(flow, "initiative") is not None:
        begin_overwatch_step(flow)


def can_set_overwatch(state: TannhauserState, seat: str) -> list[Token]:
    if state.command_points.get(seat, 0) < OVERWATCH_COST:
        return []
    return [
        t
        for t in state.on_board(seat)
        if t.key not in state.overwatch and t.key not in state.activated
    ]


def begin_overwatch_step(flow: Flow) -> None:
    flow.emit(ev.PhaseBegan(phase="overwatch"))
    assert flow.state.initiative is not None
    advance_overwatch(flow, flow.state.opponent(flow.state.initiative))


def advance_overwatch(flow: Flow, seat: str) -> None:
    """Offer ``seat`` the chance to set overwatch; sides with nobody or no CP decline."""
    for _ in range(4):
        if flow.state.overwatch_passes >= 2:
            flow.emit(ev.OverwatchStep(seat=None), ev.PhaseBegan(phase="activations"))
            first = flow.state.first_activator if flow.state.turn == 1 else None
            next_activation(flow, first or flow.state.initiative)
            return
        if can_set_overwatch(flow.state, seat):
            flow.emit(ev.OverwatchStep(seat=seat))
            return
        flow.emit(ev.OverwatchDeclined(seat=seat))
        seat = flow.state.opponent(seat)


def waiting_to_act(state: TannhauserState, seat: str) -> list[Token]:
    """Characters of ``seat`` that may still be activated this turn."""
    return [
        t
        for t in state.living(seat)
        if t.key not in state.activated and t.key not in state.overwatch
    ]


def next_activation(flow: Flow, preferred: str | None) -> None:
    state = flow.state
    order = [preferred] if preferred else []
    order += [s for s in state.seats if s not in order]
    for seat in order:
        if waiting_to_act(state, seat):
            flow.emit(ev.NextActivation(seat=seat))
            return
    flow.emit(ev.NextActivation(seat=None))
    start_next_turn(flow)


def movement_points(state: TannhauserState, token: Token) -> int:
    value = current(state, token, Stat.MOVEMENT)
    return max(0, value or 0)


def end_activation(flow: Flow, reason: str = "") -> None:
    activation = flow.state.activation
    assert activation is not None
    flow.emit(ev.ActivationEnded(key=activation.key, reason=reason))
    if not flow.over:
        next_activation(flow, flow.state.opponent(activation.seat))
