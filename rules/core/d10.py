"""D10 conventions shared by the rule sources.

* Pool tests (source 000, "Tests"): roll a pool, each die whose modified value reaches the
  difficulty is a success; a natural 10 always succeeds and a natural 1 never does; a pool
  of zero or fewer dice rolls nothing; automatic successes are added to the rolled ones.
* Single tests (source 004, "Rolling dice"): roll one D10 against a target number; 0 reads
  as 10; a target of 1+ or less always succeeds and 11+ or more always fails, unrolled.
* D5 (source 004): a D10 halved, rounding up, with modifiers added afterwards.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core.events import DiceRolled
from rules.core.roller import Roller
from rules.core.visibility import PUBLIC, Visibility


class PoolResult(BaseModel):
    """Outcome of a pool test: raw dice, their modified values and the success count."""

    model_config = ConfigDict(frozen=True)

    raw: tuple[int, ...]
    modified: tuple[int, ...]
    difficulty: int
    per_die: int
    automatic: int
    successes: int
    natural_tens: int
    natural_ones: int

    @property
    def succeeded(self) -> bool:
        return self.successes >= 1


def count_pool(
    raw: tuple[int, ...], difficulty: int, per_die: int = 0, automatic: int = 0
) -> PoolResult:
    """Score already-rolled D10s against ``difficulty`` with a per-die modifier."""
    modified = tuple(value + per_die for value in raw)
    successes = automatic
    for value, mod in zip(raw, modified, strict=True):
        if value == 10 or (value != 1 and mod >= difficulty):
            successes += 1
    return PoolResult(
        raw=raw,
        modified=modified,
        difficulty=difficulty,
        per_die=per_die,
        automatic=automatic,
        successes=successes,
        natural_tens=raw.count(10),
        natural_ones=raw.count(1),
    )


def pool_test(
    roller: Roller,
    pool: int,
    difficulty: int,
    *,
    purpose: str,
    per_die: int = 0,
    automatic: int = 0,
    seat: str | None = None,
    visibility: Visibility = PUBLIC,
) -> tuple[DiceRolled, PoolResult]:
    """Roll ``pool`` D10s (none if the pool is zero or less) and count successes."""
    event = roller.roll(pool, 10, purpose=purpose, seat=seat, visibility=visibility)
    return event, count_pool(event.values, difficulty, per_die, automatic)


def duel_margin(attacker: PoolResult, defender: PoolResult) -> int:
    """Attacker successes left after each defender success cancels one (never negative)."""
    return max(0, attacker.successes - defender.successes)


class SingleResult(BaseModel):
    """Outcome of a single-die test against a target number."""

    model_config = ConfigDict(frozen=True)

    target: int
    modifier: int
    raw: int | None
    passed: bool
    automatic: bool


def need(target: int, modifier: int = 0) -> int:
    """The number a single die must reach: ``target`` less ``modifier`` (a bonus lowers it)."""
    return target - modifier


def automatic(needed: int) -> bool | None:
    """Whether a single test is decided without rolling: 1+ or less always passes, 11+ or
    more always fails; None when a die decides."""
    if needed <= 1:
        return True
    if needed >= 11:
        return False
    return None


def passes(raw: int, needed: int) -> bool:
    """Whether a die showing ``raw`` passes a single test needing ``needed``+."""
    decided = automatic(needed)
    return decided if decided is not None else raw >= needed


def single_test(
    roller: Roller,
    target: int,
    *,
    purpose: str,
    modifier: int = 0,
    seat: str | None = None,
) -> tuple[DiceRolled | None, SingleResult]:
    """Roll one D10 needing ``target``+ after ``modifier`` (a bonus lowers the need).

    The effective need is ``target - modifier``; 1+ or less passes and 11+ or more fails
    without rolling (no event is returned then).
    """
    needed = need(target, modifier)
    decided = automatic(needed)
    if decided is not None:
        result = SingleResult(
            target=target, modifier=modifier, raw=None, passed=decided, automatic=True
        )
        return None, result
    event = roller.roll(1, 10, purpose=purpose, seat=seat)
    raw = event.values[0]
    result = SingleResult(
        target=target, modifier=modifier, raw=raw, passed=passes(raw, needed), automatic=False
    )
    return event, result


def d5(value: int) -> int:
    """Turn a D10 result into a D5 result: halve, rounding up."""
    return (value + 1) // 2
