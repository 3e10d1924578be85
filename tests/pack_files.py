"""Writing content packs for tests: an extra pack file in a folder of its own."""

from __future__ import annotations

import json
from pathlib import Path


def extra_pack(format_id: str, **sections: object) -> dict[str, object]:
    """A pack of format ``format_id`` (``umpire-squad-pack/1``) with id ``extra``."""
    return {"format": format_id, "id": "extra", "name": "Extra", **sections}


def write_pack(folder: Path, name: str, data: object) -> Path:
    """``data`` as JSON in ``folder/name`` (the folder made if need be)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
