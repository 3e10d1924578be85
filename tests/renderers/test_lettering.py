"""All lettering goes through ``renderers.lettering``, which folds what the font lacks."""

from __future__ import annotations

from pathlib import Path

from PIL import ImageFont

from renderers.lettering import fold

RENDERERS = Path(__file__).resolve().parents[2] / "renderers"


def test_no_picture_draws_text_around_the_shared_lettering() -> None:
    for path in RENDERERS.rglob("*.py"):
        if path.name == "lettering.py":
            continue
        source = path.read_text(encoding="utf-8")
        assert "ImageFont" not in source and "draw.text(" not in source, path


def test_folded_text_has_a_glyph_for_every_character() -> None:
    face = ImageFont.load_default(size=24)
    missing = bytes(face.getmask("\uffff"))
    sample = "Turn 3 — race — finished · Jörg’s Straße … ▲ € → ✓ 12×"
    for char in set(fold(sample)) - {" "}:
        assert bytes(face.getmask(char)) != missing, repr(char)
