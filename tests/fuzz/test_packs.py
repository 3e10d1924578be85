"""Broken, hostile and oversized data packs for every system that has content packs.

Every installed plugin that declares ``packs`` is fuzzed the same way, guided only by its
bundled files and its pack model. Hypothesis takes the bundled packs and breaks them:
values of the wrong type, huge and non-finite numbers, hostile strings, missing and
unknown keys, duplicated items and ids, references turned back on themselves (any string
of the pack put where another was), lists far past their limits, truncated text, invalid
UTF-8, a byte-order mark. Loading the changed copy of the bundled folder (each file read
against the pack model, then combined by the system's own ``combine``) either succeeds or
raises ``PackError`` naming the file and the field, never any other exception, within
generous bounds of CPU time and memory. Explicit cases, built from the pack model, cover
what Hypothesis rarely builds: deep nesting, oversized files, numbers longer than Python
converts, sections of the wrong type, thousands of invalid items, folders and symlink
loops named ``*.json``, too many files, and the bot's start-up refusing a broken pack
folder. Checks that need one system's content (maps, armies) live in its own tests.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args

import pytest
from annotated_types import MaxLen
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from rules.core.packs import MAX_PACK_BYTES, MAX_PACK_FILES, PackError, read_packs
from rules.core.plugin import SystemPlugin
from rules.core.registry import discover

from .conftest import long, quick
from .hostile import hostile_text
from .pack_loading import check_loading

PLUGINS = {plugin.id: plugin for plugin in discover() if plugin.packs is not None}
Loader = Callable[[Path], object]


def packs_of(system: str) -> Any:
    packs = PLUGINS[system].packs
    assert packs is not None
    return packs


def load_bundled_copy(system: str) -> Loader:
    """Loads a folder standing in for the bundled one: every file read against the pack
    model, then combined by the system (cross-references), when it says how."""
    packs = packs_of(system)

    def load(folder: Path) -> object:
        read = read_packs(folder, [], packs.model)
        return packs.combine(read) if packs.combine is not None else read

    return load


def load_extra(system: str) -> Callable[[list[Path]], object]:
    """Builds the system as a server would with these extra pack folders."""
    plugin: SystemPlugin = PLUGINS[system]
    return lambda folders: plugin.build(folders)


def _originals(system: str) -> dict[str, Any]:
    bundled = packs_of(system).bundled
    return {
        p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(bundled.glob("*.json"))
    }


ORIGINALS = {system: _originals(system) for system in PLUGINS}
Step = str | int


def _paths(node: Any, prefix: tuple[Step, ...] = ()) -> list[tuple[Step, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


PATHS = {
    system: {name: _paths(data) for name, data in files.items()}
    for system, files in ORIGINALS.items()
}


def _ids(node: Any) -> list[str]:
    """Every string in a pack: ids and names to turn references back on themselves."""
    if isinstance(node, dict):
        return [s for value in node.values() for s in _ids(value)]
    if isinstance(node, list):
        return [s for value in node for s in _ids(value)]
    return [node] if isinstance(node, str) and len(node) <= 40 else []


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


json_values = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([0, -1, 1, 2**31, 2**63, -(2**63) - 1, 10**300]),
    st.integers(),
    st.sampled_from([float("nan"), float("inf"), float("-inf"), 1e308, -0.0, 0.5, 4000.0001]),
    st.floats(),
    hostile_text(0, 80),
    st.sampled_from(["", "x" * 1000, "#zzzzzz", "#3a7bd5"]),
    st.just([]),
    st.just({}),
    st.integers(1, 200).map(_nested),
    st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
)


def _get(data: Any, path: tuple[Step, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _mutate(draw: st.DrawFn, data: Any, path: tuple[Step, ...], ids: list[str]) -> Any:
    """``data`` with the node at ``path`` broken in one of many ways."""
    try:
        parent = _get(data, path[:-1])
        node = _get(data, path)
    except (KeyError, IndexError, TypeError):
        return data  # an earlier change removed it
    kind = draw(
        st.sampled_from(
            ["replace", "replace", "delete", "unknown", "duplicate", "reference", "grow", "graft"]
        ),
        label="mutation",
    )
    key = path[-1] if path else None
    if kind == "replace" or (kind in ("delete", "reference", "graft") and key is None):
        value = draw(json_values, label="value")
        if key is None:
            return value
        parent[key] = value
    elif kind == "delete":
        del parent[key]
    elif kind == "unknown" and isinstance(node, dict):
        node[draw(st.sampled_from(["zzz", "Id", "id ", "__proto__", ""]))] = 1
    elif kind == "duplicate" and isinstance(node, list) and node:
        node.append(copy.deepcopy(node[draw(st.integers(0, len(node) - 1))]))
    elif kind == "reference" and ids:
        parent[key] = draw(st.sampled_from(ids), label="reference")  # e.g. a circle to itself
    elif kind == "grow" and isinstance(node, list) and node:
        node.extend(copy.deepcopy(node) * draw(st.integers(1, 300)))
    elif kind == "graft":
        donor = draw(st.sampled_from(_paths(data)), label="donor")
        parent[key] = copy.deepcopy(_get(data, donor))  # a value of the wrong kind
    return data


@st.composite
def broken_pack(draw: st.DrawFn, system: str) -> tuple[str, bytes]:
    """One bundled file of ``system``, broken; its name and the bytes to write."""
    name = draw(st.sampled_from(sorted(ORIGINALS[system])), label="file")
    data = copy.deepcopy(ORIGINALS[system][name])
    ids = _ids(data)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PATHS[system][name]), label="path")
        data = _mutate(draw, data, path, ids)
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    damage = draw(
        st.sampled_from(["none", "none", "truncate", "insert", "bom", "latin-1", "digits"]),
        label="damage",
    )
    if damage == "truncate":
        text = text[: draw(st.integers(0, len(text)))]
    elif damage == "insert":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from([*'{}[]",:\\\x00\x1f', "NaN"])) + text[at:]
    elif damage == "bom":
        text = "\ufeff" + text
    elif damage == "digits":
        text = text.replace(": 1", ": " + "1" * 5000, 1)
    raw = text.encode("latin-1", "replace") if damage == "latin-1" else text.encode("utf-8")
    return name, raw


def _folder_with(tmp: Path, system: str, name: str, raw: bytes) -> Path:
    folder = tmp / system
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(packs_of(system).bundled, folder)
    (folder / name).write_bytes(raw)
    return folder


def fuzz(system: str, settings: Any, tmp: Path) -> None:
    load = load_bundled_copy(system)

    @settings
    @given(broken_pack(system))
    def case(broken: tuple[str, bytes]) -> None:
        name, raw = broken
        folder = _folder_with(tmp, system, name, raw)
        check_loading(lambda: load(folder), name, kind=f"{system} packs")

    case()


@pytest.mark.parametrize("system", sorted(PLUGINS))
def test_broken_bundled_packs_are_refused_by_name(system: str, tmp_path: Path) -> None:
    fuzz(system, quick(4), tmp_path)


@pytest.mark.reliability
@pytest.mark.parametrize("system", sorted(PLUGINS))
def test_broken_packs_long_run(system: str, tmp_path: Path) -> None:
    fuzz(system, long(800), tmp_path)


# -- what Hypothesis rarely builds, from the pack model ------------------------------------


def header(system: str, **fields: Any) -> dict[str, Any]:
    """The required top-level fields of a pack, as the smallest bundled file has them,
    under a fresh id."""
    model = packs_of(system).model
    smallest = min(ORIGINALS[system].values(), key=lambda data: len(json.dumps(data)))
    required = {n: smallest[n] for n, f in model.model_fields.items() if f.is_required()}
    if "id" in required:
        required["id"] = "extra"
    return {**required, **fields}


def sections(system: str) -> list[tuple[str, type[BaseModel]]]:
    """The pack model's list fields whose items are models, with their item model."""
    found = []
    for name, field in packs_of(system).model.model_fields.items():
        items = [a for a in get_args(field.annotation) if isinstance(a, type)]
        models = [a for a in items if issubclass(a, BaseModel)]
        if models:
            found.append((name, models[0]))
    return found


def strict_section(system: str) -> str:
    """A section whose items have required fields (an empty item breaks them all)."""
    for name, item in sections(system):
        if any(f.is_required() for f in item.model_fields.values()):
            return name
    pytest.skip(f"{system}'s packs have no section with required fields")


def _text(system: str, **fields: Any) -> str:
    return json.dumps(header(system, **fields))


def hostile_files(system: str) -> dict[str, tuple[str | bytes, bool]]:
    """Name → (file content, whether it must load)."""
    bundled_id = next((d.get("id") for d in ORIGINALS[system].values() if "id" in d), None)
    section = sections(system)[0][0] if sections(system) else "zzz"
    plain = _text(system)
    return {
        "header only": (plain, True),
        "hostile names": (_text(system, name="@everyone <@&5> \u202e" + "\u200b" * 30), True),
        "pack id repeated from a bundled pack": (_text(system, id=bundled_id), False),
        "unknown key at the top": (_text(system, zzz=1), False),
        "a section of the wrong type": (_text(system, **{section: "x" * 1000}), False),
        "a section of empty items": (_text(system, **{section: [{}] * 3}), False),
        "array nested a million deep": ("[" * 1_000_000, False),
        "lists nested inside a section": (
            plain[:-1] + f', "{section}": [' + "[" * 5000 + "]" * 5000 + "]}",
            False,
        ),
        "number of 5000 digits": ('{"format": ' + "9" * 5000 + "}", False),
        "float past the double range": (plain[:-1] + ', "x": 1e999}', False),
        "file just over the size limit": (" " * (MAX_PACK_BYTES + 1), False),
        "a byte-order mark": ("\ufeff" + plain, False),
        "not UTF-8": (plain.replace('"}', 'à"}').encode("latin-1"), False),
        "NUL bytes": (b"\x00" * 100, False),
        "empty file": (b"", False),
        "a list at the top": ("[]", False),
        "null at the top": ("null", False),
    }


CASES = [(system, case) for system in sorted(PLUGINS) for case in hostile_files(system)]


@pytest.mark.parametrize(("system", "case"), CASES)
def test_hostile_pack_files(system: str, case: str, tmp_path: Path) -> None:
    content, must_load = hostile_files(system)[case]
    path = tmp_path / "extra.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    load = load_extra(system)
    if must_load:
        load([tmp_path])
        return
    check_loading(
        lambda: load([tmp_path]),
        path.name,
        must_fail=True,
        kind=f"{system} pack files",
        alone=(path, packs_of(system).model),
    )


def roomiest_strict_section(system: str) -> tuple[str, int]:
    """The section with required fields that allows the most items, and how many."""
    found = []
    for name, item in sections(system):
        if any(f.is_required() for f in item.model_fields.values()):
            field = packs_of(system).model.model_fields[name]
            limits = [m.max_length for m in field.metadata if isinstance(m, MaxLen)]
            found.append((limits[0] if limits else 2_000, name))
    if not found:
        pytest.skip(f"{system}'s packs have no section with required fields")
    limit, name = max(found)
    return name, limit


def _invalid_items(system: str, tmp_path: Path, count: int) -> PackError:
    section, _ = roomiest_strict_section(system)
    text = json.dumps(header(system, **{section: [{}] * count}), separators=(",", ":"))
    (tmp_path / "extra.json").write_text(text, encoding="utf-8")
    load = load_extra(system)
    kind = f"{system} pack files"
    return check_loading(lambda: load([tmp_path]), "extra.json", kind=kind, must_fail=True)[0]


@pytest.mark.parametrize("system", sorted(PLUGINS))
def test_hundreds_of_invalid_items(system: str, tmp_path: Path) -> None:
    """As many items as the section allows, each missing every required field: the first
    problems are named, the rest counted."""
    error = _invalid_items(system, tmp_path, roomiest_strict_section(system)[1])
    assert len(error.problems) == 51, error.problems[-3:]
    where, message = error.problems[-1]
    assert where == "(file)" and message.endswith("more problems"), error.problems[-1]


@pytest.mark.parametrize("system", sorted(PLUGINS))
def test_thousands_of_invalid_items(system: str, tmp_path: Path) -> None:
    """More items than the section allows: refused by their number, none read."""
    section, limit = roomiest_strict_section(system)
    error = _invalid_items(system, tmp_path, 2_000)
    assert error.problems == [(section, f"holds 2,000 items; at most {limit:,}")]


@pytest.mark.reliability
@pytest.mark.parametrize("system", sorted(PLUGINS))
def test_a_pack_full_of_invalid_items(system: str, tmp_path: Path) -> None:
    section, limit = roomiest_strict_section(system)
    error = _invalid_items(system, tmp_path, 42_000)  # each item missing every required field
    assert error.problems == [(section, f"holds 42,000 items; at most {limit:,}")]


@pytest.mark.parametrize("system", sorted(PLUGINS))
def test_files_that_cannot_be_read(system: str, tmp_path: Path) -> None:
    load = load_extra(system)
    (tmp_path / "a-folder.json").mkdir()
    check_loading(lambda: load([tmp_path]), "a-folder.json", must_fail=True)
    shutil.rmtree(tmp_path / "a-folder.json")
    loop = tmp_path / "loop.json"
    os.symlink(loop, loop)
    check_loading(lambda: load([tmp_path]), "loop.json", must_fail=True)


@pytest.mark.parametrize("system", sorted(PLUGINS))
def test_too_many_files_and_a_missing_folder(system: str, tmp_path: Path) -> None:
    load = load_extra(system)
    for index in range(MAX_PACK_FILES + 1):
        (tmp_path / f"p{index:03}.json").write_text("{}", encoding="utf-8")
    with pytest.raises(PackError, match="more than"):
        load([tmp_path])
    with pytest.raises(PackError, match="does not exist"):
        load([tmp_path / "missing"])


@pytest.mark.parametrize("system", sorted(PLUGINS))
def test_start_up_names_the_broken_pack_and_stops(
    system: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.__main__ import main

    section = sections(system)[0][0] if sections(system) else "zzz"
    (tmp_path / "broken.json").write_text(_text(system, **{section: "far"}), encoding="utf-8")
    monkeypatch.setenv(PLUGINS[system].pack_setting, str(tmp_path))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["local"]) == 2
    err = capsys.readouterr().err
    assert f"broken.json: {section}" in err, err[-500:]
    assert "Traceback" not in err
