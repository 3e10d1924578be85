"""Games of a system played by its own automatic player up to a moment a test wants to look
at (``/game sheet`` tests read cards there), with the bundled content."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.core import engine
from rules.core.registry import get_system
from rules.core.rejection import Rejection
from rules.core.state import GameState
from rules.core.system import GameSystem


def play_until(
    system_id: str,
    reached: Callable[[Any], bool],
    *,
    number: int = 1,
    steps: int = 400,
    options: dict[str, Any] | None = None,
) -> Any:
    """The state of a seeded automatic game of ``system_id`` at the first moment
    ``reached`` holds (the default options and fewest seats unless told)."""
    system: GameSystem[Any] = get_system(system_id)
    rnd = random.Random(number)
    seed = number.to_bytes(32, "big")
    seats = tuple(spec.id for spec in system.seat_specs[: system.min_seats])
    state: GameState = system.initial_state(system.options_model(**(options or {})), seats)
    state = engine.fold(system, state, engine.begin(system, state, seed))
    for _ in range(steps):
        if reached(state):
            return state
        assert not state.finished, f"{system_id}: the game ended first"
        waiting = system.status(state).waiting_on
        seat = waiting[rnd.randrange(len(waiting))]
        choices = system.legal_actions(state, seat)
        notation = system.automatic_action(state, seat, choices, rnd, randomness=0.2)
        assert notation is not None
        action = system.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection), (notation, action)
        events = engine.decide(system, state, seed, seat, action)
        assert not isinstance(events, Rejection), (notation, events)
        state = engine.fold(system, state, events)
    raise AssertionError(f"{system_id}: the moment never came in {steps} steps")
