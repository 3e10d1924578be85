"""Hidden information, enumerated: what a game keeps from whom at a given moment.

Every system lists its secrets (:meth:`~rules.core.system.GameSystem.secrets`) as the
distinctive ways each could be given away (a narration line, a JSON fragment, an id that
never appears while the fact is hidden) and the seats allowed to know it, and can
*disguise* a state (the same game with every hidden thing changed, public things kept).
The hidden-information suite watches every output of random games of every registered
system against these lists, and checks that a disguised game looks the same to anyone
not entitled to the secret.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

Pattern = re.Pattern[str]


@dataclass(frozen=True)
class Spelling:
    """A way to give a secret away: ``needle`` must occur, and ``pattern`` (when set) must
    match too. The needle alone is a cheap first test on large outputs."""

    needle: str
    pattern: Pattern | None = None

    def search(self, text: str) -> tuple[int, int] | None:
        at = text.find(self.needle)
        if at < 0:
            return None
        if self.pattern is None:
            return at, at + len(self.needle)
        found = self.pattern.search(text)
        return found.span() if found else None


@dataclass(frozen=True)
class Secret:
    """A hidden fact: its ``kind`` (for figures and coverage), a description, the spellings
    that would give it away, the seats that may know it, and whether it has a place on the
    board (then a disguised game's picture must look the same)."""

    kind: str
    what: str
    spellings: tuple[Spelling, ...]
    holders: frozenset[str] = frozenset()
    on_board: bool = False


def spelled(*texts: str) -> tuple[Spelling, ...]:
    """Plain spellings, empty texts left out."""
    return tuple(Spelling(text) for text in texts if text)


def jsonish(key: str, value: object) -> str:
    """``"key": value`` as ``json.dumps`` writes it (every output is dumped that way)."""
    return f"{json.dumps(key)}: {json.dumps(value)}"


def rotated(value: str, options: Iterable[str]) -> str:
    """The option after ``value`` in sorted order: a different value of the same kind."""
    ordered = sorted(options)
    return ordered[(ordered.index(value) + 1) % len(ordered)] if value in ordered else ordered[0]
