"""Melee (003 Nahkampf; reading 19): one die to hit per model in contact against its melee
score, one defence die per hit against the enemy's defence score; a failed defence die
removes a model. Weapons, a surprise attack and a defended position change the dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.blackpowder.content.weapons import MeleeKind
from rules.blackpowder.dice import check_faces
from rules.blackpowder.modifiers import Modifier, listed, total
from rules.blackpowder.rolls import Roll
from rules.blackpowder.rules_cited import MELEE


@dataclass(frozen=True)
class Fighter:
    """A unit in the melee as its weapon rules see it."""

    weapon: MeleeKind | None = None
    cavalry: bool = False
    charged: bool = False
    """It charged into this melee."""
    on_foot: bool = True


def hit_modifiers(own: Fighter, enemy: Fighter) -> tuple[Modifier, ...]:
    used: list[Modifier] = []
    if own.weapon == "sabre" and own.cavalry and own.charged and enemy.on_foot:
        used.append(Modifier(1, "sabres, cavalry charging models on foot", MELEE))
    if own.weapon == "naval-weapons":
        used.append(Modifier(1, "naval weapons", MELEE))
    if own.weapon == "lance" and own.charged:
        used.append(Modifier(2, "lances, charging", MELEE))
    return tuple(used)


def strikes_first(fighter: Fighter) -> bool:
    """Lances that charged strike before the enemy (reading 19)."""
    return fighter.weapon == "lance" and fighter.charged


def defence_modifiers(
    own: Fighter, enemy: Fighter, *, surprise_attack: bool = False
) -> tuple[Modifier, ...]:
    """The modifiers on the defence dice of ``own``; ``surprise_attack`` that the enemy's
    charge took it by surprise."""
    used: list[Modifier] = []
    if own.weapon == "sabre":
        used.append(Modifier(1, "sabres", MELEE))
    if enemy.weapon == "lance" and enemy.charged:
        used.append(Modifier(-1, "enemy lances", MELEE))
    if surprise_attack:
        used.append(Modifier(-2, "surprise attack", MELEE))
    return tuple(used)


def melee_hits(melee: int, faces: Sequence[int], modifiers: tuple[Modifier, ...] = ()) -> Roll:
    return Roll("to hit in melee", melee, modifiers, check_faces(faces))


@dataclass(frozen=True)
class Defence:
    score: int
    modifiers: tuple[Modifier, ...]
    faces: tuple[int, ...]
    rerolls: tuple[int, ...]
    """The re-rolled faces of a defended position, one for each failed first die."""

    def _saves(self, face: int) -> bool:
        return face + total(self.modifiers) >= self.score

    @property
    def saved(self) -> int:
        first = sum(1 for f in self.faces if self._saves(f))
        return first + sum(1 for f in self.rerolls if self._saves(f))

    @property
    def casualties(self) -> int:
        return len(self.faces) - self.saved

    def explain(self) -> str:
        faces = " ".join(str(f) for f in self.faces) or "none"
        again = f", re-rolled {' '.join(str(f) for f in self.rerolls)}" if self.rerolls else ""
        return (
            f"defence: {self.score}+ ({listed(self.modifiers)}); dice {faces}{again}: "
            f"{self.saved} saved, {self.casualties} casualties"
        )


def failed_first(score: int, modifiers: tuple[Modifier, ...], faces: Sequence[int]) -> int:
    """How many first defence dice failed: the re-rolls a defended position makes."""
    return sum(1 for f in check_faces(faces) if f + total(modifiers) < score)


def defend(
    defence: int,
    faces: Sequence[int],
    modifiers: tuple[Modifier, ...] = (),
    *,
    defended_position: bool = False,
    rerolls: Sequence[int] = (),
) -> Defence:
    """One defence die per hit. In a defended position each failed die is rolled once more:
    ``rerolls`` holds exactly those faces (:func:`failed_first` says how many)."""
    first = check_faces(faces)
    again = check_faces(rerolls)
    wanted = failed_first(defence, modifiers, first) if defended_position else 0
    if len(again) != wanted:
        raise ValueError(f"{wanted} defence dice are re-rolled, not {len(again)}")
    return Defence(defence, modifiers, first, again)
