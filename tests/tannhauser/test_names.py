"""Finding what a player means: ids, names, prefixes, word prefixes and clear misses."""

from __future__ import annotations

from rules.core.rejection import Rejection
from rules.tannhauser.names import find

GEAR = [
    ("com-frag-grenade", ["Fragmentation Grenade"]),
    ("com-smoke-grenade", ["Smoke Canister"]),
    ("mer-lantern-carbine", ["Lantern Carbine"]),
]


def test_names_ids_and_prefixes() -> None:
    assert find("com-frag-grenade", GEAR, "item") == "com-frag-grenade"
    assert find("lantern carbine", GEAR, "item") == "mer-lantern-carbine"
    assert find("Lant", GEAR, "item") == "mer-lantern-carbine"


def test_word_prefixes_and_ids_without_their_pack_prefix() -> None:
    assert find("frag gren", GEAR, "item") == "com-frag-grenade"
    assert find("smoke grenade", GEAR, "item") == "com-smoke-grenade"


def test_misses_and_ambiguity_are_explained() -> None:
    empty = find("  ", GEAR, "item")
    assert isinstance(empty, Rejection) and empty.message == "Name the item."
    missing = find("bazooka", GEAR, "item")
    assert isinstance(missing, Rejection)
    assert "There is no item called 'bazooka'" in missing.message
    assert "com-frag-grenade" in missing.message
    both = find("com", GEAR, "item")
    assert isinstance(both, Rejection) and "Be more specific" in both.message
