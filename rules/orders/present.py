"""Prompts and status: whose input the game waits for, and what they may answer."""

from __future__ import annotations

from rules.core.choices import ActionChoice
from rules.core.prompts import Prompt
from rules.core.system import TurnStatus
from rules.orders.choices import legal
from rules.orders.content.catalog import Catalog
from rules.orders.scrambling import enemies
from rules.orders.seats import seat_label
from rules.orders.state import HAND_LIMIT, OrdersState, RadioWindow, RedrawWindow, ReduceWindow


def prompts(state: OrdersState, catalog: Catalog) -> list[Prompt]:
    if state.finished:
        return []
    if state.phase == "deployment" and state.deploying is not None:
        seat = state.deploying
        placed = len(state.markers)
        return [
            Prompt(
                seat=seat,
                key=f"deploy-{placed}",
                text="Place a face-down marker: `deploy <character> at <square>` or"
                " `deploy decoy at <square>`. Only you know which marker is which.",
                choices=_complete(legal(state, catalog, seat)),
                private=True,
            )
        ]
    if state.phase == "facing":
        waiting = {f.seat for f in state.standing() if f.id not in state.faced}
        return [
            Prompt(
                seat=seat,
                key=f"face-{len(state.faced)}",
                text="Choose the facing of each of your characters: `face A1 north`.",
                choices=_complete(legal(state, catalog, seat)),
            )
            for seat in state.seats_in_play()
            if seat in waiting
        ]
    window = state.waiting_window()
    minutes = state.options.bid_minutes
    if isinstance(window, RedrawWindow):
        hand = ", ".join(f"`{t}`" for t in state.player(window.seat).hand)
        return [
            Prompt(
                seat=window.seat,
                key=f"redraw-{state.turn}",
                text=f"Your first 5 order tiles: {hand}. Keep them, or set them aside and"
                " draw 5 new ones (the first 5 go back into the bag)?",
                choices=_complete(legal(state, catalog, window.seat)),
                private=True,
                on_timeout="keep",
                timeout_minutes=minutes,
            )
        ]
    if isinstance(window, ReduceWindow):
        held = state.player(window.seat).hand
        return [
            Prompt(
                seat=window.seat,
                key=f"reduce-{state.turn}",
                text=f"Final phase: you hold {len(held)} order tiles"
                f" ({', '.join(f'`{t}`' for t in held)}); keep at most {HAND_LIMIT}."
                " `discard <tile>, <tile>`.",
                choices=_complete(legal(state, catalog, window.seat)),
                private=True,
                on_timeout="discard " + ", ".join(sorted(held)[: len(held) - HAND_LIMIT]),
                timeout_minutes=minutes,
            )
        ]
    if isinstance(window, RadioWindow):
        marked = ", ".join(enemies(state, window.seat))
        return [
            Prompt(
                seat=window.seat,
                key=f"radio-{state.turn}",
                text="Your radio scrambler is ON: place your 6 markers (2 clear, 2 listening,"
                f" 2 scrambled) face down on enemy characters ({marked}): `radio B1 scrambled,"
                " B2 listening, ...`, or `radio random`.",
                choices=_complete(legal(state, catalog, window.seat)),
                private=True,
                on_timeout="radio random",
                timeout_minutes=minutes,
            )
        ]
    return []


def _complete(choices: list[ActionChoice]) -> tuple[ActionChoice, ...]:
    return tuple(c for c in choices if c.complete)


def status(state: OrdersState) -> TurnStatus:
    if state.finished:
        return TurnStatus(phase="finished", summary=state.end_reason)
    summary = ", ".join(f"{seat_label(p.seat)} {p.mp} MP" for p in state.players)
    if state.phase == "deployment":
        return TurnStatus(
            phase="face-down deployment",
            waiting_on=(state.deploying,) if state.deploying else (),
            summary=summary,
        )
    if state.phase == "facing":
        waiting = tuple(
            s
            for s in state.seats_in_play()
            if any(f.seat == s and f.id not in state.faced for f in state.standing())
        )
        return TurnStatus(phase="choosing facings", waiting_on=waiting, summary=summary)
    window = state.waiting_window()
    if window is not None:
        what = (
            "first-turn redraw"
            if isinstance(window, RedrawWindow)
            else "radio markers"
            if isinstance(window, RadioWindow)
            else "discarding tiles"
        )
        return TurnStatus(
            phase=f"turn {state.turn}, {what}", waiting_on=(window.seat,), summary=summary
        )
    return TurnStatus(
        phase=f"turn {state.turn} of {state.turns}, activation phase",
        waiting_on=(state.active,) if state.active else (),
        summary=summary,
    )
