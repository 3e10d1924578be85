"""Language as a parameter: a Discord locale chooses English or German, a phrase carries
both, a refusal made with one answers in either, and the verb table words its own
refusals and hints in German for verbs that have German forms."""

from __future__ import annotations

import pytest

from bot.service.narration import narrate
from rules.core.actions import Action
from rules.core.events import GameEnded, SeatConceded
from rules.core.language import Language, Phrase, language_of_locale, text_in
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.verbs import Verb, VerbTable, bare
from rules.demo.system import DemoSystem

EN, DE = Language.ENGLISH, Language.GERMAN


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("de", DE),
        ("de-AT", DE),
        ("DE_ch", DE),
        ("en-GB", EN),
        ("en-US", EN),
        ("fr", EN),
        ("es-ES", EN),
        ("", EN),
        (None, EN),
    ],
)
def test_a_locale_chooses_the_language(locale: str | None, language: Language) -> None:
    assert language_of_locale(locale) is language


def test_a_phrase_stands_in_english_where_it_has_no_german() -> None:
    both = Phrase("Turn 2 begins.", "Runde 2 beginnt.")
    assert both.in_(DE) == "Runde 2 beginnt." and both.in_(EN) == "Turn 2 begins."
    assert Phrase("Kiln").in_(DE) == "Kiln"
    joined = both + " (at dawn)"
    assert joined.in_(DE) == "Runde 2 beginnt. (at dawn)"
    assert (Phrase("a") + Phrase("b")).german is None
    assert text_in("plain", DE) == "plain"


def test_a_refusal_made_with_a_phrase_answers_in_either_language() -> None:
    refused = reject(
        RejectionCode.NOT_YOUR_TURN,
        Phrase("It is not your go.", "Du bist nicht am Zug."),
        Phrase("003 Bewegung (movement)", "003 Bewegung"),
        legal=[f"move {n}" for n in range(17)],
    )
    assert refused.message == "It is not your go."
    german = refused.explain(language=DE)
    assert german.startswith("Du bist nicht am Zug. (003 Bewegung)\nJetzt erlaubt: `move 0`")
    assert german.endswith(" und 2 weitere.")
    english = refused.explain()
    assert english.startswith("It is not your go. (003 Bewegung (movement))\nLegal now:")
    assert english.endswith(" and 2 more.")
    assert refused.in_(DE).message == "Du bist nicht am Zug."


def test_a_plain_refusal_is_the_same_in_every_language() -> None:
    refused = reject(RejectionCode.BAD_ARGUMENT, "No such unit.", "Rule 4")
    assert refused.translations == ()
    assert refused.explain(language=DE) == refused.explain() == "No such unit. (Rule 4)"
    # a German message keeps an English rule that has no German
    mixed = reject(RejectionCode.BAD_ARGUMENT, Phrase("No.", "Nein."), "Rule 4")
    assert mixed.explain(language=DE) == "Nein. (Rule 4)"


class Said(Action):
    type: str = "said"
    rest: str = ""


def _say(reader: object, rest: str) -> Action | Rejection:
    return Said(rest=rest)


GERMAN_TABLE: VerbTable[object] = VerbTable(
    [
        Verb("move", "move <unit> to x,y", _say, ("bewegen",), "bewegen <Einheit> nach x,y"),
        bare("end", Said(), aliases=("ende",), german="ende"),
    ]
)
ENGLISH_TABLE: VerbTable[object] = VerbTable([Verb("move", "move <unit>", _say)])


def test_the_verb_table_words_its_refusals_in_german_when_every_verb_has_a_german_form() -> None:
    unknown = GERMAN_TABLE.read("fly B2", None, ("move", "end"))
    assert isinstance(unknown, Rejection)
    assert unknown.explain(language=DE) == (
        "Unbekannte Aktion 'fly'. Jetzt kannst du: `bewegen <Einheit> nach x,y`; `ende`."
    )
    assert unknown.explain() == "Unknown action 'fly'. Now you can: `move <unit> to x,y`; `end`."
    empty = GERMAN_TABLE.read(" ", None, ("end",))
    assert isinstance(empty, Rejection)
    assert empty.explain(language=DE) == "Sag, was geschehen soll. Jetzt: `ende`."
    extra = GERMAN_TABLE.read("ende jetzt", None, ("end",))
    assert isinstance(extra, Rejection)
    assert (
        extra.explain(language=DE) == "`ende` nimmt nichts weiter; 'jetzt' ist nicht verständlich."
    )
    usage = GERMAN_TABLE.usage("move")
    assert usage.explain(language=DE) == "Schreib `bewegen <Einheit> nach x,y`."


def test_a_table_without_german_forms_refuses_in_english_alone() -> None:
    unknown = ENGLISH_TABLE.read("fly", None, ("move",))
    assert isinstance(unknown, Rejection)
    assert unknown.translations == ()
    assert unknown.explain(language=DE) == "Unknown action 'fly'. Now you can: `move <unit>`."


def test_a_verb_typed_in_german_is_hinted_in_german() -> None:
    assert GERMAN_TABLE.hints("bew", ("move", "end")) == ["bewegen <Einheit> nach x,y"]
    assert GERMAN_TABLE.hints("mo", ("move", "end")) == ["move <unit> to x,y"]


def test_core_events_are_narrated_in_german() -> None:
    system = DemoSystem()
    conceded = SeatConceded(seat="red")
    assert narrate(system, conceded, None, DE) == "🏳️ Red gibt auf."
    assert narrate(system, conceded) == "🏳️ Red conceded."
    ended = GameEnded(winners=("red", "blue"), reason="goal reached")
    assert (
        narrate(system, ended, None, DE) == "🏆 Spielende — Sieg für Red und Blue (goal reached)."
    )


def test_a_table_without_german_forms_says_there_is_nothing_to_do_in_english_alone() -> None:
    idle = ENGLISH_TABLE.read("fly", None, ())
    assert isinstance(idle, Rejection) and idle.translations == ()
    german_idle = GERMAN_TABLE.read("fly", None, ())
    assert isinstance(german_idle, Rejection)
    assert german_idle.explain(language=DE) == "Unbekannte Aktion 'fly'. Jetzt ist nichts zu tun."
