"""Every registered game system, and set-ups for its games drawn from what it declares.

A harness iterates :func:`every_system` (or :func:`listed_systems`) and sets tables up
with :func:`random_setup`: a seat count between the system's ``min_seats`` and its
``seat_specs``, and option values drawn from its ``options()``, checked with its own
``check_options`` and ``check_start``. Nothing here names a system.
"""

from __future__ import annotations

import random
import shlex
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.service import Player
from rules.core.registry import available_systems
from rules.core.system import GameSystem
from tests.conftest import ALICE, BOB, CAROL


@dataclass(frozen=True)
class Setup:
    """A game to set up: the system, its options as typed and how many players sit down."""

    system: str
    options: str | None = None
    seats: int = 2


def every_system() -> list[GameSystem[Any]]:
    """Every registered system, the unlisted ones (the demo race) too."""
    return available_systems(unlisted=True)


def listed_systems() -> list[GameSystem[Any]]:
    """The systems offered to players."""
    return available_systems(unlisted=False)


def players(count: int) -> tuple[Player, ...]:
    """``count`` distinct players, the usual three first."""
    known = (ALICE, BOB, CAROL)
    extra = tuple(Player(900 + n, f"player{n}") for n in range(max(0, count - len(known))))
    return (known + extra)[:count]


def seat_ids(system: GameSystem[Any], count: int) -> tuple[str, ...]:
    return tuple(spec.id for spec in system.seat_specs[:count])


def options_of(system: GameSystem[Any], text: str | None) -> BaseModel | None:
    """``text`` read into the system's options model, or None if it does not fit."""
    raw = {}
    for part in shlex.split(text or ""):
        key, _, value = part.partition("=")
        raw[key] = value
    try:
        return system.options_model.model_validate(raw)
    except ValidationError:
        return None


def fits(system: GameSystem[Any], setup: Setup) -> bool:
    """Whether the system accepts these options and this many seats."""
    options = options_of(system, setup.options)
    if options is None or system.check_options(options) is not None:
        return False
    return system.check_start(options, seat_ids(system, setup.seats)) is None


def random_setup(system: GameSystem[Any], rnd: random.Random, *, flags: bool = False) -> Setup:
    """A seat count and a value for every option with a list of choices (yes/no options
    too when ``flags``); numbers and free text keep their defaults. A draw the system
    refuses is drawn again; after a few tries the defaults are used."""
    most = len(system.seat_specs)
    for _ in range(20):
        seats = rnd.randint(system.min_seats, most)
        picked = [
            f"{spec.name}={rnd.choice(spec.values)}"
            for spec in system.options()
            if spec.values and (spec.kind == "choice" or (flags and spec.kind == "yes/no"))
        ]
        setup = Setup(system.id, " ".join(picked) or None, seats)
        if fits(system, setup):
            return setup
    return Setup(system.id, None, system.min_seats)
