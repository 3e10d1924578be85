"""Drawing units: pictures are drawn at ``ss`` units a finished pixel and scaled down."""

from __future__ import annotations


class Scaled:
    """Conversions from finished-picture pixels to drawing units, for layouts with ``ss``."""

    ss: int

    def u(self, pixels: float) -> float:
        """``pixels`` of the finished picture in drawing units."""
        return pixels * self.ss

    def w(self, pixels: float) -> int:
        """A line width of ``pixels`` in drawing units (at least one unit)."""
        return max(1, round(pixels * self.ss))

    def fs(self, pixels: float) -> int:
        """A font size of ``pixels`` in drawing units."""
        return max(6, round(pixels * self.ss))
