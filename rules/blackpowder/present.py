"""Status and prompts: whose go it is and what the game waits for, in English or German
(the sentences are in :mod:`rules.blackpowder.phrasebook`)."""

from __future__ import annotations

from rules.blackpowder.choices import legal
from rules.blackpowder.phrasebook import say
from rules.blackpowder.seats import seat_label
from rules.blackpowder.state import BPState
from rules.core.language import Language
from rules.core.prompts import Prompt
from rules.core.system import TurnStatus
from rules.core.wording import plural
from rules.geometry.points import describe_point


def _model_at(state: BPState, unit_id: str, model_id: str) -> str:
    model = next(m for m in state.unit(unit_id).models if m.id == model_id)
    return f"{model_id} at {describe_point(model.x, model.y)}"


EN = Language.ENGLISH


def status(state: BPState, language: Language = EN) -> TurnStatus:
    if state.finished:
        return TurnStatus(phase=say("over").in_(language))
    picking = state.casualty_choice()
    if picking is not None:
        return TurnStatus(
            phase=say(
                "picks-casualties-status",
                turn=state.turn,
                seat=seat_label(picking.seat),
                unit=picking.unit,
            ).in_(language),
            waiting_on=(picking.seat,),
        )
    choosing = state.reaction_choice()
    if choosing is not None:
        return TurnStatus(
            phase=say(
                "status-choosing",
                turn=state.turn,
                seat=seat_label(choosing.seat),
                unit=choosing.unit,
            ).in_(language),
            waiting_on=(choosing.seat,),
        )
    window = state.ready_fire()
    if window is not None:
        return TurnStatus(
            phase=say(
                "status-ready-fire",
                turn=state.turn,
                seat=seat_label(window.seat),
                mover=window.mover,
            ).in_(language),
            waiting_on=(window.seat,),
        )
    if state.go is None:
        return TurnStatus(phase=say("setting-up").in_(language))
    doing = say("units-acting" if state.activation is not None else "cards-and-command")
    return TurnStatus(
        phase=say("status-go", turn=state.turn, seat=seat_label(state.go), doing=doing).in_(
            language
        ),
        waiting_on=(state.go,),
    )


def prompts(state: BPState, language: Language = EN) -> list[Prompt]:
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
                text=say("prompt-choosing", unit=choosing.unit).in_(language),
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
                text=say("prompt-ready-fire", mover=window.mover).in_(language),
                choices=tuple(legal(state, window.seat)),
                on_timeout="pass",
                timeout_minutes=state.options.answer_minutes,
            )
        ]
    seat = state.go
    if state.activation is not None:
        text = say("prompt-acting")
    elif not state.played:
        text = say("prompt-play")
    else:
        text = say("prompt-end")
    choices = tuple(c for c in legal(state, seat) if c.complete)
    return [
        Prompt(
            seat=seat,
            key=f"go-{state.turn}-{len(state.discard)}",
            text=text.in_(language),
            choices=choices,
        )
    ]
