"""Every character the example boards write is drawn with a glyph of the picture font,
never its missing-glyph box and never a ``?`` standing for a character it could not
spell."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw

from renderers.lettering import fold, has_glyph, label
from tests.renderers.example_scenes import NAMES, example_scenes


def _texts(value: object) -> Iterator[str]:
    """Every string in a scene's data: titles, captions, names, labels, badges."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)


def _drawn(char: str) -> bytes:
    image = Image.new("RGB", (60, 40))
    label(ImageDraw.Draw(image), (30, 20), char, 24, (255, 255, 255))
    return image.tobytes()


@pytest.mark.parametrize("name", NAMES)
def test_every_character_on_the_example_boards_has_a_glyph(name: str) -> None:
    characters = {
        c for scene in example_scenes(name) for t in _texts(scene.model_dump()) for c in t
    }
    assert characters
    missing = {
        char: fold(char)
        for char in characters
        if not char.isspace()
        and (not all(has_glyph(c) for c in fold(char)) or ("?" in fold(char) and char != "?"))
    }
    assert not missing, f"no glyph for {missing}"
    box = _drawn("\ue000")
    drawn_as_box = [c for c in characters if not c.isspace() and _drawn(c) == box]
    assert not drawn_as_box


def test_the_check_sees_what_the_font_lacks() -> None:
    assert has_glyph("A") and has_glyph("·") and has_glyph(" ")
    assert not has_glyph("—") and not has_glyph("\ue000") and not has_glyph("\n")
    assert fold("—") == "-"


def test_characters_the_font_lacks_are_spelled_with_ones_it_has() -> None:
    assert fold("Tannhäuser — ½ → ≤ 3") == "Tannhaeuser - 1/2 -> <= 3"
    assert fold("Müller • Straße") == "Mueller · Strasse"
    assert fold("Gelände, Überfall, Café") == "Gelaende, Ueberfall, Cafe"  # as German writes it
    assert fold("✦") == "?"  # nothing to spell it with: a plain mark, not a box
    for text in ("Tannhäuser — ½ → ≤ 3", "Müller • Straße", "✦"):
        assert all(has_glyph(c) for c in fold(text))
