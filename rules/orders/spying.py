"""Spy points ([12.2], [13.4], [20.4]): gained from search dice, torture and effects, and
used at once.

`spend_spy_points(flow, seat, points)` is the one way in: it opens a window in which the
seat uses each point (`spy mp`, `spy deck`, `spy mission`) before anything else goes on.

Readings:
- `spy mp [n]`: each point is 1 MP.
- `spy deck [n]`: n points look at the top 3 x n cards of the search deck, both sides
  (told to the spy alone); the spy then puts them back with `spy order 2 1 3 [flip 1]`
  (the positions as shown, top first; `flip` turns the named cards over). The new top card
  is shown to everyone.
- `spy mission [n]`: in a generated scenario, each point looks at one random mission card
  still secret among the other players' (n different cards; the owner is not told which).
- An unanswered window turns the points into MP (and leaves cards being looked at in
  their order).
"""

from __future__ import annotations

from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.core.wording import plural
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.search_deck import show_top
from rules.orders.state import OrdersState, SpyWindow

CARDS_PER_POINT = 3


def spend_spy_points(flow: Flow, seat: str, points: int, mp: bool = True) -> None:
    """[12.2] ``seat`` gains ``points`` spy points and must use them now; without ``mp``
    (a combined search not wholly on foreign ground, [18.5]) they cannot become MP and
    are lost when nothing else can take them."""
    if points <= 0:
        return
    flow.emit(ev.SpyPoints(seat=seat, points=points))
    if mp or other_uses(flow.state, seat, ()):
        flow.emit(FrameOpened(frame=SpyWindow(seat=seat, points=points, mp=mp)))


def other_uses(state: OrdersState, seat: str, seen: tuple[str, ...]) -> bool:
    """Whether spy points of ``seat`` could go on the deck or the missions now."""
    return bool(state.deck) or bool(state.missions and enemy_missions(state, seat, seen))


def enemy_missions(state: OrdersState, seat: str, seen: tuple[str, ...] = ()) -> list[str]:
    """The secret mission cards of the other players not yet looked at, as
    ``owner:index``."""
    return [
        f"{p.seat}:{i}"
        for p in state.players
        if p.seat != seat
        for i in range(len(p.missions))
        if f"{p.seat}:{i}" not in seen
    ]


def use(flow: Flow, window: SpyWindow, how: str, count: int | None) -> Rejection | None:
    """One answer of the spy window: ``how`` is mp, deck or mission."""
    state = flow.state
    if window.looking:
        return reject(
            RejectionCode.WRONG_PHASE,
            f"First put the {window.looking} cards you look at back: `spy order 1 2 3 [flip 2]`.",
            rule.SPY,
        )
    if how == "mp" and not window.mp:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "Spy points from a combined search become MP only if every searcher is on"
            " foreign ground: use them on the deck or the missions.",
            rule.COMBINED_SEARCH,
        )
    points = count if count is not None else (window.points if how == "mp" else 1)
    if points < 1 or points > window.points:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"You have {plural(window.points, 'spy point')} to use, not {points}.",
            rule.SPY,
        )
    if how == "deck" and not state.deck:
        return reject(RejectionCode.ILLEGAL_MOVE, "The search deck is empty.", rule.SPY)
    if how == "mission":
        left = enemy_missions(state, window.seat, window.seen)
        if not state.missions:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                "Mission spying is for generated scenarios with mission cards.",
                rule.SPY,
            )
        if len(left) < points:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"Only {len(left)} secret enemy mission cards are left to look at.",
                rule.SPY,
            )
    if flow.trial:
        return None
    rest = window.points - points
    seen = window.seen
    looking = 0
    if how == "mp":
        flow.emit(ev.MpChanged(seat=window.seat, amount=points, why="spy points"))
    elif how == "deck":
        looking = min(len(state.deck), CARDS_PER_POINT * points)
        cards = state.deck[:looking]
        flow.emit(ev.DeckSpied(seat=window.seat, cards=cards, visibility=only(window.seat)))
    else:
        for _ in range(points):
            left = enemy_missions(flow.state, window.seat, seen)
            picked = left[flow.pick(len(left), "a random enemy mission", seat=window.seat)]
            seen = (*seen, picked)
            owner, index = picked.split(":")
            mission = flow.state.player(owner).missions[int(index)]
            flow.emit(
                ev.MissionSpied(
                    seat=window.seat, owner=owner, mission=mission, visibility=only(window.seat)
                )
            )
    _carry_on(flow, window, rest, looking, seen, f"spy {how} {points}")
    return None


def order(
    flow: Flow, window: SpyWindow, positions: tuple[int, ...], flips: tuple[int, ...]
) -> Rejection | None:
    """Put the cards looked at back: ``positions`` (1 = the top card as seen) in their
    new order, top first; ``flips`` the cards (by old position) turned over."""
    looking = window.looking
    if not looking:
        return reject(
            RejectionCode.WRONG_PHASE,
            "You are not looking at any search cards: `spy deck` first.",
            rule.SPY,
        )
    wanted = tuple(range(1, looking + 1))
    if tuple(sorted(positions)) != wanted:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"Name each of the {looking} cards once, by its position as you saw it"
            f" (1-{looking}): for example `spy order {' '.join(map(str, reversed(wanted)))}`.",
            rule.SPY,
        )
    bad = [f for f in flips if f not in wanted]
    if bad:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"There is no card {bad[0]} among the {looking} you look at.",
            rule.SPY,
        )
    if flow.trial:
        return None
    seen = flow.state.deck[:looking]
    cards = tuple(
        seen[p - 1].model_copy(update={"flipped": not seen[p - 1].flipped})
        if p in flips
        else seen[p - 1]
        for p in positions
    )
    flow.emit(ev.DeckArranged(cards=cards, why="spy", visibility=only(window.seat)))
    show_top(flow)
    _carry_on(flow, window, window.points, 0, window.seen, "spy order")
    return None


def _carry_on(
    flow: Flow, window: SpyWindow, points: int, looking: int, seen: tuple[str, ...], answer: str
) -> None:
    flow.emit(FrameClosed(answer=answer))
    usable = window.mp or looking or other_uses(flow.state, window.seat, seen)
    if (points or looking) and usable:
        flow.emit(
            FrameOpened(
                frame=SpyWindow(
                    seat=window.seat, points=points, looking=looking, seen=seen, mp=window.mp
                )
            )
        )
