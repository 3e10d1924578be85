"""A recursive-descent parser for one dice expression (the part of a roll after its label).

Grammar, with spaces allowed between tokens but not inside ``XdY``, inside a number or
between a modifier's letter or symbol and what immediately follows it::

    expression := product (("+" | "-") product)*
    product    := unary (("*" | "/") unary)*
    unary      := "-" unary | primary
    primary    := number | dice | "(" expression ")"
    dice       := [number] "d" (number | "%" | "f") modifier*
    modifier   := "k" ["h" | "l"] number | "d" ["h" | "l"] number
                | "r" condition | "rr" condition | "!" ["o"] [condition]
                | compare number | "t" number | "f" condition | "x" condition
    condition  := [compare] number      compare := "=" | "<" | "<=" | ">" | ">="

The parser reads an ASCII-lower-cased copy of the text (same length, so positions agree)
and quotes the original text in its messages.
"""

from __future__ import annotations

from .errors import NotationError
from .limits import MAX_DEPTH, MAX_DICE, MAX_NUMBER, MAX_SIDES
from .nodes import (
    ArithmeticOp,
    Chain,
    CompareOp,
    Comparison,
    Dice,
    Explode,
    Link,
    Negate,
    Node,
    Number,
    Reroll,
    Selection,
)

_DIGITS = frozenset("0123456789")
_COMPARE_START = frozenset("<>=")
_CONDITION_START = frozenset("<>=-")
_EXAMPLES = {
    "k": "4d6k3",
    "h": "4d6kh3",
    "l": "4d6kl1",
    "r": "4d6r1",
    "!": "6d10!",
    "o": "6d10!o",
    "t": "6d10t6",
    "<": "6d10<=3",
    ">": "6d10>=6",
    "=": "6d10=10",
    "f": "6d10t6f1",
    "x": "6d10t6x10",
    "%": "1d%",
}


def parse_expression(text: str, lowered: str, start: int, end: int) -> Node:
    """Parse ``text[start:end]``; ``lowered`` is ``text`` with ASCII letters lower-cased."""
    return _Parser(text, lowered, start, end).parse()


def _describe(ch: str) -> str:
    if ch == "'":
        return '"\'"'
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}'"
    return f"character U+{ord(ch):04X}"


class _Parser:
    __slots__ = ("depth", "end", "pos", "src", "text")

    def __init__(self, text: str, lowered: str, start: int, end: int) -> None:
        self.text = text
        self.src = lowered
        self.pos = start
        self.end = end
        self.depth = 0

    # -- scanning helpers -------------------------------------------------------------

    def _peek(self) -> str:
        return self.src[self.pos] if self.pos < self.end else ""

    def _skip_spaces(self) -> None:
        src, end = self.src, self.end
        pos = self.pos
        while pos < end and src[pos].isspace():
            pos += 1
        self.pos = pos

    def _digits(self, what: str) -> int:
        src, end = self.src, self.end
        start = pos = self.pos
        while pos < end and src[pos] in _DIGITS:
            pos += 1
        if pos == start:
            raise NotationError(f"expected {what}", start)
        digits = src[start:pos].lstrip("0")
        if len(digits) > len(str(MAX_NUMBER)) or int(digits or "0") > MAX_NUMBER:
            raise NotationError(f"numbers can be at most {MAX_NUMBER:,}", start)
        self.pos = pos
        return int(digits or "0")

    def _signed(self, what: str) -> int:
        if self._peek() == "-":
            self.pos += 1
            return -self._digits(what)
        return self._digits(what)

    def _enter(self, position: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise NotationError(
                f"too deeply nested: at most {MAX_DEPTH} levels of parentheses and minus signs",
                position,
            )

    # -- grammar ----------------------------------------------------------------------

    def parse(self) -> Node:
        node = self._expression()
        self._skip_spaces()
        if self.pos < self.end:
            raise self._stray()
        return node

    def _expression(self) -> Node:
        first = self._product()
        links: list[Link] = []
        while True:
            self._skip_spaces()
            ch = self._peek()
            if ch != "+" and ch != "-":
                break
            position = self.pos
            self.pos += 1
            op: ArithmeticOp = "+" if ch == "+" else "-"
            links.append(Link(op, self._product(), position))
        return Chain(first, tuple(links)) if links else first

    def _product(self) -> Node:
        first = self._unary()
        links: list[Link] = []
        while True:
            self._skip_spaces()
            ch = self._peek()
            if ch != "*" and ch != "/":
                break
            position = self.pos
            self.pos += 1
            op: ArithmeticOp = "*" if ch == "*" else "/"
            links.append(Link(op, self._unary(), position))
        return Chain(first, tuple(links)) if links else first

    def _unary(self) -> Node:
        self._skip_spaces()
        if self._peek() != "-":
            return self._primary()
        position = self.pos
        self._enter(position)
        self.pos += 1
        operand = self._unary()
        self.depth -= 1
        return Negate(operand, position)

    def _primary(self) -> Node:
        ch = self._peek()
        start = self.pos
        if ch in _DIGITS:
            value = self._digits("a number")
            if self._peek() == "d":
                if not 1 <= value <= MAX_DICE:
                    raise NotationError(
                        f"a dice term rolls between 1 and {MAX_DICE:,} dice, not {value:,}",
                        start,
                    )
                return self._dice(start, value)
            return Number(value, start)
        if ch == "d":
            return self._dice(start, 1)
        if ch == "(":
            self._enter(start)
            self.pos += 1
            inner = self._expression()
            self._skip_spaces()
            if self._peek() != ")":
                if self.pos >= self.end:
                    raise NotationError("expected ')' to match an earlier '('", self.pos)
                raise self._stray(closing=True)
            self.pos += 1
            self.depth -= 1
            return inner
        if not ch:
            raise NotationError("expected a number, a dice term or '(' here", self.pos)
        if ch == ")":
            raise NotationError("expected a number, a dice term or '(' before ')'", self.pos)
        raise NotationError(
            f"expected a number, a dice term or '(', not {_describe(self.text[start])}", start
        )

    def _stray(self, *, closing: bool = False) -> NotationError:
        """The error for an unexpected character after a complete operand."""
        position = self.pos
        ch = self.src[position]
        shown = _describe(self.text[position])
        if ch == ")":
            return NotationError("unexpected ')' without a matching '('", position)
        if ch in _EXAMPLES:
            return NotationError(
                f"{shown} can only follow a dice term, as in {_EXAMPLES[ch]}", position
            )
        if ch == "d":
            before = self.src[:position].rstrip()
            if position > 0 and self.src[position - 1].isspace() and before[-1:] in _DIGITS:
                return NotationError(
                    "no space is allowed between the number of dice and 'd', as in 2d6",
                    position,
                )
            return NotationError(
                "the number of dice must be written as a plain number, as in 2d6", position
            )
        wanted = "an operator or ')'" if closing else "an operator such as '+'"
        if ch in _DIGITS or ch == "(":
            return NotationError(f"expected {wanted} before {shown}", position)
        return NotationError(f"unexpected {shown}; expected {wanted}", position)

    def _dice(self, start: int, count: int) -> Dice:
        self.pos += 1  # the "d"
        ch = self._peek()
        fudge = False
        if ch == "%":
            sides = 100
            self.pos += 1
        elif ch == "f":
            sides, fudge = 3, True
            self.pos += 1
        else:
            sides_at = self.pos
            if ch not in _DIGITS:
                raise NotationError("expected a number of sides after 'd'", sides_at)
            sides = self._digits("a number of sides after 'd'")
            if not 1 <= sides <= MAX_SIDES:
                raise NotationError(
                    f"a die has between 1 and {MAX_SIDES:,} sides, not {sides:,}", sides_at
                )
        low, high = (-1, 1) if fudge else (1, sides)

        reroll: Reroll | None = None
        explode: Explode | None = None
        selection: Selection | None = None
        success: Comparison | None = None
        failure: Comparison | None = None
        double: Comparison | None = None
        failure_at = double_at = 0
        end = self.pos

        while True:
            self._skip_spaces()
            at = self.pos
            ch = self._peek()
            if ch == "k" or ch == "d":
                if selection is not None:
                    raise NotationError("a dice term can only have one keep or drop", at)
                selection = self._selection(ch == "k")
            elif ch == "r":
                if reroll is not None:
                    raise NotationError("a dice term can only have one reroll", at)
                self.pos += 1
                repeat = self._peek() == "r"
                if repeat:
                    self.pos += 1
                name = "rr" if repeat else "r"
                condition = self._condition("=", name)
                if repeat and condition.covers(low, high):
                    raise NotationError(
                        f"'{self.text[at : self.pos]}' matches every face, so the dice would"
                        " be rerolled forever; use 'r' to reroll once",
                        at,
                    )
                reroll = Reroll(condition, repeat, at)
            elif ch == "!":
                if explode is not None:
                    raise NotationError("a dice term can only have one explosion", at)
                explode = self._explode(low, high)
            elif ch == "t" or ch in _COMPARE_START:
                if success is not None:
                    raise NotationError("a dice term can only have one success target", at)
                if ch == "t":
                    self.pos += 1
                    success = Comparison(">=", self._signed("a number after 't'"))
                else:
                    success = self._condition(">=", "")
            elif ch == "f":
                if failure is not None:
                    raise NotationError("a dice term can only have one failure rule", at)
                self.pos += 1
                failure, failure_at = self._condition("=", "f"), at
            elif ch == "x":
                if double is not None:
                    raise NotationError("a dice term can only have one double-success rule", at)
                self.pos += 1
                following = self._peek()
                if following not in _DIGITS and following not in _CONDITION_START:
                    raise NotationError(
                        "'x' marks double successes, as in 6d10t6x10; use '*' to multiply", at
                    )
                double, double_at = self._condition("=", "x"), at
            else:
                self.pos = end
                break
            end = self.pos

        if success is None:
            if failure is not None:
                raise NotationError(
                    "failures need a success target too, as in 6d10t6f1", failure_at
                )
            if double is not None:
                raise NotationError(
                    "double successes need a success target too, as in 6d10t6x10", double_at
                )
        return Dice(
            count=count,
            sides=sides,
            fudge=fudge,
            start=start,
            end=end,
            reroll=reroll,
            explode=explode,
            selection=selection,
            success=success,
            failure=failure,
            double=double,
        )

    def _selection(self, keep: bool) -> Selection:
        at = self.pos
        letter = self.text[at]
        self.pos += 1
        highest = keep
        ch = self._peek()
        if ch == "h" or ch == "l":
            highest = ch == "h"
            letter += self.text[self.pos]
            self.pos += 1
        count = self._digits(f"a number of dice after '{letter}'")
        if count > MAX_DICE:
            raise NotationError(f"can keep or drop at most {MAX_DICE:,} dice", at + len(letter))
        return Selection(keep, highest, count, at)

    def _explode(self, low: int, high: int) -> Explode:
        at = self.pos
        self.pos += 1
        repeat = True
        name = "!"
        if self._peek() == "o":
            repeat = False
            name = "!o"
            self.pos += 1
        ch = self._peek()
        if ch == "=":
            raise NotationError(
                f"write '{name}9' to explode on 9 or more (or '{name}>=9'); '=' is not used here",
                self.pos,
            )
        if ch in _DIGITS or ch in _COMPARE_START:
            condition = self._condition(">=", name)
        else:
            condition = Comparison(">=", high)
        if repeat and condition.covers(low, high):
            raise NotationError(
                f"'{self.text[at : self.pos]}' matches every face, so the dice would explode"
                " forever; use '!o' to explode once",
                at,
            )
        return Explode(condition, repeat, at)

    def _condition(self, default: CompareOp, name: str) -> Comparison:
        op: CompareOp = default
        ch = self._peek()
        sign_at = self.pos
        if ch == "<" or ch == ">":
            self.pos += 1
            if self._peek() == "=":
                self.pos += 1
                op = "<=" if ch == "<" else ">="
            else:
                op = "<" if ch == "<" else ">"
        elif ch == "=":
            self.pos += 1
            op = "="
        if self.pos != sign_at:
            name += self.text[sign_at : self.pos]
            self._skip_spaces()
        return Comparison(op, self._signed(f"a number after '{name}'"))
