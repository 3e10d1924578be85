"""The black-powder picture in the game's language: its title, caption, key and terrain
labels come from the phrasebook, everything else is the same picture."""

from __future__ import annotations

from renderers import draw
from rules.blackpowder.system import BlackPowderSystem
from rules.core.language import Language
from rules.core.visibility import Viewer
from tests.blackpowder.boards import after_volleys
from tests.blackpowder.engine import catalog, set_up_game

SYSTEM = BlackPowderSystem(catalog())
WORDS = {"title", "caption", "areas", "barriers", "objectives", "mark_key"}


def test_a_german_game_draws_its_picture_in_german() -> None:
    state, _ = set_up_game()
    view = SYSTEM.view(state, Viewer.spectator())
    english = SYSTEM.scene_in(view, Language.ENGLISH)
    assert english == SYSTEM.scene(view)  # English is the picture as it always was
    german = SYSTEM.scene_in(view, Language.GERMAN)
    assert german.title == "Die Lichtung an der Mühle · Runde 1 von 6"
    areas = {a.id: a.label for a in german.areas}
    assert areas["north-wood"] == "Wald, mittlere Deckung"
    assert areas["track"] == "Straße"
    walls = {b.id: b.label for b in german.barriers}
    assert walls["wall"].endswith(", schwere Deckung")
    assert [m.code for m in german.mark_key] == [m.code for m in english.mark_key]
    assert german.mark_key[0].meaning == "Geschlossene Ordnung"
    # the same picture otherwise: only the words differ
    assert german.model_dump(exclude=WORDS) == english.model_dump(exclude=WORDS)
    assert [(a.points, a.classes) for a in german.areas] == [
        (a.points, a.classes) for a in english.areas
    ]
    assert draw(german) is not None


def test_the_caption_says_whose_go_it_is_in_german() -> None:
    state = after_volleys()
    view = SYSTEM.view(state, Viewer.spectator())
    english = SYSTEM.scene_in(view, Language.ENGLISH).caption
    german = SYSTEM.scene_in(view, Language.GERMAN).caption
    assert len(german) == len(english)
    assert all(e != g for e, g in zip(english, german, strict=True))
    assert any(line.endswith(" ist am Zug") for line in german)
