"""Rendering keeps every reply within Discord's limits, even for oversized tables."""

from __future__ import annotations

from rules.reference import Table
from rules.reference.render import MAX_TEXT, fit, render_table
from tests.reference.helpers import grid


def big_grid(size: int, value: str) -> Table:
    labels = [{"label": str(i)} for i in range(1, size + 1)]
    return Table.model_validate(
        {
            **grid(rows=labels, columns=labels, cells=[[value] * size for _ in range(size)]),
            "system": "house",
            "notes": ["A note that can be dropped when space runs out."] * 3,
        }
    )


def test_wide_grid_is_split_into_blocks() -> None:
    text = render_table(big_grid(20, "10+"), "House rules")
    assert len(text) <= MAX_TEXT
    assert text.count("```") >= 4  # at least two blocks
    assert all(len(line) <= 72 for line in text.splitlines() if not line.startswith("-#"))


def test_huge_grid_is_shortened_but_stays_valid() -> None:
    text = render_table(big_grid(60, "10+"), "House rules")
    assert len(text) <= MAX_TEXT
    assert text.count("```") % 2 == 0
    assert "Shortened" in text


def test_fit_drops_notes_before_cutting() -> None:
    parts = ["x" * 1000]
    notes = ["n" * 500, "m" * 500]
    text = fit(parts, notes)
    assert len(text) <= MAX_TEXT
    assert "n" * 500 in text and "m" * 500 not in text
