"""JSON Schema for Wasteland content packs, so players can write and check their own.

``python -m rules.wasteland.content.schema`` prints it; the copy in
``docs/wasteland-pack.schema.json`` is kept identical by a test.
"""

from __future__ import annotations

import json
from typing import Any

from rules.wasteland.content.pack import ContentPack

SCHEMA_ID = "https://umpire.invalid/schemas/wasteland-pack-1.json"


def pack_schema() -> dict[str, Any]:
    schema = ContentPack.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_ID
    return schema


def schema_text() -> str:
    return json.dumps(pack_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # pragma: no cover - a command-line convenience
    print(schema_text(), end="")
