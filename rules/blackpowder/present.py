"""Status and prompts: whose go it is and what the game waits for."""

from __future__ import annotations

from rules.blackpowder.choices import legal
from rules.blackpowder.seats import seat_label
from rules.blackpowder.state import BPState
from rules.core.prompts import Prompt
from rules.core.system import TurnStatus
from rules.core.wording import plural
from rules.geometry.points import describe_point


def _model_at(state: BPState, unit_id: str, model_id: str) -> str:
    model = next(m for m in state.unit(unit_id).models if m.id == model_id)
    return f"{model_id} at {describe_point(model.x, model.y)}"


def status(state: BPState) -> TurnStatus:
    if state.finished:
        return TurnStatus(phase="over")
    picking = state.casualty_choice()
    if picking is not None:
        return TurnStatus(
            phase=f"turn {state.turn}: {seat_label(picking.seat)} picks the models"
            f" {picking.unit} loses",
            waiting_on=(picking.seat,),
        )
    choosing = state.reaction_choice()
    if choosing is not None:
        return TurnStatus(
            phase=f"turn {state.turn}: {seat_label(choosing.seat)} chooses whether"
            f" {choosing.unit} falls back or is shaken",
            waiting_on=(choosing.seat,),
        )
    window = state.ready_fire()
    if window is not None:
        return TurnStatus(
            phase=f"turn {state.turn}: {seat_label(window.seat)} may fire at {window.mover}"
            " (Enemy sighted!)",
            waiting_on=(window.seat,),
        )
    if state.go is None:
        return TurnStatus(phase="setting up")
    doing = "units acting" if state.activation is not None else "cards and command"
    return TurnStatus(
        phase=f"turn {state.turn}: {seat_label(state.go)}'s go ({doing})",
        waiting_on=(state.go,),
    )


def prompts(state: BPState) -> list[Prompt]:
    if state.finished or state.go is None:
        return []
    picking = state.casualty_choice()
    if picking is not None:
        where = ", ".join(_model_at(state, picking.unit, m) for m in picking.among)
        return [
            Prompt(
                seat=picking.seat,
                key=f"casualties-{state.turn}-{len(state.discard)}-{picking.unit}"
                f"-{state.dice_counter}",
                text=f"{picking.enemy}'s fire kills {plural(picking.count, 'model')} of"
                f" {picking.unit}: pick them among those in its sight ({where}):"
                f" `remove <models>`, or `nearest` (the nearest to the shooters:"
                f" {' '.join(picking.among[: picking.count])}).",
                choices=tuple(c for c in legal(state, picking.seat) if c.complete),
                on_timeout="nearest",
                timeout_minutes=state.options.answer_minutes,
            )
        ]
    choosing = state.reaction_choice()
    if choosing is not None:
        return [
            Prompt(
                seat=choosing.seat,
                key=f"reaction-{state.turn}-{len(state.discard)}-{choosing.unit}",
                text=f"{choosing.unit}'s reaction test: it falls back or is shaken, as you"
                " choose: `fall back` or `shaken`.",
                choices=tuple(legal(state, choosing.seat)),
                on_timeout="shaken",
                timeout_minutes=state.options.answer_minutes,
            )
        ]
    window = state.ready_fire()
    if window is not None:
        return [
            Prompt(
                seat=window.seat,
                key=f"ready-{state.turn}-{len(state.discard)}-{window.mover}",
                text=f"{window.mover} has ended an action in sight: Enemy sighted! (1 command"
                " point) lets one of your units with a loaded weapon fire at it now:"
                " `fire <unit>` or `pass`.",
                choices=tuple(legal(state, window.seat)),
                on_timeout="pass",
                timeout_minutes=state.options.answer_minutes,
            )
        ]
    seat = state.go
    if state.activation is not None:
        text = (
            "Give your activated units their actions (`move <unit> to x,y`, `shoot <unit> at"
            " <enemy>`, `charge <unit> <enemy>`), then `done`."
        )
    elif not state.played:
        text = "Play a card (`play <card>`); command abilities may come before or after it."
    else:
        text = "Use command abilities or `end` your go."
    choices = tuple(c for c in legal(state, seat) if c.complete)
    return [
        Prompt(seat=seat, key=f"go-{state.turn}-{len(state.discard)}", text=text, choices=choices)
    ]
