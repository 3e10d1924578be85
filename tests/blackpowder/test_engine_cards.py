"""The card flow (readings 4-6, 003 Kommandopunkte erhalten): one card a go from the hand
or the reserve, what each kind grants, drawing back to 3, passing, and the end of a turn."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import EndActivation, EndGo, PlayCard
from rules.blackpowder.activation import may_act
from rules.blackpowder.state import BPState
from rules.core.events import GameEnded
from rules.core.rejection import RejectionCode
from tests.blackpowder.deciding import accepted, refused, with_player, with_unit
from tests.blackpowder.engine import set_up_game

# bravo fields the Thornbury provincials: B1 colonel (officer, provincial foot), B2
# provincials, B3 militia muster, B4 rangers (elite), B5 ranger captain (officer), B6 riflemen,
# B7 mounted rangers


def bravo_holding(*cards: str, state: BPState | None = None) -> BPState:
    """Bravo's go with ``cards`` in hand (taken out of the draw pile)."""
    state = state or set_up_game(weather="clear")[0]
    others = tuple(c for c in (*state.draw_pile, *state.player("bravo").hand) if c not in cards)
    state = state.model_copy(update={"draw_pile": others})
    return with_player(state, "bravo", hand=cards)


def test_only_the_player_whose_go_it_is_plays_a_card() -> None:
    state = bravo_holding("thornbury-troop-militia")
    problem = refused(state, "alpha", PlayCard(card=state.player("alpha").hand[0]))
    assert problem.code == RejectionCode.NOT_YOUR_TURN
    assert problem.rule == rule.GO


def test_an_own_troop_card_activates_every_unit_of_its_type() -> None:
    state = bravo_holding("thornbury-troop-rangers")
    after, events = accepted(state, "bravo", PlayCard(card="thornbury-troop-rangers"))
    assert [type(e).__name__ for e in events] == ["CardPlayed", "ActivationOpened"]
    assert {u.id for u in may_act(after)} == {"B4", "B5"}
    assert after.discard[-1] == "thornbury-troop-rangers"
    assert after.player("bravo").hand == ()
    assert after.played


def test_a_fleeing_unit_is_activated_by_its_troop_card_too() -> None:
    # reading 41: its action is a rally roll (tests/blackpowder/test_engine_flight.py)
    state = with_unit(bravo_holding("thornbury-troop-rangers"), "B4", fleeing=True)
    after, _ = accepted(state, "bravo", PlayCard(card="thornbury-troop-rangers"))
    assert [u.id for u in may_act(after)] == ["B4", "B5"]


def test_an_own_troop_card_whose_units_are_gone_gives_a_command_point() -> None:
    state = with_unit(bravo_holding("thornbury-troop-riflemen"), "B6", models=())
    after, events = accepted(state, "bravo", PlayCard(card="thornbury-troop-riflemen"))
    gained = [e for e in events if isinstance(e, ev.PointsGained)]
    assert [g.points for g in gained] == [1]
    assert after.activation is None
    assert after.player("bravo").points == 1


def test_any_card_of_the_other_side_gives_a_command_point() -> None:
    for card in ("aldermoor-troop-line", "aldermoor-advance", "aldermoor-morale-fever"):
        after, events = accepted(bravo_holding(card), "bravo", PlayCard(card=card))
        assert after.player("bravo").points == 1
        assert after.activation is None
        assert not any(isinstance(e, ev.ActivationOpened) for e in events)


def test_an_own_advance_card_activates_officers_and_elite_units() -> None:
    state = bravo_holding("thornbury-advance")
    after, _ = accepted(state, "bravo", PlayCard(card="thornbury-advance"))
    assert {u.id for u in may_act(after)} == {"B1", "B4", "B5"}


def test_declining_the_advance_card_gives_1_and_1_per_officer_not_fleeing() -> None:
    state = with_unit(bravo_holding("thornbury-advance"), "B5", fleeing=True)
    after, events = accepted(state, "bravo", PlayCard(card="thornbury-advance", decline=True))
    assert after.player("bravo").points == 2  # 1, and 1 for the colonel (the captain flees)
    assert after.activation is None
    assert [e.declined for e in events if isinstance(e, ev.CardPlayed)] == [True]


def test_only_an_own_advance_card_can_be_declined() -> None:
    state = bravo_holding("thornbury-troop-militia")
    problem = refused(state, "bravo", PlayCard(card="thornbury-troop-militia", decline=True))
    assert problem.code == RejectionCode.BAD_ARGUMENT
    assert problem.rule == rule.COMMAND_POINTS


def test_an_own_morale_card_only_clears_the_hand() -> None:
    after, events = accepted(
        bravo_holding("thornbury-morale-harvest"),
        "bravo",
        PlayCard(card="thornbury-morale-harvest"),
    )
    assert [type(e).__name__ for e in events] == ["CardPlayed"]
    assert after.player("bravo").points == 0


def test_an_own_faction_card_gives_its_command_points() -> None:
    after, _ = accepted(
        bravo_holding("thornbury-faction-neighbours"),
        "bravo",
        PlayCard(card="thornbury-faction-neighbours"),
    )
    assert after.player("bravo").points == 1


def test_one_card_a_go() -> None:
    state = bravo_holding("thornbury-morale-harvest", "thornbury-faction-neighbours")
    after, _ = accepted(state, "bravo", PlayCard(card="thornbury-morale-harvest"))
    problem = refused(after, "bravo", PlayCard(card="thornbury-faction-neighbours"))
    assert problem.code == RejectionCode.ALREADY_DONE


def test_a_card_not_held_is_refused_with_the_cards_that_are() -> None:
    state = bravo_holding("thornbury-morale-harvest")
    problem = refused(state, "bravo", PlayCard(card="aldermoor-advance"))
    assert problem.code == RejectionCode.BAD_ARGUMENT
    assert problem.legal == ("play thornbury-morale-harvest",)


def test_the_go_ends_only_after_its_card_then_the_hand_is_drawn_back_to_3() -> None:
    state = bravo_holding("thornbury-morale-harvest", "thornbury-troop-militia")
    problem = refused(state, "bravo", EndGo())
    assert problem.code == RejectionCode.WRONG_PHASE
    state, _ = accepted(state, "bravo", PlayCard(card="thornbury-morale-harvest"))
    top = state.draw_pile[:2]
    after, events = accepted(state, "bravo", EndGo())
    assert after.player("bravo").hand == ("thornbury-troop-militia", *top)
    assert [e.count for e in events if isinstance(e, ev.HandFilled)] == [2]
    assert after.go == "alpha" and not after.played


def test_ending_the_go_closes_an_open_activation() -> None:
    state, _ = accepted(
        bravo_holding("thornbury-troop-rangers"), "bravo", PlayCard(card="thornbury-troop-rangers")
    )
    after, events = accepted(state, "bravo", EndGo())
    assert isinstance(events[0], ev.ActivationClosed)
    assert after.activation is None


def test_done_closes_the_activation_and_the_go_goes_on() -> None:
    state, _ = accepted(
        bravo_holding("thornbury-troop-rangers"), "bravo", PlayCard(card="thornbury-troop-rangers")
    )
    after, _ = accepted(state, "bravo", EndActivation())
    assert after.activation is None and after.go == "bravo"


def test_a_card_held_in_the_reserve_is_played_from_there() -> None:
    state = with_player(
        bravo_holding("thornbury-morale-harvest"), "bravo", reserve=("thornbury-troop-militia",)
    )
    after, events = accepted(state, "bravo", PlayCard(card="thornbury-troop-militia"))
    assert [e.from_reserve for e in events if isinstance(e, ev.CardPlayed)] == [True]
    assert after.player("bravo").reserve == ()
    assert after.player("bravo").hand == ("thornbury-morale-harvest",)


def _last_cards(state: BPState) -> BPState:
    """Bravo to play the turn's last card: the draw pile and alpha's hand are empty."""
    state = bravo_holding("thornbury-morale-harvest", state=state)
    gone = (*state.draw_pile, *state.player("alpha").hand)
    state = with_player(state, "alpha", hand=())
    return state.model_copy(update={"draw_pile": (), "discard": (*state.discard, *gone)})


def test_a_player_with_neither_hand_nor_reserve_passes() -> None:
    state = bravo_holding("thornbury-morale-harvest", "thornbury-troop-militia")
    gone = (*state.draw_pile, *state.player("alpha").hand)
    state = with_player(state, "alpha", hand=())
    state = state.model_copy(update={"draw_pile": (), "discard": gone})
    state, _ = accepted(state, "bravo", PlayCard(card="thornbury-morale-harvest"))
    after, events = accepted(state, "bravo", EndGo())
    assert [type(e).__name__ for e in events] == ["GoSkipped", "GoBegan"]
    assert after.go == "bravo"


def test_the_turn_ends_when_the_draw_pile_and_both_hands_are_empty() -> None:
    state = _last_cards(set_up_game(weather="clear")[0])
    state = with_unit(state, "B2", smoke=True)
    with_reserve = with_player(state, "alpha", reserve=("aldermoor-troop-line",))
    state, _ = accepted(with_reserve, "bravo", PlayCard(card="thornbury-morale-harvest"))
    cards = len(state.discard)
    after, events = accepted(state, "bravo", EndGo(), faces=[1] * (cards - 1))
    kinds = [type(e).__name__ for e in events]
    assert kinds[:2] == ["TurnEnded", "TurnBegan"]
    assert after.turn == 2
    assert not after.unit("B2").smoke  # powder smoke comes off
    # the discard pile is the new draw pile; both draw 3, bravo first; the reserve stays
    assert after.discard == ()
    assert len(after.player("bravo").hand) == len(after.player("alpha").hand) == 3
    assert after.player("alpha").reserve == ("aldermoor-troop-line",)
    assert after.go == "bravo"


def test_the_game_ends_after_the_last_turn() -> None:
    state = _last_cards(set_up_game(weather="clear", turns=1)[0])
    state, _ = accepted(state, "bravo", PlayCard(card="thornbury-morale-harvest"))
    after, events = accepted(state, "bravo", EndGo())
    assert isinstance(events[-1], GameEnded)
    assert after.finished
    problem = refused(after, "bravo", EndGo())
    assert problem.code == RejectionCode.GAME_OVER


def test_a_faction_card_of_rallying_steadies_every_shaken_unit_of_its_side() -> None:
    state = bravo_holding("thornbury-faction-sermon")
    state = with_unit(with_unit(state, "B2", shaken=True), "B3", shaken=True, fleeing=True)
    after, events = accepted(state, "bravo", PlayCard(card="thornbury-faction-sermon"))
    steadied = [e.unit for e in events if isinstance(e, ev.Steadied)]
    assert steadied == ["B2"]  # a fleeing unit needs Stand fast! or its own rally
    assert not after.unit("B2").shaken and after.unit("B3").shaken
    assert not any(isinstance(e, ev.PointsGained) for e in events)


def test_a_faction_card_of_cartridges_reloads_its_side_and_gives_the_enemy_a_point() -> None:
    state = set_up_game(first_force="thornbury-provincials", second_force="aldermoor-garrison")[0]
    state = bravo_holding("aldermoor-faction-cartridges", state=state)
    state = with_unit(state, "B2", spent=("musket",))
    after, events = accepted(state, "bravo", PlayCard(card="aldermoor-faction-cartridges"))
    assert [e.unit for e in events if isinstance(e, ev.Reloaded)] == ["B2"]
    assert after.unit("B2").spent == ()
    # played by the other side it is only a card of the enemy's: 1 command point
    mine = bravo_holding("aldermoor-faction-cartridges")
    mine = with_unit(mine, "A2", spent=("musket",))
    done, gained = accepted(mine, "bravo", PlayCard(card="aldermoor-faction-cartridges"))
    assert [e.points for e in gained if isinstance(e, ev.PointsGained)] == [1]
    assert done.unit("A2").spent == ("musket",)
