"""Rolling parsed commands against a seeded :class:`~rules.core.dice.DiceStream`.

Within one dice term the steps always run in this order, whatever order the modifiers
were written in: roll, rerolls, explosions, minimum/maximum, keep/drop, then success and
failure counting.
Dice are drawn left to right through the command; within a term, first the initial dice,
then rerolls (die by die), then explosions (each die's chain in turn).
"""

from __future__ import annotations

from rules.core.dice import DiceStream

from .command import ParsedCommand, parse_command
from .errors import NotationError
from .limits import MAX_DICE, MAX_VALUE
from .nodes import Dice, Negate, Node, Number
from .results import DiceTermResult, DieRoll, DieStatus, RollCommandResult, RollResult


def roll_expression(text: str, stream: DiceStream) -> RollCommandResult:
    """Parse ``text`` and roll it; raises :class:`NotationError` for any problem.

    The stream advances by every die drawn, even when rolling then fails (for example by
    exceeding the dice limit through explosions).
    """
    return roll_command(parse_command(text), stream)


def roll_command(parsed: ParsedCommand, stream: DiceStream) -> RollCommandResult:
    """Roll an already parsed command."""
    roller = _Roller(stream)
    rolls: list[RollResult] = []
    try:
        for roll in parsed.rolls:
            terms: list[DiceTermResult] = []
            total = _evaluate(roll.tree, roller, terms, roll.start, parsed.text)
            counted = False
            for term in terms:
                if term.successes is not None:
                    counted = True
                    break
            botched = [term.botches for term in terms if term.botches is not None]
            rolls.append(
                RollResult(
                    label=roll.label,
                    comment=roll.comment,
                    expression=roll.expression,
                    total=total,
                    successes=total if counted else None,
                    dice=terms,
                    botches=sum(botched) if botched else None,
                    simple=roll.simple,
                )
            )
    except NotationError as error:
        error.text = parsed.text
        raise
    return RollCommandResult(
        text=parsed.text,
        rolls=rolls,
        all_values=roller.values,
        counter_start=roller.counter_start,
        counter_end=stream.counter,
    )


class _Roller:
    """Draws dice from the stream, records them and enforces the command's dice limit."""

    __slots__ = ("counter_start", "stream", "values")

    def __init__(self, stream: DiceStream) -> None:
        self.stream = stream
        self.values: list[int] = []
        self.counter_start = stream.counter

    def draw(self, term: Dice) -> int:
        return self.draw_many(term, 1)[0]

    def draw_many(self, term: Dice, count: int) -> list[int]:
        if len(self.values) + count > MAX_DICE:
            raise NotationError(
                f"this command would roll more than {MAX_DICE:,} dice"
                " (rerolls and explosions count too)",
                term.start,
            )
        if term.fudge:
            values = [value - 2 for value in self.stream.draw_many(count, 3)]
        else:
            values = self.stream.draw_many(count, term.sides)
        self.values.extend(values)
        return values


def _bounded(value: int, position: int) -> int:
    if -MAX_VALUE <= value <= MAX_VALUE:
        return value
    raise NotationError(f"the result is too large (the limit is {MAX_VALUE:,})", position)


def _evaluate(
    node: Node, roller: _Roller, terms: list[DiceTermResult], offset: int, text: str
) -> int:
    if isinstance(node, Number):
        return node.value
    if isinstance(node, Dice):
        term = _roll_term(node, roller, offset, text)
        terms.append(term)
        return term.value
    if isinstance(node, Negate):
        return _bounded(-_evaluate(node.operand, roller, terms, offset, text), node.position)
    value = _evaluate(node.first, roller, terms, offset, text)
    for link in node.links:
        right = _evaluate(link.operand, roller, terms, offset, text)
        if link.op == "+":
            value += right
        elif link.op == "-":
            value -= right
        elif link.op == "*":
            value *= right
        elif right == 0:
            raise NotationError("cannot divide by zero", link.position)
        else:
            value //= right
        if not -MAX_VALUE <= value <= MAX_VALUE:
            _bounded(value, link.position)
    return value


def _roll_term(term: Dice, roller: _Roller, offset: int, text: str) -> DiceTermResult:
    values = roller.draw_many(term, term.count)
    if term.plain:
        return _plain_term(term, values, offset, text)
    draw = roller.draw

    # Rerolls: each original die keeps the values it replaced, oldest first.
    replaced: dict[int, list[int]] = {}
    if term.reroll is not None:
        matches = term.reroll.condition.matches
        repeat = term.reroll.repeat
        for index, value in enumerate(values):
            if matches(value):
                history = replaced[index] = []
                while True:
                    history.append(value)
                    value = draw(term)
                    if not (repeat and matches(value)):
                        break
                values[index] = value

    # Explosions: (value, original index or -1 for an added die), in display order.
    pool = [(value, index) for index, value in enumerate(values)]
    if term.explode is not None:
        matches = term.explode.condition.matches
        repeat = term.explode.repeat
        exploded: list[tuple[int, int]] = []
        for value, index in pool:
            exploded.append((value, index))
            while matches(value):
                value = draw(term)
                exploded.append((value, -1))
                if not repeat:
                    break
        pool = exploded

    # Minimum and maximum: a die below or above the bound counts as the bound.
    adjusted: list[int | None] = [None] * len(pool)
    if term.minimum is not None or term.maximum is not None:
        floor = term.min_face if term.minimum is None else term.minimum
        ceiling = term.max_face if term.maximum is None else term.maximum
        for position, (value, index) in enumerate(pool):
            bounded = min(max(value, floor), ceiling)
            if bounded != value:
                adjusted[position] = value
                pool[position] = (bounded, index)

    # Keep/drop: ties go to the earlier die.
    kept = [True] * len(pool)
    selection = term.selection
    if selection is not None:
        sign = -1 if selection.highest else 1
        order = sorted(range(len(pool)), key=lambda i: (sign * pool[i][0], i))
        chosen = set(order[: selection.count])
        kept = [(i in chosen) == selection.keep for i in range(len(pool))]

    low, high = term.min_face, term.max_face
    success, failure, double = term.success, term.failure, term.double
    dice: list[DieRoll] = []
    total = 0
    score = 0
    botches = 0
    botch = term.botch
    for (value, index), keep, drawn in zip(pool, kept, adjusted, strict=True):
        if index >= 0 and index in replaced:
            dice.extend(
                DieRoll(
                    old,
                    DieStatus.REROLLED,
                    natural_max=old == high,
                    natural_min=old == low != high,
                )
                for old in replaced[index]
            )
        is_success = is_double = is_failure = False
        if keep:
            total += value
            if botch is not None and botch.matches(value):
                botches += 1
            if success is not None:
                is_success = success.matches(value)
                is_double = is_success and double is not None and double.matches(value)
                is_failure = failure is not None and failure.matches(value)
                score += (2 if is_double else 1 if is_success else 0) - (1 if is_failure else 0)
        dice.append(
            DieRoll(
                value,
                DieStatus.KEPT if keep else DieStatus.DROPPED,
                exploded=index < 0,
                natural_max=drawn is None and value == high,
                natural_min=drawn is None and value == low != high,
                success=is_success,
                double=is_double,
                failure=is_failure,
                drawn=drawn,
            )
        )
    result = _term_result(term, offset, text, dice, total, score if success is not None else None)
    if botch is not None:
        result.botches = botches
    return result


def _plain_term(term: Dice, values: list[int], offset: int, text: str) -> DiceTermResult:
    """A term without modifiers: every die kept, the total their sum."""
    low, high = term.min_face, term.max_face
    kept = DieStatus.KEPT
    one_sided = low == high
    faces: dict[int, DieRoll] = {}  # a face always shows the same way: one DieRoll each
    dice: list[DieRoll] = []
    for value in values:
        die = faces.get(value)
        if die is None:
            die = faces[value] = DieRoll(
                value, kept, False, value == high, value == low and not one_sided
            )
        dice.append(die)
    return _term_result(term, offset, text, dice, sum(values), None)


def _term_result(
    term: Dice, offset: int, text: str, dice: list[DieRoll], total: int, successes: int | None
) -> DiceTermResult:
    """A dice term's result: where it stands in the roll's text, its dice and value."""
    return DiceTermResult(
        notation=text[term.start : term.end],
        start=term.start - offset,
        end=term.end - offset,
        sides=term.sides,
        fudge=term.fudge,
        dice=dice,
        total=total,
        successes=successes,
    )
