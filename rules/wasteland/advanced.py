"""The Advanced Rules chapter (004): advantages and disadvantages, handicap, battlefield
conditions; random battle events live in :mod:`battle_events`, crippling damage in
:mod:`crippling`, buildings in :mod:`buildings` (a building's profile in
:mod:`building_profiles`, Ruins in :mod:`ruins`), conditions and a unit's Move in
:mod:`conditions`.

Advantages (a die): 1-2 none (and no disadvantage roll), 3 heroic, 4 intel, 5-6 equipment,
7-8 veterans, 9-10 reinforcements; then disadvantages: 1-2 exhausted, 3-4 low_ammo, 5-6
terrible_commander, 7-8 desertion, 9-10 inexperienced. A handicap adds disadvantages
without advantages (``alpha:exhausted``) or advantages without disadvantages
(``bravo:+veterans``). Umpire makes the player's picks:

* Heroic figure goes to the side's Command unit with the highest Leadership (ties: the first
  by id); a single-model unit's Tough rises by 2 (a model that was not Tough gets 2 wounds).
* Desertion rolls for the side's units in id order, round and round, until a die shows 1.
"""

from __future__ import annotations

import re

from rules.wasteland.battle_events import round_event as round_event
from rules.wasteland.building_profiles import building_profile as building_profile
from rules.wasteland.conditions import choose_condition
from rules.wasteland.conditions import move_of as move_of
from rules.wasteland.crippling import crippling as crippling
from rules.wasteland.effects import put
from rules.wasteland.events import SettingsSet
from rules.wasteland.facts.setup import (
    AdvantagesRolled,
    ConditionSet,
    DesertionRolled,
    HandicapApplied,
    HandicapIgnored,
    HeroicFigure,
    VeteransGranted,
)
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.ruins import building_ruined as building_ruined
from rules.wasteland.state import WastelandState, WUnit

RULE = "004 Advantages and disadvantages"
ADVANTAGE_ROLLS = {
    3: "heroic",
    4: "intel",
    5: "equipment",
    6: "equipment",
    7: "veterans",
    8: "veterans",
    9: "reinforcements",
    10: "reinforcements",
}
DISADVANTAGE_ROLLS = {
    1: "exhausted",
    2: "exhausted",
    3: "low_ammo",
    4: "low_ammo",
    5: "terrible_commander",
    6: "terrible_commander",
    7: "desertion",
    8: "desertion",
    9: "inexperienced",
    10: "inexperienced",
}
ADVANTAGES = ("heroic", "intel", "equipment", "veterans", "reinforcements")
DISADVANTAGES = ("exhausted", "low_ammo", "terrible_commander", "desertion", "inexperienced")
LABELS = {
    "heroic": "Heroic figure",
    "intel": "Good intel",
    "equipment": "Cutting-edge equipment",
    "veterans": "Grizzled veterans",
    "reinforcements": "Reinforcements available",
    "exhausted": "Exhausted",
    "low_ammo": "Low ammunition",
    "terrible_commander": "Terrible commander",
    "desertion": "Desertion",
    "inexperienced": "Inexperienced",
}
DESERTION_LIMIT = 200  # dice before Umpire stops looking for a deserter


# -- handicap -----------------------------------------------------------------------------
def parse_handicap(text: str, seats: tuple[str, ...]) -> dict[str, tuple[str, ...]] | str:
    """``"alpha:exhausted,bravo:+veterans"`` → ``{"alpha": ("exhausted",), "bravo":
    ("veterans",)}``, or the reason it cannot be read."""
    found: dict[str, list[str]] = {}
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        seat, sep, key = (part.strip() for part in item.partition(":"))
        if not sep or not seat or not key:
            return (
                f"Handicap '{item}' should read seat:disadvantage or seat:+advantage, "
                "e.g. alpha:exhausted or bravo:+veterans."
            )
        if seat not in seats:
            return f"Handicap '{item}': '{seat}' is not a seat in this game ({', '.join(seats)})."
        plus = key.startswith("+")
        name = key.lstrip("+").strip().lower().replace("-", "_").replace(" ", "_")
        if name in ADVANTAGES and not plus:
            return f"Handicap '{item}': {name} is an advantage; write {seat}:+{name}."
        if name in DISADVANTAGES and plus:
            return f"Handicap '{item}': {name} is a disadvantage; write {seat}:{name} (no +)."
        if name not in ADVANTAGES and name not in DISADVANTAGES:
            return (
                f"Handicap '{item}': unknown '{name}'. Advantages (with +): "
                f"{', '.join(ADVANTAGES)}; disadvantages: {', '.join(DISADVANTAGES)}."
            )
        keys = found.setdefault(seat, [])
        if name not in keys:
            keys.append(name)
    return {seat: tuple(keys) for seat, keys in found.items()}


# -- settings at the start of the game --------------------------------------------------------
def roll_settings(flow: Flow) -> None:
    """Advantages and disadvantages, handicaps and the battlefield condition (called once
    the lists are revealed)."""
    state = flow.state
    seats = [s for s in state.seats if s not in state.conceded]
    chosen: dict[str, list[str]] = {s: [] for s in seats}
    if state.options.advantages:
        for seat in seats:
            chosen[seat] += _roll_for(flow, seat)
    handicap = parse_handicap(state.options.handicap, tuple(state.seats))
    if isinstance(handicap, str):
        flow.emit(HandicapIgnored(problem=handicap))
        handicap = {}
    for seat, keys in handicap.items():
        added = [k for k in keys if k not in chosen.get(seat, [])]
        if seat in chosen and added:
            chosen[seat] += added
            flow.emit(HandicapApplied(seat=seat, keys=tuple(added)))
    condition, roll = choose_condition(flow)
    flow.emit(ConditionSet(condition=condition, roll=roll))
    advantages = {seat: tuple(keys) for seat, keys in chosen.items()}
    flow.emit(SettingsSet(advantages=advantages, condition=condition))
    for seat, keys in advantages.items():
        if "heroic" in keys:
            _heroic(flow, seat)
        if "veterans" in keys:
            _veterans(flow, seat)
        if "desertion" in keys:
            _desertion(flow, seat)


def _roll_for(flow: Flow, seat: str) -> list[str]:
    raw = flow.dice(1, f"{seat} advantage")[0]
    if raw not in ADVANTAGE_ROLLS:
        flow.emit(AdvantagesRolled(seat=seat, roll=raw))
        return []
    second = flow.dice(1, f"{seat} disadvantage")[0]
    good, bad = ADVANTAGE_ROLLS[raw], DISADVANTAGE_ROLLS[second]
    flow.emit(
        AdvantagesRolled(seat=seat, roll=raw, advantage=good, second=second, disadvantage=bad)
    )
    return [good, bad]


def _natural(unit_id: str) -> tuple[str, int, str]:
    match = re.fullmatch(r"([A-Za-z]*)(\d+)(.*)", unit_id)
    if match is None:
        return unit_id, 0, ""
    return match.group(1), int(match.group(2)), match.group(3)


def _fielded(state: WastelandState, seat: str) -> list[WUnit]:
    return sorted((u for u in state.units_of(seat) if not u.gone), key=lambda u: _natural(u.id))


def _heroic(flow: Flow, seat: str) -> None:
    state = flow.state
    commands = [u for u in _fielded(state, seat) if profile_in_play(state, u).type == "command"]
    if not commands:
        flow.emit(HeroicFigure(seat=seat))
        return
    hero = min(
        commands, key=lambda u: (-profile_in_play(state, u).value("leadership"), _natural(u.id))
    )
    updates: dict[str, object] = {"heroic_figure": True}
    wounds = None
    if len(hero.models) == 1:
        wounds = profile_in_play(state, hero).value("tough") + 2
        updates["models"] = (hero.models[0].model_copy(update={"wounds": wounds}),)
    put(flow, hero.model_copy(update=updates))
    flow.emit(HeroicFigure(seat=seat, unit=hero.id, name=hero.name, wounds=wounds))


def _veterans(flow: Flow, seat: str) -> None:
    units = [
        u.model_copy(update={"rules_extra": (*u.rules_extra, "stubborn")})
        for u in _fielded(flow.state, seat)
    ]
    if units:
        put(flow, *units)
    flow.emit(VeteransGranted(seat=seat))


def _desertion(flow: Flow, seat: str) -> None:
    units = _fielded(flow.state, seat)
    if not units:
        return
    rolls: list[tuple[str, int]] = []
    told = DesertionRolled(seat=seat, rolls=(), limit=DESERTION_LIMIT)
    for i in range(DESERTION_LIMIT):
        unit = units[i % len(units)]
        raw = flow.dice(1, f"{seat} desertion: {unit.id}")[0]
        rolls.append((unit.id, raw))
        if raw == 1:
            _desert(flow, unit.id)
            deserter = {"deserter": unit.id, "name": unit.name}
            flow.emit(told.model_copy(update={"rolls": tuple(rolls), **deserter}))
            return
    flow.emit(told.model_copy(update={"rolls": tuple(rolls)}))


def _desert(flow: Flow, unit_id: str) -> None:
    unit = flow.state.units[unit_id]
    changed = [unit.model_copy(update={"status": "deserted", "embarked_in": None})]
    for passenger in flow.state.units.values():
        if passenger.embarked_in == unit_id:
            status = "reserve" if passenger.status == "embarked" else passenger.status
            changed.append(passenger.model_copy(update={"embarked_in": None, "status": status}))
    put(flow, *changed)
