"""A recursive-descent parser for one dice expression (the part of a roll after its label).

Grammar, with spaces allowed between tokens but not inside ``XdY``, inside a number or
between a modifier's letter or symbol and what immediately follows it::

    expression := product (("+" | "-") product)*
    product    := unary (("*" | "/") unary)*
    unary      := "-" unary | primary
    roll       := expression [("adv" | "dis")]
    primary    := (number | dice | "(" expression ")") annotation*
    annotation := "[" text "]"
    dice       := [number] "d" (number | "%" | "f") modifier*
    modifier   := "k" ["h" | "l"] number | "d" ["h" | "l"] number
                | ("r" | "ro" | "rr" | "ir" | "rg" | "irg") condition
                | "!" ["o"] [condition] | ("e" | "ie") [condition]
                | compare number | ("t" | "tl") number | "f" condition | "x" condition
                | "ds" number | "b" [condition] | ("mi" | "ma") number | "adv" | "dis"
    condition  := [compare] number      compare := "=" | "<" | "<=" | ">" | ">="

The parser reads an ASCII-lower-cased copy of the text (same length, so positions agree)
and quotes the original text in its messages. Letters that follow a dice term but are no
modifier get an error suggesting the nearest modifier that would parse there.
"""

from __future__ import annotations

import dataclasses
import string

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
    iter_dice,
)
from .suggest import comment_pointer, foreign_form, meaning, nearest_modifiers

_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_LETTERS = frozenset(string.ascii_lowercase)
_DIGITS = frozenset("0123456789")
_ARGUMENT = frozenset("0123456789<>=-")
_ADVANTAGE = {"adv": True, "dis": False}
_MODIFIER_WORDS = frozenset(
    {"k", "kh", "kl", "d", "dh", "dl", "r", "ro", "rr", "ir", "rg", "irg", "e", "ie"}
    | {"t", "tl", "f", "x", "ds", "b", "mi", "ma", "adv", "dis"}
)
"""The letters a modifier may start with; other letters after a dice term are a mistake."""
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


def ascii_lower(text: str) -> str:
    """``text`` with ASCII letters lower-cased and everything else (and its length) kept."""
    return text.translate(_ASCII_LOWER)


def parse_expression(text: str, lowered: str, start: int, end: int) -> Node:
    """Parse ``text[start:end]``; ``lowered`` is ``text`` with ASCII letters lower-cased."""
    return _Parser(text, lowered, start, end).parse()


def _parses(text: str) -> bool:
    try:
        _Parser(text, ascii_lower(text), 0, len(text)).parse()
    except NotationError:
        return False
    return True


def _describe(ch: str) -> str:
    if ch == "'":
        return '"\'"'
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}'"
    return f"character U+{ord(ch):04X}"


class _Parser:
    __slots__ = ("depth", "end", "last_dice", "pos", "src", "text")

    def __init__(self, text: str, lowered: str, start: int, end: int) -> None:
        self.text = text
        self.src = lowered
        self.pos = start
        self.end = end
        self.depth = 0
        self.last_dice: Dice | None = None

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

    def _word(self, at: int) -> str:
        """The run of ASCII letters starting at ``at``."""
        src, end = self.src, self.end
        stop = at
        while stop < end and src[stop] in _LETTERS:
            stop += 1
        return src[at:stop]

    def parse(self) -> Node:
        node = self._expression()
        self._skip_spaces()
        if self.pos < self.end:
            at = self.pos
            word = self._word(at)
            if word in _ADVANTAGE and self.src[at + 3 : self.end].strip() == "":
                return self._advantage_on_roll(node, _ADVANTAGE[word], at)
            raise self._stray()
        return node

    def _advantage_ends_roll(self, at: int, word: str) -> bool:
        """Whether ``adv``/``dis`` at ``at`` ends the roll after a space (``1d20+1d4 adv``),
        so that it applies to the roll rather than to the term just before it."""
        return (
            word in _ADVANTAGE
            and self.src[at - 1].isspace()
            and self.src[at + 3 : self.end].strip() == ""
        )

    def _advantage_on_roll(self, node: Node, highest: bool, at: int) -> Node:
        """``1d20+5 adv``: roll the roll's single die (or its one single d20) twice and
        keep the better (``dis``: the worse)."""
        word = self.src[at : at + 3]
        singles = [dice for dice in iter_dice(node) if dice.count == 1 and dice.selection is None]
        if len(singles) > 1:
            singles = [dice for dice in singles if dice.sides == 20 and not dice.fudge]
            if len(singles) != 1:
                raise NotationError(
                    f"'{word}' could be meant for more than one die here; write it right after"
                    f" the die it is for, as in 1d20{word}+1d4",
                    at,
                )
        if not singles:
            raise NotationError(
                f"'{word}' rolls one die twice and keeps the "
                f"{'higher' if highest else 'lower'}, as in 1d20 {word}; this roll has no"
                " single die without a keep or drop",
                at,
            )
        (single,) = singles
        return _replace_dice(node, single, _with_advantage(single, highest, at))

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
        node = self._operand()
        after = self.pos
        self._skip_spaces()
        if self._peek() != "[":
            self.pos = after
            return node
        while self._peek() == "[":
            self._annotation()
            after = self.pos
            self._skip_spaces()
        self.pos = after
        return node

    def _annotation(self) -> None:
        """Skip ``[text]``: a note shown with the term, with no effect on the roll."""
        at = self.pos
        close = self.src.find("]", at + 1, self.end)
        if close == -1:
            raise NotationError("expected ']' to close the note that '[' starts", at)
        inner = self.text[at + 1 : close]
        if "[" in inner:
            raise NotationError("a note in [ ] cannot contain '['", at + 1 + inner.index("["))
        for offset, ch in enumerate(inner):
            if ch == "`" or not ch.isprintable():
                raise NotationError(
                    f"a note in [ ] cannot contain {_describe(ch)}", at + 1 + offset
                )
        self.pos = close + 1

    def _operand(self) -> Node:
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
        dice = self.last_dice
        if dice is not None and ch in _LETTERS and len(self.src[:position].rstrip()) == dice.end:
            return self._unknown_modifier(dice, position)
        if ch == "!" and self.src[position + 1 : position + 2].isspace():
            # Dice Maiden's comment, "1d20+5 ! attack"
            pointer = comment_pointer(self.text[:position], self.text[position + 1 : self.end])
            return NotationError(f"'!' can only follow a dice term; {pointer}", position)
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

    def _unknown_modifier(self, dice: Dice, at: int) -> NotationError:
        """Letters right after a dice term that are no modifier: suggest the nearest one."""
        word = self._word(at)
        stop = at + len(word)
        while stop < self.end and self.src[stop] in _ARGUMENT:
            stop += 1
        before, after = self.text[dice.start : at], self.text[at + len(word) : stop]
        written = f"{before}{self.text[at : at + len(word)]}{after}"
        explosion = dice.explode
        if explosion is not None and self.src[explosion.position : at].rstrip() == "!":
            # "4d6 ! Hello": Dice Maiden's comment after the dice
            pointer = comment_pointer(
                self.text[: explosion.position], self.text[explosion.position + 1 : self.end]
            )
            return NotationError(f"`{written}` is not understood; {pointer}", at)
        known = foreign_form(word)
        if known is not None:
            return NotationError(f"`{written}` is not understood: {known}", at)
        for modifier in nearest_modifiers(word):
            suggestion = f"{before}{modifier}{after}"
            if _parses(suggestion):
                return NotationError(
                    f"`{written}` is not understood; did you mean `{suggestion}`?"
                    f" ({meaning(modifier)})",
                    at,
                )
        return NotationError(
            f"`{written}` is not understood: '{word}' is not a dice modifier (see /help roll)",
            at,
        )

    def _dice(self, start: int, count: int) -> Dice:
        dice = self._dice_term(start, count)
        self.last_dice = dice
        return dice

    def _dice_term(self, start: int, count: int) -> Dice:
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
        minimum: int | None = None
        maximum: int | None = None
        advantage: bool | None = None
        botch: Comparison | None = None
        doubled: tuple[int, int] | None = None  # ``dsN``: the face and where it stands
        failure_at = double_at = advantage_at = 0
        end = self.pos

        while True:
            self._skip_spaces()
            at = self.pos
            ch = self._peek()
            word = self._word(at) if ch in _LETTERS else ""
            if word and (word not in _MODIFIER_WORDS or self._advantage_ends_roll(at, word)):
                self.pos = end
                break
            if word in _ADVANTAGE:
                if advantage is not None:
                    raise NotationError("a dice term can only have one 'adv' or 'dis'", at)
                advantage, advantage_at = _ADVANTAGE[word], at
                self.pos += 3
            elif word == "ds":
                if double is not None or doubled is not None:
                    raise NotationError("a dice term can only have one double-success rule", at)
                self.pos += 2
                doubled = self._digits("a number after 'ds'"), at
            elif ch == "b":
                if botch is not None:
                    raise NotationError("a dice term can only have one botch rule", at)
                self.pos += 1
                if self._peek() in _DIGITS or self._peek() in _CONDITION_START:
                    botch = self._condition("<=", "b")
                else:
                    botch = Comparison("<=", low)
            elif ch == "k" or ch == "d":
                if selection is not None:
                    raise NotationError("a dice term can only have one keep or drop", at)
                selection = self._selection(ch == "k")
            elif ch == "r" or word in ("ir", "irg"):
                if reroll is not None:
                    raise NotationError("a dice term can only have one reroll", at)
                reroll = self._reroll(low, high)
            elif ch == "!" or ch == "e" or word.startswith("ie"):
                if explode is not None:
                    raise NotationError("a dice term can only have one explosion", at)
                explode = self._explode(low, high)
            elif word.startswith(("mi", "ma")):
                lowest = word.startswith("mi")
                if (minimum if lowest else maximum) is not None:
                    raise NotationError(f"a dice term can only have one '{word[:2]}'", at)
                self.pos += 2
                bound = self._signed(f"a number after '{word[:2]}'")
                if not low <= bound <= high:
                    raise NotationError(
                        f"'{word[:2]}' needs a face of the die, from {low} to {high}", at + 2
                    )
                if lowest:
                    minimum = bound
                else:
                    maximum = bound
                if minimum is not None and maximum is not None and minimum > maximum:
                    raise NotationError(f"the minimum {minimum} is above the maximum {maximum}", at)
            elif ch == "t" or ch in _COMPARE_START:
                if success is not None:
                    raise NotationError("a dice term can only have one success target", at)
                if word == "tl":
                    self.pos += 2
                    success = Comparison("<=", self._signed("a number after 'tl'"))
                elif ch == "t":
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
                if double is not None or doubled is not None:
                    raise NotationError("a dice term can only have one double-success rule", at)
                self.pos += 1
                following = self._peek()
                if following in _LETTERS:
                    self.pos = end
                    break
                if following not in _DIGITS and following not in _CONDITION_START:
                    raise NotationError(
                        "'x' marks double successes, as in 6d10t6x10; use '*' to multiply", at
                    )
                double, double_at = self._condition("=", "x"), at
            else:
                self.pos = end
                break
            end = self.pos

        if advantage is not None:
            if selection is not None:
                raise NotationError(
                    f"'{self.text[advantage_at : advantage_at + 3]}' already keeps one die,"
                    " so it cannot have a keep or drop too",
                    advantage_at,
                )
            if count != 1:
                word = self.src[advantage_at : advantage_at + 3]
                raise NotationError(
                    f"'{word}' rolls one die twice and keeps the "
                    f"{'higher' if advantage else 'lower'}; write 1d20 {word}, not {count} dice",
                    advantage_at,
                )
            count = 2
            selection = Selection(True, advantage, 1, advantage_at)
        if doubled is not None:
            face, double_at = doubled
            if success is not None:
                below = success.op in ("<", "<=")  # ``tl6ds5``: 5 or less counts twice
                double = Comparison("<=" if below else ">=", face)
        if success is None:
            if failure is not None:
                raise NotationError(
                    "failures need a success target too, as in 6d10t6f1", failure_at
                )
            if double is not None or doubled is not None:
                example = "5d10t7ds10" if doubled is not None else "6d10t6x10"
                raise NotationError(
                    f"double successes need a success target too, as in {example}", double_at
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
            minimum=minimum,
            maximum=maximum,
            botch=botch,
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

    def _reroll(self, low: int, high: int) -> Reroll:
        """``r`` and ``ro`` (once; bare N: exactly N), ``rr`` (repeatedly; bare N: exactly
        N), and as Dice Maiden reads them ``ir`` (repeatedly; bare N: N or less), ``rg``
        (once; bare N: N or more) and ``irg`` (repeatedly; bare N: N or more)."""
        at = self.pos
        name = self.src[at : at + 3]
        if name != "irg":
            name = self.src[at : at + 2]
            if name not in ("ro", "rr", "ir", "rg"):
                name = "r"
        self.pos += len(name)
        repeat = name in ("rr", "ir", "irg")
        default: CompareOp = "<=" if name == "ir" else ">=" if name.endswith("g") else "="
        condition = self._condition(default, name)
        if repeat and condition.covers(low, high):
            raise NotationError(
                f"'{self.text[at : self.pos]}' matches every face, so the dice would"
                " be rerolled forever; use 'r' to reroll once",
                at,
            )
        return Reroll(condition, repeat, at)

    def _explode(self, low: int, high: int) -> Explode:
        """``!`` and ``ie`` (repeatedly), ``!o`` and ``e`` (at most once per die)."""
        at = self.pos
        if self.src[at] == "!":
            self.pos += 1
            repeat = True
            name = "!"
            if self._peek() == "o":
                repeat = False
                name = "!o"
                self.pos += 1
        else:
            repeat = self.src[at] == "i"
            name = "ie" if repeat else "e"
            self.pos += len(name)
        ch = self._peek()
        if ch == "=" and name.startswith("!"):
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
                f" forever; use '{'!o' if name == '!' else 'e'}' to explode once",
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


def _with_advantage(dice: Dice, highest: bool, at: int) -> Dice:
    return dataclasses.replace(dice, count=2, selection=Selection(True, highest, 1, at))


def _replace_dice(node: Node, old: Dice, new: Dice) -> Node:
    """``node`` with the dice term ``old`` (by identity) replaced by ``new``."""
    if node is old:
        return new
    if isinstance(node, Negate):
        return Negate(_replace_dice(node.operand, old, new), node.position)
    if isinstance(node, Chain):
        return Chain(
            _replace_dice(node.first, old, new),
            tuple(
                Link(link.op, _replace_dice(link.operand, old, new), link.position)
                for link in node.links
            ),
        )
    return node
