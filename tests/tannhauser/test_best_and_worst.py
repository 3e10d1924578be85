"""Best/worst row and best/worst value (source 000, "Characters"): a row is a position on the
sheet, a value is the highest or lowest number in any row, and they can differ."""

from __future__ import annotations

from rules.tannhauser.content.stats import Row, Stat
from rules.tannhauser.values import best_row, best_value, current, worst_row, worst_value
from tests.tannhauser.builders import a, b, game


def test_rows_and_values_differ_when_a_lower_row_is_better() -> None:
    state = game(a("ace", "b1"), b("bob", "o1"), active="ace")
    sheet = state.sheet("ace")
    rows = (
        Row(combat=4, stamina=5, mental=3, movement=6),
        Row(combat=6, stamina=4, mental=3, movement=6),  # a surge of fury when hurt
        Row(combat=3, stamina=3, mental=2, movement=5),
        Row(combat=5, stamina=2, mental=1, movement=4),
    )
    odd = sheet.model_copy(update={"rows": rows})
    state = state.model_copy(update={"sheets": {**state.sheets, odd.id: odd}})
    token = state.tokens["ace"]
    assert best_row(state, token, Stat.COMBAT) == 4  # the top row
    assert best_value(state, token, Stat.COMBAT) == 6  # the highest anywhere
    assert worst_row(state, token, Stat.COMBAT) == 5  # the bottom row
    assert worst_value(state, token, Stat.COMBAT) == 3  # the lowest anywhere
    assert current(state, token, Stat.COMBAT, base="worst") == 3
    assert current(state, token, Stat.COMBAT, base="best_row") == 4
