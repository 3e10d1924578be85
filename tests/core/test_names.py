"""Finding what a player means: ids, names, prefixes, word prefixes, and distinct refusals
for a name that fits nothing and one that fits several."""

from __future__ import annotations

from rules.core.names import Option, either, find
from rules.core.rejection import Rejection

GEAR = [
    Option("com-frag-grenade", "com-frag-grenade", ("Fragmentation Grenade",)),
    Option("com-smoke-grenade", "com-smoke-grenade", ("Smoke Canister",)),
    Option("mer-lantern-carbine", "mer-lantern-carbine", ("Lantern Carbine",)),
]
UNITS = [
    Option("C4", "C4 Scrap Raiders", ("Scrap Raiders",)),
    Option("c4", "c4 Counter 4", ("Counter 4",)),
    Option("A1", "A1 Scrap Riders", ("Scrap Riders",)),
]


def test_ids_names_and_prefixes() -> None:
    assert find("com-frag-grenade", GEAR, "item") == "com-frag-grenade"
    assert find("lantern carbine", GEAR, "item") == "mer-lantern-carbine"
    assert find("Lant", GEAR, "item") == "mer-lantern-carbine"


def test_word_prefixes_and_ids_without_their_pack_prefix() -> None:
    assert find("frag gren", GEAR, "item") == "com-frag-grenade"
    assert find("smoke grenade", GEAR, "item") == "com-smoke-grenade"


def test_the_exact_case_settles_ids_that_differ_only_in_case() -> None:
    assert find("C4", UNITS, "unit") == "C4"
    assert find("c4", UNITS, "unit") == "c4"


def test_a_miss_lists_what_exists_and_the_closest_spelling() -> None:
    empty = find("  ", GEAR, "item")
    assert isinstance(empty, Rejection) and empty.message == "Name the item."
    missing = find("bazooka", GEAR, "item")
    assert isinstance(missing, Rejection)
    assert missing.message.startswith("There is no item called 'bazooka'.")
    assert "Did you mean" not in missing.message
    assert "com-frag-grenade" in missing.message
    typo = find("scarp riders", UNITS, "unit", "Units")
    assert isinstance(typo, Rejection)
    assert "Did you mean A1 Scrap Riders?" in typo.message
    assert "Units: C4 Scrap Raiders, c4 Counter 4, A1 Scrap Riders." in typo.message


def test_an_ambiguous_name_asks_which_one() -> None:
    both = find("com", GEAR, "item")
    assert isinstance(both, Rejection)
    assert both.message.startswith(
        "'com' is ambiguous: did you mean com-frag-grenade or com-smoke-grenade?"
    )
    assert "There is no" not in both.message


def test_either_lists_alternatives_in_words() -> None:
    assert either(["A"]) == "A"
    assert either(["A", "B"]) == "A or B"
    assert either(["A", "B", "C"]) == "A, B or C"
    assert either([str(n) for n in range(12)], shown=3) == "0, 1, 2 or one of 9 more"


def test_what_the_action_can_refer_to_comes_first() -> None:
    options = [
        Option("com-service-pistol", "Service Pistol", ("Service Pistol",)),
        Option("ash-needle-pistol", "Needle Pistol", ("Needle Pistol",)),
        Option("pistol", "Pistol", ("Pistol",)),
    ]
    carried = {"ash-needle-pistol"}
    assert find("pistol", options, "weapon", likely=carried) == "ash-needle-pistol"
    # a name only an unlikely option has still finds it: the rules say why it will not do
    assert find("service", options, "weapon", likely=carried) == "com-service-pistol"
    # a miss lists the likely options, not everything that exists
    refused = find("rifle", options, "weapon", likely=carried)
    assert isinstance(refused, Rejection)
    assert "Needle Pistol" in refused.message and "Service Pistol" not in refused.message


def test_apostrophes_may_be_left_out() -> None:
    options = [Option("keeper-locker", "Gatekeeper's locker", ("Gatekeeper's locker",))]
    assert find("gatekeepers locker", options, "circle") == "keeper-locker"
    assert find("Gatekeeper’s locker", options, "circle") == "keeper-locker"
