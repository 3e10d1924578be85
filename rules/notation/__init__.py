"""Dice notation for the ``/roll`` command: parsing, rolling and Discord formatting.

Usage::

    parsed = parse_command(text)                  # validate only; raises NotationError
    result = roll_expression(text, stream)        # parse and roll -> RollCommandResult
    message = format_result(result, limit=2000)   # Discord markdown, never over the limit

Any text at all either gives a result or raises :class:`NotationError`, whose
``position`` is a 0-based index into the text and whose ``message`` is for the player;
:func:`render_caret` (or ``error.render()``) draws the text with a caret under it.
Every die comes from :class:`rules.core.dice.DiceStream`; ``result.all_values`` lists each
value drawn in order and ``result.dice_rolled`` counts them. The user-facing reference is
``docs/dice-notation.md``; this docstring states the same rules.

Commands, rolls, labels, comments
    A command is one or more rolls separated by ``;`` (at most 100). Every roll needs an
    expression: ``4d6;;2d6`` and a trailing ``;`` are errors. Text before the first ``:``
    of a roll is its label (trimmed, non-empty; cannot contain ``:``, ``#`` or ``;``).
    ``#`` starts a comment running to the end of that roll (the next ``;`` or the end);
    an empty comment counts as none. Labels and comments are returned as plain strings.
    The whole command is at most 500 characters. ASCII letters are case-insensitive.
    Whitespace may separate numbers, operators, parentheses and a dice term's modifiers,
    but not the parts of ``XdY``, the digits of a number, or a modifier's letter or
    symbol from what immediately follows it; a space after a comparison sign is allowed.
    A count and a space before a roll starting with a number or ``(`` repeats it:
    ``6 4d6k3`` is six rolls (1..20 repeats, each counting as a roll). ``[text]`` after
    an operand is a note shown in the breakdown, with no effect on the value. Dice
    Maiden's forms: words in parentheses starting a roll, starting with a letter and not
    an expression, label it (``(Attack) 1d20+5``; one label per roll); the flags ``p``
    (the command is private, ``ParsedCommand.private``), ``s`` (result only,
    ``RollResult.simple``) and ``ul`` (no effect: dice always show in rolled order) may
    precede a roll, each followed by a space.

Numbers and arithmetic
    Integer constants 0..1,000,000. ``+ - * /`` with the usual precedence, left to right
    within a level (multiplication is ``*`` only; ``x`` means double successes);
    parentheses; unary minus (``-d4``, ``--3``); no unary plus. ``/``
    divides and rounds down towards minus infinity (``-7/2`` is -4); dividing by zero is
    an error. Every intermediate value must stay within ±1,000,000,000. Parentheses and
    minus signs nest at most 20 deep.

Dice
    ``XdY`` rolls X dice of Y sides and sums them; X (1..1,000) defaults to 1 and must be
    a plain number written right before ``d``; Y is 1..1,000. ``d%`` is ``d100``. ``dF`` is
    a fudge die with faces -1, 0 and +1.

Modifiers
    Written after the dice in any order, each kind at most once per term, but always
    applied in this order: roll, rerolls, explosions, minimum/maximum, keep/drop,
    success/failure counting.
    A *condition* is ``=``, ``<``, ``<=``, ``>`` or ``>=`` followed by a number, which may be
    negative.

    ``rN`` / ``r<cond>``
        Reroll once each initially rolled die that matches (bare N: exactly N); the new
        value stands. ``rrN`` / ``rr<cond>`` reroll until the die no longer matches; a
        condition matching every face is an error. Dice added by explosions are never
        rerolled. ``roN`` is ``rN``; ``irN`` is ``rr<=N`` (bare N: N or less, as in Dice
        Maiden). ``rgN`` / ``irgN`` reroll once / repeatedly (bare N: N or more).
    ``eN`` / ``ieN``
        Dice Maiden's explosions: ``e`` is ``!o`` and ``ie`` is ``!``; bare N means N or
        more, no number means the highest face.
    ``miN`` / ``maN``
        Each die below N (above N) counts as N; N must be a face of the die.
    ``adv`` / ``dis``
        After a single die, roll it twice and keep the higher / lower. At the end of a roll
        after a space, it applies to the roll's one single die (or its one single d20).
    ``!`` / ``!o``
        ``!`` adds another die for every die showing its highest face, and added dice
        may explode again; ``!o`` lets each initially rolled die explode at most once and
        added dice never explode. ``!9`` or ``!>=9`` explode on 9 or more (bare N here
        means N or more); ``!>9``, ``!<2``, ``!<=2`` work too; ``!=`` is not accepted. The
        condition must follow ``!``/``!o`` immediately, so ``6d10!>=8`` explodes on 8+
        while ``6d10!t8`` explodes on 10 and counts 8+. ``!`` with a condition matching
        every face is an error.
    ``kN`` ``khN`` ``klN`` ``dN`` ``dlN`` ``dhN``
        Keep the N highest / highest / lowest, drop the N lowest / lowest / highest
        (N is 0..1,000; more than there are keeps or drops all). Applies after rerolls and
        explosions; among equal faces the earlier die is chosen first. A ``d`` after a dice
        term always means drop: ``4d6d1`` drops the lowest die.
    ``>=N`` ``>N`` ``<=N`` ``<N`` ``=N`` ``tN``
        A success target (``tN`` is ``>=N``). The term's value becomes the number of kept
        dice meeting it, not their sum: ``2d6>4`` counts dice showing 5 or 6 (0, 1 or 2)
        and does not compare the total with 4. The target is one number, so
        ``6d10>=6+1`` is successes plus one.
    ``fN`` / ``f<cond>``
        Each kept die that matches (bare N: exactly N) takes one success away; the net
        may be negative. Needs a success target.
    ``xN`` / ``x<cond>``
        Each kept success that also matches (bare N: exactly N) counts as two successes,
        e.g. ``6d10t6x10``. Needs a success target. Dice Maiden's ``tlN`` is ``<=N`` and
        ``dsN`` is ``x>=N`` (``x<=N`` with a ``<`` or ``<=`` target).
    ``bN`` / ``b<cond>`` / ``b``
        Botches (Dice Maiden): kept dice matching (bare N: N or less; none: the lowest
        face) are counted in ``RollResult.botches``; the value is unchanged.

    A die both succeeding and failing nets zero (one if doubled). A roll with any
    success-counting term reports ``N successes``: the value of the whole expression,
    with counting terms contributing successes and other dice terms their sums, so
    ``5d10t7+1`` adds one success. ``RollResult.successes`` is then equal to ``total``;
    otherwise it is ``None``.

Limits
    500 characters per command, 100 rolls, 1,000 dice drawn per command including rerolls
    and explosions (going over while rolling is an error too), 1,000 sides, numbers up to
    1,000,000, results within ±1,000,000,000, nesting 20 deep.

Display
    See :mod:`rules.notation.format`: successes bold (``(×2)`` when doubled), failures
    underlined, dropped and rerolled-away dice struck through, explosion dice prefixed
    ``!``, natural maxima marked ``↑`` and natural minima ``↓``; summarised per face, then
    as totals only, when too long.
"""

from __future__ import annotations

from .command import ParsedCommand, ParsedRoll, parse_command
from .errors import NotationError, render_caret
from .evaluate import roll_command, roll_expression
from .format import escape_markdown, format_result
from .limits import (
    MAX_COMMAND_LENGTH,
    MAX_DEPTH,
    MAX_DICE,
    MAX_NUMBER,
    MAX_ROLLS,
    MAX_SIDES,
    MAX_VALUE,
)
from .results import DiceTermResult, DieRoll, DieStatus, RollCommandResult, RollResult

__all__ = [
    "MAX_COMMAND_LENGTH",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_NUMBER",
    "MAX_ROLLS",
    "MAX_SIDES",
    "MAX_VALUE",
    "DiceTermResult",
    "DieRoll",
    "DieStatus",
    "NotationError",
    "ParsedCommand",
    "ParsedRoll",
    "RollCommandResult",
    "RollResult",
    "escape_markdown",
    "format_result",
    "parse_command",
    "render_caret",
    "roll_command",
    "roll_expression",
]
