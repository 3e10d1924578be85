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

from rules.core.language import Language, Phrase, text_in
from rules.core.rejection import Rejection, RejectionCode, reject

SHOWN = 20
"""How many options a refusal lists."""

ECHOED = 40
"""How much of what was typed a refusal repeats."""


@dataclass(frozen=True)
class Option:
    """Something a player may name: its ``id``, the ``label`` refusals show (``A3 Scrap
    Raiders``) and other ``names`` it answers to; ``german`` is the label German refusals
    show, where it differs."""

    id: str
    label: str
    names: tuple[str, ...] = ()
    german: str | None = None

    def shown(self, language: Language) -> str:
        return self.german if language is Language.GERMAN and self.german else self.label


@lru_cache(maxsize=8192)  # ids and names are normalised again and again as players type
def normal(text: str) -> str:
    """Lower case, ``-`` and ``_`` read as spaces, runs of spaces as one, apostrophes
    dropped (``gatekeepers locker`` names "Gatekeeper's locker")."""
    lowered = text.lower().replace("'", "").replace("\u2019", "")
    return " ".join(lowered.replace("-", " ").replace("_", " ").split())


def pretty(ident: str) -> str:
    """``iron-warden`` → ``Iron Warden`` (an id written as a name)."""
    return ident.replace("-", " ").replace("_", " ").title()


def listing(
    labels: Iterable[str], shown: int = SHOWN, language: Language = Language.ENGLISH
) -> str:
    """``a, b, c`` with at most ``shown`` items and a count of the rest."""
    items = list(labels)
    more = _MORE.in_(language).format(n=len(items) - shown) if len(items) > shown else ""
    return ", ".join(items[:shown]) + more


def either(labels: Sequence[str], shown: int = 10, language: Language = Language.ENGLISH) -> str:
    """``A or B``, ``A, B or C`` (at most ``shown``, then a count)."""
    items = list(labels[:shown])
    if len(labels) > shown:
        return ", ".join(items) + _ONE_OF.in_(language).format(n=len(labels) - shown)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + _OR.in_(language) + items[-1]


_MORE = Phrase(" and {n} more", " und {n} weitere")
_ONE_OF = Phrase(" or one of {n} more", " oder eine von {n} weiteren")
_OR = Phrase(" or ", " oder ")
_AMBIGUOUS = Phrase(
    "'{text}' is ambiguous: did you mean {options}? Be more specific (ids always work).",
    "'{text}' ist mehrdeutig: meintest du {options}? Sei genauer (Kennungen gehen immer).",
)
_DID_YOU_MEAN = Phrase(" Did you mean {option}?", " Meintest du {option}?")
_NONE = Phrase(" There are none.", " Es gibt keine.")
_MISSING = Phrase("There is no {what} called '{text}'.", "Kein Treffer für {what} '{text}'.")
_NAME_IT = Phrase("Name the {what}.", "Es fehlt: {what}.")


def _both(template: Phrase, german: bool, **values: str | Phrase) -> Phrase:
    """``template`` filled in English and, when the caller's words have German, in German."""

    def filled(language: Language) -> str:
        return template.in_(language).format(**{k: text_in(v, language) for k, v in values.items()})

    return Phrase(filled(Language.ENGLISH), filled(Language.GERMAN) if german else None)


def _german(*words: str | Phrase) -> bool:
    return any(isinstance(w, Phrase) and w.german is not None for w in words)


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


def ambiguous(text: str, found: Sequence[Option], german: bool = False) -> Rejection:
    """The refusal for a name that fits several options (in German too when ``german``)."""
    labels = [o.label for o in found]
    german_labels = [o.shown(Language.GERMAN) for o in found]
    options = Phrase(either(labels), either(german_labels, language=Language.GERMAN))
    return reject(
        RejectionCode.BAD_ARGUMENT,
        _both(_AMBIGUOUS, german, text=text.strip()[:ECHOED], options=options),
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


def missing(
    text: str, what: str | Phrase, known: str | Phrase, options: Sequence[Option]
) -> Rejection:
    """The refusal for a name that fits nothing: what exists, and the closest spelling.
    ``what`` and ``known`` given as phrases with German word the refusal in German too."""
    german = _german(what, known)
    near = closest(text, options)
    hint = Phrase("")
    if near is not None:
        named = Phrase(near.label, near.shown(Language.GERMAN))
        hint = _both(_DID_YOU_MEAN, german, option=named)
    labels = [o.label for o in options]
    listed = Phrase("")
    if options and known:
        german_labels = [o.shown(Language.GERMAN) for o in options]
        both = Phrase(listing(labels), listing(german_labels, language=Language.GERMAN))
        listed = _both(Phrase(" {known}: {labels}."), german, known=known, labels=both)
    if not options and known:
        listed = _NONE if german else Phrase(_NONE.english)
    said = _both(_MISSING, german, what=what, text=text.strip()[:ECHOED]) + hint + listed
    return reject(RejectionCode.BAD_ARGUMENT, said)


def find(
    text: str,
    options: Sequence[Option],
    what: str | Phrase,
    known: str | Phrase = "Known",
    likely: Collection[str] | None = None,
) -> str | Rejection:
    """The id among ``options`` that ``text`` means, or the refusal saying why not;
    ``known`` introduces the list of options in a miss (e.g. "Objectives").

    ``likely`` holds the ids the action can sensibly refer to (the enemies in play for an
    attack, the attacker's own weapons): a name that fits any of them means one of them,
    and a miss lists them rather than everything that exists. A name that fits only an
    unlikely option still finds it, so the rules can say why it will not do.
    """
    german = _german(what, known)
    if not normal(text):
        return reject(RejectionCode.BAD_ARGUMENT, _both(_NAME_IT, german, what=what))
    preferred = [o for o in options if o.id in likely] if likely is not None else []
    found = match(text, preferred) or match(text, options)
    if len(found) == 1:
        return found[0].id
    if found:
        return ambiguous(text, found, german)
    return missing(text, what, known, preferred or options)
