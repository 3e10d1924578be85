"""The black-powder game in German: the same scripted actions narrated and refused in
both languages, German verbs and names read as the English ones, no English word that the
terms table can translate left in a German refusal, and through the service a German
player's refusal and narration in German."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.service import ActionRefused, GameService
from bot.service.options import parse_options
from rules.blackpowder import actions as act
from rules.blackpowder.actions import Command, EndGo, HoldBack, Move, PlayCard, Shoot
from rules.blackpowder.events import Formed, PointsGained, ScenarioSet
from rules.blackpowder.options import BlackPowderOptions
from rules.blackpowder.phrasebook import SAYINGS
from rules.blackpowder.state import BPState
from rules.blackpowder.system import BlackPowderSystem
from rules.blackpowder.terms import TERMS
from rules.core.language import Language
from rules.core.rejection import Rejection
from tests.blackpowder.deciding import accepted, hide, nearest_fallen, refused, scene, with_unit
from tests.blackpowder.engine import set_up_game
from tests.blackpowder.test_engine_cards import bravo_holding
from tests.blackpowder.test_engine_casualty_picks import waiting
from tests.blackpowder.test_engine_fire import volley_at
from tests.blackpowder.test_engine_flight import fleeing_rangers
from tests.blackpowder.test_engine_melee import face_off
from tests.blackpowder.test_engine_movement import at, commanded, plain
from tests.blackpowder.test_engine_spotting import in_weather
from tests.blackpowder.test_formations import garrison
from tests.conftest import ALICE, BOB, CHANNEL
from tests.core.test_every_system import _play

EN, DE = Language.ENGLISH, Language.GERMAN
SYSTEM = BlackPowderSystem()

# English words that are German words too, and may stand in a German sentence
SHARED = {"hand", "reserve"}


def english_terms() -> set[str]:
    words = set()
    for term in TERMS:
        for english in (term.english, *term.also):
            if english.lower() not in SHARED and not any(
                english.lower() == german.lower() for german in term.german
            ):
                words.add(english.lower().rstrip("!"))
    return words


def leaked(german: str) -> list[str]:
    """The English terms a German text still says."""
    text = german.lower()
    return sorted(w for w in english_terms() if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text))


def test_a_volley_is_narrated_in_both_languages() -> None:
    state = volley_at()
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[5, 5, 3, 9, 10, 1, 4, 2, 7, 2]
    )
    english = [SYSTEM.describe_in(e, after, EN) for e in events]
    german = [SYSTEM.describe_in(e, after, DE) for e in events]
    assert english == [SYSTEM.describe(e, after) for e in events]
    assert (
        "B4 fires its Musket at A2: to hit 4+: 5 5 3 9 0 1 (3 hits); to kill 4+ (strength up"
        " to half range): 4 2 7 (2 killed); powder smoke."
    ) in english
    assert (
        "B4 feuert auf A2 (Muskete): Treffer 4+: 5 5 3 9 0 1 (3 Treffer); Verwunden 4+"
        " (Stärke bis halbe Reichweite): 4 2 7 (2 ausgeschaltet); Pulverdampf."
    ) in german
    assert "A2 verliert 2 Modelle." in german
    assert (
        "A2 macht einen Reaktionstest (Beschuss durch B4): Würfel 2 (+2 10 oder mehr Modelle,"
        " -1 Schützen nicht entdeckt) = 3: Kein Effekt."
    ) in german
    for line in german:
        if line is not None:
            assert leaked(line) == [], line


def test_a_move_is_narrated_in_both_languages() -> None:
    state = commanded(plain({"B2": at(2, 19)}), "B2")
    after, events = accepted(state, "bravo", Move(unit="B2", to=at(14.75, 19)))
    moved = [e for e in events if SYSTEM.describe(e, after)]
    lines = [(SYSTEM.describe_in(e, after, EN), SYSTEM.describe_in(e, after, DE)) for e in moved]
    assert (
        'B2 moves 6.0" (allowance 6"; +2 no enemy within 24").',
        'B2 bewegt sich 6.0" (Bewegungsweite 6"; +2 kein Feind innerhalb von 24").',
    ) in lines


def refusals() -> Iterator[tuple[str, Rejection]]:
    """Refusals of many kinds, each with what was tried."""
    charging, at_marker = act.Charge(unit="B4", target="A2"), act.Charge(unit="B4", target="M9")
    short = at(13.75, 21)
    yield (
        "shoot at a marker",
        refused(hide(volley_at(), "A2", "HA1"), "bravo", Shoot(unit="B4", target="HA1")),
    )
    foggy = in_weather(volley_at(y=40), "dense-fog")
    yield "shoot unspotted", refused(foggy, "bravo", Shoot(unit="B4", target="A2"))
    near = commanded(plain({"B2": at(2, 19), "A1": at(8.75, 30)}), "B2")
    yield "move too far", refused(near, "bravo", Move(unit="B2", to=at(14.75, 19)))
    holding = bravo_holding("thornbury-troop-militia")
    yield "cannot afford", refused(holding, "bravo", HoldBack(card="thornbury-troop-militia"))
    yield "not your go", refused(holding, "alpha", EndGo())
    yield "not in hand", refused(holding, "bravo", PlayCard(card="aldermoor-advance"))
    yield "no unit acts", refused(holding, "bravo", Move(unit="B2", to=at(3, 3)))
    yield "no command points", refused(holding, "bravo", Command(unit="B2"))
    far = volley_at(y=46)
    centre = sum(m.x for m in far.unit("B4").models) // 6
    shot = act.MoveShoot(unit="B4", to=(centre, 2050), target="A2")
    yield "move then shoot out of range", refused(far, "bravo", shot)
    unruly = commanded(garrison({"B3": at(8, 34)}), "B3")
    yield "form close", refused(unruly, "bravo", act.Form(unit="B3", formation="close"))
    ready = face_off()
    yield "charge shaken", refused(with_unit(ready, "B4", shaken=True), "bravo", charging)
    yield "charge a marker", refused(hide(ready, "A2", "M9"), "bravo", at_marker)
    yield "charge short", refused(ready, "bravo", act.Charge(unit="B4", target="A2", to=short))
    yield "fleeing moves", refused(fleeing_rangers(), "bravo", Move(unit="B4", to=at(13.75, 17)))
    asked = waiting()
    yield "pick out of sight", refused(asked, "alpha", act.PickCasualties(models=("1", "13")))
    yield "pick too few", refused(asked, "alpha", act.PickCasualties(models=("1",)))
    yield "others wait for the pick", refused(asked, "bravo", EndGo())
    yield "no pick waits", refused(volley_at(), "alpha", act.PickCasualties(nearest=True))
    typos = ("fly B2", "bewege Q9 nach 1,1", "spiele Nichts", "ende jetzt", "bewege B2")
    for typed in (*typos, "bewege B2 nach 500,500", "bewege B2 nach dort"):
        parsed = SYSTEM.parse_notation(typed, holding, "bravo")
        assert isinstance(parsed, Rejection), typed
        yield typed, parsed


@pytest.mark.parametrize("tried", [name for name, _ in refusals()])
def test_a_refusal_reads_in_german_with_no_english_term_left(tried: str) -> None:
    problem = dict(refusals())[tried]
    german, english = problem.explain(language=DE), problem.explain()
    assert german != english, german
    assert leaked(german) == [], german


def test_refusals_name_the_sheets_headings_in_german() -> None:
    problem = dict(refusals())["move too far"]
    assert problem.explain() == (
        'B2\'s allowance is 4" (base 4": no modifiers); its farthest model would go 6.0".'
        " (003 Bewegung (movement))"
    )
    assert problem.explain(language=DE) == (
        'Die Bewegungsweite von B2 beträgt 4" (Grundwert 4": keine Modifikatoren); ihr'
        ' fernstes Modell ginge 6.0". (003 Bewegung)'
    )
    unknown = dict(refusals())["fly B2"].explain(language=DE)
    assert unknown.startswith("Unbekannte Aktion 'fly'. Jetzt kannst du: `spiele <Karte>")


def test_a_point_off_the_table_or_no_point_at_all_is_refused_in_german() -> None:
    off = dict(refusals())["bewege B2 nach 500,500"]
    assert off.explain(language=DE).startswith(
        "500.0,500.0 liegt nicht auf dem Tisch, der 48 mal 48 Zoll misst (x 0-48 ab der"
        " linken Kante, y 0-48 ab der oberen Kante)."
    )
    assert off.explain().startswith("500.0,500.0 is off the table, which is 48 by 48 inches")
    nowhere = dict(refusals())["bewege B2 nach dort"].explain(language=DE)
    assert nowhere.startswith("'dort' ist kein Punkt. Schreib Zoll ab der linken oberen Ecke")


def test_units_and_cards_are_listed_by_their_german_names() -> None:
    missing_unit = dict(refusals())["bewege Q9 nach 1,1"]
    assert "Einheiten: HB1 (B1 Milizoberst), " in missing_unit.explain(language=DE)
    assert "Units: HB1 (B1 Militia colonel), " in missing_unit.explain()
    missing_card = dict(refusals())["spiele Nichts"].explain(language=DE)
    assert missing_card.startswith(
        "Kein Treffer für Karte 'Nichts'. Karten auf deiner Kartenhand oder in der Reserve:"
        " Aufgebot (`thornbury-troop-militia`)."
    )


def test_german_verbs_and_names_read_as_the_english_ones() -> None:
    state = scene(set_up_game()[0], {"B2": (1000, 1900), "A2": (1000, 2700)})
    card = state.player("bravo").hand[0]
    german_name = state.cards[card].name_de
    read = SYSTEM.parse_notation
    assert read(f"spiele {german_name}", state, "bravo") == act.PlayCard(card=card)
    assert read(f"spiele {card} ablehnen", state, "bravo") == act.PlayCard(card=card, decline=True)
    assert read("bewege B2 nach 30,20", state, "bravo") == read("move B2 to 30,20", state, "bravo")
    assert read("schieße B2 auf A2 mit Muskete", state, "bravo") == act.Shoot(
        unit="B2", target="A2", weapon="musket"
    )
    assert read("haltet stand B2", state, "bravo") == act.StandFast(unit="B2")
    assert read("befehl B2", state, "bravo") == act.Command(unit="B2")
    assert read("befehl Provinzkompanie", state, "bravo") == act.Command(unit="B2")
    assert read("ende", state, "bravo") == act.EndGo()
    assert read("ZURÜCKWEICHEN", state, "bravo") == act.ChooseReaction(choice="fall-back")


def test_every_saying_has_the_same_fields_in_both_languages() -> None:
    fields = re.compile(r"\{(\w+)\}")
    for key, (english, german) in SAYINGS.items():
        assert set(fields.findall(english)) == set(fields.findall(german)), key


async def test_a_german_player_is_refused_and_narrated_in_german(service: GameService) -> None:
    await service.create(CHANNEL, 1, ALICE, "blackpowder")
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    go = SYSTEM.status(game.state).waiting_on[0]
    german = (await service.status(CHANNEL, ALICE.user_id, DE)).progress
    english = (await service.status(CHANNEL, ALICE.user_id)).progress
    assert german is not None and german.phase.startswith("Runde 1: ")
    assert english is not None and english.phase.startswith("turn 1: ")
    waiting, other = (ALICE, BOB) if game.seat_of(ALICE.user_id) == go else (BOB, ALICE)
    with pytest.raises(ActionRefused) as refusal:
        await service.act(CHANNEL, other, "ende", language=DE)
    assert refusal.value.message.endswith("ist am Zug. (Umpire-Lesart 4 (der Zug eines Spielers))")
    with pytest.raises(ActionRefused) as refused_in_english:
        await service.act(CHANNEL, other, "end")
    assert "'s go. (Umpire reading 4 (a player's go))" in refused_in_english.value.message
    play = next(
        c.notation for c in service.suggestions.of(game, go) if c.notation.startswith("play")
    )
    outcome = await service.act(CHANNEL, waiting, play, language=DE)
    assert any(" spielt " in line for line in outcome.public), outcome.public


@pytest.mark.parametrize("number", (1, 2))
def test_every_line_of_automatic_games_reads_in_german(number: int) -> None:
    state, log = _play(SYSTEM, number)
    assert isinstance(state, BPState)
    lines = 0
    for event in log:
        english, german = SYSTEM.describe_in(event, state, EN), SYSTEM.describe_in(event, state, DE)
        if german is None:
            assert english is None
            continue
        lines += 1
        assert leaked(german) == [], german
    assert lines > 20


def test_a_faction_card_gives_its_points_under_its_german_name() -> None:
    state = set_up_game()[0]
    faction = next(c for c, card in state.cards.items() if card.kind == "faction")
    card = state.cards[faction]
    gained = PointsGained(seat="bravo", points=2, why=card.name)
    assert SYSTEM.describe_in(gained, state, DE) == (
        f"Bravo erhält 2 Kommandopunkte: {card.name_de}."
    )
    other = PointsGained(seat="bravo", points=1, why=f"{card.name} is a card of the other side")
    assert SYSTEM.describe_in(other, state, DE) == (
        f"Bravo erhält 1 Kommandopunkt: {card.name_de} ist eine Karte der Gegenseite."
    )


def test_status_and_prompts_are_worded_in_german_with_the_same_questions() -> None:
    state = bravo_holding("thornbury-troop-militia")
    assert SYSTEM.status_in(state, EN) == SYSTEM.status(state)
    german = SYSTEM.status_in(state, DE)
    assert german.phase == "Runde 1: Bravo ist am Zug (Karten und Befehle)"
    assert german.waiting_on == SYSTEM.status(state).waiting_on
    [english_prompt] = SYSTEM.prompts(state)
    [german_prompt] = SYSTEM.prompts_in(state, DE)
    assert german_prompt.text.startswith("Spiele eine Karte (`spiele <Karte>`)")
    # the same question: only the words differ, the choices' labels with them
    assert (
        german_prompt.model_copy(
            update={"text": english_prompt.text, "choices": english_prompt.choices}
        )
        == english_prompt
    )
    assert [c.notation for c in german_prompt.choices] == [
        c.notation for c in english_prompt.choices
    ]
    assert german_prompt.choices[0].label.endswith(" spielen")
    assert leaked(german.phase + german_prompt.text) == []


def test_a_formation_reads_and_is_narrated_in_german() -> None:
    state = commanded(plain({"B2": at(8, 19)}), "B2")
    read = SYSTEM.parse_notation
    assert read("formiere B2 locker", state, "bravo") == act.Form(unit="B2", formation="loose")
    assert read("formation B2 kolonne richtung 40,24", state, "bravo") == act.Form(
        unit="B2", formation="column", towards=at(40, 24)
    )
    after, events = accepted(state, "bravo", act.Form(unit="B2", formation="loose"))
    formed = next(e for e in events if isinstance(e, Formed))
    assert SYSTEM.describe_in(formed, after, EN) == "B2 forms in loose order."
    assert SYSTEM.describe_in(formed, after, DE) == "B2 formiert sich in lockerer Ordnung."
    problem = read("formiere B2 quer", state, "bravo")
    assert isinstance(problem, Rejection)
    german = problem.explain(language=DE)
    assert german.startswith("'quer' ist keine Formation: geschlossen, offen, locker oder")
    assert leaked(german) == [], german


def test_moving_then_shooting_reads_in_german() -> None:
    state = scene(set_up_game()[0], {"B2": (1000, 1900), "A2": (1000, 2700)})
    read = SYSTEM.parse_notation
    assert read("bewege B2 nach 10,20 dann schieße auf A2 mit Muskete", state, "bravo") == (
        act.MoveShoot(unit="B2", to=at(10, 20), target="A2", weapon="musket")
    )


def test_the_scenario_and_the_game_over_line_read_in_german() -> None:
    state, events = set_up_game(scenario="farmstead-raid")
    chosen = next(e for e in events if isinstance(e, ScenarioSet))
    german = SYSTEM.describe_in(chosen, state, DE) or ""
    assert german.startswith("Die Schlacht wird als **")
    assert "Ziele: Wohnhaus bei 23,22; Scheune bei 33,27; Brunnen bei 27,23." in german
    assert "Farmhouse" not in german
    status = SYSTEM.status_in(state, DE).summary
    assert ", Runde 1 von " in status and "Farmhouse" not in status
    over = state.model_copy(
        update={
            "finished": True,
            "end_reason": "The last of 6 turns is over: Alpha (Defenders) has held out to the end.",
        }
    )
    assert SYSTEM.status_in(over, DE).summary == (
        "Die letzte von 6 Runden ist vorbei: Alpha (Verteidiger) hat bis zum Ende durchgehalten."
    )


@pytest.mark.parametrize(
    ("typed", "weather"),
    [("Sturm", "storm"), ("dichter Nebel", "dense-fog"), ("Dämmerung", "dusk"), ("storm", "storm")],
)
def test_the_sheets_weather_words_are_option_values(typed: str, weather: str) -> None:
    chosen = BlackPowderOptions.model_validate({"weather": typed})
    assert chosen.weather == weather


def test_a_table_or_turns_the_scenario_would_ignore_are_refused() -> None:
    system = BlackPowderSystem()
    ignored = parse_options(BlackPowderOptions, "scenario=farmstead-raid table=mill-clearing")
    problem = system.check_options(ignored)
    assert problem is not None and "its own table, farmstead" in problem
    assert "5 turns of its own" in (
        system.check_options(parse_options(BlackPowderOptions, "scenario=road-ambush turns=8"))
        or ""
    )
    assert (
        system.check_options(parse_options(BlackPowderOptions, "scenario=farmstead-raid")) is None
    )


def test_nahkampf_names_the_charge() -> None:
    state = face_off()
    read = SYSTEM.parse_notation("nahkampf B4 A2", state, "bravo")
    assert read == act.Charge(unit="B4", target="A2")
