"""Team building against Tannhäuser's true limits: a team is three heroes and two troopers
(source 000, Setup), so a seat choosing in secret is told how many of each it has, both
after each pick and in the question asking for the next."""

from __future__ import annotations

from rules.core.registry import get_system
from rules.tannhauser import events as ev
from rules.tannhauser.narrate import describe
from rules.tannhauser.state import TannhauserState
from tests.sheet_games import play_until

SYSTEM = get_system("tannhauser")


def test_the_team_so_far_is_told_against_heroes_and_troopers() -> None:
    picked = ev.TeamPicked(
        seat="alpha", characters=("a", "b", "c"), kinds={"hero": 2, "trooper": 1}
    )
    assert describe(picked) == "Your team so far: A, B, C (2 of 3 heroes, 1 of 2 troopers)."
    earlier = ev.TeamPicked(seat="alpha", characters=("a",))  # saved before kinds were told
    assert describe(earlier) == "Your team so far: A (1 of 5 characters, 4 left)."
    state: TannhauserState = play_until(
        "tannhauser", lambda s: s.phase == "teams" and any(s.team_picks.values())
    )
    seat = next(s for s, team in state.team_picks.items() if team)
    [prompt] = [p for p in SYSTEM.prompts(state) if p.seat == seat]
    assert "(1 of 3 heroes, 0 of 2 troopers)" in prompt.text or (
        "(0 of 3 heroes, 1 of 2 troopers)" in prompt.text
    )
