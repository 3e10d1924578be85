from __future__ import annotations

import pytest

from rules.notation import (
    MAX_COMMAND_LENGTH,
    DiceTermResult,
    escape_markdown,
    format_result,
    parse_command,
)
from rules.notation import format as formatting

from .conftest import roll


def test_success_pool_snapshot() -> None:
    text = format_result(roll("10d10>=6"))
    assert text == (
        "`10d10>=6` → [1↓, 1↓, **6**, **10**↑, 5, **8**, **6**, 2, 4, **10**↑] = **5 successes**"
    )


def test_total_snapshot_with_label_and_comment() -> None:
    text = format_result(roll("attack: 4d6k3+2 # vs the ogre"))
    assert text == "**attack:** `4d6k3+2` → [5, ~~1~~↓, 6↑, 4]+2 = **17** · *vs the ogre*"


def test_one_success_is_singular_and_negative_is_plural() -> None:
    result = roll("3d1t1f1x1")
    assert result.rolls[0].successes == 3
    assert format_result(roll("1d1t1")).endswith("= **1 success**")
    assert format_result(roll("2d1t2f1")).endswith("= **-2 successes**")


def test_constant_roll_has_no_breakdown() -> None:
    assert format_result(roll("1 + 2*3")) == "`1 + 2*3` = **7**"


def test_arithmetic_between_dice_is_escaped() -> None:
    text = format_result(roll("d6*2*d4"))
    assert "\\*2\\*" in text


def test_markers() -> None:
    dropped = format_result(roll("4d6d1"))
    assert dropped.count("~~") == 2
    rerolled = format_result(roll("30d6r1"))
    assert "~~1~~↓" in rerolled
    exploded = format_result(roll("20d6!"))
    assert "!6↑" in exploded or "!" in exploded.split("→")[1]
    failures = format_result(roll("30d10t6f1"))
    assert "__1__↓" in failures
    doubles = format_result(roll("30d10t6x10"))
    assert "**10**↑(×2)" in doubles
    fudge = format_result(roll("8dF"))
    assert "+1↑" in fudge and "-1↓" in fudge


def test_each_roll_on_its_own_line() -> None:
    text = format_result(roll("a: d6; b: d8 # note; d4"))
    lines = text.split("\n")
    assert len(lines) == 3
    assert lines[0].startswith("**a:** `d6` → [")
    assert lines[1].startswith("**b:** `d8` → [") and lines[1].endswith(" · *note*")
    assert lines[2].startswith("`d4` → [")


def test_user_text_is_escaped() -> None:
    text = format_result(roll("*a_b~c|d`e\\f[g]: d6 # **bold**\n||spoiler|| `code`"))
    assert text.startswith("**\\*a\\_b\\~c\\|d\\`e\\\\f\\[g\\]:** ")
    assert "· *\\*\\*bold\\*\\* \\|\\|spoiler\\|\\| \\`code\\`*" in text
    assert "\n" not in text


def test_escape_markdown() -> None:
    assert escape_markdown("a\nb\t c") == "a b c"
    assert escape_markdown("x\\") == "x\\\\"
    assert escape_markdown("<@123> @everyone") == "<@123> @everyone"


def test_expression_whitespace_is_collapsed() -> None:
    text = format_result(roll("d6\n+\n1"))
    assert "\n" not in text
    assert text.startswith("`d6 + 1` → [")


def test_summarised_by_face_when_too_long() -> None:
    result = roll("1000d6k990")
    text = format_result(result)
    assert len(text) <= 2000
    assert text.startswith("`1000d6k990` → [")
    assert "×1↓" in text and "×6↑" in text and "; 10 dropped]" in text
    total = result.rolls[0].total
    assert text.endswith(f"= **{total}**")


def test_summary_counts_are_correct() -> None:
    result = roll("300d4r1")
    text = format_result(result, limit=200)
    term = result.rolls[0].dice[0]
    kept = [d.value for d in term.dice if d.status == "kept"]
    for face in range(2, 5):
        marker = "↑" if face == 4 else ""
        assert f"{kept.count(face)}×{face}{marker}" in text
    assert f"; {len(term.dice) - 300} rerolled]" in text


def test_falls_back_to_totals() -> None:
    result = roll("1000d1000")
    text = format_result(result)
    assert text == f"`1000d1000` = **{result.rolls[0].total}**"


def test_falls_back_to_brief_then_plain() -> None:
    command = ";".join(["lbl:d6 #c"] * 50)
    result = roll(command)
    brief = format_result(result, limit=len(result.rolls) * 16)
    assert brief.startswith("**lbl:** **")
    plain = format_result(result, limit=60)
    assert len(plain) == 60
    assert plain.endswith("…")
    assert "*" not in plain


@pytest.mark.parametrize("limit", [0, 1, 2, 5, 17, 50, 100, 500, 1000, 2000, 4000])
@pytest.mark.parametrize(
    "command",
    [
        "1000d1000",
        "800d6r<2!o>=7k799>=3f1x6",
        "900d10!kh899t6f1x10",
        ";".join(["_:d9"] * 100)[:MAX_COMMAND_LENGTH],
        ";".join(["10d1000"] * 62),
        ";".join(["9*9"] * 100),
        "|" * 200 + ": 1000d1000 # " + "`" * 280,
        ";".join(["1000000*1000"] * 38),
        ";".join(["d999"] * 100),
    ],
)
def test_largest_commands_stay_within_limit(command: str, limit: int) -> None:
    parse_command(command)
    text = format_result(roll(command), limit=limit)
    assert len(text) <= limit
    if limit >= 1:
        assert text


def test_default_limit_is_2000() -> None:
    text = format_result(roll(";".join(["d999"] * 100)))
    assert len(text) <= 2000
    assert text.count("\n") == 99


def test_too_many_dice_skip_the_die_by_die_line(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    full_term = formatting._full_term

    def counted(term: DiceTermResult) -> str:
        built.append(len(term.dice))
        return full_term(term)

    monkeypatch.setattr(formatting, "_full_term", counted)
    summary = format_result(roll("1000d6"))
    assert built == [] and "×" in summary
    assert "[" in format_result(roll("4d6")) and built == [4]
