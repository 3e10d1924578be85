"""A player sees their own hand, reserve and command pool at any time (`hand`, German
`kartenhand`), told to them alone, and nothing in the game changes; the dashboard and a
catch-up count each side's command pool, cards in hand and held back, and models fallen or
fleeing."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.actions import ShowHand
from rules.blackpowder.choices import legal
from rules.blackpowder.narrate import describe
from rules.blackpowder.present import prompts
from rules.blackpowder.system import BlackPowderSystem
from rules.core.language import Language
from rules.core.visibility import Viewer
from tests.blackpowder.deciding import accepted, with_player, with_unit
from tests.blackpowder.engine import set_up_game
from tests.blackpowder.test_engine_casualty_picks import waiting

SYSTEM = BlackPowderSystem()


def test_the_hand_is_shown_to_its_player_alone_and_nothing_changes() -> None:
    state, _ = set_up_game()
    state = with_player(state, "alpha", reserve=("aldermoor-troop-line",), points=3)
    # out of turn: it is bravo's go
    assert state.go == "bravo"
    after, events = accepted(state, "alpha", ShowHand())
    assert after == state
    [shown] = events
    assert isinstance(shown, ev.HandShown)
    assert shown.visibility.allows(Viewer.of_seat("alpha"))
    assert not shown.visibility.allows(Viewer.of_seat("bravo"))
    assert not shown.visibility.allows(Viewer.spectator())
    hand = "; ".join(state.cards[c].name for c in state.player("alpha").hand)
    assert describe(shown, after) == (
        f"Your hand: {hand}. Held back beside the pool: Line companies. Command pool: 3"
        " command points."
    )
    assert (describe(shown, after, Language.GERMAN) or "").startswith("Deine Kartenhand: ")
    assert SYSTEM.parse_notation("kartenhand", state, "alpha") == ShowHand()
    assert ShowHand().private


def test_it_may_be_asked_while_a_question_waits_and_is_no_answer_to_it() -> None:
    state = waiting()
    for seat in ("alpha", "bravo"):
        after, _ = accepted(state, seat, ShowHand())
        assert after.casualty_choice() == state.casualty_choice()
    assert "hand" in [c.notation for c in legal(state, "bravo")]
    (prompt,) = prompts(state)
    assert "hand" not in [c.notation for c in prompt.choices]  # the DM's buttons answer it


def test_the_tallies_count_pools_cards_and_losses() -> None:
    state, _ = set_up_game()
    state = with_player(state, "alpha", reserve=("aldermoor-troop-line",), points=3)
    state = with_unit(state, "B2", models=state.unit("B2").models[:6], fleeing=True)
    found = {t.label: dict(t.counts) for t in SYSTEM.tallies(state)}
    assert found["Command points"] == {"alpha": 3, "bravo": 0}
    assert found["Cards in hand"] == {"alpha": 3, "bravo": 3}
    assert found["Cards held back"] == {"alpha": 1, "bravo": 0}
    # B2: 4 of its 10 fallen, 6 fleeing
    assert found["Models fallen or fleeing"] == {"alpha": 0, "bravo": 10}
    assert SYSTEM.round_number(state) == 1
