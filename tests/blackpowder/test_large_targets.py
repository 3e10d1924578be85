"""Large targets (readings 23, 26 and 63): wagons and canoes a pack fields as models, like
artillery, are +2 columns to spot and +2 to hit and stand on 50 mm bases; only artillery
fire counts as artillery fire for the reaction test. Alpha fields the River Nations here,
whose war canoes (A7, three canoes) the Thornbury rangers (B4) shoot at."""

from __future__ import annotations

from pathlib import Path

from rules.blackpowder import events as ev
from rules.blackpowder.actions import PlayCard, Shoot
from rules.blackpowder.board import artillery, large, models_of, radius
from rules.blackpowder.content.loading import load_catalog
from rules.blackpowder.state import BPState
from rules.geometry.units import mm
from tests.blackpowder.deciding import accepted, scene
from tests.blackpowder.engine import catalog, set_up_game
from tests.blackpowder.test_engine_cards import bravo_holding
from tests.blackpowder.test_engine_fire import of
from tests.blackpowder.test_engine_movement import FAR, at
from tests.blackpowder.test_pack_format import _error, _force, _pack, _unit


def canoes_facing_rangers() -> BPState:
    state = set_up_game(first_force="river-nations")[0]
    assert state.unit("A7").profile == "river-war-canoes"
    state = bravo_holding("thornbury-troop-rangers", state=state)
    state = scene(state, {**FAR, "B4": at(10, 19), "A7": at(10, 27)}, step=300)
    return accepted(state, "bravo", PlayCard(card="thornbury-troop-rangers"))[0]


def test_the_packs_field_canoes_and_wagons() -> None:
    units = catalog().units
    canoes, wagon = units["river-war-canoes"], units["aldermoor-supply-wagon"]
    assert (canoes.vehicle, wagon.vehicle) == ("canoe", "wagon")
    assert "river-war-canoes" in catalog().forces["river-nations"].muster
    assert large(canoes) and large(wagon) and large(units["aldermoor-gun"])
    assert not artillery(wagon) and artillery(units["aldermoor-gun"])
    assert not large(units["river-canoe-men"])
    assert radius(canoes) == mm(50) // 2 == radius(wagon)


def test_a_canoe_is_spotted_with_2_more_columns_and_hit_with_2_more() -> None:
    state = canoes_facing_rangers()
    after, events = accepted(state, "bravo", Shoot(unit="B4", target="A7"), faces=[1] * 6)
    spotted = next(e for e in events if isinstance(e, ev.Spotted) and e.unit == "A7")
    assert isinstance(spotted, ev.Spotted)
    assert "+2 target is artillery, a wagon or a canoe" in spotted.modifiers
    fired = of(ev.Fired, events)[0]
    assert isinstance(fired, ev.Fired)
    assert all("+2 large target (wagon, boat)" in s.modifiers for s in fired.shots)
    assert all(m.radius == mm(50) // 2 for m in models_of(after, after.unit("A7")))


def test_a_vehicle_cannot_be_mounted_too(tmp_path: Path) -> None:
    unit = _unit("raiders", vehicle="wagon", special_rules=["cavalry"])
    text = _error(tmp_path, _pack(forces=[_force(unit)]))
    assert "a wagon is not mounted" in text
    assert "vehicle" in load_catalog().units["river-war-canoes"].model_dump()
