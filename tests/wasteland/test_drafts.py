"""Drafting army lists: every seat sees its true limit (an attacker's share of the shared
pool) and the running total, drafts record what changed rather than copies, and a draft
holds no more entries than any legal list could (004 Step 1)."""

from __future__ import annotations

from rules.core.rejection import Rejection
from rules.wasteland import events as ev
from rules.wasteland.actions import AddUnit, DraftList, RemoveUnit
from rules.wasteland.forces import most_entries
from rules.wasteland.options import WastelandOptions
from rules.wasteland.state import ArmyList, ListEntry, WastelandState
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.test_setup import SYSTEM, act, play, start

MILITIA = ListEntry(profile="warden-militia", models=1)


def three_players() -> WastelandState:
    """Ambush with alpha defending: bravo and charlie share the attackers' 100 points."""
    options = WastelandOptions(mission="ambush", battlefield="hollowgate-ruins", defender="alpha")
    state = SYSTEM.initial_state(options, ("alpha", "bravo", "charlie"))
    return play(state, SYSTEM.begin(state, ScriptedRoller([])))


def decide(state: WastelandState, seat: str, action: object) -> list[ev.Event]:
    events = SYSTEM.decide(state, seat, action, ScriptedRoller([]))  # type: ignore[arg-type]
    assert not isinstance(events, Rejection), events
    return events


def test_an_attacker_is_shown_its_share_of_the_pool_and_the_running_total() -> None:
    state = three_players()
    prompt = next(p for p in SYSTEM.prompts(state) if p.seat == "bravo")
    assert "Points: 0 of 50 points, your share of the attackers' 100" in prompt.text
    defender = next(p for p in SYSTEM.prompts(state) if p.seat == "alpha")
    assert "Points: 0 of 100 points (patrol)" in defender.text
    events = decide(state, "bravo", AddUnit(entry=MILITIA.model_copy(update={"models": 3})))
    line = SYSTEM.describe(events[-1], state)
    cost = 3 * SYSTEM.catalog.units["warden-militia"].points
    assert line == (
        f"Your draft: entry 1 added, warden-militia×3 ({cost} of 50 points,"
        " your share of the attackers' 100)."
    )
    after = play(state, events)
    prompt = next(p for p in SYSTEM.prompts(after) if p.seat == "bravo")
    assert f"Points: {cost} of 50 points" in prompt.text


def test_a_draft_records_each_change_not_a_copy_of_the_whole_draft() -> None:
    state = start()
    sizes = []
    for _ in range(5):
        events = decide(state, "alpha", AddUnit(entry=MILITIA))
        assert [type(e) for e in events] == [ev.DraftEntryAdded]
        sizes.append(len(events[0].model_dump_json()))
        state = play(state, events)
    assert len(set(sizes)) == 1  # the fifth change is as small as the first
    assert len(state.drafts["alpha"].entries) == 5
    state = play(state, decide(state, "alpha", RemoveUnit(index=2)))
    assert len(state.drafts["alpha"].entries) == 4
    state = play(state, decide(state, "alpha", RemoveUnit(index=0)))
    assert state.drafts["alpha"] == ArmyList()


def test_a_draft_holds_no_more_entries_than_a_legal_list_could() -> None:
    state = start()
    most = most_entries(state, SYSTEM.catalog, "alpha")
    cheapest = min(p.points for p in SYSTEM.catalog.units.values() if not p.big)
    assert most == 100 // cheapest
    full = ArmyList(entries=(MILITIA,) * most)
    state = state.model_copy(update={"drafts": {"alpha": full}})
    refused = act(state, "alpha", AddUnit(entry=MILITIA))
    assert isinstance(refused, Rejection)
    assert refused.rule == "004 Step 1"
    assert f"holds more than {most} entries" in refused.message
    whole = act(state, "alpha", DraftList(entries=(MILITIA,) * (most + 1)))
    assert isinstance(whole, Rejection)
    assert isinstance(act(state, "alpha", RemoveUnit(index=1)), WastelandState)


def test_drafts_saved_as_whole_copies_still_load() -> None:
    state = start()
    old = {
        "type": "wt_draft",
        "seat": "alpha",
        "army": {"entries": [{"profile": "warden-militia", "models": 4}]},
        "visibility": {"scope": "seats", "seats": ["alpha"]},
    }
    event = SYSTEM.event_adapter.validate_python(SYSTEM.upcast(old))
    after = SYSTEM.evolve(state, event)
    assert after.drafts["alpha"].entries == (ListEntry(profile="warden-militia", models=4),)
    assert SYSTEM.describe(event, after) == "Your draft: warden-militia×4."
