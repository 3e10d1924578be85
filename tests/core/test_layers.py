"""Every installed game system sits in the systems' layer of the import contracts, so the
layers and the independence of systems are checked for it too."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from rules.core.registry import discover

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"


def _contract(contract_id: str) -> dict[str, object]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["id"] == contract_id)


def test_every_system_is_in_the_systems_layer() -> None:
    layers = _contract("layers")["layers"]
    assert isinstance(layers, list)
    systems_layer = {name.strip() for name in layers[2].split("|")}
    for plugin in discover():
        package = plugin.build.__module__.rsplit(".", 1)[0]
        assert package in systems_layer, (
            f"the system '{plugin.id}' ({package}) is missing from the systems' layer of the "
            f"import contracts in pyproject.toml"
        )


def test_every_system_is_checked_for_import_cycles() -> None:
    checked = _contract("acyclic")["ancestors"]
    assert isinstance(checked, list)
    missing = [
        plugin.id
        for plugin in discover()
        if plugin.build.__module__.rsplit(".", 1)[0] not in checked
    ]
    assert missing == []


def test_every_package_under_rules_sits_in_a_layer() -> None:
    # a shared package left out of the layers could import a game system unnoticed
    layers = _contract("layers")["layers"]
    assert isinstance(layers, list)
    listed = {name.strip() for layer in layers for name in layer.split("|")}
    packages = sorted(
        f"rules.{path.parent.name}" for path in (ROOT / "rules").glob("*/__init__.py")
    )
    assert [p for p in packages if p not in listed] == []


def test_the_shared_geometry_is_checked_for_import_cycles() -> None:
    checked = _contract("acyclic")["ancestors"]
    assert isinstance(checked, list)
    assert {"rules.geometry", "rules.grid", "rules.pathmap"} <= set(checked)


def _nested_imports(path: Path) -> list[str]:
    """``file:line`` of every import made inside a function or class body."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    found.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    return found


def test_no_module_imports_inside_a_function() -> None:
    # an import inside a function hides a cycle the contracts would otherwise catch (the
    # bot's entry point alone defers loading discord.py until Discord mode is chosen)
    found = [
        where
        for package in ("rules", "renderers")
        for path in sorted((ROOT / package).rglob("*.py"))
        for where in _nested_imports(path)
    ]
    assert not found, f"imports inside functions: {found}"
