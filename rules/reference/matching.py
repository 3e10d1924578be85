"""Fuzzy phrase matching over titles, aliases and body words, prepared once at load time.

Every query word is compared with the whole vocabulary in one pass (exact, prefix, then a
rapidfuzz similarity), so scoring an item afterwards is only dictionary look-ups. A phrase
(a title or an alias) scores by how much of it the query covers and how much of the query it
covers; body words count for less, so a title or alias match always outranks a body match.
"""

from __future__ import annotations

import bisect
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from rules.reference.glossary import english
from rules.reference.text import STOPWORDS, content_words, words

WORD_CUTOFF = 75.0
"""Least similarity for a query word to count as matching a vocabulary word at all."""
LOOSE_BELOW = 85.0
"""A spelling this far from a word is as likely another word (``road`` and ``reload``)..."""
LOOSE_WEIGHT = 0.8
"""...so its similarity counts for only this share."""
BODY_WORD_CUTOFF = 80.0
"""Least similarity for a query word to count as found in a body."""
BODY_WEIGHT = 0.7
"""A perfect body match scores at most this share of a perfect title match..."""
BODY_TIEBREAK = 0.05
"""...plus this share of the body score, which orders otherwise equal title matches."""
_CACHE_LIMIT = 4096


@dataclass(frozen=True, slots=True)
class Phrase:
    """A title or alias: its folded text and its content words."""

    text: str
    tokens: tuple[str, ...]

    @classmethod
    def of(cls, raw: str) -> Phrase:
        return cls(" ".join(words(raw)), tuple(dict.fromkeys(content_words(raw))))


@dataclass(frozen=True, slots=True)
class Scored:
    """One ranked item: its position in the index, total score and the two parts."""

    item: int
    score: float
    phrase_score: float
    body_score: float

    @property
    def from_body(self) -> bool:
        """Whether the item ranks by its body's words rather than by a title or alias."""
        return self.phrase_score < BODY_WEIGHT * self.body_score


class PhraseIndex:
    """Items, each known by some phrases and optionally a body of text, ranked by a query."""

    def __init__(
        self, phrases: Sequence[Sequence[str]], bodies: Sequence[str] | None = None
    ) -> None:
        if bodies is not None and len(bodies) != len(phrases):
            raise ValueError("phrases and bodies must describe the same items")
        self._phrases = [tuple(Phrase.of(raw) for raw in item) for item in phrases]
        self._bodies = [frozenset(content_words(body)) for body in (bodies or [""] * len(phrases))]
        vocabulary: set[str] = set()
        for item in self._phrases:
            for phrase in item:
                vocabulary.update(phrase.tokens)
        for body in self._bodies:
            vocabulary.update(body)
        self._vocabulary = sorted(vocabulary)
        self._cache: dict[str, dict[str, float]] = {}

    def __len__(self) -> int:
        return len(self._phrases)

    def similar(self, word: str) -> dict[str, float]:
        """Vocabulary words resembling ``word``, with a 0–100 similarity each."""
        cached = self._cache.get(word)
        if cached is not None:
            return cached
        found: dict[str, float] = {
            choice: _trusted(float(score))
            for choice, score, _ in process.extract(
                word, self._vocabulary, scorer=fuzz.ratio, score_cutoff=WORD_CUTOFF, limit=None
            )
        }
        if len(word) >= 2:
            start = bisect.bisect_left(self._vocabulary, word)
            for choice in self._vocabulary[start:]:
                if not choice.startswith(word):
                    break
                prefix = 85.0 + 15.0 * len(word) / len(choice)
                found[choice] = max(found.get(choice, 0.0), prefix)
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[word] = found
        return found

    def similar_in_any_language(self, word: str) -> dict[str, float]:
        """:meth:`similar` for ``word`` and for its English words when it is a German term:
        ``deckung`` finds ``cover`` as well as German aliases that resemble it."""
        found = self.similar(word)
        translations = english(word)
        if not translations:
            return found
        merged = dict(found)
        for translation in translations:
            for choice, score in self.similar(translation).items():
                merged[choice] = max(merged.get(choice, 0.0), score)
        return merged

    def rank(
        self,
        query: str,
        *,
        cutoff: float,
        among: Collection[int] | None = None,
        limit: int | None = None,
        unknown_weight: float = 0.5,
        partial: bool = False,
    ) -> list[Scored]:
        """Items scoring at least ``cutoff`` for ``query``, best first (ties keep item order).

        Query words resembling nothing in the vocabulary ("what happens ...") count
        ``unknown_weight`` each against every item: 0 ignores them, 1 counts them in full.
        When no word is recognised at all, only a whole-query match (``lineofsight``) counts,
        so gibberish matches nothing. ``partial`` marks text still being typed: its last
        word is kept even when it is a stopword ("as" on the way to "assault").
        """
        text = " ".join(words(query))
        if not text:
            return []
        candidates = range(len(self._phrases)) if among is None else sorted(among)
        if len(text) < 2:
            return [s for s in self._single_character(text, candidates) if s.score >= cutoff][
                :limit
            ]
        typed = words(query)
        kept = [w for w in typed if w not in STOPWORDS]
        if partial and typed[-1] in STOPWORDS:
            kept.append(typed[-1])
        query_words = list(dict.fromkeys(kept))
        if not query_words:
            return []
        sims = {word: self.similar_in_any_language(word) for word in query_words}
        informative = [word for word in query_words if sims[word]]
        if not informative:
            return self._run_together(text, candidates, cutoff)[:limit]
        weight = len(informative) + unknown_weight * (len(query_words) - len(informative))
        known = frozenset(choice for word in informative for choice in sims[word])
        results: list[Scored] = []
        for item in candidates:
            phrase_score = max(
                (
                    _phrase_score(p, text, informative, sims, weight, known)
                    for p in self._phrases[item]
                ),
                default=0.0,
            )
            body_score = _body_score(self._bodies[item], informative, sims, weight)
            total = min(
                100.0, max(phrase_score, BODY_WEIGHT * body_score) + BODY_TIEBREAK * body_score
            )
            if total >= cutoff:
                results.append(Scored(item, round(total, 2), phrase_score, body_score))
        results.sort(key=lambda s: (-s.score, -s.phrase_score, -s.body_score, s.item))
        return results[:limit]

    def _single_character(self, text: str, candidates: Iterable[int]) -> list[Scored]:
        """A one-character query: phrases with that word score 100, words starting with it 80."""
        results: list[Scored] = []
        for item in candidates:
            tokens = [token for phrase in self._phrases[item] for token in phrase.tokens]
            if text in tokens:
                results.append(Scored(item, 100.0, 100.0, 0.0))
            elif any(token.startswith(text) for token in tokens):
                results.append(Scored(item, 80.0, 80.0, 0.0))
        results.sort(key=lambda s: (-s.score, s.item))
        return results

    def _run_together(self, text: str, candidates: Iterable[int], cutoff: float) -> list[Scored]:
        """No word was recognised: compare the query whole, e.g. ``lineofsight``."""
        squeezed = text.replace(" ", "")
        results: list[Scored] = []
        for item in candidates:
            score = max(
                (fuzz.ratio(squeezed, p.text.replace(" ", "")) for p in self._phrases[item]),
                default=0.0,
            )
            if score >= max(cutoff, 85.0):
                results.append(Scored(item, round(score, 2), score, 0.0))
        results.sort(key=lambda s: (-s.score, s.item))
        return results


def _trusted(similarity: float) -> float:
    """A spelling similarity, weighed by how surely it is the same word."""
    return similarity if similarity >= LOOSE_BELOW else similarity * LOOSE_WEIGHT


def _phrase_score(
    phrase: Phrase,
    text: str,
    informative: list[str],
    sims: dict[str, dict[str, float]],
    weight: float,
    known: frozenset[str],
) -> float:
    """``known`` holds every vocabulary word similar to some query word: a phrase with none
    of them scores nothing on words, so the word-by-word sums are skipped."""
    if phrase.text == text:
        return 100.0
    if not phrase.tokens:
        return 0.0
    score = 0.0
    if not known.isdisjoint(phrase.tokens):
        recall = sum(max(sims[q].get(k, 0.0) for q in informative) for k in phrase.tokens) / len(
            phrase.tokens
        )
        precision = (
            sum(max(sims[q].get(k, 0.0) for k in phrase.tokens) for q in informative) / weight
        )
        score = 0.5 * recall + 0.5 * precision
    if len(text) >= 2 and phrase.text.startswith(text):
        score = max(score, 85.0 + 15.0 * len(text) / len(phrase.text))
    whole = fuzz.ratio(text, phrase.text)
    if whole >= 80.0:
        score = max(score, whole)
    return score


def _body_score(
    body: frozenset[str], informative: list[str], sims: dict[str, dict[str, float]], weight: float
) -> float:
    if not body:
        return 0.0
    total = 0.0
    for word in informative:
        total += max(
            (s for choice, s in sims[word].items() if s >= BODY_WORD_CUTOFF and choice in body),
            default=0.0,
        )
    return total / weight
