"""The rules index behind ``/rules``: fuzzy search over every loaded rules entry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rules.reference.choices import MAX_CHOICES, choice
from rules.reference.entries import RuleEntry, RulesPack
from rules.reference.errors import LookupProblem, PackError
from rules.reference.fields import systems_present
from rules.reference.loading import RULES_PREFIX, read_packs
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

    def __init__(self, entries: Sequence[RuleEntry], system_names: dict[str, str]) -> None:
        self._entries = list(entries)
        self._names = dict(system_names)
        missing = sorted({e.system for e in self._entries} - self._names.keys())
        if missing:
            raise ValueError(f"no display name for systems: {', '.join(missing)}")
        self._by_key = {entry.key: entry for entry in self._entries}
        if len(self._by_key) != len(self._entries):
            raise ValueError("two entries share the same system and id")
        self._by_system: dict[str, list[int]] = {}
        for position, entry in enumerate(self._entries):
            self._by_system.setdefault(entry.system, []).append(position)
        self._phrases = PhraseIndex(
            [[entry.title, *entry.aliases] for entry in self._entries],
            [entry.body for entry in self._entries],
        )

    @classmethod
    def from_folders(cls, *folders: Path) -> RulesIndex:
        """Load every ``rules_*.json`` in the folders; one entry id may appear only once."""
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
        return cls(entries, names)

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def entries(self) -> list[RuleEntry]:
        return list(self._entries)

    def systems(self) -> list[tuple[str, str]]:
        """``(id, display name)`` of every system with entries, sorted by display name."""
        return systems_present(self._names, self._entries)

    def system_name(self, system: str) -> str:
        return self._names[self.resolve_system(system)]

    def resolve_system(self, system: str) -> str:
        """A system id from its id or display name, ignoring case; else :class:`LookupProblem`."""
        wanted = fold(system)
        for system_id, name in self._names.items():
            if wanted in (fold(system_id), fold(name)) and system_id in self._by_system:
                return system_id
        legal = ", ".join(f"{name} (`{system_id}`)" for system_id, name in self.systems())
        raise LookupProblem(f"No game system '{escape_markdown(system)}'. Systems: {legal}.")

    def get(self, system: str, entry_id: str) -> RuleEntry | None:
        return self._by_key.get(f"{system}:{entry_id}")

    def search(self, query: str, system: str | None = None, limit: int = 25) -> list[RuleHit]:
        """Entries matching ``query`` by title, alias or body words, best first.

        Typos are tolerated; title and alias matches outrank body matches; nothing scoring
        below :data:`SEARCH_CUTOFF` is returned, so gibberish gives an empty list. An unknown
        ``system`` raises :class:`LookupProblem`.
        """
        if limit <= 0:
            return []
        among = None if system is None else self._by_system[self.resolve_system(system)]
        ranked = self._phrases.rank(query, cutoff=SEARCH_CUTOFF, among=among, limit=limit)
        return [RuleHit(self._entries[s.item], s.score, mentioned=s.from_body) for s in ranked]

    def lookup(
        self, topic: str, system: str | None = None, prefer: str | None = None
    ) -> RuleEntry | None:
        """The entry a ``/rules`` topic means: an autocomplete value or the best search hit.
        Without a ``system``, ``prefer``'s entries (the game being played) are searched
        first and the others only when none of them matches."""
        hit = self.find(topic, system, prefer)
        return hit.entry if hit is not None else None

    def find(
        self, topic: str, system: str | None = None, prefer: str | None = None
    ) -> RuleHit | None:
        """As :meth:`lookup`, with how the entry was found (an autocomplete value is a
        perfect hit)."""
        system_part, _, entry_part = topic.strip().partition(":")
        exact = self.get(system_part, entry_part)
        if exact is not None:
            return RuleHit(exact, 100.0)
        if system is None and prefer is not None and prefer in self._by_system:
            hits = self.search(topic, prefer, limit=1)
            if hits:
                return hits[0]
        hits = self.search(topic, system, limit=1)
        return hits[0] if hits else None

    def autocomplete(self, current: str, system: str | None = None) -> list[tuple[str, str]]:
        """At most 25 ``(name, "system:id")`` choices for what has been typed so far.

        Never raises: an unknown system simply offers nothing.
        """
        try:
            among = None if system is None else self._by_system[self.resolve_system(system)]
        except LookupProblem:
            return []
        if not current.strip():
            picked = among if among is not None else range(len(self._entries))
            entries = [self._entries[i] for i in list(picked)[:MAX_CHOICES]]
        else:
            ranked = self._phrases.rank(
                current, cutoff=AUTOCOMPLETE_CUTOFF, among=among, limit=MAX_CHOICES, partial=True
            )
            entries = [self._entries[s.item] for s in ranked]
        return [self._choice(entry) for entry in entries]

    def _choice(self, entry: RuleEntry) -> tuple[str, str]:
        return choice(f"{entry.title} — {self._names[entry.system]}", entry.key)
