"""Setting a game up (reading 27): the table, both forces along their edges, hidden
markers, one shared deck shuffled with the game's dice and the first hands of 3."""

from __future__ import annotations

import pytest

from rules.blackpowder import events as ev
from rules.blackpowder.flow import Flow
from rules.blackpowder.fold import evolve
from rules.blackpowder.options import BlackPowderOptions
from rules.blackpowder.setup import set_up
from rules.blackpowder.state import BPState
from rules.core.events import DiceRolled, UnknownEvent
from rules.core.visibility import REFEREE, Viewer
from tests.blackpowder.engine import SEATS, catalog, deck_size, replay, set_up_game
from tests.scripted_dice import ScriptedRoller


def test_the_table_preset_is_laid_with_its_areas_and_obstacles() -> None:
    state, _ = set_up_game(table="mill-clearing")
    preset = catalog().tables["mill-clearing"]
    kinds = catalog().terrain_types
    assert state.table is not None
    assert state.table.width == preset.width * 100
    areas = [p.id for p in preset.pieces if kinds[p.type].form == "area"]
    obstacles = [p.id for p in preset.pieces if kinds[p.type].form == "obstacle"]
    assert [a.id for a in state.table.areas] == areas
    assert [o.id for o in state.obstacles] == obstacles
    assert state.terrain["track"] == "road"


def test_each_force_is_mustered_and_deployed_along_its_own_edge() -> None:
    state, _ = set_up_game()
    garrison = catalog().forces["aldermoor-garrison"]
    alpha = state.on_table("alpha")
    assert [u.id for u in alpha] == [f"A{i}" for i in range(1, len(garrison.muster) + 1)]
    assert [u.profile for u in alpha] == list(garrison.muster)
    line = state.unit("A2")
    assert len(line.models) == line.starting == 12
    assert state.table is not None
    assert all(m.y > state.table.depth - 800 for u in alpha for m in u.models)
    assert all(m.y < 800 for u in state.on_table("bravo") for m in u.models)


def test_the_shared_deck_is_shuffled_with_referee_dice_and_hands_of_3_drawn() -> None:
    options = BlackPowderOptions()
    size = deck_size(options)
    start = BPState(seats=SEATS, options=options)
    hidden, _ = set_up_game()
    placing = sum(len(m) - 1 for m in _markers_by_seat(hidden).values())
    roller = ScriptedRoller([1] * placing + [2] * (size - 1))
    flow = Flow(start, roller, catalog())
    set_up(flow)
    state = flow.state
    formed = next(e for e in flow.events if isinstance(e, ev.DeckFormed))
    cards = list(formed.cards)
    assert len(cards) == size
    # every die a 2 takes the second card left each time: the first card ends up last
    shuffled = next(e for e in flow.events if isinstance(e, ev.DeckShuffled))
    assert shuffled.order == (*cards[1:], cards[0])
    assert shuffled.visibility == REFEREE
    dice = [e for e in flow.events if isinstance(e, DiceRolled)]
    assert [d.sides for d in dice if d.purpose == "shuffling the deck"] == list(range(size, 1, -1))
    assert all(d.visibility == REFEREE for d in dice)
    # the side that deployed second goes first and draws first
    assert state.go == "bravo" and state.turn == 1 and state.phase == "play"
    assert state.player("bravo").hand == shuffled.order[:3]
    assert state.player("alpha").hand == shuffled.order[3:6]
    assert state.draw_pile == shuffled.order[6:]
    drawn = [e for e in flow.events if isinstance(e, ev.CardsDrawn)]
    assert [(d.seat, d.visibility.allows(Viewer.of_seat("alpha"))) for d in drawn] == [
        ("bravo", False),
        ("alpha", True),
    ]
    assert replay(start, flow.events) == state


def test_cards_keep_the_side_they_belong_to_and_only_fielded_troop_types_come() -> None:
    state, _ = set_up_game()
    owners = state.card_owner
    assert owners["aldermoor-advance"] == "alpha"
    assert owners["thornbury-advance"] == "bravo"
    # the garrison's gun is not mustered: its troop card stays out (reading 3)
    assert "aldermoor-troop-gunners" not in state.cards
    assert "aldermoor-troop-line" in state.cards


def test_a_second_copy_of_a_card_gets_its_own_name() -> None:
    state, _ = set_up_game(first_force="river-nations", second_force="aldermoor-garrison")
    copies = [c for c in state.cards if "#" in c]
    force = catalog().forces["river-nations"]
    expected = sum(card.copies - 1 for card in force.cards) + sum(
        card.copies - 1 for card in catalog().forces["aldermoor-garrison"].cards
    )
    assert len(copies) == expected


def _markers_by_seat(state: BPState) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for marker in state.markers:
        found.setdefault(marker.seat, []).append(marker.id)
    return found


def test_units_out_of_every_enemys_spotting_distance_deploy_as_secret_markers() -> None:
    state, events = set_up_game(weather="dense-fog")
    assert all(u.hidden for u in state.units)
    assert len(state.markers) == len(state.units)
    placed = [e for e in events if isinstance(e, ev.MarkersPlaced)]
    secret = [e for e in events if isinstance(e, ev.HiddenDeployed)]
    assert [p.seat for p in placed] == list(state.seats)  # one line a side
    assert sum(len(p.markers) for p in placed) == len(secret) == len(state.units)
    assert all(e.visibility.scope == "public" for e in placed)
    for event in secret:
        owner = state.unit(event.unit).seat
        assert event.visibility.allows(Viewer.of_seat(owner))
        assert not event.visibility.allows(Viewer.of_seat(state.enemy(owner)))
    assert not any(isinstance(e, ev.Deployed) for e in events)


def test_in_clear_weather_a_unit_in_the_open_deploys_on_show() -> None:
    state, events = set_up_game(weather="clear")
    shown = [e.unit for e in events if isinstance(e, ev.Deployed)]
    assert shown
    assert all(not state.unit(u).hidden for u in shown)


def test_an_event_of_another_system_is_refused_by_the_fold() -> None:
    state, _ = set_up_game()
    with pytest.raises(UnknownEvent):
        evolve(state, DiceRolled(purpose="x", sides=6, values=(1,), counter_start=0, counter_end=1))


def test_in_a_mirror_match_both_forces_bring_their_own_cards() -> None:
    state, _ = set_up_game(first_force="thornbury-provincials")
    assert len(state.cards) == deck_size(BlackPowderOptions(first_force="thornbury-provincials"))
    advance = [k for k, owner in state.card_owner.items() if k.startswith("thornbury-advance")]
    assert sorted(state.card_owner[k] for k in advance) == ["alpha", "bravo"]
