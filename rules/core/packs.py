"""Reading pydantic-validated data packs from JSON files, with errors that name file and field.

Every kind of data pack (rules entries, tables, game content) is read through
:func:`read_model`, so a broken file always produces the same kind of message:
``roster_iron.json: characters[2].rows (id 'warden'): a hero needs 4 health rows``.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from annotated_types import MaxLen
from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)

MAX_PACK_BYTES = 2_000_000
MAX_PROBLEMS = 50  # problems listed for one file


class PackError(ValueError):
    """A data pack that cannot be used; every problem names the file and the field."""

    def __init__(self, path: Path, problems: Sequence[tuple[str, str]]) -> None:
        self.path = path
        self.problems = list(problems)
        lines = [f"Invalid data pack {path}:"]
        lines.extend(f"  - {path.name}: {field}: {message}" for field, message in self.problems)
        super().__init__("\n".join(lines))


def read_json(path: Path) -> object:
    """The parsed JSON of ``path``; unreadable, oversized or malformed files raise PackError."""
    try:
        return json.loads(read_limited(path).decode("utf-8"))
    except OSError as exc:
        raise PackError(path, [("(file)", f"cannot be read: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError:
        raise PackError(path, [("(file)", "is not UTF-8 text")]) from None
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        raise PackError(path, [(where, f"invalid JSON: {exc.msg}")]) from None
    except PackError:
        raise
    except ValueError as exc:  # a number with more digits than Python converts
        raise PackError(path, [("(file)", f"cannot be read: {str(exc).split(';')[0]}")]) from None
    except RecursionError:
        raise PackError(path, [("(file)", "is nested too deeply")]) from None


def read_limited(path: Path) -> bytes:
    """The bytes of the regular file ``path``, read no further than one byte past
    ``MAX_PACK_BYTES`` whatever its size claims (a file may grow, or report size 0).

    Anything but a regular file (a named pipe, a device such as ``/dev/zero``, a folder) is
    refused before a byte is read: opening does not wait for a pipe's writer.
    """
    limit = MAX_PACK_BYTES
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise PackError(path, [("(file)", "is not a regular file")])
        if status.st_size > limit:
            too_big = f"is {status.st_size:,} bytes; packs are limited to {limit:,} bytes"
            raise PackError(path, [("(file)", too_big)])
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, limit + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    if total > limit:
        raise PackError(
            path, [("(file)", f"is over {limit:,} bytes; packs are limited to {limit:,} bytes")]
        )
    return b"".join(chunks)


def validate_model(path: Path, raw: object, model: type[M]) -> M:
    """Validate already-parsed JSON, turning every pydantic error into a located problem.

    However broken the file, what is collected stays small: a list longer than its field
    allows is refused without reading its items, the items of each top-level section are
    validated one at a time, and only the first ``MAX_PROBLEMS`` problems are kept (the
    rest are counted).
    """
    problems = _Problems(raw)
    if isinstance(raw, dict):
        _check_lengths(raw, model, (), problems)
        if problems.found:
            raise PackError(path, problems.listed())
        checked: dict[str, object] = dict(raw)
        for name, item in _sections(model):
            entries = raw.get(name)
            if isinstance(entries, list):
                checked[name] = _validated_items(name, entries, item, problems)
        raw = checked
    try:
        validated = model.model_validate(raw)
    except ValidationError as exc:
        problems.add_errors(exc)
    if problems.found:
        raise PackError(path, problems.listed())
    return validated


class _Problems:
    """The first ``MAX_PROBLEMS`` problems of one file, located, and how many more."""

    def __init__(self, raw: object) -> None:
        self.raw = raw
        self.kept: list[tuple[str, str]] = []
        self.more = 0

    @property
    def found(self) -> bool:
        return bool(self.kept)

    def add(self, location: Sequence[int | str], message: str) -> None:
        if len(self.kept) < MAX_PROBLEMS:
            self.kept.append((describe_location(self.raw, location), message))
        else:
            self.more += 1

    def add_errors(self, error: ValidationError, prefix: tuple[int | str, ...] = ()) -> None:
        room = MAX_PROBLEMS - len(self.kept)
        if room <= 0:  # counted without turning them into Python objects
            self.more += error.error_count()
            return
        errors = error.errors(include_url=False, include_input=False, include_context=False)
        for entry in errors[:room]:
            self.add((*prefix, *entry["loc"]), entry["msg"])
        self.more += max(0, len(errors) - room)

    def listed(self) -> list[tuple[str, str]]:
        if self.more:
            return [*self.kept, ("(file)", f"{self.more:,} more problems")]
        return list(self.kept)


def _validated_items(
    name: str, entries: list[object], item: type[BaseModel], problems: _Problems
) -> list[object]:
    """Each entry of a section validated alone (so one broken item's errors are all that
    is held at a time); the valid ones as models, which the pack then takes as they are."""
    validated: list[object] = []
    for index, entry in enumerate(entries):
        try:
            validated.append(item.model_validate(entry))
        except ValidationError as exc:
            problems.add_errors(exc, (name, index))
    return validated


def _sections(model: type[BaseModel]) -> list[tuple[str, type[BaseModel]]]:
    """The fields of ``model`` that hold a list of models, with that model: those whose
    items mean the same alone as in the pack (nothing rewrites the pack's data before its
    items are read)."""
    decorators = model.__pydantic_decorators__
    if any(v.info.mode != "after" for v in decorators.model_validators.values()):
        return []
    rewritten = {
        field
        for v in decorators.field_validators.values()
        if v.info.mode != "after"
        for field in v.info.fields
    }
    found = []
    for name, field in model.model_fields.items():
        item = _item_model(field.annotation)
        if item is not None and field.alias in (None, name) and name not in rewritten:
            found.append((name, item))
    return found


def _item_model(annotation: object) -> type[BaseModel] | None:
    """``X`` for ``tuple[X, ...]``, ``list[X]`` or either of them optional, when ``X`` is a
    model."""
    if get_origin(annotation) in (Union, UnionType):
        present = [arg for arg in get_args(annotation) if arg is not type(None)]
        annotation = present[0] if len(present) == 1 else None
    if get_origin(annotation) not in (tuple, list):
        return None
    args = [arg for arg in get_args(annotation) if arg is not Ellipsis]
    if len(args) != 1:
        return None
    item = args[0]
    if get_origin(item) is Annotated:
        item = get_args(item)[0]
    return item if isinstance(item, type) and issubclass(item, BaseModel) else None


def _check_lengths(
    raw: dict[str, object],
    model: type[BaseModel],
    location: tuple[int | str, ...],
    problems: _Problems,
) -> None:
    """Lists longer than their field allows, anywhere in ``raw``, before any is validated."""
    for name, field in model.model_fields.items():
        value = raw.get(field.alias or name)
        if not isinstance(value, list):
            continue
        limit = next((m.max_length for m in field.metadata if isinstance(m, MaxLen)), None)
        if limit is not None and len(value) > limit:
            problems.add((*location, name), f"holds {len(value):,} items; at most {limit:,}")
            continue
        item = _item_model(field.annotation)
        if item is None:
            continue
        for index, entry in enumerate(value):
            if isinstance(entry, dict):
                _check_lengths(entry, item, (*location, name, index), problems)


def read_model(path: Path, model: type[M]) -> M:
    """Parse and validate one pack file."""
    return validate_model(path, read_json(path), model)


def describe_location(raw: object, location: Sequence[int | str]) -> str:
    """``('entries', 3, 'title')`` → ``entries[3].title (id 'rush-order')``."""
    text = ""
    node: object = raw
    owner: str | None = None
    for step in location:
        if isinstance(step, int):
            text += f"[{step}]"
            node = node[step] if isinstance(node, list) and 0 <= step < len(node) else None
        else:
            text += f".{step}" if text else step
            node = node.get(step) if isinstance(node, dict) else None
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            owner = node["id"]
    text = text or "(top level)"
    return f"{text} (id '{owner}')" if owner is not None else text


MAX_PACK_FILES = 100


def pack_files(folder: Path) -> list[Path]:
    """The ``*.json`` pack files of ``folder`` in name order (a missing folder is an error)."""
    if not folder.is_dir():
        raise PackError(folder, [("(folder)", "does not exist or is not a folder")])
    files = sorted(folder.glob("*.json"))
    if len(files) > MAX_PACK_FILES:
        raise PackError(folder, [("(folder)", f"holds more than {MAX_PACK_FILES} pack files")])
    return files


def read_packs(bundled: Path, extra: Sequence[Path], model: type[M]) -> list[tuple[Path, M]]:
    """Every pack of ``bundled`` then of each ``extra`` folder, in name order, validated."""
    paths = [*pack_files(bundled)]
    for folder in extra:
        paths.extend(pack_files(folder))
    return [(path, read_model(path, model)) for path in paths]


def schema_json(model: type[BaseModel], schema_id: str) -> str:
    """The JSON Schema of a pack format (with its draft and identifier), as kept in ``docs/``."""
    schema: dict[str, Any] = model.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = schema_id
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
