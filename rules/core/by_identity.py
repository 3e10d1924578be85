"""Values worked out from immutable objects, found again by the object itself.

Units, their models and tables are immutable: the same object found again holds the same
things, so what was worked out from it still holds. Looking the object up by identity is
far quicker than hashing its contents; the entry holds the object, so its id cannot be
reused by another object while the entry lives.
"""

from __future__ import annotations

from typing import Generic, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


class ByIdentity(Generic[Key, Value]):
    """At most ``limit`` entries; when full, the next new entry starts afresh."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._entries: dict[int, tuple[Key, Value]] = {}

    def get(self, key: Key) -> Value | None:
        found = self._entries.get(id(key))
        if found is not None and found[0] is key:
            return found[1]
        return None

    def put(self, key: Key, value: Value) -> Value:
        if len(self._entries) >= self.limit:
            self._entries.clear()
        self._entries[id(key)] = (key, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)
