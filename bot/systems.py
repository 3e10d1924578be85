"""The game systems this bot offers, with any extra content packs from the configuration."""

from __future__ import annotations

from pathlib import Path

from rules.tannhauser.system import register_tannhauser
from rules.wasteland.system import register_wasteland


def install_systems(
    tannhauser_packs: str | None = None, wasteland_packs: str | None = None
) -> None:
    """Register every production game system (the demo is registered separately)."""
    register_tannhauser([Path(tannhauser_packs)] if tannhauser_packs else [])
    register_wasteland([Path(wasteland_packs)] if wasteland_packs else [])
