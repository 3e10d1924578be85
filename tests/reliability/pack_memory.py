"""``python -m tests.reliability.pack_memory SYSTEM CASE``: how much memory refusing a pack
full of invalid items costs, measured in a fresh process (``ru_maxrss`` before and after
loading, so what pydantic holds outside Python's own allocator counts too). Prints one
JSON line: the file's size, its problems and the growth of the peak resident memory."""

from __future__ import annotations

import json
import resource
import sys
import tempfile
from pathlib import Path
from typing import Any

from rules.core.packs import PackError
from rules.core.registry import discover

# an item of the system's roomiest section with every field of the wrong type
WRONG: dict[str, tuple[str, dict[str, Any]]] = {
    "wasteland": (
        "weapons",
        {"id": 1, "name": 1, "range": "x", "min_range": "x", "hit": "x", "damage": "x", "rules": 1},
    ),
    "tannhauser": (
        "equipment",
        {"id": 1, "name": 1, "traits": 1, "disposable": "x", "requires_skill": 1, "effects": 1},
    ),
}


def pack_text(system: str, count: int) -> str:
    plugin = next(p for p in discover() if p.id == system)
    assert plugin.packs is not None
    smallest = min(plugin.packs.bundled.glob("*.json"), key=lambda p: p.stat().st_size)
    bundled = json.loads(smallest.read_text(encoding="utf-8"))
    fields = plugin.packs.model.model_fields
    top = {name: bundled[name] for name, field in fields.items() if field.is_required()}
    if "id" in top:
        top["id"] = "extra"
    section, item = WRONG[system]
    return json.dumps({**top, section: [item] * count}, separators=(",", ":"))


def main(system: str, count: int) -> dict[str, Any]:
    plugin = next(p for p in discover() if p.id == system)
    folder = Path(tempfile.mkdtemp())
    text = pack_text(system, count)
    (folder / "extra.json").write_text(text, encoding="utf-8")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    problems: list[tuple[str, str]] = []
    try:
        plugin.build([folder])
    except PackError as error:
        problems = error.problems
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "bytes": len(text),
        "problems": len(problems),
        "last": problems[-1] if problems else None,
        "growth_mb": (after - before) / 1024,  # ru_maxrss is in KiB on Linux
    }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]))))
