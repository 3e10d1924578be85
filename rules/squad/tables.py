"""The numbers of the reference's tables (001), as functions.

* Shooting table: the score to hit for SH 1-10 is 9+ down to 0+ (the scan's "T+" for SH 3
  reads 7+).
* The close-combat table (attacker AS against defender AS) and the test table (active
  stat against DIFF) are the same grid: 6+ when equal, one better per point of advantage
  down to 2+, one worse per point behind up to 10+ (the scan's "T+" reads 7+, its row "&"
  is 3, and its DIFF columns run 1-10).
* A D10 against a score: the roll plus modifiers must reach it; a natural 1 always fails
  and a natural 10 always passes (001 Shooting; applied to every roll of this game).
"""

from __future__ import annotations

from typing import Literal

from rules.geometry.units import PER_INCH
from rules.squad.content.weapons import BAND_LIMIT_INCHES, BANDS, BandName

DEFAULT_DIFF = 4
"""The difficulty of a test that names none (001 Tests)."""

Band = BandName | Literal["cc"]


def shooting_score(sh: int) -> int:
    return 10 - sh


def grid_score(stat: int, against: int) -> int:
    """The close-combat and test tables: ``stat`` (AS, or a test's active stat) against
    ``against`` (the opponent's AS, or the DIFF)."""
    return max(2, min(10, 6 - (stat - against)))


def succeeds(raw: int, score: int, modifier: int = 0) -> bool:
    if raw == 10:
        return True
    if raw == 1:
        return False
    return raw + modifier >= score


def size_modifier(size: int) -> int:
    """001 To-hit modifiers by the target's size (2-3: none)."""
    if size <= 1:
        return -1
    if size <= 3:
        return 0
    if size <= 5:
        return 1
    if size <= 7:
        return 2
    return 3


def band_of(gap: float) -> BandName | None:
    """The range band of a gap in hundredths (a boundary counts in the shorter band);
    None beyond extreme range."""
    for band in BANDS:
        if gap <= BAND_LIMIT_INCHES[band] * PER_INCH:
            return band
    return None
