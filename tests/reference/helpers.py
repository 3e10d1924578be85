"""Small builders for throwaway packs written to a temporary folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def write_pack(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def rule(entry_id: str = "sample", **overrides: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": entry_id,
        "title": "Sample rule",
        "aliases": ["example"],
        "section": "999 · Sample",
        "body": "A short body.",
    }
    entry.update(overrides)
    return entry


def rules_pack(system: str = "house", *entries: dict[str, Any]) -> dict[str, Any]:
    return {"system": system, "name": "House rules", "entries": list(entries) or [rule()]}


def grid(table_id: str = "grid", **overrides: Any) -> dict[str, Any]:
    table: dict[str, Any] = {
        "id": table_id,
        "title": "Sample grid",
        "aliases": [],
        "section": "999 · Sample",
        "kind": "grid",
        "row_label": "Attacker",
        "column_label": "Defender",
        "rows": [{"label": "1"}, {"label": "2"}],
        "columns": [{"label": "1"}, {"label": "2"}],
        "cells": [["6+", "7+"], ["5+", "6+"]],
    }
    table.update(overrides)
    return table


def tables_pack(system: str = "house", *tables: dict[str, Any]) -> dict[str, Any]:
    return {"system": system, "name": "House rules", "tables": list(tables) or [grid()]}
