"""Discord markdown for rolled commands, always within a character limit.

One line per roll::

    **label:** `expression` → breakdown = **total** · *comment*

The breakdown is the expression with every dice term replaced by its dice in brackets.
Each die is shown as its face, with:

* ``**6**`` bold for a die counted as a success, ``(×2)`` after it when it counts twice;
* ``__1__`` underlined for a die counted as a failure;
* ``~~1~~`` struck through for a die dropped by keep/drop or rerolled away (a rerolled
  die is followed by its replacement);
* ``!`` before a die added by an explosion;
* ``3→5`` for a die drawn as 3 that a minimum (``mi5``) raised to 5, and likewise for a
  maximum (``ma``);
* ``↑`` after a natural maximum and ``↓`` after a natural minimum (a 1, or -1 on a fudge
  die; a one-sided die only gets ``↑``).

The total reads ``**16**``, or ``**3 successes**`` when the roll counts successes.

If that does not fit in ``limit`` characters, each dice term is summarised as counts per
face of its kept dice (``[3×1↓, 5×2, 2×**6**↑; 2 dropped]`` means three 1s, five 2s and
two successful 6s were kept and two dice were dropped). If that is still too long the
breakdowns are left out, then the expressions and comments, and finally only the totals
are listed as plain text, cut short with ``…`` if need be.

Labels and comments are user text: markdown characters in them are backslash-escaped and
line breaks become spaces, so they cannot break the formatting. Mentions are left as they
are; the message must be sent without allowed mentions.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .results import DiceTermResult, DieRoll, DieStatus, RollCommandResult, RollResult

_MARKDOWN = str.maketrans({ch: "\\" + ch for ch in "\\*_~|`[]"})
_SPACES = re.compile(r"\s+")

_TermRenderer = Callable[[DiceTermResult], str]


def format_result(result: RollCommandResult, limit: int = 2000) -> str:
    """Render ``result`` as Discord markdown of at most ``limit`` characters."""
    if limit <= 0:
        return ""
    if _shortest_full_breakdown(result) <= limit:  # else not built just to be thrown away
        text = "\n".join([_full_line(roll) for roll in result.rolls])
        if len(text) <= limit:
            return text
    for line in (_faces_line, _totals_line, _brief_line):
        text = "\n".join([line(roll) for roll in result.rolls])
        if len(text) <= limit:
            return text
    plain = ", ".join(_total_words(roll) for roll in result.rolls)
    return plain if len(plain) <= limit else plain[: limit - 1] + "…"


def _shortest_full_breakdown(result: RollCommandResult) -> int:
    """A lower bound on the length of the die-by-die lines: every die takes at least one
    character and a ``", "`` or bracket."""
    dice = 0
    for roll in result.rolls:
        if not roll.simple:
            for term in roll.dice:
                dice += len(term.dice)
    return 3 * dice


def escape_markdown(text: str) -> str:
    """``text`` on one line with Discord markdown characters backslash-escaped."""
    return _one_line(text).translate(_MARKDOWN)


def _one_line(text: str) -> str:
    """``text`` with every run of whitespace made one space."""
    if text.isprintable() and "  " not in text:
        return text  # only single ASCII spaces: nothing to change
    return _SPACES.sub(" ", text)


# -- lines ------------------------------------------------------------------------------


def _full_line(roll: RollResult) -> str:
    return _line(roll, None if roll.simple else _full_term)


def _faces_line(roll: RollResult) -> str:
    return _line(roll, None if roll.simple else _faces_term)


def _totals_line(roll: RollResult) -> str:
    return _line(roll, None)


def _brief_line(roll: RollResult) -> str:
    total = _total_markdown(roll)
    return f"**{escape_markdown(roll.label)}:** {total}" if roll.label else total


def _line(roll: RollResult, render: _TermRenderer | None) -> str:
    line = f"`{_one_line(roll.expression)}`"
    if roll.label:
        line = f"**{escape_markdown(roll.label)}:** {line}"
    if render is not None and roll.dice:
        line = f"{line} → {_breakdown(roll, render)}"
    line = f"{line} = {_total_markdown(roll)}"
    if roll.comment:
        line = f"{line} · *{escape_markdown(roll.comment)}*"
    return line


def _breakdown(roll: RollResult, render: _TermRenderer) -> str:
    pieces: list[str] = []
    done = 0
    expression = roll.expression
    for term in roll.dice:
        pieces.append(escape_markdown(expression[done : term.start]))
        pieces.append(render(term))
        done = term.end
    pieces.append(escape_markdown(expression[done:]))
    return "".join(pieces)


def _total_words(roll: RollResult) -> str:
    if roll.successes is None:
        words = str(roll.total)
    else:
        words = f"{roll.successes} success" + ("" if roll.successes == 1 else "es")
    return words + _botch_words(roll)


def _botch_words(roll: RollResult) -> str:
    if roll.botches is None:
        return ""
    return f" ({roll.botches} botch" + ("" if roll.botches == 1 else "es") + ")"


def _total_markdown(roll: RollResult) -> str:
    if roll.botches is None:
        return f"**{_total_words(roll)}**"
    return f"**{_total_words(roll).removesuffix(_botch_words(roll))}**{_botch_words(roll)}"


# -- dice -------------------------------------------------------------------------------


def _face(value: int, fudge: bool) -> str:
    return f"{value:+d}" if fudge and value else str(value)


def _die(die: DieRoll, fudge: bool) -> str:
    text = _face(die.value, fudge)
    if die.status is not DieStatus.KEPT:
        text = f"~~{text}~~"
    else:
        if die.failure:
            text = f"__{text}__"
        if die.success:
            text = f"**{text}**"
    if die.drawn is not None:
        text = f"{_face(die.drawn, fudge)}→{text}"
    if die.exploded:
        text = "!" + text
    if die.natural_max:
        text += "↑"
    elif die.natural_min:
        text += "↓"
    if die.double:
        text += "(×2)"
    return text


def _full_term(term: DiceTermResult) -> str:
    fudge = term.fudge
    return "[" + ", ".join([_die(die, fudge) for die in term.dice]) + "]"


def _faces_term(term: DiceTermResult) -> str:
    counts: dict[int, int] = {}
    samples: dict[int, DieRoll] = {}
    dropped = rerolled = 0
    for die in term.dice:
        if die.status is DieStatus.KEPT:
            if die.value in counts:
                counts[die.value] += 1
            else:
                counts[die.value] = 1
                samples[die.value] = die._replace(exploded=False, drawn=None)
        elif die.status is DieStatus.DROPPED:
            dropped += 1
        else:
            rerolled += 1
    entries = ", ".join(
        f"{counts[value]}×{_die(samples[value], term.fudge)}" for value in sorted(counts)
    )
    notes = [f"{dropped} dropped"] if dropped else []
    if rerolled:
        notes.append(f"{rerolled} rerolled")
    if notes:
        entries = f"{entries}; {', '.join(notes)}" if entries else ", ".join(notes)
    return f"[{entries}]"
