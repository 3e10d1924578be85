"""``python -m bot.docs``: write the generated documents in ``docs/`` for every installed
game system (today: the JSON Schema of each system's content packs); ``--check`` only says
which are out of date and exits 1 if any is."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rules.core.registry import discover

DOCS = Path(__file__).resolve().parents[1] / "docs"


def generated() -> dict[Path, str]:
    """Each generated document and what it must hold."""
    return {
        DOCS / plugin.packs.schema_file: plugin.packs.schema_text()
        for plugin in discover()
        if plugin.packs is not None
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.docs", description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    documents = generated()
    stale = [
        path
        for path, text in documents.items()
        if not path.is_file() or path.read_text(encoding="utf-8") != text
    ]
    if args.check:
        for path in stale:
            print(f"out of date: {path.name} (run `python -m bot.docs`)")
        return 1 if stale else 0
    for path in stale:
        path.write_text(documents[path], encoding="utf-8")
        print(f"wrote {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
