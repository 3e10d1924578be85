"""Long text is split into messages without losing any of it."""

from __future__ import annotations

from bot.present.posts import chunk


def test_a_line_longer_than_a_message_is_split_not_cut() -> None:
    line = "".join(str(i % 10) for i in range(4500))
    pages = chunk(["before", line, "after"], 1900)
    assert all(len(page) <= 1900 for page in pages)
    assert "".join(pages).replace("\n", "") == "before" + line + "after"
