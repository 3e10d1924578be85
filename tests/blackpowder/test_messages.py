"""Refusals and lines that say what is the matter: a hidden or a gone unit named by its id,
`play` with no card (the cards that may be played), a unit wiped out by its casualties."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.actions import Shoot
from rules.blackpowder.narrate import describe
from rules.blackpowder.system import BlackPowderSystem
from rules.core.language import Language
from rules.core.rejection import Rejection
from tests.blackpowder.deciding import hide, nearest_fallen, with_unit
from tests.blackpowder.engine import set_up_game
from tests.blackpowder.test_engine_fire import volley_at

SYSTEM = BlackPowderSystem()


def _refusal(text: str, seat: str, state: object) -> Rejection:
    found = SYSTEM.parse_notation(text, state, seat)  # type: ignore[arg-type]
    assert isinstance(found, Rejection), text
    return found


def test_a_hidden_enemy_named_by_its_id_is_said_to_be_unspotted() -> None:
    state = hide(volley_at(), "A2", "HA1")
    problem = _refusal("shoot B4 at A2", "bravo", state)
    assert problem.message.startswith("A2 has not been spotted: it stands hidden under one")
    assert "Units:" not in problem.message  # no list of the player's own units
    assert problem.explain(language=Language.GERMAN).startswith("A2 ist nicht entdeckt")


def test_a_unit_gone_from_the_table_is_said_to_be_gone() -> None:
    state = with_unit(volley_at(), "A2", models=())
    assert _refusal("shoot B4 at A2", "bravo", state).message == ("A2 is no longer on the table.")


def test_play_with_no_card_lists_the_cards_that_may_be_played() -> None:
    state, _ = set_up_game()
    problem = _refusal("play", "bravo", state)
    hand = state.player("bravo").hand
    assert problem.message.startswith("Name a card in your hand or reserve: ")
    assert all(f"(`{card}`)" in problem.message for card in hand)
    assert problem.legal == hand


def test_a_unit_losing_its_last_models_is_said_to_be_wiped_out() -> None:
    state = volley_at()
    state = with_unit(state, "A2", models=state.unit("A2").models[:2])
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[9, 9, 1, 1, 1, 1, 9, 9]
    )
    [lost] = [e for e in events if isinstance(e, ev.Casualties)]
    assert lost.wiped_out
    assert describe(lost, after) == "A2 loses 2 models, its last: it is wiped out."
    assert describe(lost, after, Language.GERMAN) == (
        "A2 verliert 2 Modelle und ist damit aufgerieben."
    )
