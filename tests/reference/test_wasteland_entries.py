"""The Wasteland Tactics rules pack loads, covers every rule topic and answers player queries."""

from __future__ import annotations

import pytest

from rules.core.registry import get_system
from rules.reference import DATA_DIR, RulesIndex, RulesPack, load_default_index
from rules.reference.defaults import system_folders
from rules.reference.loading import RULES_PREFIX, read_pack

SYSTEM = "wasteland"

MISSIONS = {
    "mission-ambush",
    "mission-blitz",
    "mission-clear-landing-zone",
    "mission-critical-objective",
    "mission-salvage",
    "mission-evacuation",
    "mission-hold-at-all-costs",
    "mission-rescue-capture",
    "mission-summon-reinforcements",
    "mission-total-annihilation",
}
SPECIAL_UNIT_RULES = {
    "acute-senses",
    "ambush",
    "bloodthirsty",
    "bodyguards",
    "bulky",
    "caster",
    "fearless",
    "hardened",
    "jump-flying",
    "leadership",
    "order-push-forward",
    "order-strike-harder",
    "order-regroup",
    "order-seize-initiative",
    "order-airstrike",
    "medic-repair",
    "open",
    "pathbound",
    "pathfinder",
    "price-of-failure",
    "reach",
    "scouts",
    "stealth",
    "stubborn",
    "support",
    "tough",
    "transport",
    "vehicle-monster",
    "vulnerable",
}
SPECIAL_WEAPON_RULES = {
    "assault",
    "critical",
    "deadly",
    "indirect-fire",
    "heavy",
    "rapid",
    "area-effect-spray",
    "slow",
    "sniper",
    "suppressive-terrifying",
    "unstable",
}
ACTIONS_AND_REACTIONS = {
    "move-action",
    "shoot-action",
    "advanced-shooting-tasks",
    "fight-action",
    "fight-modifiers",
    "defend-action",
    "cast-action",
    "nullification",
    "interact-action",
    "reactions",
    "withdraw",
    "go-to-ground",
    "counter-attack",
}
TERRAIN = {
    "clear-terrain",
    "difficult-terrain",
    "dangerous-terrain",
    "impassible-terrain",
    "concealment",
    "cover",
    "buildings-ruins",
}
ADVANCED = {
    "granular-attacks",
    "advantageous-firing-positions",
    "partially-concealed",
    "occupying-buildings",
    "advantages",
    "disadvantages",
    "handicap",
    "battlefield-conditions",
    "random-events",
    "crippling-damage",
    "close-formations",
}


def wasteland_ids() -> set[str]:
    return {entry.id for entry in load_default_index().entries if entry.system == SYSTEM}


def test_pack_loads_with_its_name() -> None:
    folder = get_system(SYSTEM).reference
    assert folder is not None
    loaded = read_pack(folder / "rules_wasteland.json", RulesPack, RULES_PREFIX)
    assert loaded.pack.system == SYSTEM
    assert loaded.pack.name == "Wasteland Tactics"
    assert 90 <= len(loaded.pack.entries) <= 115
    index = load_default_index()
    assert (SYSTEM, "Wasteland Tactics") in index.systems()
    assert index.system_name(SYSTEM) == "Wasteland Tactics"
    assert len(RulesIndex.from_folders(DATA_DIR, *system_folders())) == len(index)


def test_entries_cite_the_source_and_fit_discord() -> None:
    entries = [entry for entry in load_default_index().entries if entry.system == SYSTEM]
    for entry in entries:
        assert entry.section.startswith("004 · "), entry.id
        assert len(entry.title) <= 100 and len(entry.body) <= 1500, entry.id
        assert entry.aliases, entry.id
        assert all(alias == alias.lower() for alias in entry.aliases), entry.id


def test_aliases_do_not_collide_between_entries() -> None:
    owner: dict[str, str] = {}
    for entry in load_default_index().entries:
        if entry.system != SYSTEM:
            continue
        for name in (entry.title.lower(), *entry.aliases):
            assert owner.setdefault(name, entry.id) == entry.id, name


@pytest.mark.parametrize(
    "group",
    [MISSIONS, SPECIAL_UNIT_RULES, SPECIAL_WEAPON_RULES, ACTIONS_AND_REACTIONS, TERRAIN, ADVANCED],
)
def test_every_rule_topic_has_an_entry(group: set[str]) -> None:
    assert group <= wasteland_ids(), sorted(group - wasteland_ids())


def test_all_ten_missions_are_numbered() -> None:
    index = load_default_index()
    numbers = set()
    for mission in MISSIONS:
        entry = index.get(SYSTEM, mission)
        assert entry is not None
        assert entry.title.startswith("Mission ")
        numbers.add(int(entry.title.split(":")[0].removeprefix("Mission ")))
    assert numbers == set(range(1, 11))


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("suppression", "suppression-markers"),
        ("suppression marker", "suppression-markers"),
        ("go to ground", "go-to-ground"),
        ("counter attack", "counter-attack"),
        ("critical", "critical"),
        ("dangerous terrain", "dangerous-terrain"),
        ("blitz", "mission-blitz"),
        ("d5", "d5"),
        ("airstrike", "order-airstrike"),
        ("medic", "medic-repair"),
        ("charge", "fight-action"),
        ("hth", "fight-action"),
        ("pinned", "suppression-markers"),
        ("morale test", "morale-phase"),
        ("minimum range", "weapon-profiles"),
        ("armour", "models-characteristics"),
        ("heroism", "suppressed-activation"),
        ("25 inch rule", "deployment"),
        ("outnumber", "fight-modifiers"),
        ("nullify", "nullification"),
        ("area effect", "area-effect-spray"),
        ("terrifying", "suppressive-terrifying"),
        ("impassable", "impassible-terrain"),
        ("ambush", "ambush"),
        ("ambush mission", "mission-ambush"),
        ("critical objective", "mission-critical-objective"),
        ("withdraw", "withdraw"),
        ("rapid fire", "rapid"),
    ],
)
def test_player_queries_find_the_right_entry(query: str, expected: str) -> None:
    index = load_default_index()
    hits = index.search(query, SYSTEM)
    assert hits, f"no result for {query!r}"
    assert hits[0].entry.id == expected
    entry = index.lookup(query, SYSTEM)
    assert entry is not None and entry.key == f"{SYSTEM}:{expected}"


def test_lookup_by_autocomplete_value() -> None:
    index = load_default_index()
    entry = index.lookup("wasteland:order-airstrike")
    assert entry is not None and entry.title == "Order: Call in an airstrike!"
    assert all(value.startswith("wasteland:") for _, value in index.autocomplete("", SYSTEM))
    assert index.autocomplete("suppress", SYSTEM)[0][1].startswith("wasteland:suppress")


def test_key_numbers_survive_in_the_bodies() -> None:
    index = load_default_index()
    expectations = {
        "deployment": ['25"', '10"'],
        "order-airstrike": ["R1000", "3 or more", "1 or less"],
        "counter-attack": ['15"', "−1 Shoot"],
        "go-to-ground": ["+2 Life"],
        "morale-phase": ["3 or more", "more than half"],
        "dangerous-terrain": ["X = 9"],
        "caster": ["R20", "Deadly 2"],
        "crippling-damage": ["12–14", "15–17", "18+"],
        "d5": ["rounding up", "**6**"],
        "automatic-success-failure": ["1+ or less", "11+ or more"],
        "rolling-dice": ["**0**", "**10**"],
    }
    for entry_id, fragments in expectations.items():
        entry = index.get(SYSTEM, entry_id)
        assert entry is not None, entry_id
        for fragment in fragments:
            assert fragment in entry.body, (entry_id, fragment)
