"""Status and prompts: whose go it is and what the game waits for, in English or German
(the sentences are in :mod:`rules.blackpowder.phrasebook`)."""

from __future__ import annotations

from rules.blackpowder.choices import answers
from rules.blackpowder.narrate import verdict
from rules.blackpowder.phrasebook import MODELS, joined, say
from rules.blackpowder.scenarios import last_turn, side
from rules.blackpowder.seats import seat_label
from rules.blackpowder.state import BPState
from rules.core.language import Language, Phrase
from rules.core.prompts import Prompt
from rules.core.system import TurnStatus
from rules.geometry.points import describe_point


def _model_at(state: BPState, unit_id: str, model_id: str) -> Phrase:
    model = next(m for m in state.unit(unit_id).models if m.id == model_id)
    return say("model-at", model=model_id, at=describe_point(model.x, model.y))


EN = Language.ENGLISH


def status(state: BPState, language: Language = EN) -> TurnStatus:
    if state.finished:
        ended = verdict(state.end_reason, state).in_(language)
        return TurnStatus(phase=say("over").in_(language), summary=ended)
    turn = _status(state, language)
    return turn.model_copy(update={"summary": aims_summary(state, language)})


def aims_summary(state: BPState, language: Language = EN) -> str:
    """The scenario, the turn of how many, and what each side must do."""
    scenario = state.scenario
    if scenario is None:
        return ""
    sides = joined(
        [
            say(
                "side-aim",
                seat=seat_label(seat),
                name=Phrase(own.name, own.name_de),
                aim=Phrase(own.aim_text, own.aim_text_de),
            )
            for seat in state.seats
            if (own := side(state, seat)) is not None
        ],
        "; ",
    )
    return say(
        "aims-summary",
        scenario=Phrase(scenario.name, scenario.name_de),
        turn=state.turn,
        last=last_turn(state),
        sides=sides,
    ).in_(language)


def _waiting(state: BPState, seat: str, key: str, language: Language, **fields: str) -> TurnStatus:
    """The turn waits on ``seat``'s answer, said by the phrasebook's ``key``."""
    phrase = say(key, turn=state.turn, seat=seat_label(seat), **fields)
    return TurnStatus(phase=phrase.in_(language), waiting_on=(seat,))


def _status(state: BPState, language: Language) -> TurnStatus:
    picking = state.casualty_choice()
    if picking is not None:
        return _waiting(state, picking.seat, "picks-casualties-status", language, unit=picking.unit)
    choosing = state.reaction_choice()
    if choosing is not None:
        return _waiting(state, choosing.seat, "status-choosing", language, unit=choosing.unit)
    window = state.ready_fire()
    if window is not None:
        return _waiting(state, window.seat, "status-ready-fire", language, mover=window.mover)
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
    """The question the game waits on: a window out of turn (the fallen to pick, fall back
    or shaken, Enemy sighted!) by DM with its answers and deadline, like every game's
    reaction windows; the go's own choices in the channel."""
    if state.finished or state.go is None:
        return []
    picking = state.casualty_choice()
    if picking is not None:
        where = joined([_model_at(state, picking.unit, m) for m in picking.among])
        return [
            Prompt(
                seat=picking.seat,
                key=f"casualties-{state.turn}-{len(state.discard)}-{picking.unit}"
                f"-{state.dice_counter}",
                text=say(
                    "prompt-casualties",
                    enemy=picking.enemy,
                    models=MODELS(picking.count),
                    unit=picking.unit,
                    where=where,
                    nearest=" ".join(picking.among[: picking.count]),
                ).in_(language),
                choices=tuple(c for c in answers(state, picking.seat, language) if c.complete),
                private=True,
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
                choices=tuple(answers(state, choosing.seat, language)),
                private=True,
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
                choices=tuple(answers(state, window.seat, language)),
                private=True,
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
    choices = tuple(c for c in answers(state, seat, language) if c.complete)
    return [
        Prompt(
            seat=seat,
            key=f"go-{state.turn}-{len(state.discard)}",
            text=text.in_(language),
            choices=choices,
        )
    ]
