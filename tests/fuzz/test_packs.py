"""Broken, hostile and oversized data packs for Tannhäuser and Wasteland Tactics.

Hypothesis takes the bundled packs and breaks them: values of the wrong type, huge and
non-finite numbers, hostile strings, missing and unknown keys, duplicated items and ids,
references turned back on themselves (a circle adjacent to itself, a feature next to a
feature, a unit's rule granting itself), lists far past their limits, truncated text,
invalid UTF-8, a byte-order mark. Loading then either succeeds or raises ``PackError``
naming the file and the field, never any other exception, within generous bounds of CPU
time and memory. Explicit cases cover what Hypothesis rarely builds: deep nesting,
oversized files, numbers longer than Python converts, folders and symlink loops named
``*.json``, too many files, and the bot's start-up refusing a broken pack folder.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from rules.core.packs import MAX_PACK_BYTES, MAX_PACK_FILES, PackError, read_model, read_packs
from rules.tannhauser.content import catalog as tannhauser_catalog
from rules.tannhauser.content import loading as tannhauser_loading
from rules.tannhauser.content.pack import ContentPack as TannhauserPack
from rules.wasteland.content import catalog as wasteland_catalog
from rules.wasteland.content import loading as wasteland_loading
from rules.wasteland.content.pack import ContentPack as WastelandPack

from .bounds import measured
from .conftest import long, quick, tally
from .hostile import hostile_text

CPU_LIMIT = 2.0  # seconds to read and check every pack of a system (it takes ~0.05 s)
MEMORY_LIMIT = 150_000_000  # bytes of peak allocation while loading (~80 MB at worst)

Loader = Callable[[Path], object]
SYSTEMS: dict[str, tuple[Path, Loader]] = {
    "tannhauser": (
        tannhauser_loading.BUNDLED,
        lambda folder: tannhauser_catalog.build_catalog(read_packs(folder, [], TannhauserPack)),
    ),
    "wasteland": (
        wasteland_loading.BUNDLED,
        lambda folder: wasteland_catalog.build_catalog(read_packs(folder, [], WastelandPack)),
    ),
}
MODELS: dict[str, type[BaseModel]] = {"tannhauser": TannhauserPack, "wasteland": WastelandPack}
LOADERS = {
    "tannhauser": tannhauser_loading.load_catalog,
    "wasteland": wasteland_loading.load_catalog,
}


def _originals(system: str) -> dict[str, Any]:
    bundled = SYSTEMS[system][0]
    return {
        p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(bundled.glob("*.json"))
    }


ORIGINALS = {system: _originals(system) for system in SYSTEMS}
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
    st.sampled_from(["", "x" * 1000, "#zzzzzz", "#3a7bd5", "hero", "trooper", "support"]),
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


def check_loading(
    load: Callable[[], object],
    broken: str,
    *,
    must_fail: bool = False,
    kind: str = "packs",
    alone: tuple[Path, type[BaseModel]] | None = None,
) -> list[PackError]:
    """Loading succeeds or raises a PackError naming a file and a field for every problem,
    cheaply; anything else escaping is a failure. The file is ``broken`` itself, or, when
    ``broken`` took away what others refer to, one of the files beside it. With ``alone``
    (the broken file and its pack model), memory is measured reading that file by itself."""
    errors: list[PackError] = []

    def attempt() -> None:
        try:
            load()
        except PackError as error:
            errors.append(error)

    def read_alone() -> None:
        assert alone is not None
        with contextlib.suppress(PackError):
            read_model(*alone)

    cpu, peak = measured(attempt, read_alone if alone is not None else None)
    tally(kind, 1, cpu, broken)
    assert cpu < CPU_LIMIT, (cpu, broken)
    assert peak < MEMORY_LIMIT, (peak, broken)
    if must_fail:
        assert errors, f"{broken} was accepted"
    for error in errors:
        text = str(error)
        assert text.startswith(f"Invalid data pack {error.path}:"), text[:300]
        sibling = (error.path.parent / broken).exists()
        assert error.path.name == broken or sibling, text[:300]
        assert error.problems, text[:300]
        for where, message in error.problems:
            assert where.strip() and message.strip(), text[:300]
            assert f"{error.path.name}: {where}: {message}" in text
        assert "Traceback" not in text
    return errors


def _folder_with(tmp: Path, system: str, name: str, raw: bytes) -> Path:
    folder = tmp / system
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(SYSTEMS[system][0], folder)
    (folder / name).write_bytes(raw)
    return folder


def fuzz(system: str, settings: Any, tmp: Path) -> None:
    load = SYSTEMS[system][1]

    @settings
    @given(broken_pack(system))
    def case(broken: tuple[str, bytes]) -> None:
        name, raw = broken
        folder = _folder_with(tmp, system, name, raw)
        check_loading(lambda: load(folder), name, kind=f"{system} packs")

    case()


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_broken_bundled_packs_are_refused_by_name(system: str, tmp_path: Path) -> None:
    fuzz(system, quick(4), tmp_path)


@pytest.mark.reliability
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_broken_packs_long_run(system: str, tmp_path: Path) -> None:
    fuzz(system, long(800), tmp_path)


# -- what Hypothesis rarely builds ---------------------------------------------------------

HEADER = {
    "tannhauser": {"format": "umpire-tannhauser-pack/1", "id": "extra", "name": "Extra"},
    "wasteland": {"format": "umpire-wasteland-pack/1", "id": "extra", "name": "Extra"},
}


def _extra(system: str, **sections: Any) -> str:
    return json.dumps({**HEADER[system], **sections})


def _map(**changes: Any) -> dict[str, Any]:
    """A small valid map: a ring of four circles, two of them entry points."""
    data: dict[str, Any] = {
        "id": "ring",
        "name": "Ring",
        "width": 100,
        "height": 100,
        "paths": [{"id": "red", "name": "Red", "colour": "#aa0000"}],
        "circles": [
            {"id": "a", "x": 10, "y": 10, "paths": ["red"], "entry": "north"},
            {"id": "b", "x": 90, "y": 10, "paths": ["red"]},
            {"id": "c", "x": 90, "y": 90, "paths": ["red"], "entry": "south"},
            {"id": "d", "x": 10, "y": 90, "paths": ["red"]},
        ],
        "adjacency": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]],
    }
    data.update(changes)
    return data


def _unit(unit_id: str, **fields: Any) -> dict[str, Any]:
    unit: dict[str, Any] = {
        "id": unit_id,
        "name": unit_id,
        "type": "command",
        "points": 10,
        "move": 6,
        "will": 6,
        "life": 6,
        "weapons": ["sidearm"],
        "rules": [{"kind": "leadership", "value": 1}],
    }
    unit.update(fields)
    return unit


def _grants(depth: int) -> dict[str, Any]:
    rule: dict[str, Any] = {"kind": "tough", "value": 1}
    for _ in range(depth):
        rule = {"kind": "support", "grants": [rule]}
    return rule


CASES: dict[str, tuple[str, str | bytes]] = {
    "valid ring map": ("tannhauser", _extra("tannhauser", maps=[_map()])),
    "circle adjacent to itself": (
        "tannhauser",
        _extra("tannhauser", maps=[_map(adjacency=[["a", "a"], ["a", "b"], ["b", "c"]])]),
    ),
    "adjacency listed both ways": (
        "tannhauser",
        _extra(
            "tannhauser",
            maps=[_map(adjacency=[["a", "b"], ["b", "a"], ["b", "c"], ["c", "d"], ["d", "a"]])],
        ),
    ),
    "two separate loops": (
        "tannhauser",
        _extra("tannhauser", maps=[_map(adjacency=[["a", "b"], ["b", "a"], ["c", "d"]])]),
    ),
    "feature next to itself": (
        "tannhauser",
        _extra(
            "tannhauser",
            maps=[
                _map(
                    features=[
                        {"id": "f", "kind": "action", "x": 50, "y": 50, "adjacent": ["f", "a"]}
                    ]
                )
            ],
        ),
    ),
    "feature that is also a circle": (
        "tannhauser",
        _extra(
            "tannhauser",
            maps=[
                _map(features=[{"id": "a", "kind": "action", "x": 5, "y": 5, "adjacent": ["b"]}])
            ],
        ),
    ),
    "circle on its own id as path": (
        "tannhauser",
        _extra(
            "tannhauser",
            maps=[
                _map(
                    circles=[
                        {"id": "a", "x": 1, "y": 1, "paths": ["a"], "entry": "n"},
                        {"id": "b", "x": 2, "y": 2, "paths": ["b"], "entry": "s"},
                    ],
                    adjacency=[["a", "b"]],
                )
            ],
        ),
    ),
    "1000 adjacency lines through 200 walls": (
        "tannhauser",
        _extra(
            "tannhauser",
            maps=[
                _map(
                    adjacency=[["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] * 250,
                    walls=[{"points": [[40 + j % 2 * 20, 40 + j * 0.3] for j in range(64)]}] * 200,
                )
            ],
        ),
    ),
    "pack id repeated from a bundled pack": (
        "tannhauser",
        json.dumps({**HEADER["tannhauser"], "id": "equipment-common"}),
    ),
    "unit whose support grants support": (
        "wasteland",
        _extra(
            "wasteland",
            factions=[{"id": "bog", "name": "Bog", "units": [_unit("u", rules=[_grants(2)])]}],
        ),
    ),
    "grants nested 400 deep": (
        "wasteland",
        _extra(
            "wasteland",
            factions=[{"id": "bog", "name": "Bog", "units": [_unit("u", rules=[_grants(400)])]}],
        ),
    ),
    "unit repeated in its faction": (
        "wasteland",
        _extra("wasteland", factions=[{"id": "bog", "name": "Bog", "units": [_unit("u")] * 2}]),
    ),
    "weapon listed twice on a unit": (
        "wasteland",
        _extra(
            "wasteland",
            factions=[{"id": "bog", "name": "Bog", "units": [_unit("u", weapons=["sidearm"] * 2)]}],
        ),
    ),
    "self-crossing terrain": (
        "wasteland",
        _extra(
            "wasteland",
            battlefields=[
                {
                    "id": "bow",
                    "name": "Bow",
                    "areas": [
                        {
                            "id": "tie",
                            "name": "Tie",
                            "classes": ["impassable"],
                            "points": [[1, 1], [9, 9], [9, 1], [1, 9]],
                        }
                    ],
                }
            ],
        ),
    ),
    "non-finite terrain points": (
        "wasteland",
        _extra(
            "wasteland",
            battlefields=[
                {
                    "id": "void",
                    "name": "Void",
                    "areas": [
                        {
                            "id": "nan",
                            "name": "NaN",
                            "classes": ["impassable"],
                            "points": [[float("nan"), 1], [float("inf"), 2], [3, 3]],
                        }
                    ],
                }
            ],
        ),
    ),
    "80 areas of 64 points": (
        "wasteland",
        _extra(
            "wasteland",
            battlefields=[
                {
                    "id": "busy",
                    "name": "Busy",
                    "areas": [
                        {
                            "id": f"a{i}",
                            "name": "A",
                            "classes": ["impassable"],
                            "points": [[1 + (j % 8) * 0.5, 1 + (j // 8) * 0.5] for j in range(64)],
                        }
                        for i in range(80)
                    ],
                }
            ],
        ),
    ),
    "array nested a million deep": ("wasteland", "[" * 1_000_000),
    "object nested inside a section": (
        "tannhauser",
        _extra("tannhauser")[:-1] + ', "maps": [' + "[" * 5000 + "]" * 5000 + "]}",
    ),
    "number of 5000 digits": ("wasteland", '{"format": ' + "9" * 5000 + "}"),
    "float past the double range": ("wasteland", _extra("wasteland").replace("}", ', "x": 1e999}')),
    "file just over the size limit": ("wasteland", " " * (MAX_PACK_BYTES + 1)),
    "a byte-order mark": ("tannhauser", "\ufeff" + _extra("tannhauser")),
    "not UTF-8": ("tannhauser", _extra("tannhauser").replace("Extra", "Extrà").encode("latin-1")),
    "NUL bytes": ("tannhauser", b"\x00" * 100),
    "empty file": ("wasteland", b""),
    "a list at the top": ("wasteland", "[]"),
    "null at the top": ("tannhauser", "null"),
    "hostile names": (
        "wasteland",
        _extra(
            "wasteland",
            name="@everyone <@&5> \u202e" + "\u200b" * 30,
            weapons=[{"id": "w", "name": "**<@1>**", "range": 1, "hit": 5}],
        ),
    ),
}
MUST_LOAD = {"valid ring map", "hostile names"}


def _invalid_items(count: int) -> str:
    weapons = [{"id": "Bad Id", "name": "", "range": -1}] * count
    return json.dumps({**HEADER["wasteland"], "weapons": weapons}, separators=(",", ":"))


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_pack_files(case: str, tmp_path: Path) -> None:
    system, content = CASES[case]
    (tmp_path / "extra.json").write_bytes(
        content if isinstance(content, bytes) else content.encode("utf-8")
    )
    if case in MUST_LOAD:
        LOADERS[system]([tmp_path])
        return
    load, model = LOADERS[system], MODELS[system]
    path = tmp_path / "extra.json"
    check_loading(
        lambda: load([tmp_path]),
        path.name,
        must_fail=True,
        kind=f"{system} pack files",
        alone=(path, model),
    )


def _many_invalid_items(tmp_path: Path, count: int) -> None:
    """Each item breaks four rules: the first problems are named, the rest counted."""
    (tmp_path / "extra.json").write_text(_invalid_items(count), encoding="utf-8")
    load = LOADERS["wasteland"]
    error = check_loading(lambda: load([tmp_path]), "extra.json", kind="wasteland pack files")[0]
    assert len(error.problems) == 51
    assert error.problems[-1] == ("(file)", f"{count * 4 - 50:,} more problems")


def test_thousands_of_invalid_items(tmp_path: Path) -> None:
    _many_invalid_items(tmp_path, 2_000)


@pytest.mark.reliability
def test_a_pack_at_the_size_limit_full_of_invalid_items(tmp_path: Path) -> None:
    _many_invalid_items(tmp_path, 42_000)  # ~1.9 MB, ~168,000 problems


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    (tmp_path / "a-folder.json").mkdir()
    check_loading(lambda: LOADERS["wasteland"]([tmp_path]), "a-folder.json", must_fail=True)
    shutil.rmtree(tmp_path / "a-folder.json")
    loop = tmp_path / "loop.json"
    os.symlink(loop, loop)
    check_loading(lambda: LOADERS["wasteland"]([tmp_path]), "loop.json", must_fail=True)


def test_too_many_files_and_a_missing_folder(tmp_path: Path) -> None:
    for index in range(MAX_PACK_FILES + 1):
        (tmp_path / f"p{index:03}.json").write_text("{}", encoding="utf-8")
    with pytest.raises(PackError, match="more than"):
        LOADERS["tannhauser"]([tmp_path])
    with pytest.raises(PackError, match="does not exist"):
        LOADERS["tannhauser"]([tmp_path / "missing"])


def test_start_up_names_the_broken_pack_and_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.__main__ import main

    (tmp_path / "broken.json").write_text(
        _extra("wasteland", weapons=[{"id": "w", "name": "W", "range": "far", "hit": 5}]),
        encoding="utf-8",
    )
    monkeypatch.setenv("UMPIRE_WASTELAND_PACKS", str(tmp_path))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["local"]) == 2
    err = capsys.readouterr().err
    assert "broken.json: weapons[0].range (id 'w')" in err
    assert "Traceback" not in err
