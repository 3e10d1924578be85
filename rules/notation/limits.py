"""Hard limits on roll commands, so any input is cheap to parse, roll and display."""

from __future__ import annotations

MAX_COMMAND_LENGTH = 500
"""Longest accepted command text, counting labels, comments and separators."""

MAX_ROLLS = 100
"""Most rolls one command may hold (rolls are separated by ``;``)."""

MAX_REPEAT = 20
"""Most times one roll may be repeated by a leading count (``6 4d6k3`` is six rolls)."""

MAX_DICE = 1_000
"""Most dice one command may draw, counting rerolls and explosions."""

MAX_SIDES = 1_000
"""Most faces a die may have."""

MAX_NUMBER = 1_000_000
"""Largest number that may be written: constants, targets and conditions."""

MAX_VALUE = 1_000_000_000
"""Largest magnitude any step of the arithmetic may reach."""

MAX_DEPTH = 20
"""Deepest nesting of parentheses and unary minus signs."""
