"""Finding what a player named: by id, by name, by a unique prefix or by word prefixes.

Every system resolves units, characters, weapons, places and seats the same way, in
tiers: an exact id (the exact case settles ids that differ only in case, such as a unit
``C4`` and a counter ``c4``), then a whole name, then a prefix of an id or a name, then
word prefixes (``scr rai`` for "Scrap Raiders", ``frag gren`` for "Fragmentation
Grenade") or a last word. The first tier that matches anything decides: one match is the
answer, several are ambiguous. A miss and an ambiguity are distinct refusals: a miss lists
what exists (and the closest spelling, if one is close), an ambiguity asks which one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

from rules.core.rejection import Rejection, RejectionCode, reject

SHOWN = 20
"""How many options a refusal lists."""

ECHOED = 40
"""How much of what was typed a refusal repeats."""


@dataclass(frozen=True)
class Option:
    """Something a player may name: its ``id``, the ``label`` refusals show (``A3 Scrap
    Raiders``) and other ``names`` it answers to."""

    id: str
    label: str
    names: tuple[str, ...] = ()


@lru_cache(maxsize=8192)  # ids and names are normalised again and again as players type
def normal(text: str) -> str:
    """Lower case, ``-`` and ``_`` read as spaces, runs of spaces as one, apostrophes
    dropped (``gatekeepers locker`` names "Gatekeeper's locker")."""
    lowered = text.lower().replace("'", "").replace("\u2019", "")
    return " ".join(lowered.replace("-", " ").replace("_", " ").split())


def pretty(ident: str) -> str:
    """``iron-warden`` → ``Iron Warden`` (an id written as a name)."""
    return ident.replace("-", " ").replace("_", " ").title()


def listing(labels: Iterable[str], shown: int = SHOWN) -> str:
    """``a, b, c`` with at most ``shown`` items and a count of the rest."""
    items = list(labels)
    more = f" and {len(items) - shown} more" if len(items) > shown else ""
    return ", ".join(items[:shown]) + more


def either(labels: Sequence[str], shown: int = 10) -> str:
    """``A or B``, ``A, B or C`` (at most ``shown``, then a count)."""
    items = list(labels[:shown])
    if len(labels) > shown:
        return ", ".join(items) + f" or one of {len(labels) - shown} more"
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" or {items[-1]}"


def word_prefixes(typed: str, name: str) -> bool:
    """Whether each typed word starts the corresponding word of ``name``."""
    words, parts = typed.split(), name.split()
    return len(words) == len(parts) and all(
        part.startswith(word) for word, part in zip(words, parts, strict=True)
    )


def _distinct(options: Iterable[Option]) -> list[Option]:
    seen: dict[str, Option] = {}
    for option in options:
        seen.setdefault(option.id, option)
    return list(seen.values())


def match(text: str, options: Sequence[Option]) -> list[Option]:
    """The options ``text`` could mean at the first tier that matches anything: one is a
    hit, several are ambiguous, none is a miss."""
    wanted = normal(text)
    if not wanted:
        return []
    by_id = _distinct(o for o in options if normal(o.id) == wanted)
    if len(by_id) > 1:
        exact = [o for o in by_id if o.id == text.strip()]
        return exact if len(exact) == 1 else by_id
    if by_id:
        return by_id
    named = [(o, [normal(n) for n in (o.id, *o.names)]) for o in options]
    words, ending = wanted.split(), " " + wanted
    tiers: tuple[Callable[[str], bool], ...] = (
        wanted.__eq__,
        lambda n: n.startswith(wanted),
        # a name whose first word does not start with the first typed word cannot match
        # word by word (names are normalised: single spaces, none leading)
        lambda n: n.endswith(ending) or (n.startswith(words[0]) and _starts_words(words, n)),
    )
    for tier in tiers:
        found = _distinct(o for o, names in named if any(map(tier, names)))
        if found:
            return found
    return []


def _starts_words(words: list[str], name: str) -> bool:
    """:func:`word_prefixes` with the typed words split once for every name."""
    parts = name.split()
    return len(words) == len(parts) and all(
        part.startswith(word) for word, part in zip(words, parts, strict=True)
    )


def ambiguous(text: str, found: Sequence[Option]) -> Rejection:
    """The refusal for a name that fits several options."""
    return reject(
        RejectionCode.BAD_ARGUMENT,
        f"'{text.strip()[:ECHOED]}' is ambiguous: did you mean {either([o.label for o in found])}? "
        "Be more specific (ids always work).",
    )


def closest(text: str, options: Sequence[Option]) -> Option | None:
    """The option spelled most like ``text``, if one is close (a typo, not a guess)."""
    wanted = normal(text)
    spellings = [(normal(n), o) for o in options for n in (o.id, *o.names)]
    if not wanted or not spellings:
        return None
    best = process.extractOne(
        wanted, [name for name, _ in spellings], scorer=fuzz.ratio, score_cutoff=75
    )
    return spellings[best[2]][1] if best is not None else None


def missing(text: str, what: str, known: str, options: Sequence[Option]) -> Rejection:
    """The refusal for a name that fits nothing: what exists, and the closest spelling."""
    near = closest(text, options)
    hint = f" Did you mean {near.label}?" if near is not None else ""
    listed = f" {known}: {listing(o.label for o in options)}." if options and known else ""
    if not options and known:
        listed = " There are none."
    return reject(
        RejectionCode.BAD_ARGUMENT,
        f"There is no {what} called '{text.strip()[:ECHOED]}'.{hint}{listed}",
    )


def find(
    text: str,
    options: Sequence[Option],
    what: str,
    known: str = "Known",
    likely: Collection[str] | None = None,
) -> str | Rejection:
    """The id among ``options`` that ``text`` means, or the refusal saying why not;
    ``known`` introduces the list of options in a miss (e.g. "Objectives").

    ``likely`` holds the ids the action can sensibly refer to (the enemies in play for an
    attack, the attacker's own weapons): a name that fits any of them means one of them,
    and a miss lists them rather than everything that exists. A name that fits only an
    unlikely option still finds it, so the rules can say why it will not do.
    """
    if not normal(text):
        return reject(RejectionCode.BAD_ARGUMENT, f"Name the {what}.")
    preferred = [o for o in options if o.id in likely] if likely is not None else []
    found = match(text, preferred) or match(text, options)
    if len(found) == 1:
        return found[0].id
    if found:
        return ambiguous(text, found)
    return missing(text, what, known, preferred or options)
