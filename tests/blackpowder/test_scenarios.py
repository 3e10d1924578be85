"""Scenarios and the end of the game (readings 24, 32, 64 and 65): the scenario chosen by
option with its table, turns, deployment zones, hidden side and objectives; a side that
breaks the enemy wins at once; at the end of the last turn objectives held, holding out,
or the smaller share of losses name the winner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.blackpowder import events as ev
from rules.blackpowder.actions import EndGo, PlayCard, Shoot
from rules.blackpowder.narrate import describe
from rules.blackpowder.options import BlackPowderOptions
from rules.blackpowder.present import status
from rules.blackpowder.scenarios import last_turn
from rules.blackpowder.state import BPState
from rules.blackpowder.system import BlackPowderSystem
from rules.blackpowder.victory import broken, held
from rules.blackpowder.view import view
from rules.core import engine
from rules.core.events import GameEnded
from rules.core.language import Language
from rules.core.visibility import Viewer
from tests.blackpowder.deciding import accepted, nearest_fallen, scene, with_unit
from tests.blackpowder.engine import catalog, set_up_game
from tests.blackpowder.test_engine_cards import _last_cards
from tests.blackpowder.test_engine_fire import volley_at
from tests.blackpowder.test_engine_movement import FAR, at
from tests.blackpowder.test_pack_format import _error, _pack
from tests.core.test_every_system import _play


def test_a_plain_new_game_is_a_skirmish_with_its_aims_shown() -> None:
    state, events = set_up_game()
    assert state.scenario is not None and state.scenario.id == "skirmish"
    assert state.table_id == "mill-clearing" and last_turn(state) == 6
    chosen = events[0]
    assert isinstance(chosen, ev.ScenarioSet)
    line = describe(chosen, state) or ""
    assert line.startswith("The battle is fought as **Skirmish**. Alpha (First force): break")
    summary = status(state).summary
    assert summary.startswith("Skirmish, turn 1 of 6. Alpha (First force): break the enemy")
    shown = view(state, Viewer(seat="bravo"))
    assert shown.scenario is not None and shown.scenario.id == "skirmish" and shown.turns == 6


def test_a_scenario_brings_its_table_turns_zones_and_objectives() -> None:
    state, events = set_up_game(scenario="farmstead-raid", table="river-landing", turns=12)
    assert state.table_id == "farmstead" and last_turn(state) == 6
    assert status(state).summary.startswith("Raid on the farmstead, turn 1 of 6.")
    # the defenders (alpha) stand along y 28", the raiders along y 6", each spread evenly
    for seat, y in (("alpha", 2800), ("bravo", 600)):
        for unit in state.on_table(seat):
            models = unit.models
            assert abs(sum(m.y for m in models) / len(models) - y) <= 100, unit.id
    line = describe(events[0], state) or ""
    assert "Objectives: Farmhouse at 23,22; Barn at 33,27; Well at 27,23." in line


def test_the_ambushers_all_deploy_hidden() -> None:
    state, _ = set_up_game(scenario="road-ambush")
    assert all(u.hidden for u in state.on_table("bravo"))
    markers = [m for m in state.markers if m.seat == "bravo"]
    assert len(markers) == len(state.on_table("bravo")) + len(state.dummies_of("bravo"))
    assert state.dummies_of("bravo")  # the default 2 dummies fit among the provincials
    assert state.table_id == "forest-road" and last_turn(state) == 5


def test_breaking_the_enemy_ends_the_game_at_once() -> None:
    # A2 has lost 5 of its 12 models already; one more and alpha is broken
    state = volley_at()
    state = with_unit(state, "A2", models=state.unit("A2").models[:7])
    state = with_unit(state, "A1", starting=0, models=())
    # one hit (9) and one kill (9); A2's reaction test die: 5
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[9, 1, 1, 1, 1, 1, 9, 5]
    )
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.winners == ("bravo",)
    assert ended.reason == (
        "Bravo (Second force) has broken Alpha (First force): 6 of 12 models fallen or fleeing."
    )
    assert after.finished and status(after).summary == ended.reason
    assert status(after, Language.GERMAN).summary == (
        "Bravo (Zweite Streitmacht) hat Alpha (Erste Streitmacht) gebrochen:"
        " 6 von 12 Modellen gefallen oder auf der Flucht."
    )


def test_models_of_a_fleeing_unit_count_as_lost() -> None:
    state = scene(set_up_game()[0], {"A2": at(10, 27), "A3": at(30, 27), "B4": at(10, 19)})
    assert not broken(state, "alpha")
    assert broken(with_unit(state, "A2", fleeing=True), "alpha")  # 12 of 20


def last_go_of_the_raid(rows: dict[str, tuple[int, int]]) -> BPState:
    state = scene(set_up_game(scenario="farmstead-raid")[0], rows)
    state = _last_cards(state.model_copy(update={"turn": 6}))
    return accepted(state, "bravo", PlayCard(card="thornbury-morale-harvest"))[0]


def test_the_raiders_win_holding_more_of_the_farm_at_the_end() -> None:
    state = last_go_of_the_raid({**FAR, "B4": at(21, 22), "A2": at(30, 29)})
    assert held(state, "bravo") == ("Farmhouse", "Well") and held(state, "alpha") == ("Barn",)
    after, events = accepted(state, "bravo", EndGo())
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.winners == ("bravo",)
    assert ended.reason == (
        "The last of 6 turns is over: Bravo (Raiders) holds more objectives (Farmhouse, Well)"
        " than Alpha (Defenders) (1)."
    )
    assert after.finished


def test_the_defenders_win_when_the_raiders_hold_no_more_than_they_do() -> None:
    # B4 at the farmhouse and the well, but A2 stands within 3" of the well too
    state = last_go_of_the_raid({**FAR, "B4": at(21, 22), "A2": at(26, 25)})
    assert held(state, "bravo") == ("Farmhouse",) and "Well" not in held(state, "alpha")
    _, events = accepted(state, "bravo", EndGo())
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.winners == ("alpha",)
    assert "Alpha (Defenders) has held out to the end." in ended.reason


def test_without_a_break_the_smaller_share_of_losses_wins_a_skirmish() -> None:
    state = scene(set_up_game(turns=1)[0], {"A2": at(10, 27), "B4": at(10, 19)})
    state = with_unit(state, "A2", models=state.unit("A2").models[:9])  # 3 of 12 lost
    state = with_unit(state, "B4", models=state.unit("B4").models[:5])  # 1 of 6 lost
    state = _last_cards(state)
    state, _ = accepted(state, "bravo", PlayCard(card="thornbury-morale-harvest"))
    _, events = accepted(state, "bravo", EndGo())
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.winners == ("bravo",)
    assert "Bravo (Second force) lost the smaller share of its models" in ended.reason


def test_an_unknown_scenario_is_refused_with_the_ones_there_are() -> None:
    system = BlackPowderSystem(catalog())
    problem = system.check_options(BlackPowderOptions(scenario="siege"))
    assert problem is not None and "road-ambush" in problem and "skirmish" in problem


def test_a_scenario_needs_a_known_table_and_objectives_on_it(tmp_path: Path) -> None:
    side = {"name": "A", "name_de": "A", "aims": ["hold"], "aim_text": "x", "aim_text_de": "x"}
    scenario = {
        "id": "lost",
        "name": "Lost",
        "name_de": "Verloren",
        "table": "nowhere",
        "first": side,
        "second": side,
        "objectives": [{"id": "o", "name": "O", "name_de": "O", "at": [10, 10]}],
    }
    assert "unknown table 'nowhere'" in _error(tmp_path, _pack(scenarios=[scenario]))
    off = {**scenario, "table": "mill-clearing"}
    off["objectives"] = [{"id": "o", "name": "O", "name_de": "O", "at": [10, 60]}]
    assert "objective 'o' lies off the table" in _error(tmp_path, _pack(scenarios=[off]))
    bare = {**scenario, "table": "mill-clearing", "objectives": []}
    assert "needs objectives to hold" in _error(tmp_path, _pack(scenarios=[bare]))


def test_a_game_saved_before_scenarios_ends_as_it_did() -> None:
    state = _last_cards(set_up_game(turns=1)[0]).model_copy(update={"scenario": None})
    state, _ = accepted(state, "bravo", PlayCard(card="thornbury-morale-harvest"))
    _, events = accepted(state, "bravo", EndGo())
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.winners == ()
    assert status(state).summary == ""


def _system_playing(name: str) -> BlackPowderSystem:
    """The system with ``name`` as its default scenario, for the automatic player."""

    class Options(BlackPowderOptions):
        scenario: str = name

    class System(BlackPowderSystem):
        options_model = Options

    return System(catalog())


@pytest.mark.parametrize("name", ("meeting-engagement", "farmstead-raid", "road-ambush"))
def test_automatic_games_of_every_scenario_hold_together(name: str) -> None:
    system = _system_playing(name)
    state, log = _play(system, 1)
    assert isinstance(state, BPState) and state.scenario is not None
    assert state.scenario.id == name
    fresh = system.initial_state(system.options_model(), state.seats)
    assert engine.fold(system, fresh, log) == state
    reparsed = [engine.parse_event(system, json.loads(e.model_dump_json())) for e in log]
    assert reparsed == log
