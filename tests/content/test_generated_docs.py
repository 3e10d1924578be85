"""The documents generated from every installed system (pack schemas) are current."""

from __future__ import annotations

from bot.docs import generated, main


def test_every_generated_document_is_current() -> None:
    documents = generated()
    assert documents, "no installed system publishes a pack schema"
    for path, text in documents.items():
        assert path.read_text(encoding="utf-8") == text, (
            f"regenerate {path.name}: python -m bot.docs"
        )
    assert main(["--check"]) == 0
