"""JSON Schema for Wasteland content packs, so players can write and check their own.

``python -m rules.wasteland.content.schema`` prints it; the copy in
``docs/wasteland-pack.schema.json`` is kept identical by a test.
"""

from __future__ import annotations

from rules.core.packs import schema_json
from rules.wasteland.content.pack import ContentPack

SCHEMA_ID = "https://umpire.invalid/schemas/wasteland-pack-1.json"


def schema_text() -> str:
    return schema_json(ContentPack, SCHEMA_ID)


if __name__ == "__main__":  # pragma: no cover - a command-line convenience
    print(schema_text(), end="")
