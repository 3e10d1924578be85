"""Reaction tests and the rally table (003 Reaktionstests, Sammeln-Wert).

A testing unit rolls one D10 and adds every modifier that applies; the total is read on
the reaction table in the unit's troop-quality column. A rally roll needs the score at the
top of the column (reading 18).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.blackpowder.content.units import Quality
from rules.blackpowder.dice import check_faces
from rules.blackpowder.modifiers import Modifier, listed, total
from rules.blackpowder.rules_cited import RALLY, REACTION_TESTS

Outcome = Literal[
    "destroyed", "flight", "fall-back-and-shaken", "fall-back-or-shaken", "fall-back", "no-effect"
]

RALLY_SCORES: dict[Quality, int] = {
    "trained": 5,
    "skirmisher": 4,
    "native": 5,
    "recruit": 6,
    "warrior": 7,
    "conscript": 7,
}
"""The scores heading the table's columns, in the sheet's order."""

ROW_TWO: dict[Quality, Outcome] = {
    "trained": "fall-back-or-shaken",
    "skirmisher": "fall-back",
    "native": "fall-back-and-shaken",
    "recruit": "fall-back-or-shaken",
    "warrior": "fall-back-and-shaken",
    "conscript": "fall-back-and-shaken",
}
"""Row 2, the only row in which the columns differ."""
OFFICER_RADIUS = 6


@dataclass(frozen=True)
class ReactingUnit:
    """What every reaction test asks of the testing unit."""

    models: int
    officer: bool = False
    officer_within_6: bool = False
    """An own officer of the unit's troop type within 6"."""
    in_close_formation: bool = False


def common_modifiers(unit: ReactingUnit, *, morale_card: bool = False) -> tuple[Modifier, ...]:
    """The modifiers of every reaction test."""
    if unit.models < 1:
        raise ValueError("a testing unit has at least one model")
    used: list[Modifier] = []
    if unit.officer or unit.officer_within_6:
        reason = (
            "an officer" if unit.officer else f'officer of its troop type within {OFFICER_RADIUS}"'
        )
        used.append(Modifier(1, reason, REACTION_TESTS))
    if unit.models >= 10:
        used.append(Modifier(2, "10 or more models", REACTION_TESTS))
    elif unit.models >= 6:
        used.append(Modifier(1, "6 or more models", REACTION_TESTS))
    if unit.in_close_formation:
        used.append(Modifier(2, "in close formation", REACTION_TESTS))
    if not unit.officer and unit.models <= 3:
        used.append(Modifier(-3, "3 or fewer models, not an officer", REACTION_TESTS))
    if morale_card:
        used.append(Modifier(-3, "caused by a morale card", REACTION_TESTS))
    return tuple(used)


def after_fire_modifiers(
    *,
    casualties: int,
    locals_in_cover: bool = False,
    all_in_hard_cover: bool = False,
    volley: bool = False,
    shooters_unseen: bool = False,
    shooters_unspotted: bool = False,
    artillery_or_formed_fire: bool = False,
) -> tuple[Modifier, ...]:
    """The modifiers after ranged fire. ``locals_in_cover``: the unit has *locals* and stands
    wholly in an area of light or medium cover. The volley, unseen and unspotted shooters
    count once together (003 footnote)."""
    if casualties < 0:
        raise ValueError("casualties cannot be fewer than none")
    used: list[Modifier] = []
    if locals_in_cover:
        used.append(Modifier(1, "local knowledge, wholly in light or medium cover", REACTION_TESTS))
    if all_in_hard_cover:
        used.append(Modifier(1, "every model in hard cover", REACTION_TESTS))
    if volley or shooters_unseen or shooters_unspotted:
        reasons = [
            word
            for flag, word in (
                (volley, "a volley"),
                (shooters_unseen, "shooters out of sight"),
                (shooters_unspotted, "shooters not spotted"),
            )
            if flag
        ]
        used.append(Modifier(-1, " / ".join(reasons), REACTION_TESTS))
    if casualties >= 3:
        used.append(Modifier(-2, "3 or more casualties from this fire", REACTION_TESTS))
    if artillery_or_formed_fire:
        used.append(Modifier(-1, "artillery or formed close-formation fire", REACTION_TESTS))
    return tuple(used)


def after_melee_modifiers(
    *,
    casualties: int,
    enemy_casualties: int,
    models_left: int,
    enemy_models_left: int,
    surprised: bool = False,
) -> tuple[Modifier, ...]:
    """The modifiers after a melee: ``models_left`` are the unit's models in the melee after
    casualties, ``surprised`` that the melee followed a surprise attack on this unit."""
    if min(casualties, enemy_casualties, models_left, enemy_models_left) < 0:
        raise ValueError("models and casualties cannot be fewer than none")
    used: list[Modifier] = []
    if casualties:
        used.append(Modifier(-casualties, f"{casualties} casualties in this melee", REACTION_TESTS))
    if models_left and models_left >= 2 * enemy_models_left:
        used.append(Modifier(2, "at least twice the enemy's models left", REACTION_TESTS))
    if surprised:
        used.append(Modifier(-2, "melee followed a surprise attack", REACTION_TESTS))
    if casualties == 0 or casualties < enemy_casualties:
        reason = "no casualties" if casualties == 0 else "fewer casualties than the enemy"
        used.append(Modifier(2, reason, REACTION_TESTS))
    return tuple(used)


def table_outcome(result: int, quality: Quality) -> Outcome:
    """The reaction table's row ``result`` in the ``quality`` column."""
    if result < 0:
        return "destroyed"
    if result == 0:
        return "flight"
    if result == 1:
        return "fall-back-and-shaken"
    if result == 2:
        return ROW_TWO[quality]
    return "no-effect"


@dataclass(frozen=True)
class Reaction:
    face: int
    quality: Quality
    modifiers: tuple[Modifier, ...]

    @property
    def result(self) -> int:
        return self.face + total(self.modifiers)

    @property
    def outcome(self) -> Outcome:
        return table_outcome(self.result, self.quality)

    def explain(self) -> str:
        row = "<0" if self.result < 0 else ("8+" if self.result >= 8 else str(self.result))
        return (
            f"reaction test: die {self.face} ({listed(self.modifiers)}) = {self.result}; "
            f"row {row}, column {self.quality}: {self.outcome}"
        )


def reaction_test(face: int, quality: Quality, modifiers: tuple[Modifier, ...]) -> Reaction:
    (checked,) = check_faces((face,))
    return Reaction(checked, quality, modifiers)


@dataclass(frozen=True)
class Rally:
    face: int
    quality: Quality

    @property
    def score(self) -> int:
        return RALLY_SCORES[self.quality]

    @property
    def rallied(self) -> bool:
        return self.face >= self.score

    def explain(self) -> str:
        verdict = "rallied" if self.rallied else "not rallied"
        return f"rally ({RALLY}): {self.score}+ for {self.quality}; die {self.face}: {verdict}"


def rally(face: int, quality: Quality) -> Rally:
    (checked,) = check_faces((face,))
    return Rally(checked, quality)
