"""The command abilities (reading 8, 003 Kommandofähigkeiten): their costs, what they do,
and their refusals citing the sheet's German heading with our English name."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.actions import Command, EndGo, HoldBack, PlayCard, Prepare, StandFast
from rules.blackpowder.activation import may_act
from rules.blackpowder.state import BPState
from rules.core.rejection import RejectionCode
from rules.core.visibility import Viewer
from tests.blackpowder.deciding import accepted, refused, with_player, with_unit
from tests.blackpowder.test_engine_cards import bravo_holding


def with_points(state: BPState, points: int) -> BPState:
    return with_player(state, "bravo", points=points)


def test_hold_back_puts_an_own_troop_card_face_down_in_the_reserve_for_1() -> None:
    state = with_points(bravo_holding("thornbury-troop-militia", "thornbury-morale-harvest"), 1)
    after, events = accepted(state, "bravo", HoldBack(card="thornbury-troop-militia"))
    bravo = after.player("bravo")
    assert bravo.reserve == ("thornbury-troop-militia",)
    assert bravo.hand == ("thornbury-morale-harvest",)
    assert bravo.points == 0
    held = [e for e in events if isinstance(e, ev.HeldBack)]
    assert len(held) == 1
    assert not held[0].visibility.allows(Viewer.of_seat("alpha"))
    spent = [e for e in events if isinstance(e, ev.PointsSpent)]
    assert spent[0].visibility.scope == "public" and spent[0].ability == "hold-back"


def test_only_own_troop_cards_are_held_back() -> None:
    state = with_points(bravo_holding("thornbury-morale-harvest", "aldermoor-troop-line"), 5)
    for card in ("thornbury-morale-harvest", "aldermoor-troop-line"):
        problem = refused(state, "bravo", HoldBack(card=card))
        assert problem.code == RejectionCode.BAD_ARGUMENT
        assert (
            problem.rule
            == "003 Kommandofähigkeiten (command abilities): Zurückhalten! (Hold back!)"
        )


def test_an_ability_the_pool_cannot_pay_is_refused() -> None:
    state = bravo_holding("thornbury-troop-militia")
    problem = refused(state, "bravo", HoldBack(card="thornbury-troop-militia"))
    assert problem.code == RejectionCode.CANNOT_AFFORD
    assert "costs 1 command point; your pool holds 0" in problem.message


def test_stand_fast_rallies_a_fleeing_unit_for_3_and_leaves_it_shaken() -> None:
    state = with_unit(with_points(bravo_holding("thornbury-morale-harvest"), 3), "B3", fleeing=True)
    after, _ = accepted(state, "bravo", StandFast(unit="B3"))
    unit = after.unit("B3")
    assert not unit.fleeing and unit.shaken
    assert after.player("bravo").points == 0
    problem = refused(with_points(after, 3), "bravo", StandFast(unit="B3"))
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    assert problem.rule.endswith("Haltet Stand! (Stand fast!)")


def test_command_costs_2_3_or_4_by_the_units_size() -> None:
    # B1 colonel 1 model, B2 provincials 10, B3 muster 12
    for unit, cost in (("B1", 2), ("B2", 3), ("B3", 4)):
        state = with_points(bravo_holding("thornbury-morale-harvest"), cost)
        after, events = accepted(state, "bravo", Command(unit=unit))
        assert [e.points for e in events if isinstance(e, ev.PointsSpent)] == [cost]
        assert [u.id for u in may_act(after)] == [unit]
        assert after.player("bravo").points == 0
        poorer = with_points(state, cost - 1)
        assert refused(poorer, "bravo", Command(unit=unit)).code == RejectionCode.CANNOT_AFFORD


def test_command_counts_the_models_left() -> None:
    state = with_points(bravo_holding("thornbury-morale-harvest"), 2)
    muster = state.unit("B3")
    state = with_unit(state, "B3", models=muster.models[:7])
    after, _ = accepted(state, "bravo", Command(unit="B3"))
    assert after.player("bravo").points == 0


def test_command_is_refused_for_an_enemy_unit() -> None:
    state = with_points(bravo_holding("thornbury-morale-harvest"), 9)
    assert refused(state, "bravo", Command(unit="A2")).code == RejectionCode.BAD_ARGUMENT


def test_abilities_come_before_or_after_the_card_not_during_its_activation() -> None:
    state = with_points(bravo_holding("thornbury-troop-rangers"), 9)
    before, _ = accepted(state, "bravo", Command(unit="B2"))
    assert refused(before, "bravo", Command(unit="B3")).code == RejectionCode.WRONG_PHASE
    state, _ = accepted(state, "bravo", PlayCard(card="thornbury-troop-rangers"))
    problem = refused(state, "bravo", Command(unit="B2"))
    assert problem.code == RejectionCode.WRONG_PHASE


def test_preparation_takes_an_own_troop_card_back_from_the_discard_pile_for_4() -> None:
    state = with_points(bravo_holding("thornbury-morale-harvest", "thornbury-advance"), 4)
    state = state.model_copy(
        update={"discard": ("thornbury-troop-militia", "aldermoor-troop-line")}
    )
    problem = refused(state, "bravo", Prepare(card="aldermoor-troop-line"))
    assert problem.legal == ("prepare thornbury-troop-militia",)
    assert problem.rule.endswith("Vorbereitung (Preparation)")
    after, _ = accepted(state, "bravo", Prepare(card="thornbury-troop-militia"))
    assert after.discard == ("aldermoor-troop-line",)
    assert after.player("bravo").points == 0
    assert len(after.player("bravo").hand) == 3


def test_after_preparation_a_hand_of_more_than_3_draws_nothing() -> None:
    state = with_points(
        bravo_holding(
            "thornbury-morale-harvest", "thornbury-advance", "thornbury-faction-neighbours"
        ),
        4,
    )
    state = state.model_copy(update={"discard": ("thornbury-troop-militia",)})
    state, _ = accepted(state, "bravo", Prepare(card="thornbury-troop-militia"))
    assert len(state.player("bravo").hand) == 4
    state, _ = accepted(state, "bravo", PlayCard(card="thornbury-morale-harvest"))
    after, events = accepted(state, "bravo", EndGo())
    assert not any(isinstance(e, ev.CardsDrawn) for e in events)
    assert len(after.player("bravo").hand) == 3
