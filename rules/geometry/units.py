"""Units of length: positions are whole hundredths of an inch."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

PER_INCH = 100
MM_PER_INCH = Fraction(254, 10)


@lru_cache(maxsize=1024)  # the same few lengths are converted again and again
def inches(value: float | int | str) -> int:
    """Inches → hundredths, rounded half away from zero (``2.5`` → ``250``)."""
    exact = Fraction(str(value)) * PER_INCH
    return int(exact + Fraction(1, 2)) if exact >= 0 else -int(-exact + Fraction(1, 2))


@lru_cache(maxsize=256)  # a handful of base sizes, asked for with every base measured
def mm(value: int) -> int:
    """Millimetres → hundredths of an inch, rounded to the nearest (25 mm → 98)."""
    return round(Fraction(value) / MM_PER_INCH * PER_INCH)


def show(hundredths: float) -> str:
    """``740`` → ``7.4"`` (one decimal, as players read a tape)."""
    return f'{hundredths / PER_INCH:.1f}"'
