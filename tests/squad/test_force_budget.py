"""Choosing a squad force against the game's limit: the prompt, the ready-made forces
offered and the status say the limit, and a force typed unit by unit shows its running
total as it is typed."""

from __future__ import annotations

from rules.core.registry import get_system
from rules.squad.state import SquadState
from tests.sheet_games import play_until

SYSTEM = get_system("squad")


def test_the_limit_is_shown_while_choosing() -> None:
    state: SquadState = play_until("squad", lambda s: s.phase == "forces" and bool(s.forces))
    waiting = next(s for s in state.seats if s not in state.forces)
    [prompt] = SYSTEM.prompts(state)
    assert prompt.seat == waiting
    assert prompt.text.startswith("Choose your force in secret, up to 500 points:")
    assert all(" of 500 points (" in c.label for c in prompt.choices)
    assert SYSTEM.status(state).summary == "Each force up to 500 points."


def test_a_force_typed_unit_by_unit_shows_its_running_total() -> None:
    state: SquadState = play_until("squad", lambda s: s.phase == "forces")
    seat = state.seats[0]
    typed = "force site director, contract team x2, "
    [total, *_] = SYSTEM.typing_hints(state, seat, typed)
    assert total == f"{typed.strip()} — so far 330 of 500 points, 3 units"
    [named, *_] = SYSTEM.typing_hints(state, seat, typed + "lev")  # the levee strider
    assert named.endswith("so far 484 of 500 points, 4 units")
    more = SYSTEM.typing_hints(state, seat, "force contract team x5, ")
    assert more[0].endswith("so far 565 of 500 points, 5 units: 65 over")
    assert not any("so far" in h for h in SYSTEM.typing_hints(state, seat, "force zzz, site"))
