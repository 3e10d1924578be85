"""Values found again by the very object they were worked out from."""

from __future__ import annotations

from rules.core.by_identity import ByIdentity


def test_only_the_same_object_finds_its_value() -> None:
    found: ByIdentity[tuple[int, ...], str] = ByIdentity(8)
    first = tuple(range(3))
    assert found.put(first, "three") == "three"
    assert found.get(first) == "three"
    assert found.get(tuple(range(3))) is None  # equal, but another object


def test_a_full_store_starts_afresh() -> None:
    found: ByIdentity[tuple[int, ...], int] = ByIdentity(2)
    keys = [(i, i) for i in range(3)]
    for i, key in enumerate(keys):
        found.put(key, i)
    assert len(found) == 1
    assert found.get(keys[2]) == 2 and found.get(keys[0]) is None
