"""The black-powder picture in the game's language: its title, caption, key and terrain
labels come from the phrasebook, everything else is the same picture."""

from __future__ import annotations

from renderers import draw
from renderers.table.legend import plan
from renderers.table.samples import marker_entries, terrain_entries
from rules.blackpowder.system import BlackPowderSystem
from rules.core.language import Language
from rules.core.visibility import Viewer
from rules.geometry.scene import TableScene
from tests.blackpowder.boards import after_volleys
from tests.blackpowder.engine import catalog, set_up_game

SYSTEM = BlackPowderSystem(catalog())
WORDS = {"title", "caption", "areas", "barriers", "objectives", "mark_key", "language"}


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


def test_the_key_of_a_german_picture_is_german_too() -> None:
    """The key's own words (headings, terrain, obstacles, heights, markers, the grid
    note) follow the scene's language, as its title and labels do."""
    view = SYSTEM.view(after_volleys(), Viewer.spectator())
    english, german = (SYSTEM.scene_in(view, language) for language in Language)
    assert german.language is Language.GERMAN and english.language is Language.ENGLISH

    def key(scene: TableScene) -> list[str]:
        columns = [placed.column for placed in plan(scene, 1000, 2)]
        lines = [line.text for column in columns for line in column.lines]
        entries = [*terrain_entries(scene), *marker_entries(scene)]
        return [c.heading for c in columns] + lines + [e.text for e in entries]

    words = key(german)
    for expected in ("Seiten", "Gelände", "Marker", "Niedriges Hindernis", "Sichtschutz"):
        assert expected in words, (expected, words)
    assert any(w.startswith('Raster alle 2", beziffert alle 6"') for w in words), words
    for english_word in ("Sides", "Terrain", "Markers", "Low obstacle", "Concealment"):
        assert english_word not in words and english_word in key(english)
    assert draw(german) != draw(english)


def test_the_caption_says_whose_go_it_is_in_german() -> None:
    state = after_volleys()
    view = SYSTEM.view(state, Viewer.spectator())
    english = SYSTEM.scene_in(view, Language.ENGLISH).caption
    german = SYSTEM.scene_in(view, Language.GERMAN).caption
    assert len(german) == len(english)
    assert all(e != g for e, g in zip(english, german, strict=True))
    assert any(line.endswith(" ist am Zug") for line in german)
