"""Ready-made lists: legal for every faction and size, and offered only while a draft is empty."""

from __future__ import annotations

import pytest

from rules.core.rejection import Rejection
from rules.wasteland import actions as act
from rules.wasteland.content.loading import load_catalog
from rules.wasteland.forces import point_limit, problems
from rules.wasteland.notation import parse
from rules.wasteland.options import WastelandOptions
from rules.wasteland.starter_lists import notation, starter_list
from rules.wasteland.state import ArmyList, ListEntry, WastelandState
from tests.wasteland.builders import legal

CATALOG = load_catalog()


def lists_state(size: str = "patrol", **options: object) -> WastelandState:
    return WastelandState(
        seats=("alpha", "bravo"),
        options=WastelandOptions.model_validate({"size": size, **options}),
        scores={"alpha": 0, "bravo": 0},
    )


@pytest.mark.parametrize("size", ["patrol", "platoon", "company"])
@pytest.mark.parametrize("faction", sorted(CATALOG.factions))
def test_every_faction_has_a_legal_list_for_every_size(size: str, faction: str) -> None:
    state = lists_state(size)
    army = starter_list(state, CATALOG, "alpha", faction)
    assert army is not None
    assert problems(state, CATALOG, "alpha", army) == []
    profiles = {p.id: p for p in CATALOG.units.values()}
    spent = army.points(profiles)
    assert point_limit(state, "alpha") * 0.9 <= spent <= point_limit(state, "alpha")
    assert {CATALOG.unit_faction[e.profile] for e in army.entries} == {faction}


def test_a_starter_list_reads_back_as_the_same_draft() -> None:
    state = lists_state("platoon")
    army = starter_list(state, CATALOG, "alpha", "lantern-synod")
    assert army is not None
    action = parse(notation(army), state, CATALOG, "alpha")
    assert isinstance(action, act.DraftList) and action.entries == army.entries


def test_army_starter_by_faction_name() -> None:
    action = parse("army starter Scrapwind Riders", lists_state(), CATALOG, "alpha")
    assert isinstance(action, act.DraftList)
    assert all(CATALOG.unit_faction[e.profile] == "scrapwind-riders" for e in action.entries)


def test_an_unknown_faction_is_refused_with_the_choices() -> None:
    refused = parse("army starter gophers", lists_state(), CATALOG, "alpha")
    assert isinstance(refused, Rejection)
    assert "There is no faction called 'gophers'" in refused.message
    assert "cistern-wardens" in refused.message


def test_too_few_points_for_any_list_is_explained() -> None:
    refused = parse(
        "army starter cistern-wardens", lists_state("platoon", points=50), CATALOG, "alpha"
    )
    assert isinstance(refused, Rejection)
    assert "no ready-made list" in refused.message


def test_suggestions_offer_starters_on_an_empty_draft_and_submit_only_when_legal() -> None:
    state = lists_state()
    first = [c.notation for c in legal(state, CATALOG, "alpha")]
    assert "army starter cistern-wardens" in first and "submit" not in first
    illegal = ArmyList(entries=(ListEntry(profile="warden-militia", models=5),))
    drafted = state.model_copy(update={"drafts": {"alpha": illegal}})
    offered = [c.notation for c in legal(drafted, CATALOG, "alpha")]
    assert "submit" not in offered and not any(n.startswith("army starter") for n in offered)
    army = starter_list(state, CATALOG, "alpha", "cistern-wardens")
    ready = state.model_copy(update={"drafts": {"alpha": army}})
    assert "submit" in [c.notation for c in legal(ready, CATALOG, "alpha")]


def test_a_shared_pool_too_small_for_any_attacker_is_refused_at_the_start() -> None:
    from rules.wasteland.system import WastelandSystem

    system = WastelandSystem()
    four = ("alpha", "bravo", "charlie", "delta")
    patrol = WastelandOptions(size="patrol", mission="hold")
    problem = system.check_start(patrol, four)
    assert problem is not None and "each attacker 33 points" in problem
    assert system.check_start(patrol, four[:2]) is None
    assert system.check_start(WastelandOptions(size="patrol", mission="annihilation"), four) is None
    assert (
        system.check_start(WastelandOptions(size="patrol", points=200, mission="hold"), four)
        is None
    )
