"""JSON Schema for content packs, so players can write and check their own.

``python -m rules.tannhauser.content.schema`` prints it; the copy in
``docs/tannhauser-pack.schema.json`` is kept identical by a test.
"""

from __future__ import annotations

from rules.core.packs import schema_json
from rules.tannhauser.content.pack import ContentPack

SCHEMA_ID = "https://umpire.invalid/schemas/tannhauser-pack-1.json"


def schema_text() -> str:
    return schema_json(ContentPack, SCHEMA_ID)


if __name__ == "__main__":  # pragma: no cover - a command-line convenience
    print(schema_text(), end="")
