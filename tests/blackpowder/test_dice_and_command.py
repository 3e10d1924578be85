"""The D10 read 0-9 (reading 1) and the command table (003 Kommandopunkte erhalten,
Kommandofähigkeiten)."""

from __future__ import annotations

import pytest

from rules.blackpowder.dice import check_faces, face, reaches
from rules.blackpowder.tables.command import (
    HAND_SIZE,
    ability_cost,
    advance_card_points,
    command_cost,
)


@pytest.mark.parametrize(("raw", "read"), [(1, 1), (5, 5), (9, 9), (10, 0)])
def test_the_streams_ten_is_the_face_zero(raw: int, read: int) -> None:
    assert face(raw) == read


@pytest.mark.parametrize("raw", [0, 11, -1])
def test_the_stream_never_rolls_outside_one_to_ten(raw: int) -> None:
    with pytest.raises(ValueError, match="rolls 1-10"):
        face(raw)


def test_a_face_outside_zero_to_nine_is_refused() -> None:
    with pytest.raises(ValueError, match="reads 0-9, not 10"):
        check_faces([3, 10])


def test_a_score_is_reached_by_face_plus_modifier_with_no_automatic_result() -> None:
    assert reaches(4, 4)
    assert not reaches(3, 4)
    assert reaches(3, 4, 1)
    assert not reaches(9, 4, -6)  # a 9 is no automatic success
    assert reaches(0, 0)  # nor a 0 an automatic failure


# 003 Kommandofähigkeiten
@pytest.mark.parametrize(
    ("ability", "cost"),
    [("enemy-sighted", 1), ("hold-back", 1), ("stand-fast", 3), ("preparation", 4)],
)
def test_the_fixed_ability_costs(ability: str, cost: int) -> None:
    assert ability_cost(ability, 30) == cost  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("models", "cost"),
    [(1, 2), (7, 2), (8, 3), (11, 3), (12, 4), (20, 4)],
)
def test_command_costs_2_3_or_4_by_the_units_models(models: int, cost: int) -> None:
    # 003 Befehl: 4 for 12 or more models, 3 for 8-11, 2 for 7 or fewer
    assert command_cost(models) == cost
    assert ability_cost("command", models) == cost


def test_a_unit_without_models_has_no_command_cost() -> None:
    with pytest.raises(ValueError):
        command_cost(0)


@pytest.mark.parametrize(("officers", "points"), [(0, 1), (1, 2), (3, 4)])
def test_declining_the_advance_card_gives_1_and_1_per_officer(officers: int, points: int) -> None:
    # 003 Kommandopunkte erhalten: 1 point and 1 more per officer on the table not fleeing
    assert advance_card_points(officers) == points


def test_the_hand_holds_three_cards() -> None:
    assert HAND_SIZE == 3  # 003 Vorbereitung: "more than 3 cards in hand"
