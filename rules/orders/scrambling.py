"""Radio scrambling ([15]).

While a scrambler of a player's is ON, in each Initiative phase that player puts six
face-down markers on enemy characters (standing ones: not dead, captured or gone). A
marker is turned face up as soon as the CP its character spent this turn go above its
bonus CP (with no bonus CP: as soon as it is activated). Clear: nothing; listening: the
scrambling player gains 1 spy point; scrambled: the character may spend no more CP than
its bonus CP this turn. Switching the last scrambler of a player OFF, or a power down
where a power-dependent scrambler stands, ends that player's scrambling and removes its
markers.

Readings:
- The six markers are 2 clear, 2 listening and 2 scrambled.
- The scrambling player is the one whose character switched the scrambler ON.
- The scrambling player is asked by a window where its markers go (the characters marked
  are public, the frequencies secret until revealed); left unanswered, they go at random
  by dice recorded for that player alone. All six are used while enemies are left
  unmarked.
- The engine reveals each marker at its moment, so none is ever revealed too early and the
  +2 MP penalty for that never arises.
- A scrambled marker revealed by an order lets that order go through; every later CP of
  the character this turn is held to its bonus CP.
"""

from __future__ import annotations

from rules.core.frames import FrameClosed, FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.ips_cp import scrambled_cap
from rules.orders.ips_places import elements
from rules.orders.ips_state import Frequency, RadioMarker
from rules.orders.power import power_on
from rules.orders.spying import spend_spy_points
from rules.orders.state import OrdersState, RadioWindow

MARKERS: tuple[Frequency, ...] = (
    "clear",
    "clear",
    "listening",
    "listening",
    "scrambled",
    "scrambled",
)


def scramble_on(flow: Flow, seat: str, source: str) -> None:
    flow.emit(ev.ScramblerSwitched(seat=seat, source=source, on=True))


def scramble_off(flow: Flow, seat: str, source: str, why: str = "") -> None:
    """Switch off ``source``; a scrambler of another seat's is switched off for that seat."""
    owner = next((s.seat for s in flow.state.ips.scrambling if source in s.sources), seat)
    found = flow.state.ips.scrambling_of(owner)
    if found is None or source not in found.sources:
        return
    ended = found.sources == (source,)
    flow.emit(ev.ScramblerSwitched(seat=owner, source=source, on=False, ended=ended, why=why))


def power_check(flow: Flow) -> None:
    """A scrambler on the map stops when it is destroyed or, needing power, when the power
    is down ([15.1], [15.5]); the rules call this after every action and in each phase."""
    state = flow.state
    if state.ground is None or not state.ips.scrambling:
        return
    placed = {p.key: p for p in elements(state.ground)}
    destroyed = [f.squares for f in state.ground.board.floor if f.destroyed]
    for scrambling in state.ips.scrambling:
        for source in scrambling.sources:
            element = placed.get(source)
            if element is None:
                continue
            why = ""
            if element.squares in destroyed:
                why = "destroyed"
            elif element.element.needs_power and not power_on(flow.state):
                why = "power down"
            if why:
                name = element.element.name
                flow.emit(ev.Switched(component=source, name=name, on=False, turn=state.turn))
                scramble_off(flow, scrambling.seat, source, why=why)


def enemies(state: OrdersState, seat: str) -> list[str]:
    """The characters that may take ``seat``'s markers: enemies standing on the map."""
    return sorted(f.id for f in state.standing() if f.seat != seat)


def assign_markers(flow: Flow) -> None:
    """Initiative phase: each scrambling player is asked where its six markers go (its
    window answers ``radio ...``); with no enemy to mark, nothing is asked."""
    power_check(flow)
    for scrambling in reversed(flow.state.ips.scrambling):
        if enemies(flow.state, scrambling.seat):
            flow.emit(FrameOpened(frame=RadioWindow(seat=scrambling.seat)))
        elif scrambling.markers:  # last turn's markers come off: nobody is left to mark
            flow.emit(
                ev.RadioMarkersAre(
                    seat=scrambling.seat, markers=(), visibility=only(scrambling.seat)
                )
            )


def marker_problem(
    state: OrdersState, seat: str, markers: tuple[tuple[str, Frequency], ...]
) -> Rejection | None:
    """Why ``seat`` may not place ``markers`` so: each on a standing enemy, one each, as
    many of each frequency as it has, and all six used while enemies are left unmarked."""
    marked = [fighter for fighter, _ in markers]
    targets = enemies(state, seat)
    for fighter in marked:
        if fighter not in targets:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{fighter} cannot take a radio marker: only enemy characters standing on the"
                f" map can ({', '.join(targets)}).",
                rule.SCRAMBLING,
            )
    if len(set(marked)) != len(marked):
        return reject(
            RejectionCode.ILLEGAL_MOVE, "A character takes one radio marker.", rule.SCRAMBLING
        )
    for frequency in sorted(set(MARKERS)):
        have = MARKERS.count(frequency)
        if sum(1 for _, f in markers if f == frequency) > have:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"You have {have} {frequency} markers.",
                rule.SCRAMBLING,
            )
    wanted = min(len(MARKERS), len(targets))
    if len(markers) != wanted:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Place {wanted} markers, one on each of {wanted} enemies (unused ones stay beside"
            " the map only when there are fewer than six enemies).",
            rule.SCRAMBLING,
        )
    return None


def place_markers(
    flow: Flow, seat: str, markers: tuple[tuple[str, Frequency], ...] | None
) -> Rejection | None:
    """The scrambling player's answer: its markers as given, or at random by dice recorded
    for it alone."""
    if markers is not None:
        problem = marker_problem(flow.state, seat, markers)
        if problem is not None or flow.trial:
            return problem
        placed = [RadioMarker(fighter=f, frequency=q) for f, q in markers]
    else:
        if flow.trial:
            return None
        placed = _random_markers(flow, seat)
    placed.sort(key=lambda m: m.fighter)
    flow.emit(ev.RadioMarkersPlaced(seat=seat, fighters=tuple(m.fighter for m in placed)))
    flow.emit(ev.RadioMarkersAre(seat=seat, markers=tuple(placed), visibility=only(seat)))
    flow.emit(FrameClosed(answer="markers placed"))
    return None


def _random_markers(flow: Flow, seat: str) -> list[RadioMarker]:
    left = enemies(flow.state, seat)
    chosen: list[str] = []
    while left and len(chosen) < len(MARKERS):
        chosen.append(left.pop(flow.pick(len(left), "who gets a radio marker", seat)))
    pool = list(MARKERS)
    return [
        RadioMarker(fighter=f, frequency=pool.pop(flow.pick(len(pool), "which radio marker", seat)))
        for f in sorted(chosen)
    ]


def reveal_due(flow: Flow, fighter_id: str, paying: int = 0) -> None:
    """Turn face up the markers on ``fighter_id`` whose moment has come (with ``paying``
    CP about to be spent), and apply them. The interruption rules call it too when a
    character interrupts."""
    state = flow.state
    fighter = state.fighter(fighter_id)
    bonus = state.side_of(fighter).bonus_cp
    due = fighter.spent + paying > bonus or (bonus == 0 and fighter.engaged)
    if not due:
        return
    for scrambling in state.ips.scrambling:
        for marker in scrambling.markers:
            if marker.fighter != fighter_id or marker.revealed:
                continue
            flow.emit(
                ev.RadioMarkerRevealed(
                    seat=scrambling.seat, fighter=fighter_id, frequency=marker.frequency
                )
            )
            if marker.frequency == "listening":
                spend_spy_points(flow, scrambling.seat, 1)


def before_paying(flow: Flow, fighter_id: str, cp: int) -> int:
    """An order or ability about to take ``cp`` CP: markers whose moment comes with them
    are revealed first; the CP it may still take (under a scrambled marker, no more than
    the bonus CP: the excess stays behind the screen, [15.4])."""
    reveal_due(flow, fighter_id, cp)
    fighter = flow.state.fighter(fighter_id)
    cap = scrambled_cap(flow.state, fighter)
    return cp if cap is None else max(0, min(cp, cap - fighter.spent))
