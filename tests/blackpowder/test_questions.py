"""The questions put out of turn (the fallen to pick, fall back or shaken, Enemy sighted!)
come by DM to the player asked, with their answers, the deadline and what Umpire answers
then, like every game's reaction windows; the go's own choices stay in the channel."""

from __future__ import annotations

from rules.blackpowder.present import prompts
from rules.blackpowder.state import BPState
from tests.blackpowder.test_engine_casualty_picks import waiting
from tests.blackpowder.test_engine_reaction_choice import row_two
from tests.blackpowder.test_engine_ready_fire import after_the_move, garrison_watching


def _asked(state: BPState) -> tuple[str, bool, str | None, tuple[str, ...]]:
    (prompt,) = prompts(state)
    return prompt.seat, prompt.private, prompt.on_timeout, tuple(c.notation for c in prompt.choices)


def test_out_of_turn_questions_are_asked_privately_with_their_answers() -> None:
    assert _asked(waiting()) == ("alpha", True, "nearest", ("nearest",))
    assert _asked(row_two()[1]) == ("alpha", True, "shaken", ("fall back", "shaken"))
    chance, _ = after_the_move(garrison_watching())
    seat, private, timeout, choices = _asked(chance)
    assert (seat, private, timeout) == ("alpha", True, "pass")
    assert choices[-1] == "pass" and choices[0].startswith("fire A2")


def test_the_gos_own_choices_are_asked_in_the_channel() -> None:
    state = garrison_watching()
    (prompt,) = prompts(state)
    assert prompt.seat == "bravo" and not prompt.private and prompt.on_timeout is None
