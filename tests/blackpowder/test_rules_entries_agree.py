"""The `/rules` entries of the black-powder game (``rules/blackpowder/reference/
rules_blackpowder.json`` and its German companion) quote the numbers this package plays:
ability costs, command points, movement, rally scores, reaction-test and ranged modifiers,
weapons, spotting distances, weather, the losses of leaving a melee, forming up, the hasty
shot, the reach of an objective, the bundled scenarios, and every verb `/act` reads with
its German word."""

from __future__ import annotations

import re

import pytest

from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.content.loading import load_catalog
from rules.blackpowder.content.units import QUALITIES, SpecialRule
from rules.blackpowder.formations import GAPS, RANK
from rules.blackpowder.modifiers import Modifier, total
from rules.blackpowder.notation import VERBS, Reader
from rules.blackpowder.options import BlackPowderOptions
from rules.blackpowder.setup import SPACING
from rules.blackpowder.system import BlackPowderSystem
from rules.blackpowder.tables.casualties import LOSING_FACES
from rules.blackpowder.tables.command import (
    ENEMY_CARD_POINTS,
    FIXED_COSTS,
    LOST_TROOP_POINTS,
    advance_card_points,
    command_cost,
)
from rules.blackpowder.tables.movement import BASE_INCHES, MINIMUM_INCHES, movement_allowance
from rules.blackpowder.tables.reactions import (
    RALLY_SCORES,
    ROW_TWO,
    ReactingUnit,
    after_fire_modifiers,
    after_melee_modifiers,
    common_modifiers,
)
from rules.blackpowder.tables.shooting import (
    EXTREME_RANGE,
    LONG_RANGE,
    hit_modifiers,
    kill_modifiers,
)
from rules.blackpowder.tables.spotting import DISTANCES, WEATHER_COLUMNS
from rules.blackpowder.terms import english, german
from rules.blackpowder.victory import OBJECTIVE_REACH
from rules.core.packs import read_model
from rules.core.verbs import Verb
from rules.geometry.units import PER_INCH
from rules.reference.entries import RulesPack

FOLDER = BlackPowderSystem.reference
assert FOLDER is not None


def _bodies(name: str) -> dict[str, str]:
    pack = read_model(FOLDER / name, RulesPack)
    return {entry.id: entry.body.replace("*", "") for entry in pack.entries}


@pytest.fixture(scope="module")
def en() -> dict[str, str]:
    return _bodies("rules_blackpowder.json")


@pytest.fixture(scope="module")
def de() -> dict[str, str]:
    return _bodies("rules_blackpowder.de.json")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _inches(value: int) -> str:
    return f'{value:+d}"'


def _only(modifiers: tuple[Modifier, ...]) -> int:
    """The value of the one modifier a case is built to produce."""
    assert len(modifiers) == 1, modifiers
    return modifiers[0].value


def test_ability_costs(en: dict[str, str], de: dict[str, str]) -> None:
    for ability, cost in FIXED_COSTS.items():
        assert f"Cost {cost}." in en[ability], ability
        assert f"Kosten {cost}." in de[ability], ability
        assert f"{english(ability)} ({german(ability)}) — {cost}" in en["command-pool"]
        assert f"{german(ability)} — {cost}" in de["command-pool"]
    small, middle, large = command_cost(7), command_cost(8), command_cost(12)
    assert (command_cost(1), command_cost(11), command_cost(30)) == (small, middle, large)
    assert f"{small} points for 7 models or fewer" in en["command"]
    assert f"{middle} points for 8-11 models" in en["command"]
    assert f"{large} points for 12 models or more" in en["command"]
    assert f"{small} Punkte bei 7 oder weniger Modellen" in de["command"]
    assert f"{middle} Punkte bei 8-11 Modellen" in de["command"]
    assert f"{large} Punkte bei 12 oder mehr Modellen" in de["command"]
    assert f"{small}, {middle} or {large} by the unit's size" in en["command-pool"]
    assert f"{small}, {middle} oder {large} je nach Größe" in de["command-pool"]


def test_command_points(en: dict[str, str], de: dict[str, str]) -> None:
    per_officer = advance_card_points(1) - advance_card_points(0)
    body, körper = en["command-points"], de["command-points"]
    assert f"{ENEMY_CARD_POINTS} for playing any card of the other side" in body
    assert f"{advance_card_points(0)}, plus {per_officer} per officer" in body
    assert f"{LOST_TROOP_POINTS} for playing your own troop card" in body
    assert f"{ENEMY_CARD_POINTS} für das Ausspielen jeder Karte der Gegenseite" in körper
    assert f"{advance_card_points(0)}, plus {per_officer} für jeden eigenen Offizier" in körper
    assert f"{LOST_TROOP_POINTS} für das Ausspielen einer eigenen Truppenkarte" in körper


def _gain(rules: tuple[SpecialRule, ...] = (), **kw: object) -> int:
    kw.setdefault("enemy_within_24", True)
    return movement_allowance(rules, **kw).inches - BASE_INCHES  # type: ignore[arg-type]


Case = tuple[tuple[SpecialRule, ...], tuple[tuple[str, object], ...]]


def test_movement(en: dict[str, str], de: dict[str, str]) -> None:
    lines: dict[Case, tuple[str, str]] = {
        (("scouts",), ()): ("Scouts", "Kundschafter"),
        (("locals",), ()): ("Local knowledge", "Ortskundig"),
        (("cavalry",), ()): ("Cavalry", "Kavallerie"),
        (("light-cavalry",), ()): ("Light cavalry", "Leichte Kavallerie"),
        ((), (("enemy_within_24", False),)): (
            'No enemy model within 24" at the start of the move',
            'Kein feindliches Modell innerhalb von 24" zu Beginn der Bewegung',
        ),
        ((), (("entering", "difficult"),)): (
            "Entering difficult ground or a building",
            "Schwieriges Gelände oder Gebäude betreten",
        ),
        ((), (("building", True),)): (
            "Entering difficult ground or a building",
            "Schwieriges Gelände oder Gebäude betreten",
        ),
        ((), (("entering", "very-difficult"),)): (
            "Very difficult ground",
            "Sehr schwieriges Gelände",
        ),
        ((), (("low_obstacles", 1),)): (
            "Each low obstacle crossed",
            "Je überquertem niedrigem Hindernis",
        ),
        ((), (("road", "column"),)): (
            "single model or unit in column",
            "Einzelmodell oder Einheit in Kolonne",
        ),
        ((), (("road", "other"),)): ("others", "andere"),
    }
    for (rules, options), (english_line, german_line) in lines.items():
        gain = _inches(_gain(rules, **dict(options)))
        assert f"{english_line} {gain}" in en["movement"], english_line
        assert f"{german_line} {gain}" in de["movement"], german_line
    both = _gain(("scouts", "locals"))
    assert both == _gain(("scouts",)) + _gain(("locals",))
    assert _gain(("cavalry", "light-cavalry")) == _gain(("light-cavalry",))
    assert f'Start from {BASE_INCHES}"' in en["movement"]
    assert f'Grundwert {BASE_INCHES}"' in de["movement"]
    assert f'never falls below {MINIMUM_INCHES}"' in en["movement"]
    assert f'sinkt nie unter {MINIMUM_INCHES}"' in de["movement"]


def test_rally_scores(en: dict[str, str], de: dict[str, str]) -> None:
    for quality in QUALITIES:
        score = RALLY_SCORES[quality]
        assert f"{english(quality)} ({german(quality)}) {score}+" in en["troop-qualities"]
        assert f"{german(quality)} {score}+" in de["troop-qualities"]
        assert f"{english(quality).lower()} {score}+" in en["rally"]
        assert f"{german(quality)} {score}+" in de["rally"]


def test_row_two_of_the_reaction_table(en: dict[str, str], de: dict[str, str]) -> None:
    def having(outcome: str) -> list[str]:
        return [q for q in QUALITIES if ROW_TWO[q] == outcome]

    assert having("fall-back-or-shaken") == ["trained", "recruit"]
    assert having("fall-back") == ["skirmisher"]
    assert having("fall-back-and-shaken") == ["native", "warrior", "conscript"]
    body, körper = en["reaction-table"], de["reaction-table"]
    assert "trained and recruit fall back or shaken" in body
    assert "skirmisher fall back;" in body
    assert "native, warrior and conscript fall back and shaken" in body
    assert "Ausgebildet und Rekrut Zurückweichen oder erschüttert" in körper
    assert "Plänkler Zurückweichen;" in körper
    assert "Einheimisch, Krieger und Eingezogen Zurückweichen und erschüttert" in körper


def test_reaction_modifiers(en: dict[str, str], de: dict[str, str]) -> None:
    few = ReactingUnit(models=4)
    cases = [
        (
            _only(common_modifiers(ReactingUnit(models=4, officer_within_6=True))),
            "the unit is an officer, or an officer of its troop type is within 6",
            "die Einheit ist ein Offizier, oder ein Offizier ihres Truppentyps",
        ),
        (
            _only(common_modifiers(ReactingUnit(models=6))),
            "at least 6 models",
            "mindestens 6 Modelle",
        ),
        (
            _only(common_modifiers(ReactingUnit(models=10))),
            "at least 10 models",
            "mindestens 10 Modelle",
        ),
        (
            _only(common_modifiers(ReactingUnit(models=4, in_close_formation=True))),
            "in close formation",
            "in geschlossener Formation",
        ),
        (
            _only(common_modifiers(ReactingUnit(models=3))),
            "not an officer and 3 models or fewer",
            "kein Offizier und 3 oder weniger Modelle",
        ),
        (
            _only(common_modifiers(few, morale_card=True)),
            "caused by a morale card",
            "durch eine Moralkarte ausgelöst",
        ),
        (
            _only(after_fire_modifiers(casualties=1, locals_in_cover=True)),
            "Local knowledge, wholly inside an area of light or medium cover",
            "ortskundig und ganz in einer Zone mit leichter oder mittlerer Deckung",
        ),
        (
            _only(after_fire_modifiers(casualties=1, all_in_hard_cover=True)),
            "every model in hard cover",
            "jedes Modell in harter Deckung",
        ),
        (
            _only(after_fire_modifiers(casualties=1, volley=True, shooters_unseen=True)),
            "a volley, the shooters out of sight, or not spotted before the fire (once only)",
            "eine Salve, Schützen außer Sicht oder vor dem Feuer nicht entdeckt (nur einmal)",
        ),
        (
            _only(after_fire_modifiers(casualties=3)),
            "at least 3 casualties from this fire",
            "mindestens 3 Verluste durch dieses Feuer",
        ),
        (
            _only(after_fire_modifiers(casualties=1, artillery_or_formed_fire=True)),
            "artillery fire, or fire of a formed unit with Close formation",
            "Artilleriebeschuss oder Feuer einer formierten Einheit",
        ),
        (
            _only(
                after_melee_modifiers(
                    casualties=1, enemy_casualties=1, models_left=4, enemy_models_left=4
                )
            ),
            "per casualty the unit took in it",
            "je Verlust der Einheit darin",
        ),
        (
            total(
                after_melee_modifiers(
                    casualties=1, enemy_casualties=1, models_left=8, enemy_models_left=4
                )
            )
            + 1,
            "at least twice as many models in the melee as the enemy",
            "nach den Verlusten mindestens doppelt so viele Modelle im Nahkampf wie der Gegner",
        ),
        (
            total(
                after_melee_modifiers(
                    casualties=1,
                    enemy_casualties=1,
                    models_left=4,
                    enemy_models_left=4,
                    surprised=True,
                )
            )
            + 1,
            "the melee followed a surprise attack",
            "der Nahkampf folgte auf einen Überraschungsangriff",
        ),
        (
            _only(
                after_melee_modifiers(
                    casualties=0, enemy_casualties=0, models_left=4, enemy_models_left=4
                )
            ),
            "no casualties, or fewer than the enemy",
            "keine Verluste oder weniger als der Gegner",
        ),
    ]
    for value, english_line, german_line in cases:
        assert f"{value:+d} {english_line}" in en["reaction-modifiers"], english_line
        assert f"{value:+d} {german_line}" in de["reaction-modifiers"], german_line


def test_ranged_modifiers(en: dict[str, str], de: dict[str, str]) -> None:
    def value(distance: float = 6, **kw: object) -> int:
        return total(hit_modifiers(distance, **kw))  # type: ignore[arg-type]

    body, körper = en["ranged-modifiers"], de["ranged-modifiers"]
    long, extreme = value(LONG_RANGE + 1), value(EXTREME_RANGE + 1)
    light, medium, hard = (value(target_cover=c) for c in ("light", "medium", "hard"))
    english_lines = [
        f"Hasty shot {value(hasty=True):+d}",
        f'Long range (over {LONG_RANGE}") {long:+d}, or extreme range'
        f' (over {EXTREME_RANGE}") {extreme:+d}',
        f"Each obstacle crossed {value(obstacles=1):+d}",
        f"Target in loose formation {value(loose_formation=True):+d}",
        f"Target in light cover {light:+d}, medium cover {medium:+d}, hard cover {hard:+d}",
        f"Target is cavalry {value(cavalry_target=True):+d}",
        f"Large target (wagon, boat) {value(large_target=True):+d}",
        f"impossible shot {_only(kill_modifiers(impossible_shot=True)):+d}",
    ]
    german_lines = [
        f"Hastiger Schuss {value(hasty=True):+d}",
        f'Lange Reichweite (über {LONG_RANGE}") {long:+d} oder extreme Reichweite'
        f' (über {EXTREME_RANGE}") {extreme:+d}',
        f"Je überquertem Hindernis {value(obstacles=1):+d}",
        f"Ziel in lockerer Formation {value(loose_formation=True):+d}",
        f"Ziel in leichter Deckung {light:+d}, mittlerer Deckung {medium:+d},"
        f" harter Deckung {hard:+d}",
        f"Ziel ist Kavallerie {value(cavalry_target=True):+d}",
        f"Großes Ziel (Wagen, Boot) {value(large_target=True):+d}",
        f"unmöglicher Schuss {_only(kill_modifiers(impossible_shot=True)):+d}",
    ]
    for line in english_lines:
        assert line in body, line
    for line in german_lines:
        assert line in körper, line
    assert f"light cover {light:+d} to hit, medium {medium:+d}, hard {hard:+d}" in en["cover"]


_RULE_WORDS = {
    "single-shot": ("single shot", "Einzelschuss"),
    "black-powder": ("black powder", "Schwarzpulverwaffe"),
}


def test_weapons(en: dict[str, str], de: dict[str, str], catalog: Catalog) -> None:
    for ident, weapon in catalog.ranged_weapons.items():
        strength = (
            f"{weapon.near}+" if weapon.near == weapon.far else f"{weapon.near}+/{weapon.far}+"
        )
        rules_en = "".join(f", {_RULE_WORDS[r][0]}" for r in weapon.rules)
        rules_de = "".join(f", {_RULE_WORDS[r][1]}" for r in weapon.rules)
        line_en = f'• {english(ident)} {weapon.range}", {strength}{rules_en}\n'
        line_de = f'• {german(ident)} {weapon.range}", {strength}{rules_de}\n'
        assert line_en in en["weapons"] + "\n", line_en
        assert line_de in de["weapons"] + "\n", line_de
    artillery = catalog.ranged_weapons["artillery"]
    assert f'up to {artillery.range}" and kills on {artillery.near}+' in en["artillery"]
    assert f'bis {artillery.range}" weit' in de["artillery"]


def test_spotting_distances_and_weather(en: dict[str, str], de: dict[str, str]) -> None:
    columns = ", ".join(f'{d}"' for d in DISTANCES)
    assert f"The table's columns: {columns}." in en["spotting"]
    assert f"Die Spalten der Tabelle: {columns}." in de["spotting"]
    assert f'last column, {DISTANCES[-1]}"' in en["spotting"]
    assert f'letzten Spalte, {DISTANCES[-1]}"' in de["spotting"]
    for weather, english_word, german_word in (
        ("heavy-rain", "Heavy rain", "Starker Regen"),
        ("dusk", "Dusk", "Dämmerung"),
        ("darkness", "Darkness or light fog", "Dunkelheit oder leichter Nebel"),
        ("light-fog", "Darkness or light fog", "Dunkelheit oder leichter Nebel"),
        ("dense-fog", "Dense fog or storm", "Dichter Nebel oder Sturm"),
        ("storm", "Dense fog or storm", "Dichter Nebel oder Sturm"),
    ):
        shift = WEATHER_COLUMNS[weather]  # type: ignore[index]
        unit = "column" if abs(shift) == 1 else "columns"
        einheit = "Spalte" if abs(shift) == 1 else "Spalten"
        assert f"{english_word}: {shift:+d} {unit}" in en["weather"], weather
        assert f"{german_word}: {shift:+d} {einheit}" in de["weather"], weather
        assert f"{english_word.lower()} {shift:+d}" in en["spotting-modifiers"], weather
        assert f"{german_word.lower()} {shift:+d}" in de["spotting-modifiers"].lower(), weather
    assert WEATHER_COLUMNS["clear"] == 0


def test_leaving_a_melee(en: dict[str, str], de: dict[str, str]) -> None:
    (fall_back,) = LOSING_FACES["fall-back"]
    assert f"each {fall_back} removes a model" in en["fall-back"]
    assert f"Jede {fall_back} entfernt ein Modell" in de["fall-back"]
    *first, last = sorted(LOSING_FACES["flight"])
    faces = ", ".join(str(f) for f in first)
    assert f"each {faces} or {last} removes a model" in en["flight"]
    assert f"Jede {faces} oder {last} entfernt ein Modell" in de["flight"]


def _keywords(usage: str) -> list[str]:
    """The words a usage line is typed with: ``move <unit> to x,y [then shoot at <enemy
    unit> [with <weapon>]]`` reads move, to, then, shoot, at and with."""
    bare_words = re.sub(r"<[^>]*>|x,y", " ", usage)
    return re.findall(r"[^\W\d_]+", bare_words)


@pytest.mark.parametrize("verb", VERBS.verbs, ids=[verb.word for verb in VERBS.verbs])
def test_act_commands_name_every_verb_and_its_german_word(
    verb: Verb[Reader], en: dict[str, str], de: dict[str, str]
) -> None:
    assert verb.german is not None, verb.word
    german_word = verb.german.split(" <")[0].split(" [")[0]
    # the English entry leads with the English verb, the German one with the German verb,
    # each with the other language's word in brackets
    assert f"`{verb.word}" in en["act-commands"], verb.word
    assert re.search(rf"\({re.escape(german_word)}[ )]", en["act-commands"]), german_word
    assert f"`{german_word}" in de["act-commands"], german_word
    assert re.search(rf"\({re.escape(verb.word)}[ )]", de["act-commands"]), verb.word
    for body in (en["act-commands"], de["act-commands"]):
        # every word of the command, and of its German form, with what follows it
        for keyword in _keywords(verb.usage):
            assert re.search(rf"\b{re.escape(keyword)}\b", body), (verb.word, keyword)
        for keyword in _keywords(verb.german):
            assert re.search(rf"\b{re.escape(keyword)}\b", body), (verb.german, keyword)


def test_forming_up(en: dict[str, str], de: dict[str, str]) -> None:
    close = _only(common_modifiers(ReactingUnit(models=4, in_close_formation=True)))
    loose = GAPS["loose"] / PER_INCH
    assert GAPS["open"] == GAPS["column"] == SPACING == PER_INCH // 2
    road = _inches(_gain(road="column"))
    body, körper = en["forming-up"], de["forming-up"]
    assert f"up to {RANK} models stand in one rank" in body
    assert f"bis zu {RANK} Modelle stehen in einem Glied" in körper
    assert f"adds {close:+d} to its reaction tests" in body
    assert f"erhält {close:+d} auf ihre Reaktionstests" in körper
    assert f'the same block with {loose:g}" between bases' in body
    assert f'derselbe Block mit {loose:g}" zwischen den Bases' in körper
    assert "half an inch between bases" in body and "halber Zoll zwischen den Bases" in körper
    assert f"road it takes {road}" in body
    assert f"Straße erhält sie {road}" in körper


def test_moving_then_shooting(en: dict[str, str], de: dict[str, str]) -> None:
    hasty = total(hit_modifiers(6, hasty=True))
    assert f"hasty shot {hasty:+d}, only once" in en["move-and-shoot"]
    assert f"hastigen Schuss {hasty:+d} des Blatts, nur einmal" in de["move-and-shoot"]


def test_winning(en: dict[str, str], de: dict[str, str]) -> None:
    reach = _inches(OBJECTIVE_REACH // PER_INCH).lstrip("+")
    assert OBJECTIVE_REACH % PER_INCH == 0
    assert f"within {reach} of it (base edge to the point)" in en["winning"]
    assert f"innerhalb von {reach} davon steht (vom Rand der Base zum Punkt)" in de["winning"]


def _bullet(body: str, ident: str) -> str:
    (line,) = [line for line in body.splitlines() if f"(`{ident}`)" in line]
    return line


def test_the_bundled_scenarios_match_the_pack(
    en: dict[str, str], de: dict[str, str], catalog: Catalog
) -> None:
    assert f"(default `{BlackPowderOptions().scenario}`)" in en["scenarios"]
    assert f"(Vorgabe `{BlackPowderOptions().scenario}`)" in de["scenarios"]
    named = 0
    for ident, scenario in catalog.scenarios.items():
        line, zeile = _bullet(en["scenario-list"], ident), _bullet(de["scenario-list"], ident)
        named += 1
        assert line.startswith(f"• {scenario.name} (`{ident}`)"), line
        assert zeile.startswith(f"• {scenario.name_de} (`{ident}`)"), zeile
        if scenario.table is None:
            assert "the option's table" in line and "der Tisch der Option" in zeile
        else:
            table = catalog.tables[scenario.table]
            assert f"{table.name[0].lower()}{table.name[1:]}, " in line, line
            assert f"{table.name_de[0].lower()}{table.name_de[1:]}, " in zeile, zeile
        if scenario.turns is not None:
            assert f", {scenario.turns} turns" in line and f", {scenario.turns} Runden" in zeile
        if scenario.objectives:
            count = ("one", "two", "three", "four")[len(scenario.objectives) - 1]
            anzahl = ("ein", "zwei", "drei", "vier")[len(scenario.objectives) - 1]
            assert f"{count} objectives" in line and f"{anzahl} Missionsziele" in zeile
        hidden = [s.name for s in (scenario.first, scenario.second) if s.hidden]
        hidden_de = [s.name_de for s in (scenario.first, scenario.second) if s.hidden]
        assert ("deploy hidden" in line) == bool(hidden), line
        assert ("verborgen" in zeile) == bool(hidden), zeile
        for name, name_de in zip(hidden, hidden_de, strict=True):
            assert name.lower() in line.lower() and name_de in zeile
        seat = "second seat" if scenario.second.hidden else "first seat"
        if hidden:
            assert seat in line, line
    assert named == len(catalog.scenarios)
    assert len(en["scenario-list"].splitlines()) == len(catalog.scenarios) + 3
