"""Overwatch interrupts (source 000, "Overwatch").

A character on overwatch may interrupt an enemy that moves onto a circle on its path or
next to it, or that announces an action from such a circle. Each step and each announcement
triggers at most one overwatch attack, chosen by the overwatching player from all the
characters that could make it; Mental and Heavy weapons are not allowed.
"""

from __future__ import annotations

from rules.core.frames import FrameOpened
from rules.tannhauser.flow import Flow
from rules.tannhauser.sight import attack_options, board
from rules.tannhauser.state import OverwatchWindow, PendingFrame, TannhauserState, Token


def shooters_against(state: TannhauserState, mover: Token) -> tuple[str, ...]:
    """Enemy overwatchers that a move onto, or an announcement at, ``mover``'s circle
    triggers and that have a legal attack on it."""
    if mover.circle is None:
        return ()
    grid = board(state)
    found = []
    for key in state.overwatch:
        watcher = state.tokens[key]
        if watcher.dead or watcher.circle is None or watcher.seat == mover.seat:
            continue
        triggered = grid.share_path(watcher.circle, mover.circle) or grid.adjacent(
            watcher.circle, mover.circle
        )
        if triggered and attack_options(state, watcher, mover, "overwatch"):
            found.append(key)
    return tuple(found)


def open_window(
    flow: Flow, mover: Token, trigger: str, pending: PendingFrame | None = None
) -> bool:
    """Open an overwatch window if anyone may shoot; returns whether play must wait.

    ``pending`` (the rest of a move, or the announced action) is parked under the window
    and resumes once it is answered.
    """
    shooters = shooters_against(flow.state, mover)
    if not shooters:
        return False
    seat = flow.state.tokens[shooters[0]].seat
    if pending is not None:
        flow.emit(FrameOpened(frame=pending))
    flow.emit(
        FrameOpened(
            frame=OverwatchWindow(
                seat=seat,
                target=mover.key,
                trigger="move" if trigger == "move" else "announce",
                shooters=shooters,
            )
        )
    )
    return True
