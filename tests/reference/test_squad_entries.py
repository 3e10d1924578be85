"""The squad-orders rules pack says what Umpire does: every choice the one-page source
leaves open is settled in the entries, every command and unit ability has one."""

from __future__ import annotations

import pytest

from rules.reference import RuleEntry, load_default_index
from rules.squad.content.units import ABILITIES
from rules.squad.notation import VERBS

SYSTEM = "squad"
SOURCE = "001 · "


def squad_entries() -> list[RuleEntry]:
    return [entry for entry in load_default_index().entries if entry.system == SYSTEM]


def entry(entry_id: str) -> RuleEntry:
    found = load_default_index().get(SYSTEM, entry_id)
    assert found is not None, entry_id
    return found


def test_entries_cite_the_source_and_stay_short() -> None:
    for item in squad_entries():
        assert item.section.startswith(SOURCE), item.id
        assert len(item.title) <= 100, item.id
        assert len(item.body) <= 900, item.id
        assert item.aliases, item.id


def test_aliases_do_not_collide_between_entries() -> None:
    owner: dict[str, str] = {}
    for item in squad_entries():
        for name in (item.title.lower(), *(alias.lower() for alias in item.aliases)):
            assert owner.setdefault(name, item.id) == item.id, name


def test_no_entry_leaves_a_rule_for_the_players_to_settle() -> None:
    for item in squad_entries():
        body = item.body.lower()
        for phrase in ("agree on", "does not say", "does not cover", "not covered"):
            assert phrase not in body, (item.id, phrase)


def test_the_commands_entry_shows_every_act_form() -> None:
    body = entry("commands").body
    for verb in VERBS.verbs:
        assert f"`{verb.word}" in body, verb.word


@pytest.mark.parametrize("ability", sorted(ABILITIES))
def test_every_unit_ability_has_an_entry(ability: str) -> None:
    item = entry(ability.replace("_", "-"))
    assert item.section.startswith(SOURCE)
    assert item.title.lower().replace(" ", "_") == ability


@pytest.mark.parametrize(
    ("entry_id", "words"),
    [
        ("initiative", ("roll again", "`first me`", "seating order")),
        ("morale-results", ("exactly half", "panics")),
        ("hit-allocation", ("DM", "allocation_minutes", "closest")),
        ("rally-checks", ("activated", "worse", "never both")),
        ("panic", ("until it rallies", "Move or Rush")),
        ("combat-result", ("draw", "stay locked")),
        ("range-bands", ("shorter band",)),
        ("victory", ('3"', "draw", "panicked")),
        ("game-turn", ("`turns`",)),
        ("forces", ("secret", "`points`", "one faction")),
    ],
)
def test_the_readings_are_stated(entry_id: str, words: tuple[str, ...]) -> None:
    body = entry(entry_id).body
    for word in words:
        assert word in body, (entry_id, word)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("hold", "hold-order"),
        ("reaction shot", "reaction-shots"),
        ("counter charge", "counter-charge"),
        ("battle awareness", "battle-awareness"),
        ("deploy", "deployment"),
        ("who wins", "victory"),
        ("scenario", "scenarios"),
        ("force", "forces"),
        ("first me", "initiative"),
        ("allocate closest", "hit-allocation"),
        ("exactly half", "morale-results"),
        ("leader", "leader"),
        ("steady", "steady"),
        ("bare hands", "weapons"),
        ("how do I give orders", "commands"),
        ("draw in close combat", "combat-result"),
    ],
)
def test_player_queries_find_the_right_entry(query: str, expected: str) -> None:
    hits = load_default_index().search(query, SYSTEM)
    assert hits, f"no result for {query!r}"
    assert hits[0].entry.id == expected
