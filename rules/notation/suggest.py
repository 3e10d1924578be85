"""What to tell a player whose dice term has letters that are no modifier: the nearest
modifier, said with what it does (a suggestion must never change the meaning silently),
or, for a form another dice bot uses, what it is called here."""

from __future__ import annotations

MEANINGS = {
    "k": "`k` keeps the highest dice",
    "kh": "`kh` keeps the highest dice",
    "kl": "`kl` keeps the lowest dice",
    "d": "`d` drops the lowest dice",
    "dl": "`dl` drops the lowest dice",
    "dh": "`dh` drops the highest dice",
    "r": "`r` rerolls dice showing that face, once",
    "ro": "`ro` rerolls dice showing that face, once",
    "rr": "`rr` rerolls dice showing that face until they show another",
    "ir": "`ir` rerolls dice showing that face or less until they show more",
    "rg": "`rg` rerolls dice showing that face or more, once",
    "irg": "`irg` rerolls dice showing that face or more until they show less",
    "e": "`e` explodes each die once on that face or more",
    "ie": "`ie` explodes dice on that face or more, again and again",
    "!": "`!` explodes dice on their highest face, again and again",
    "!o": "`!o` explodes each die once on its highest face",
    "t": "`t` counts the dice showing that face or more as successes",
    "tl": "`tl` counts the dice showing that face or less as successes",
    "f": "`f` takes a success away for each die showing that face",
    "x": "`x` counts successes showing that face twice",
    "ds": "`ds` counts successes showing that face or beyond twice",
    "b": "`b` counts the dice showing that face or less as botches",
    "mi": "`mi` counts dice below that face as that face",
    "ma": "`ma` counts dice above that face as that face",
    "adv": "`adv` rolls the die twice and keeps the higher",
    "dis": "`dis` rolls the die twice and keeps the lower",
}
"""Every modifier spelled with letters or ``!``, with what it does, the most used first."""

MODIFIERS = tuple(MEANINGS)

FOREIGN = {
    "p": (
        "Dice Maiden's `p` makes a roll private: write it before the roll (`p 2d6`) or use"
        " `private:`; Avrae's `p` drops dice: write `dl1` to drop the lowest"
    ),
    "pl": "Avrae's `pl` drops the lowest dice: write `dl` here",
    "ph": "Avrae's `ph` drops the highest dice: write `dh` here",
    "s": "Dice Maiden's `s` (show only the result) goes before the roll: `s 4d6`",
    "ul": (
        "Dice Maiden's `ul` goes before the roll (`ul 4d6`); here dice are always shown"
        " in the order they were rolled"
    ),
    "nr": "Dice Maiden's `nr` (no result, only the dice) is not supported",
    "km": "keeping the middle dice (Dice Maiden's `km`) is not supported",
    "i": "imploding dice (Dice Maiden's `i`) are not supported",
    "ra": (
        "Avrae's `ra` (reroll and add) is not supported; for one die `1d20!o<2` rolls again"
        " and adds on a 1"
    ),
}
"""Forms of Dice Maiden and Avrae that are not modifiers here, and what to write instead."""


def meaning(modifier: str) -> str:
    """What ``modifier`` does, in a few words."""
    return MEANINGS[modifier]


def foreign_form(word: str) -> str | None:
    """What to write instead of ``word``, another dice bot's form, if it is one."""
    return FOREIGN.get(word)


def comment_pointer(before: str, after: str) -> str:
    """The answer to Dice Maiden's ``!`` comment (``before ! after``)."""
    return (
        f"comments start with `#` here (`!` explodes dice): `{before.rstrip()} # {after.strip()}`"
    )


def nearest_modifiers(word: str) -> list[str]:
    """Modifiers that ``word`` (lower case) may have been meant as, the likeliest first.

    A modifier the word starts with comes first, the longest first (``keep`` → ``k``,
    ``advantage`` → ``adv``); then modifiers a small number of edits away, the nearest
    and then the most used first. A single letter is one edit from every other, so it
    gets no such guess; far-off words get none either.
    """
    prefixes = sorted((m for m in MODIFIERS if word.startswith(m)), key=len, reverse=True)
    reach = 0 if len(word) == 1 else max(2, len(word) // 2)
    near = sorted(
        (
            (distance, rank, modifier)
            for rank, modifier in enumerate(MODIFIERS)
            if modifier not in prefixes and (distance := _edits(word, modifier)) <= reach
        ),
    )
    return prefixes + [modifier for _, _, modifier in near]


def _edits(a: str, b: str) -> int:
    """Levenshtein distance: insertions, deletions and substitutions turning a into b."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]
