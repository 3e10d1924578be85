"""The package metadata is in the form current setuptools reads without warnings."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from setuptools import find_packages

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_license_is_an_spdx_expression_and_setuptools_reads_it() -> None:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert data["project"]["license"] == "GPL-3.0-or-later"  # a table is deprecated
    assert not any("License ::" in c for c in data["project"].get("classifiers", []))
    [setuptools] = [r for r in data["build-system"]["requires"] if r.startswith("setuptools")]
    found = re.fullmatch(r"setuptools>=(\d+)", setuptools)
    assert found is not None and int(found.group(1)) >= 77  # the first to read SPDX strings


def test_the_message_catalogues_ship_with_the_code() -> None:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    setuptools = data["tool"]["setuptools"]
    found = find_packages(where=PYPROJECT.parent, **setuptools["packages"]["find"])
    assert "bot.locales" in found  # a package, so its files are package data
    assert "*.po" in setuptools["package-data"]["*"]
    assert (PYPROJECT.parent / "bot" / "locales" / "de.po").is_file()
