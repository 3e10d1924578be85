from __future__ import annotations

import pytest

from rules.notation import NotationError, parse_command, render_caret, roll_expression

from .conftest import fresh_stream


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("4d", 2, "expected a number of sides after 'd'"),
        ("4d+2", 2, "expected a number of sides after 'd'"),
        ("d 6", 1, "expected a number of sides after 'd'"),
        ("4 d6", 2, "no space is allowed between the number of dice and 'd'"),
        ("0d6", 0, "between 1 and 1,000 dice"),
        ("(2)d6", 3, "plain number"),
        ("1+", 2, "expected a number, a dice term or '('"),
        ("1 2", 2, "expected an operator such as '+' before '2'"),
        ("(1 2)", 3, "expected an operator or ')' before '2'"),
        ("(1+2", 4, "expected ')'"),
        ("1+2)", 3, "without a matching '('"),
        ("()", 1, "before ')'"),
        ("4d6k", 4, "expected a number of dice after 'k'"),
        ("4d6kh", 5, "expected a number of dice after 'kh'"),
        ("4d6 k 3", 5, "expected a number of dice after 'k'"),
        ("4d6r", 4, "expected a number after 'r'"),
        ("4d6rr<", 6, "expected a number after 'rr<'"),
        ("4d6r-", 5, "expected a number after 'r'"),
        ("6d10>=", 6, "expected a number after '>='"),
        ("6d10t", 5, "expected a number after 't'"),
        ("6d10t6f", 7, "expected a number after 'f'"),
        ("4d6!=6", 4, "'=' is not used here"),
        ("4d6!!", 4, "only have one explosion"),
        ("5k3", 1, "can only follow a dice term, as in 4d6k3"),
        ("(4d6)>=3", 5, "can only follow a dice term"),
        ("1d6 @", 4, "unexpected '@'"),
        ("2d6 + wut", 6, "expected a number, a dice term or '(', not 'w'"),
        ("2d6 + é", 6, "not 'é'"),
        ("٣d6", 0, "not '٣'"),
        ("²", 0, "not '²'"),
        ("1d6 \u200b", 4, "U+200B"),
        ("1d6'", 3, 'unexpected "\'"'),
        ("1\n+\n", 3, "expected a number"),
        ("*3", 0, "not '*'"),
        ("+3", 0, "not '+'"),
        ("1++2", 2, "not '+'"),
        ("d6 x2", 3, "success target"),
        ("d6 x 2", 3, "use '*' to multiply"),
        ("d6x", 2, "use '*' to multiply"),
        ("1d6 % 2", 4, "can only follow a dice term"),
        ("10000000d6", 0, "numbers can be at most 1,000,000"),
        ("d" + "9" * 40, 1, "numbers can be at most"),
    ],
)
def test_error_positions_and_messages(text: str, position: int, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_command(text)
    error = info.value
    assert error.position == position, error.message
    assert message in error.message
    assert error.text == text
    assert str(error) == f"{error.message} (at position {position})"


def test_errors_while_rolling_carry_the_text() -> None:
    with pytest.raises(NotationError) as info:
        roll_expression("d6; 1/0", fresh_stream())
    assert info.value.text == "d6; 1/0"
    assert info.value.position == 5


def test_notation_error_is_a_value_error() -> None:
    assert issubclass(NotationError, ValueError)


def test_render_caret_points_at_position() -> None:
    assert render_caret("4d+2", 2) == "4d+2\n  ^"
    assert render_caret("4d", 2) == "4d\n  ^"
    assert render_caret("a\tb", 2) == "a b\n  ^"
    assert render_caret("abc", 99) == "abc\n   ^"
    assert render_caret("abc", -5) == "abc\n^"
    assert render_caret("```x", 3) == "ˋˋˋx\n   ^"


def test_render_caret_windows_long_text() -> None:
    text = "x" * 200 + "!" + "y" * 200
    line, caret = render_caret(text, 200, width=40).split("\n")
    assert line.startswith("…") and line.endswith("…")
    assert line[caret.index("^")] == "!"
    line, caret = render_caret(text, 400, width=40).split("\n")
    assert line[caret.index("^")] == "y"
    line, caret = render_caret(text, 401, width=40).split("\n")
    assert caret.index("^") == len(line)


def test_error_render_shows_text_and_caret() -> None:
    with pytest.raises(NotationError) as info:
        parse_command("4d6 + 2d")
    assert info.value.message == "expected a number of sides after 'd'"
    assert info.value.render() == "4d6 + 2d\n        ^"
    bare = NotationError("oops", 1)
    assert bare.render() == "oops"
    assert bare.render("abc") == "abc\n ^"
