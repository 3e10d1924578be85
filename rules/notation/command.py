"""Splitting a roll command into rolls, with their labels and comments, and parsing each."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .errors import NotationError
from .limits import MAX_COMMAND_LENGTH, MAX_DICE, MAX_REPEAT, MAX_ROLLS
from .nodes import Node, iter_dice
from .parser import ascii_lower, parse_expression

_REPEAT = re.compile(r"([0-9]+)\s+(?=[0-9(])")
"""``6 4d6k3``: a count, spaces, then an expression starting with a number or '('."""

_DICE_START = re.compile(r"d(?:[0-9%]|f(?![a-z]))")
"""``d6``, ``d%``, ``dF``: where words in parentheses start like a dice term."""

_FLAG = re.compile(r"(p|s|ul)\s+")
"""Dice Maiden's flags before a roll: ``p`` private, ``s`` the result only, ``ul`` dice in
the order rolled (as they always are here)."""


@dataclass(frozen=True, slots=True)
class ParsedRoll:
    """One roll of a command: optional label and comment, and its parsed expression.

    ``expression`` is the trimmed expression text and ``start`` is where it begins in the
    command text. ``label`` and ``comment`` are stripped free text, or ``None``.
    """

    label: str | None
    comment: str | None
    expression: str
    start: int
    tree: Node
    simple: bool = False
    """Dice Maiden's ``s``: shown as its result only, without the dice."""
    private: bool = False
    """Dice Maiden's ``p``: the command is answered to its roller alone."""


@dataclass(frozen=True, slots=True)
class ParsedCommand:
    """A validated roll command, ready to be rolled any number of times."""

    text: str
    rolls: tuple[ParsedRoll, ...]

    @property
    def private(self) -> bool:
        """Whether a roll asked to be rolled privately (Dice Maiden's ``p 2d6``)."""
        return any(roll.private for roll in self.rolls)

    @property
    def minimum_dice(self) -> int:
        """Dice drawn before any reroll or explosion."""
        return sum(dice.count for roll in self.rolls for dice in iter_dice(roll.tree))


def parse_command(text: str) -> ParsedCommand:
    """Parse and validate a whole command; raises :class:`NotationError` if it is ill-formed.

    Commands parsed lately are remembered (a parsed command is immutable), so rolling the
    same dice again skips the parsing; ill-formed ones are parsed afresh each time.
    """
    try:
        return _remembered(text)
    except NotationError as error:
        error.text = text
        raise


@functools.lru_cache(maxsize=256)
def _remembered(text: str) -> ParsedCommand:
    return _parse(text)


def _parse(text: str) -> ParsedCommand:
    if len(text) > MAX_COMMAND_LENGTH:
        raise NotationError(
            f"a roll command can be at most {MAX_COMMAND_LENGTH} characters long",
            MAX_COMMAND_LENGTH,
        )
    lowered = ascii_lower(text)
    rolls: list[ParsedRoll] = []
    dice = 0
    start = 0
    while True:
        end = text.find(";", start)
        if end == -1:
            end = len(text)
        if len(rolls) == MAX_ROLLS:
            raise NotationError(f"a command can hold at most {MAX_ROLLS} rolls", start - 1)
        roll, repeat = _parse_roll(text, lowered, start, end)
        if len(rolls) + repeat > MAX_ROLLS:
            raise NotationError(f"a command can hold at most {MAX_ROLLS} rolls", roll.start)
        for _ in range(repeat):
            for term in iter_dice(roll.tree):
                dice += term.count
                if dice > MAX_DICE:
                    raise NotationError(
                        f"this command rolls more than {MAX_DICE:,} dice", term.start
                    )
            rolls.append(roll)
        if end == len(text):
            return ParsedCommand(text, tuple(rolls))
        start = end + 1


def _parse_roll(text: str, lowered: str, start: int, end: int) -> tuple[ParsedRoll, int]:
    """One roll and how many times it is rolled (``6 4d6k3`` is rolled six times)."""
    body_end = text.find("#", start, end)
    comment: str | None = None
    if body_end == -1:
        body_end = end
    else:
        comment = text[body_end + 1 : end].strip() or None

    label: str | None = None
    colon = text.find(":", start, body_end)
    if colon != -1:
        label = text[start:colon].strip()
        if not label:
            raise NotationError("expected a label before ':'", colon)
        start = colon + 1

    start = _skip_spaces(text, start, body_end)
    while body_end > start and text[body_end - 1].isspace():
        body_end -= 1
    flags: set[str] = set()
    while (flag := _FLAG.match(lowered, start, body_end)) is not None:
        flags.add(flag.group(1))
        start = flag.end()
    label, start = _parenthesised_label(text, lowered, start, body_end, label)
    if start == body_end:
        where = "after the label" if label is not None else "here"
        raise NotationError(f"expected a dice expression {where}", start)
    simple, private = "s" in flags, "p" in flags

    repeat = _REPEAT.match(lowered, start, body_end)
    if repeat is not None:
        rest = repeat.end()
        label, rest = _parenthesised_label(text, lowered, rest, body_end, label)
        if rest == body_end:
            raise NotationError("expected a dice expression after the label", rest)
        tree = parse_expression(text, lowered, rest, body_end)
        if any(True for _ in iter_dice(tree)):
            times = int(repeat.group(1))
            if not 1 <= times <= MAX_REPEAT:
                raise NotationError(
                    f"a roll can be repeated 1 to {MAX_REPEAT} times, not {times:,}", start
                )
            expression = text[rest:body_end]
            return ParsedRoll(label, comment, expression, rest, tree, simple, private), times
    tree = parse_expression(text, lowered, start, body_end)
    return ParsedRoll(label, comment, text[start:body_end], start, tree, simple, private), 1


def _skip_spaces(text: str, at: int, end: int) -> int:
    while at < end and text[at].isspace():
        at += 1
    return at


def _parenthesised_label(
    text: str, lowered: str, start: int, end: int, label: str | None
) -> tuple[str | None, int]:
    """Dice Maiden's label, ``(Attack) 1d20+5``: words in parentheses before the roll that
    are no dice expression. Returns the label and where the roll goes on."""
    if start >= end or text[start] != "(":
        return label, start
    close = text.find(")", start + 1, end)
    if close == -1 or "(" in text[start + 1 : close]:
        return label, start
    words = text[start + 1 : close].strip()
    if not words[:1].isalpha() or _DICE_START.match(ascii_lower(words)):
        return label, start  # "(1 2)" and "(d6 +)" are mistyped arithmetic, not words
    try:
        parse_expression(text, lowered, start + 1, close)
    except NotationError:
        pass
    else:
        return label, start  # "(1d6+1) * 2" is arithmetic
    if label is not None:
        raise NotationError(f"this roll already has the label '{label}'", start)
    return words, _skip_spaces(text, close + 1, end)
