"""Which units may act now (readings 5, 8, 9 and 41): those of the played troop card's type,
the officers and elite units of an advance card, or the one unit given a *Command*; never
twice within one activation. Dummy markers move with every card of their side (reading
12). A fleeing unit is activated too: its only action is a rally roll
(:mod:`rules.blackpowder.flight`)."""

from __future__ import annotations

from rules.blackpowder.events import ActivationClosed
from rules.blackpowder.flow import Flow
from rules.blackpowder.state import Activation, BPState, BPUnit, Marker


def activated_by(state: BPState, activation: Activation) -> tuple[BPUnit, ...]:
    """Every unit the activation lets act, whether or not it has acted yet."""
    own = state.on_table(activation.seat)
    if activation.source == "command":
        return tuple(u for u in own if activation.unit in (u.id, u.marker))
    assert activation.card is not None
    card = state.cards[activation.card]
    if card.kind == "troop":
        return tuple(u for u in own if state.profile(u).troop_type == card.troop_type)
    if card.kind == "advance":
        return tuple(u for u in own if state.profile(u).officer or state.profile(u).elite)
    return ()


def has_acted(activation: Activation, unit: BPUnit) -> bool:
    return unit.id in activation.acted or (
        unit.marker is not None and unit.marker in activation.acted
    )


def may_act(state: BPState) -> tuple[BPUnit, ...]:
    """The units that may still take their action in the open activation."""
    activation = state.activation
    if activation is None:
        return ()
    return tuple(u for u in activated_by(state, activation) if not has_acted(activation, u))


def dummy_may_act(state: BPState, marker: Marker) -> bool:
    """Whether the dummy marker may move in the open activation: every card its side plays
    that lets units act lets its dummies move too, and a Command given to it (reading 12)."""
    activation = state.activation
    return (
        activation is not None
        and activation.seat == marker.seat
        and marker.id not in activation.acted
        and (activation.source == "card" or activation.unit == marker.id)
    )


def waiting_dummies(state: BPState) -> tuple[Marker, ...]:
    """The dummy markers that may still move in the open activation."""
    if state.activation is None:
        return ()
    return tuple(m for m in state.dummies_of(state.activation.seat) if dummy_may_act(state, m))


def close_when_done(flow: Flow) -> None:
    """Closes the activation once no unit of it, and no dummy marker, is left to act (so
    an activation never closes sooner for a side with dummies on the table)."""
    state = flow.state
    if state.activation is not None and not may_act(state) and not waiting_dummies(state):
        flow.emit(ActivationClosed())
