"""Roll-offs, setup rolls and initiative rolls (source 000, "Setup Rolls", "Roll Initiative",
"Re-rolling Setup or Initiative Rolls").

A roll-off (factions, mercenaries, bonus tokens, entry points) is one die each, ties
rolled again. Setup and initiative rolls add bonuses; ties are re-rolled free; the low
roller may then pay one Command Point, once, to re-roll, and the second result stands.
"""

from __future__ import annotations

from rules.core.frames import FrameClosed, FrameOpened
from rules.tannhauser import events as ev
from rules.tannhauser.costs import REROLL_COST
from rules.tannhauser.flow import Flow
from rules.tannhauser.state import RerollWindow
from rules.tannhauser.values import initiative_bonus

MAX_TIES = 40


def roll_off(flow: Flow, purpose: str) -> str:
    """Both seats roll a die until one is higher; returns the winner."""
    seats = flow.state.seats
    for _ in range(MAX_TIES):
        totals = {s: flow.roll(1, purpose=purpose, seat=s).values[0] for s in seats}
        best = max(totals.values())
        leaders = [s for s in seats if totals[s] == best]
        winner = leaders[0] if len(leaders) == 1 else None
        flow.emit(ev.RollOff(purpose=purpose, totals=totals, winner=winner))
        if winner is not None:
            return winner
    flow.emit(ev.RollOff(purpose=purpose, totals={}, winner=seats[0]))
    return seats[0]


def _roll_one(flow: Flow, purpose: str, seat: str, reroll: bool = False) -> None:
    assert purpose in ("setup", "initiative")
    die = flow.roll(1, purpose=f"{purpose} roll", seat=seat).values[0]
    bonus = initiative_bonus(flow.state, seat)
    flow.emit(
        ev.RollMade(
            purpose=purpose,
            seat=seat,
            die=die,
            bonus=bonus,
            total=die + bonus,
            reroll=reroll,
        )
    )


def start_roll(flow: Flow, purpose: str) -> str | None:
    """Roll for both seats; returns the winner, or None if the low roller may re-roll."""
    flow.emit(ev.RollStarted(purpose=purpose))
    for seat in flow.state.seats:
        _roll_one(flow, purpose, seat)
    return settle_roll(flow)


def settle_roll(flow: Flow) -> str | None:
    """Re-roll ties for free, offer the low roller a paid re-roll, or declare the winner."""
    roll = flow.state.roll
    assert roll is not None
    for _ in range(MAX_TIES):
        roll = flow.state.roll
        assert roll is not None
        totals = roll.totals
        if len(set(totals.values())) > 1:
            break
        for seat in flow.state.seats:
            _roll_one(flow, roll.purpose, seat, reroll=roll.rerolled)
    roll = flow.state.roll
    assert roll is not None
    ordered = sorted(flow.state.seats, key=lambda s: -roll.totals[s])
    high, low = ordered[0], ordered[-1]
    if roll.totals[high] == roll.totals[low]:  # still tied after many re-rolls
        high = flow.state.seats[0]
    elif not roll.rerolled and flow.state.command_points.get(low, 0) >= REROLL_COST:
        flow.emit(FrameOpened(frame=RerollWindow(seat=low)))
        return None
    flow.emit(ev.RollWon(purpose=roll.purpose, seat=high))
    return high


def reroll(flow: Flow, seat: str) -> str | None:
    """The low roller pays a Command Point and rolls again; the new result stands."""
    roll = flow.state.roll
    assert roll is not None
    flow.emit(FrameClosed(answer="reroll"))
    flow.emit(
        ev.CommandPointsSpent(
            seat=seat, amount=REROLL_COST, effect="reroll", label=f"{roll.purpose} re-roll"
        )
    )
    _roll_one(flow, roll.purpose, seat, reroll=True)
    return settle_roll(flow)


def keep(flow: Flow) -> str:
    roll = flow.state.roll
    assert roll is not None
    flow.emit(FrameClosed(answer="keep"))
    high = max(flow.state.seats, key=lambda s: roll.totals[s])
    flow.emit(ev.RollWon(purpose=roll.purpose, seat=high))
    return high
