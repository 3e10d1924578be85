"""Prompts and status: whose input the game waits for, and what they may answer."""

from __future__ import annotations

from rules.core.choices import ActionChoice
from rules.core.prompts import Prompt
from rules.core.system import TurnStatus
from rules.core.wording import plural
from rules.squad.choices import legal
from rules.squad.content.catalog import Catalog
from rules.squad.seats import seat_label
from rules.squad.state import AllocateWindow, InitiativeWindow, SquadState


def prompts(state: SquadState, catalog: Catalog) -> list[Prompt]:
    if state.finished:
        return []
    minutes = state.options.allocation_minutes
    if state.phase == "forces":
        return [
            Prompt(
                seat=seat,
                key="force",
                text=f"Choose your force in secret, up to {state.options.points} points: a"
                " ready-made force below (each with its points of the limit), or `force <unit>,"
                " <unit> x2, ...` from one faction (`/act` shows the running total as you type).",
                choices=_complete(legal(state, catalog, seat)),
                private=True,
            )
            for seat in state.seats_in_play()
            if seat not in state.forces
        ]
    if state.phase == "deployment" and state.deploying is not None:
        seat = state.deploying
        return [
            Prompt(
                seat=seat,
                key=f"deploy-{sum(1 for u in state.units if u.status != 'reserve')}",
                text="Deploy a unit in your zone: `deploy <unit> at x,y` or `deploy <unit>`.",
                choices=_complete(legal(state, catalog, seat)),
            )
        ]
    window = state.waiting_window()
    if isinstance(window, InitiativeWindow):
        return [
            Prompt(
                seat=window.seat,
                key=f"first-{state.turn}",
                text=f"You won the initiative for turn {state.turn}: who activates first?",
                choices=_complete(legal(state, catalog, window.seat)),
                on_timeout="first me",
                timeout_minutes=minutes,
            )
        ]
    if isinstance(window, AllocateWindow):
        target = state.unit(window.target)
        models = ", ".join(m.id for m in target.living)
        return [
            Prompt(
                seat=window.seat,
                key=f"allocate-{state.turn}-{window.shooter}-{window.target}",
                text=f"{window.shooter} scored {plural(len(window.hits), 'hit')} on {target.id}"
                f" {target.name} (models {models}). Allocate them: `allocate 3, 1, ...` in"
                " the order the models take hits, or `allocate closest`.",
                choices=_complete(legal(state, catalog, window.seat)),
                private=True,
                on_timeout="allocate closest",
                timeout_minutes=minutes,
            )
        ]
    # an activation waits on the turn itself (the status says whose it is); its orders are
    # suggested as the player types them, unit by unit
    return []


def _complete(choices: list[ActionChoice]) -> tuple[ActionChoice, ...]:
    """What a DM menu or button can send as it is (a choice awaiting a typed point or
    model numbers is for typing with ``/act``)."""
    return tuple(c for c in choices if c.complete)


def status(state: SquadState) -> TurnStatus:
    if state.finished:
        return TurnStatus(phase="finished", summary=state.end_reason)
    if state.phase == "forces":
        waiting = tuple(s for s in state.seats_in_play() if s not in state.forces)
        limit = f"Each force up to {state.options.points} points."
        return TurnStatus(phase="choosing forces in secret", waiting_on=waiting, summary=limit)
    if state.phase == "deployment":
        return TurnStatus(
            phase="deployment", waiting_on=(state.deploying,) if state.deploying else ()
        )
    window = state.waiting_window()
    summary = ", ".join(
        f"{seat_label(s)} {state.kills.get(s, 0)} points destroyed" for s in state.seats
    )
    if window is not None:
        what = "allocating hits" if isinstance(window, AllocateWindow) else "initiative"
        return TurnStatus(
            phase=f"turn {state.turn}, {what}", waiting_on=(window.seat,), summary=summary
        )
    seat = state.unit(state.activation.unit).seat if state.activation else state.to_act
    return TurnStatus(
        phase=f"turn {state.turn} of {state.options.turns}, activation phase",
        waiting_on=(seat,) if seat else (),
        summary=summary,
    )
