"""Facts of command: orders, airstrikes, psychic powers and the morale phase."""

from __future__ import annotations

from typing import ClassVar, Literal

from rules.wasteland.facts.base import Check, Fact

Order = Literal["push", "strike", "regroup", "seize", "airstrike"]
Power = Literal["fury", "blessing"]
Attempt = Literal["nullify", "re-nullify", "override"]
Step = Literal[
    "let_stand",
    "nullify_failed",
    "renullify_failed",
    "nullified",
    "nullified_open",
    "given_up",
    "override_failed",
    "overridden",
    "overridden_open",
]
POWER_NAMES: dict[Power, str] = {"fury": "Psychic Fury", "blessing": "War Blessing"}


class OrderReached(Fact):
    """The Will roll to reach a unit beyond 5" (``gap`` in hundredths)."""

    type: Literal["wt_order_reached"] = "wt_order_reached"
    reveals: ClassVar[bool] = False
    leader: str
    target: str
    gap: float
    order: Order
    check: Check


class OrderCarried(Fact):
    """An order taking effect: Push forward's D5 (``roll``, ``extra`` inches), or the
    markers left after Regroup!."""

    type: Literal["wt_order"] = "wt_order"
    reveals: ClassVar[bool] = False
    leader: str
    target: str
    order: Order
    roll: int = 0
    extra: int = 0
    markers: int = 0


class AirstrikeCalled(Fact):
    """Call in an airstrike!: ``roll`` less ``penalty`` for distance; 3+ is on target, 1 or
    less hits the nearest friendly unit (``victim``, None when there is none)."""

    type: Literal["wt_airstrike_called"] = "wt_airstrike_called"
    reveals: ClassVar[bool] = False
    leader: str
    target: str
    gap: float
    roll: int
    penalty: int
    victim: str | None = None


class AirstrikeRolled(Fact):
    type: Literal["wt_airstrike"] = "wt_airstrike"
    reveals: ClassVar[bool] = False
    target: str
    dice: tuple[int, ...]
    need: int
    hits: int


class PowerCast(Fact):
    type: Literal["wt_power_cast"] = "wt_power_cast"
    reveals: ClassVar[bool] = False
    unit: str
    power: Power
    target: str


class NullifyOffered(Fact):
    """``seat`` may try to nullify the power that stands."""

    type: Literal["wt_nullify_offered"] = "wt_nullify_offered"
    reveals: ClassVar[bool] = False
    seat: str
    power: Power


class PowerContested(Fact):
    """One step of the nullify/override chain. ``by`` is the seat or unit acting; ``seat``
    and ``unit`` name the side and unit that may answer next."""

    type: Literal["wt_power_contested"] = "wt_power_contested"
    reveals: ClassVar[bool] = False
    step: Step
    by: str
    power: Power
    seat: str | None = None
    unit: str | None = None


class ChainRolled(Fact):
    """A Will roll of the chain (``bonus``: +1 for each Caster model beyond the first)."""

    type: Literal["wt_chain_roll"] = "wt_chain_roll"
    reveals: ClassVar[bool] = False
    unit: str
    attempt: Attempt
    power: Power
    check: Check
    bonus: int


class CasterUnstable(Fact):
    """Unstable X: a chain roll of X or less makes the rolling model fail a Life roll."""

    type: Literal["wt_caster_unstable"] = "wt_caster_unstable"
    reveals: ClassVar[bool] = False
    x: int
    roll: int
    model: str
    destroyed: bool


class PowerFizzled(Fact):
    type: Literal["wt_power_fizzled"] = "wt_power_fizzled"
    reveals: ClassVar[bool] = False
    power: Power
    target: str


class Blessed(Fact):
    type: Literal["wt_blessed"] = "wt_blessed"
    reveals: ClassVar[bool] = False
    unit: str


class FuryRolled(Fact):
    type: Literal["wt_fury"] = "wt_fury"
    reveals: ClassVar[bool] = False
    caster: str
    target: str
    roll: int
    need: int


class MoralePhase(Fact):
    type: Literal["wt_morale_phase"] = "wt_morale_phase"
    reveals: ClassVar[bool] = False


class MoraleTest(Fact):
    """A morale Will roll: rallying (``markers`` before it), after losing a melee to
    ``enemy``, or after casualties (``lost`` of ``starting``, -1 when more than half).
    ``enforced``: a failure that Price of Failure turns into a pass."""

    type: Literal["wt_morale"] = "wt_morale"
    reveals: ClassVar[bool] = False
    unit: str
    test: Literal["rally", "melee", "casualties"]
    check: Check
    enforced: bool = False
    markers: int = 0
    enemy: str | None = None
    lost: int = 0
    killed: int = 0
    starting: int = 0
    heavy: bool = False


class StubbornCounted(Fact):
    type: Literal["wt_stubborn"] = "wt_stubborn"
    reveals: ClassVar[bool] = False
    unit: str
    markers: int
    counted: int


class PriceOfFailure(Fact):
    type: Literal["wt_price_of_failure"] = "wt_price_of_failure"
    reveals: ClassVar[bool] = False
    enforcer: str
    x: int
    unit: str
    victims: tuple[str, ...]


CommandFact = (
    OrderReached
    | OrderCarried
    | AirstrikeCalled
    | AirstrikeRolled
    | PowerCast
    | NullifyOffered
    | PowerContested
    | ChainRolled
    | CasterUnstable
    | PowerFizzled
    | Blessed
    | FuryRolled
    | MoralePhase
    | MoraleTest
    | StubbornCounted
    | PriceOfFailure
)


def chain_purpose(attempt: Attempt, power: Power) -> str:
    """What a chain roll tries (``nullify Psychic Fury``)."""
    name = POWER_NAMES[power]
    if attempt == "override":
        return f"override the nullification of {name}"
    return f"{attempt} {name}"
