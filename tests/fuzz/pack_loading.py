"""Loading a content pack that may be broken: it succeeds or raises a ``PackError`` naming
the file and the field of every problem, cheaply; anything else escaping is a failure.
Shared by the generic pack fuzzing and each system's own hostile-pack cases."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel

from rules.core.packs import PackError, read_model

from .bounds import measured
from .conftest import tally

CPU_LIMIT = 2.0  # seconds to read and check every pack of a system (it takes ~0.05 s)
MEMORY_LIMIT = 50_000_000  # bytes of peak allocation while loading (quick runs stay under 30 MB)


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


def check_extra_pack(
    text: str,
    folder: Path,
    load: Callable[[list[Path]], object],
    model: type[BaseModel],
    *,
    kind: str,
    must_load: bool = False,
) -> None:
    """``text`` as the only file of an extra pack folder: it loads when ``must_load``,
    else it is refused cleanly (see :func:`check_loading`)."""
    path = folder / "extra.json"
    path.write_text(text, encoding="utf-8")
    if must_load:
        load([folder])
        return
    check_loading(lambda: load([folder]), path.name, must_fail=True, kind=kind, alone=(path, model))
