"""The squad game's figures per seat on the dashboard and in catch-up: points destroyed and
models lost once the forces are on the table, and the final score once it is over."""

from __future__ import annotations

from rules.core.registry import get_system
from rules.squad.state import SquadState
from tests.sheet_games import play_until

SYSTEM = get_system("squad")


def test_the_final_score_joins_the_figures_at_the_end() -> None:
    assert SYSTEM.tallies(play_until("squad", lambda s: s.phase == "forces")) == ()
    state: SquadState = play_until("squad", lambda s: bool(s.units))
    during = SYSTEM.tallies(state)
    assert [t.label for t in during] == ["Points destroyed", "Models lost"]
    over = state.model_copy(update={"scores": {state.seats[0]: 120, state.seats[1]: 95}})
    final = SYSTEM.tallies(over)[-1]
    assert final.label == "Final score"
    assert final.counts == ((state.seats[0], 120), (state.seats[1], 95))
