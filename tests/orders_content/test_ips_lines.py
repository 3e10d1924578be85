"""IPS lines: the documented vocabulary validates, and bad lines are refused with a
message saying what is wrong."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rules.orders.content.ips import AddDice, IpsLine, Reanimate, SpendCp


def _line(**fields: Any) -> dict[str, Any]:
    line: dict[str, Any] = {
        "timing": "interact",
        "conditions": [{"kind": "spend_cp", "cp": 1}, {"kind": "carry"}],
        "chance": {"test": "technical", "dice": [{"colour": "yellow", "count": 2}]},
        "threshold": 3,
        "effect": {"kind": "gain_cp", "amount": 2},
    }
    line.update(fields)
    return line


def _refusal(**fields: Any) -> str:
    with pytest.raises(ValidationError) as caught:
        IpsLine.model_validate(_line(**fields))
    return str(caught.value)


def test_a_full_line_reads_in_its_five_parts() -> None:
    line = IpsLine.model_validate(_line(timer=2))
    assert line.timing == "interact"
    assert line.least_cp == 1
    assert line.chance is not None and line.chance.extra_colour == "yellow"
    assert line.threshold == 3 and line.timer == 2
    assert line.effect.kind == "gain_cp"


def test_an_automatic_line_has_neither_chance_nor_threshold() -> None:
    line = IpsLine.model_validate(
        {"timing": "initiative", "effect": {"kind": "give_cp_to_risen", "amount": 1}}
    )
    assert line.chance is None and line.threshold is None and line.least_cp == 0


def test_effects_and_conditions_carry_their_parameters() -> None:
    line = IpsLine.model_validate(
        _line(
            timing="ability",
            conditions=[
                {"kind": "spend_cp", "cp": 2},
                {"kind": "immediately_facing", "target": "cadaver"},
            ],
            effect={"kind": "reanimate", "into": "hollow"},
        )
    )
    assert isinstance(line.conditions[0], SpendCp) and line.conditions[0].cp == 2
    assert isinstance(line.effect, Reanimate) and line.effect.into == "hollow"
    passive = IpsLine.model_validate(
        {
            "timing": "passive",
            "conditions": [{"kind": "carry"}],
            "effect": {
                "kind": "add_dice",
                "test": "torture",
                "dice": {"colour": "black", "count": 2},
            },
        }
    )
    assert isinstance(passive.effect, AddDice) and passive.effect.dice.count == 2


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"threshold": None}, "both a chance and a threshold (a test) or neither"),
        ({"chance": None}, "both a chance and a threshold (a test) or neither"),
        ({"conditions": [{"kind": "carry"}]}, "timing 'interact' needs a spend_cp condition"),
        ({"timing": "passive"}, "timing 'passive' happens by itself: no spend_cp, no chance"),
        ({"timing": "whenever"}, "'interact', 'ability', 'initiative', 'final'"),
        ({"effect": {"kind": "win_game"}}, "does not match any of the expected tags"),
        ({"effect": {"kind": "gain_cp"}}, "effect.gain_cp.amount"),
        (
            {"effect": {"kind": "gain_cp", "amount": 2, "bonus": 1}},
            "Extra inputs are not permitted",
        ),
        ({"conditions": [{"kind": "spend_cp", "cp": 0}]}, "conditions.0.spend_cp.cp"),
        (
            {"conditions": [{"kind": "spend_cp", "cp": 1}, {"kind": "spend_cp", "cp": 2}]},
            "same condition twice",
        ),
        ({"conditions": [{"kind": "spend_cp", "cp": 1}, {"kind": "luck"}]}, "'luck'"),
        ({"chance": {"test": "technical", "dice": [{"colour": "green", "count": 2}]}}, "colour"),
        ({"chance": {"test": "technical", "dice": []}}, "chance.dice"),
        ({"threshold": 0}, "threshold"),
    ],
)
def test_bad_lines_are_refused_with_the_reason(fields: dict[str, Any], message: str) -> None:
    assert message in _refusal(**fields)
