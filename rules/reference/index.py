"""The rules index behind ``/rules``: fuzzy search over every loaded rules entry.

An entry may have companions in other languages (``rules_<system>.de.json``, same ids).
Every language's title, aliases and body find the entry, so a German alias finds it for
an English reader too; a reader is then answered in their language where the entry has
it, in English otherwise."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rules.core.language import Language, Phrase
from rules.reference.choices import MAX_CHOICES, choice, preferred_first
from rules.reference.entries import RuleEntry, RulesPack
from rules.reference.errors import LookupProblem, PackError
from rules.reference.fields import systems_present
from rules.reference.loading import RULES_PREFIX, discover_companions, read_pack, read_packs
from rules.reference.matching import PhraseIndex
from rules.reference.text import escape_markdown, fold

SEARCH_CUTOFF = 60.0
"""Results scoring below this (out of 100) are noise and are not returned."""
AUTOCOMPLETE_CUTOFF = 50.0


@dataclass(frozen=True, slots=True)
class RuleHit:
    """A search result: the entry and its score out of 100; ``mentioned`` when only the
    entry's text matched, not its title or aliases (it mentions the topic rather than
    being about it)."""

    entry: RuleEntry
    score: float
    mentioned: bool = False


class RulesIndex:
    """Every rules entry of every loaded system, prepared for fast fuzzy lookups."""

    def __init__(
        self,
        entries: Sequence[RuleEntry],
        system_names: dict[str, str],
        translations: Mapping[Language, Sequence[RuleEntry]] | None = None,
        translated_names: Mapping[Language, Mapping[str, str]] | None = None,
    ) -> None:
        self._entries = list(entries)
        self._names = dict(system_names)
        self._translated = {
            language: {entry.key: entry for entry in found}
            for language, found in (translations or {}).items()
        }
        self._translated_names = {
            language: dict(names) for language, names in (translated_names or {}).items()
        }
        missing = sorted({e.system for e in self._entries} - self._names.keys())
        if missing:
            raise ValueError(f"no display name for systems: {', '.join(missing)}")
        self._by_key = {entry.key: entry for entry in self._entries}
        if len(self._by_key) != len(self._entries):
            raise ValueError("two entries share the same system and id")
        self._by_system: dict[str, list[int]] = {}
        for position, entry in enumerate(self._entries):
            self._by_system.setdefault(entry.system, []).append(position)
        for found in self._translated.values():
            strays = sorted(found.keys() - self._by_key.keys())
            if strays:
                raise ValueError(f"translations of no entry: {', '.join(strays)}")
        versions = [[entry, *self._translations_of(entry.key)] for entry in self._entries]
        self._phrases = PhraseIndex(
            [[p for v in both for p in (v.title, *v.aliases)] for both in versions],
            ["\n".join(v.body for v in both) for both in versions],
        )

    @classmethod
    def from_folders(cls, *folders: Path) -> RulesIndex:
        """Load every ``rules_*.json`` in the folders, and their companions in other
        languages; one entry id may appear only once per language, and a companion holds
        only ids its system's English packs have."""
        entries: list[RuleEntry] = []
        names: dict[str, str] = {}
        origin: dict[str, Path] = {}
        for loaded in read_packs(folders, RulesPack, RULES_PREFIX):
            names.setdefault(loaded.pack.system, loaded.pack.name)
            for position, entry in enumerate(loaded.pack.entries):
                if entry.key in origin:
                    raise PackError(
                        loaded.path,
                        [
                            (
                                f"entries[{position}].id",
                                f"'{entry.id}' is already in {origin[entry.key]}",
                            )
                        ],
                    )
                origin[entry.key] = loaded.path
                entries.append(entry)
        translations: dict[Language, list[RuleEntry]] = {}
        translated_names: dict[Language, dict[str, str]] = {}
        for language, path in discover_companions(folders, RULES_PREFIX):
            companion = read_pack(path, RulesPack, RULES_PREFIX)
            translated_names.setdefault(language, {}).setdefault(
                companion.pack.system, companion.pack.name
            )
            seen = {entry.key for entry in translations.get(language, [])}
            for position, entry in enumerate(companion.pack.entries):
                problem = (
                    f"'{entry.id}' is in no rules_{entry.system}.json"
                    if entry.key not in origin
                    else f"'{entry.id}' is translated twice"
                    if entry.key in seen
                    else None
                )
                if problem is not None:
                    raise PackError(path, [(f"entries[{position}].id", problem)])
                seen.add(entry.key)
                translations.setdefault(language, []).append(entry)
        return cls(entries, names, translations, translated_names)

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def entries(self) -> list[RuleEntry]:
        return list(self._entries)

    def systems(self) -> list[tuple[str, str]]:
        """``(id, display name)`` of every system with entries, sorted by display name."""
        return systems_present(self._names, self._entries)

    def system_name(self, system: str, language: Language = Language.ENGLISH) -> str:
        found = self.resolve_system(system)
        return self._translated_names.get(language, {}).get(found, self._names[found])

    def _translations_of(self, key: str) -> list[RuleEntry]:
        return [found[key] for found in self._translated.values() if key in found]

    def in_(self, entry: RuleEntry, language: Language) -> RuleEntry:
        """``entry`` in ``language`` where it has a companion there, else as it is."""
        return self._translated.get(language, {}).get(entry.key, entry)

    def languages(self, entry: RuleEntry) -> tuple[Language, ...]:
        """The languages ``entry`` is written in, English first."""
        others = [lang for lang, found in self._translated.items() if entry.key in found]
        return (Language.ENGLISH, *others)

    def resolve_system(self, system: str) -> str:
        """A system id from its id or display name, ignoring case; else :class:`LookupProblem`."""
        wanted = fold(system)
        for system_id, name in self._names.items():
            if wanted in (fold(system_id), fold(name)) and system_id in self._by_system:
                return system_id
        legal = ", ".join(f"{name} (`{system_id}`)" for system_id, name in self.systems())
        raise LookupProblem(
            Phrase(
                f"No game system '{escape_markdown(system)}'. Systems: {legal}.",
                f"Kein Spielsystem '{escape_markdown(system)}'. Systeme: {legal}.",
            )
        )

    def get(
        self, system: str, entry_id: str, language: Language = Language.ENGLISH
    ) -> RuleEntry | None:
        found = self._by_key.get(f"{system}:{entry_id}")
        return None if found is None else self.in_(found, language)

    def search(
        self,
        query: str,
        system: str | None = None,
        limit: int = 25,
        language: Language = Language.ENGLISH,
    ) -> list[RuleHit]:
        """Entries matching ``query`` by title, alias or body words in any language they
        are written in, best first, each in ``language`` where it has it.

        Typos are tolerated; title and alias matches outrank body matches; nothing scoring
        below :data:`SEARCH_CUTOFF` is returned, so gibberish gives an empty list. An unknown
        ``system`` raises :class:`LookupProblem`.
        """
        if limit <= 0:
            return []
        among = None if system is None else self._by_system[self.resolve_system(system)]
        ranked = self._phrases.rank(query, cutoff=SEARCH_CUTOFF, among=among, limit=limit)
        return [
            RuleHit(self.in_(self._entries[s.item], language), s.score, mentioned=s.from_body)
            for s in ranked
        ]

    def lookup(
        self,
        topic: str,
        system: str | None = None,
        prefer: str | None = None,
        language: Language = Language.ENGLISH,
    ) -> RuleEntry | None:
        """The entry a ``/rules`` topic means: an autocomplete value or the best search hit.
        Without a ``system``, ``prefer``'s entries (the game being played) are searched
        first and the others only when none of them matches."""
        hit = self.find(topic, system, prefer, language)
        return hit.entry if hit is not None else None

    def find(
        self,
        topic: str,
        system: str | None = None,
        prefer: str | None = None,
        language: Language = Language.ENGLISH,
    ) -> RuleHit | None:
        """As :meth:`lookup`, with how the entry was found (an autocomplete value is a
        perfect hit)."""
        system_part, _, entry_part = topic.strip().partition(":")
        exact = self.get(system_part, entry_part, language)
        if exact is not None:
            return RuleHit(exact, 100.0)
        if system is None and prefer is not None and prefer in self._by_system:
            hits = self.search(topic, prefer, limit=1, language=language)
            if hits:
                return hits[0]
        hits = self.search(topic, system, limit=1, language=language)
        return hits[0] if hits else None

    def autocomplete(
        self,
        current: str,
        system: str | None = None,
        language: Language = Language.ENGLISH,
        prefer: str | None = None,
    ) -> list[tuple[str, str]]:
        """At most 25 ``(name, "system:id")`` choices for what has been typed so far;
        without a ``system``, ``prefer``'s entries (the game being played) come first.

        Never raises: an unknown system simply offers nothing.
        """
        try:
            among = None if system is None else self._by_system[self.resolve_system(system)]
        except LookupProblem:
            return []
        if not current.strip():
            picked = list(among if among is not None else range(len(self._entries)))
        else:
            ranked = self._phrases.rank(
                current,
                cutoff=AUTOCOMPLETE_CUTOFF,
                among=among,
                limit=None if prefer else MAX_CHOICES,
                partial=True,
            )
            picked = [s.item for s in ranked]
        picked = preferred_first(picked, lambda i: self._entries[i].system == prefer)
        entries = [self._entries[i] for i in picked[:MAX_CHOICES]]
        return [self._choice(self.in_(entry, language), language) for entry in entries]

    def _choice(self, entry: RuleEntry, language: Language) -> tuple[str, str]:
        return choice(f"{entry.title} — {self.system_name(entry.system, language)}", entry.key)
