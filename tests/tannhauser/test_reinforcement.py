"""Command Points: introducing a reinforcement character."""

from __future__ import annotations

from rules.core.rejection import RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.state import TannhauserState
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    a,
    b,
    game,
    one,
    play,
    refuse,
)

R_REINFORCE = "000 Introducing a reinforcement character"


def fallen(*alive: str, cp: int = 3, starting: int = 1) -> TannhauserState:
    """Alpha lost a rifleman (a trooper) and its captain (a hero)."""
    tokens = [
        a("ace", "r2"),
        a("cap", None, character="captain", dead=True),
        a("rif", None, character="rifleman", dead=True),
        *(a(key, "r3", character="rifleman") for key in alive),
        b("bob", "r9"),
    ]
    return game(
        *tokens,
        cp={ALPHA: cp, BRAVO: 2},
        starting_troopers={ALPHA: {"rifleman": starting}},
    )


def test_a_dead_trooper_returns_for_three_points_with_any_pack() -> None:
    state, events = play(fallen(), ALPHA, "reinforce rifleman stamina")
    spent = one(events, ev.CommandPointsSpent)
    assert (spent.amount, spent.effect) == (3, "reinforce")
    added = one(events, ev.Reinforced)
    assert (added.token.character, added.pack, added.token.circle) == ("rifleman", "stamina", None)
    assert added.token.equipment == ("banner", "vest", "medkit", "stim")
    assert added.token.reinforcement and not added.token.dead
    assert state.command_points[ALPHA] == 0
    assert state.tokens["rif"].dead  # the fallen miniature stays dead
    # the reinforcement enters through its owner's entry point
    state, _ = play(state, ALPHA, f"activate {added.token.key}")
    state, events = play(state, ALPHA, "move r1")
    assert one(events, ev.Moved).entered


def test_heroes_cannot_be_reinforced() -> None:
    refused = refuse(fallen(), ALPHA, "reinforce captain combat")
    assert refused.message == "Troopers only: heroes cannot be reinforced."
    assert refused.rule == R_REINFORCE


def test_only_a_type_that_lost_a_miniature_and_never_beyond_the_start() -> None:
    # the lost rifleman already came back: as many riflemen as at the start
    refused = refuse(fallen("rif-2"), ALPHA, "reinforce rifleman combat")
    assert "never beyond the number you started with" in refused.message
    assert refused.rule == R_REINFORCE
    # two riflemen at the start, one dead: one may return
    _, events = play(fallen("rif-2", starting=2), ALPHA, "reinforce rifleman combat")
    assert one(events, ev.Reinforced).token.character == "rifleman"
    # a trooper type that lost nobody
    assert refuse(fallen(), ALPHA, "reinforce scout combat").rule == R_REINFORCE


def test_a_reinforcement_costs_three_command_points() -> None:
    refused = refuse(fallen(cp=2), ALPHA, "reinforce rifleman combat")
    assert refused.code == RejectionCode.CANNOT_AFFORD and "costs 3" in refused.message


def test_reinforcements_come_before_an_activation_on_ones_own_turn() -> None:
    state = fallen()
    assert refuse(state, BRAVO, "reinforce rifleman combat").code == RejectionCode.NOT_YOUR_TURN
    state, _ = play(state, ALPHA, "activate ace")
    refused = refuse(state, ALPHA, "reinforce rifleman combat")
    assert refused.code == RejectionCode.WRONG_PHASE
