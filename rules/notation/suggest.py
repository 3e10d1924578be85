"""The modifiers nearest to a word that is not one, for "did you mean" errors."""

from __future__ import annotations

MODIFIERS = (
    "k",
    "kh",
    "kl",
    "d",
    "dl",
    "dh",
    "r",
    "ro",
    "rr",
    "ir",
    "e",
    "ie",
    "!",
    "!o",
    "t",
    "f",
    "x",
    "mi",
    "ma",
    "adv",
    "dis",
)
"""Every modifier spelled with letters or ``!``, the most used first."""


def nearest_modifiers(word: str) -> list[str]:
    """Modifiers that ``word`` (lower case) may have been meant as, the likeliest first.

    A modifier the word starts with comes first, the longest first (``keep`` → ``k``,
    ``advantage`` → ``adv``); then modifiers a small number of edits away, the nearest
    and then the most used first. Far-off words get no suggestion.
    """
    prefixes = sorted((m for m in MODIFIERS if word.startswith(m)), key=len, reverse=True)
    reach = max(2, len(word) // 2)
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
