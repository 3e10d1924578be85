"""Facts of shooting and fighting: volleys, Life rolls, charges, reactions and terror."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from rules.wasteland.facts.base import Check, Fact, Modifier


class VolleyFired(Fact):
    """Models firing one weapon at one unit (004 Shoot step 3): the dice as first rolled
    are in ``rerolls`` (old, new) when Strike harder! changed them; ``life`` names the
    firing-position Life modifiers, worth ``life_modifier`` together."""

    type: Literal["wt_volley"] = "wt_volley"
    reveals: ClassVar[bool] = False
    shooter: str
    target: str
    weapon: str
    count: int
    indirect: bool = False
    autohit: bool = False
    dice: tuple[int, ...]
    need: int
    modifiers: tuple[Modifier, ...] = ()
    rerolls: tuple[tuple[int, int], ...] = ()
    hits: int
    crits: int = 0
    life: tuple[str, ...] = ()
    life_modifier: int = 0


class LifeRolled(Fact):
    """Life rolls against one weapon's hits (``damage``: the weapon's Damage, taken off)."""

    type: Literal["wt_life"] = "wt_life"
    reveals: ClassVar[bool] = False
    target: str
    dice: tuple[int, ...]
    need: int
    damage: int = 0
    modifiers: tuple[Modifier, ...] = ()
    crits: int = 0
    failed: int
    killed: int
    destroyed: bool = False


class BodyguardsSaved(Fact):
    type: Literal["wt_bodyguards"] = "wt_bodyguards"
    reveals: ClassVar[bool] = False
    guard: str
    dice: tuple[int, ...]
    x: int
    saved: int


class Backfired(Fact):
    """Unstable X: dice of X or less make the firing model fail Life rolls."""

    type: Literal["wt_backfired"] = "wt_backfired"
    reveals: ClassVar[bool] = False
    unit: str
    weapon: str
    x: int
    blows: int
    model: str


class StrayHits(Fact):
    """Failed Shoot rolls hitting the shooter's own unit in base contact with the target
    (``big``: only rolls of 1 count against a Vehicle/Monster target)."""

    type: Literal["wt_stray_hits"] = "wt_stray_hits"
    reveals: ClassVar[bool] = False
    hits: int
    friend: str
    target: str
    big: bool


class LowAmmo(Fact):
    type: Literal["wt_low_ammo"] = "wt_low_ammo"
    reveals: ClassVar[bool] = False
    unit: str
    failed: int
    dice: int
    penalty: int


class ShootingStopped(Fact):
    type: Literal["wt_shooting_stopped"] = "wt_shooting_stopped"
    reveals: ClassVar[bool] = False
    unit: str
    reason: Literal["cannot_shoot", "no_targets"]


class FreeAttack(Fact):
    """An Area Effect/Spray weapon's free attack on a unit inside an Open transport."""

    type: Literal["wt_free_attack"] = "wt_free_attack"
    reveals: ClassVar[bool] = False
    attacker: str | None
    weapon: str
    passenger: str
    transport: str
    count: int
    dice: tuple[int, ...]
    need: int
    autohit: bool = False
    hits: int


class TargetTest(Fact):
    """A Will roll to split fire or to shoot past the closest enemy (None: free for a
    Vehicle/Monster)."""

    type: Literal["wt_target_test"] = "wt_target_test"
    reveals: ClassVar[bool] = False
    unit: str
    choice: Literal["split", "not_closest", "extend"]
    targets: tuple[str, ...] = ()
    check: Check | None = None


class FireRedirected(Fact):
    type: Literal["wt_fire_redirected"] = "wt_fire_redirected"
    reveals: ClassVar[bool] = False
    unit: str
    target: str


class CounterAttack(Fact):
    type: Literal["wt_counter_attack"] = "wt_counter_attack"
    reveals: ClassVar[bool] = False
    unit: str
    attacker: str


class FightDeclared(Fact):
    type: Literal["wt_fight_declared"] = "wt_fight_declared"
    reveals: ClassVar[bool] = False
    unit: str
    targets: tuple[str, ...]


class FightStopped(Fact):
    type: Literal["wt_fight_stopped"] = "wt_fight_stopped"
    reveals: ClassVar[bool] = False
    unit: str
    reason: Literal["gone", "no_target"]


class FellShort(Fact):
    """A charge ending out of base contact, ``gap`` hundredths from the nearest target."""

    type: Literal["wt_fell_short"] = "wt_fell_short"
    reveals: ClassVar[bool] = False
    unit: str
    gap: float
    near: str


class ChargeReach(BaseModel):
    """How far a charge may go, in hundredths, and what cut it (``why``)."""

    model_config = ConfigDict(frozen=True)

    move: int
    push: int = 0
    bloodthirsty: int = 0
    penalty: int = 0
    why: str = ""


class Charged(Fact):
    """The charge (004 Fight step 2): ``moved`` models, the longest path in hundredths."""

    type: Literal["wt_charged"] = "wt_charged"
    reveals: ClassVar[bool] = False
    unit: str
    targets: tuple[str, ...]
    moved: int
    longest: float
    reach: ChargeReach
    notes: tuple[str, ...] = ()
    contacts: int = 0
    to: tuple[int, int] | None = None  # where the unit's centre ended (None before told)


class NoStrikers(Fact):
    type: Literal["wt_no_strikers"] = "wt_no_strikers"
    reveals: ClassVar[bool] = False
    unit: str


class Blows(Fact):
    """Models striking one unit with one weapon (004 Fight step 3); ``rerolled`` dice
    were rolled again as ``again`` (Strike harder!)."""

    type: Literal["wt_blows"] = "wt_blows"
    reveals: ClassVar[bool] = False
    unit: str
    target: str
    weapon: str
    count: int
    autohit: bool = False
    dice: tuple[int, ...]
    need: int
    modifiers: tuple[Modifier, ...] = ()
    rerolled: tuple[int, ...] = ()
    again: tuple[int, ...] = ()
    hits: int
    crits: int = 0


class ReactionsOffered(Fact):
    type: Literal["wt_reactions_offered"] = "wt_reactions_offered"
    reveals: ClassVar[bool] = False
    units: tuple[str, ...]
    attacker: str


class ReactionTried(Fact):
    """A Reaction's Will roll (``reaction``: withdraw, ground or counter; None: the unit
    does not react)."""

    type: Literal["wt_reaction"] = "wt_reaction"
    reveals: ClassVar[bool] = False
    unit: str
    reaction: str | None = None
    check: Check | None = None


class WentToGround(Fact):
    type: Literal["wt_gone_to_ground"] = "wt_gone_to_ground"
    reveals: ClassVar[bool] = False
    unit: str


class Overrun(Fact):
    type: Literal["wt_overrun"] = "wt_overrun"
    reveals: ClassVar[bool] = False
    unit: str
    attacker: str


class TerrorTested(Fact):
    """The once-an-activation Will roll against Suppressive/Terrifying fire or blows."""

    type: Literal["wt_terror"] = "wt_terror"
    reveals: ClassVar[bool] = False
    unit: str
    rule: Literal["Suppressive", "Terrifying"]
    noun: Literal["fire", "blows"]
    check: Check
    penalty: int


class RuleWill(Fact):
    """A Will roll at -X against one Suppressive X or Terrifying X attack."""

    type: Literal["wt_rule_will"] = "wt_rule_will"
    reveals: ClassVar[bool] = False
    unit: str
    rule: Literal["Suppressive", "Terrifying"]
    x: int
    check: Check


CombatFact = (
    VolleyFired
    | LifeRolled
    | BodyguardsSaved
    | Backfired
    | StrayHits
    | LowAmmo
    | ShootingStopped
    | FreeAttack
    | TargetTest
    | FireRedirected
    | CounterAttack
    | FightDeclared
    | FightStopped
    | FellShort
    | Charged
    | NoStrikers
    | Blows
    | ReactionsOffered
    | ReactionTried
    | WentToGround
    | Overrun
    | TerrorTested
    | RuleWill
)


def shooting_task(
    choice: Literal["split", "not_closest", "extend"], targets: tuple[str, ...] = ()
) -> str:
    """The words for an Advanced Shooting Task (``splits fire between B1, B2``)."""
    if choice == "split":
        return f"splits fire between {', '.join(targets)}"
    if choice == "not_closest":
        return f"targets {targets[0]}, which is not the closest enemy unit"
    return 'extends its ranges by 5" (-3 Shoot)'
