"""Options typed at ``/game new``: a bad one is named in plain words with what it is for."""

from __future__ import annotations

import pytest

from bot.service.errors import UserError
from bot.service.options import parse_options
from rules.orders.options import OrdersOptions


def refusal(text: str) -> str:
    with pytest.raises(UserError) as caught:
        parse_options(OrdersOptions, text)
    return str(caught.value)


def test_a_value_out_of_bounds_says_the_bound_and_what_the_option_does() -> None:
    said = refusal("levels=3")
    assert "`levels` must be at most 2 (2 adds an upper floor" in said
    assert "Known options: `turns`, `levels`, `bid_minutes`." in said


def test_a_word_where_a_number_goes_and_an_unknown_option_are_said_plainly() -> None:
    assert "`levels` must be a whole number" in refusal("levels=two")
    assert "`colour` is not an option of this game" in refusal("colour=red")
    assert "`turns` must be at least 1" in refusal("turns=0")


def test_good_options_are_read() -> None:
    options = parse_options(OrdersOptions, "levels=2 turns=4")
    assert isinstance(options, OrdersOptions) and (options.levels, options.turns) == (2, 4)
