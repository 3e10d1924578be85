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
- Markers are placed at random by dice recorded privately for the scrambling player (the
  characters marked are public, the frequencies secret until revealed); with more than
  six enemies the six marked are drawn the same way.
- A scrambled marker revealed by an order lets that order go through; every later CP of
  the character this turn is held to its bonus CP.
"""

from __future__ import annotations

from rules.core.visibility import only
from rules.orders import events as ev
from rules.orders.flow import Flow
from rules.orders.ips_cp import scrambled_cap
from rules.orders.ips_state import Frequency, RadioMarker
from rules.orders.power import power_on
from rules.orders.spying import spend_spy_points

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
    """A power down ends the scrambling of the power-dependent scramblers ([15.5])."""
    if power_on(flow.state):
        return
    for scrambling in flow.state.ips.scrambling:
        for source in scrambling.sources:
            if source.startswith("element:"):
                flow.emit(
                    ev.Switched(component=source, name="scrambler", on=False, turn=flow.state.turn)
                )
                scramble_off(flow, scrambling.seat, source, why="power down")


def assign_markers(flow: Flow) -> None:
    """Initiative phase: each scrambling player's six markers go face down on enemies."""
    power_check(flow)
    for scrambling in flow.state.ips.scrambling:
        seat = scrambling.seat
        enemies = [f.id for f in flow.state.standing() if f.seat != seat]
        chosen: list[str] = []
        while enemies and len(chosen) < len(MARKERS):
            chosen.append(enemies.pop(flow.pick(len(enemies), "who gets a radio marker", seat)))
        pool = list(MARKERS)
        markers: list[RadioMarker] = []
        for fighter in sorted(chosen):
            frequency = pool.pop(flow.pick(len(pool), "which radio marker", seat))
            markers.append(RadioMarker(fighter=fighter, frequency=frequency))
        flow.emit(ev.RadioMarkersPlaced(seat=seat, fighters=tuple(sorted(chosen))))
        flow.emit(ev.RadioMarkersAre(seat=seat, markers=tuple(markers), visibility=only(seat)))


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
