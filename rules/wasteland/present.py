"""Status lines and prompts: whose input the game waits for, and the DM questions.

Army lists are drafted by DM (a menu of the faction's units plus typed ``army …`` lists);
reactions and nullification chances are DM prompts with the game's answer deadline, and no
answer counts as no reaction.
"""

from __future__ import annotations

from rules.core.prompts import Prompt
from rules.core.system import TurnStatus
from rules.core.wording import duration
from rules.wasteland.choices import list_choices, window_choices
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.forces import point_limit, shared_pool
from rules.wasteland.missions import MISSIONS
from rules.wasteland.narrate import tally
from rules.wasteland.seats import seat_label
from rules.wasteland.state import CastWindow, ReactionWindow, WastelandState


def status(state: WastelandState) -> TurnStatus:
    mission = MISSIONS[state.mission].name if state.mission in MISSIONS else ""
    if state.finished:
        return TurnStatus(phase="over", summary=state.end_reason)
    if state.phase == "lists":
        waiting = tuple(s for s in state.seats_in_play() if s not in state.submitted)
        return TurnStatus(phase="army lists", waiting_on=waiting, summary=f"{mission}: lists by DM")
    if state.phase == "deployment":
        return TurnStatus(
            phase="deployment",
            waiting_on=(state.deploying,) if state.deploying else (),
            summary=f"{mission}: {seat_label(state.deploying)} deploys",
        )
    window = state.window()
    if window is not None:
        return TurnStatus(
            phase="reaction", waiting_on=(window.seat,), summary=_window_text(state, window)
        )
    if state.active is not None:
        unit = state.units[state.active.unit]
        return TurnStatus(
            phase=f"round {state.round}",
            waiting_on=(state.active.seat,),
            summary=f"{unit.id} {unit.name} activating, {state.active.actions} Action(s) left",
        )
    return TurnStatus(
        phase=f"round {state.round}",
        waiting_on=(state.turn,) if state.turn else (),
        summary=f"{mission}: {seat_label(state.turn)} activates a unit",
    )


def _window_text(state: WastelandState, window: ReactionWindow | CastWindow) -> str:
    if isinstance(window, ReactionWindow):
        attacker = state.units[window.attacker]
        kind = "charges" if window.plan.kind == "fight" else "shoots at"
        return f"{attacker.id} {attacker.name} {kind} your {window.unit}: react?"
    return f"{window.caster} casts {window.power} on {window.target}: nullify?"


def prompts(state: WastelandState, catalog: Catalog) -> list[Prompt]:
    if state.finished:
        return []
    minutes = state.options.reaction_minutes
    window = state.window()
    if window is not None:
        choices = tuple(window_choices(state, window.seat))[:25]
        if isinstance(window, ReactionWindow):
            timeout = f"react {window.unit} none"
            key = f"r{state.round}-{window.attacker}-{window.unit}-{state.open_windows()}"
        else:
            timeout = "nullify none"
            key = (
                f"c{state.round}-{window.caster}-{window.seat}-{window.cast}-{len(window.declined)}"
            )
        return [
            Prompt(
                seat=window.seat,
                key=key,
                text=_window_text(state, window)
                + f" No answer within {duration(minutes)} counts as no.",
                choices=choices,
                private=True,
                on_timeout=timeout,
                timeout_minutes=minutes,
            )
        ]
    if state.phase == "lists":
        found = []
        for seat in state.seats_in_play():
            if seat in state.submitted:
                continue
            draft = state.drafts.get(seat)
            count = len(draft.entries) if draft else 0
            cost = sum(
                catalog.units[e.profile].points * e.models
                for e in (draft.entries if draft else ())
                if e.profile in catalog.units
            )
            limit = tally(cost, point_limit(state, seat), shared_pool(state, seat))
            found.append(
                Prompt(
                    seat=seat,
                    key=f"list-{count}-{hash(draft) if draft else 0}",
                    text=(
                        "Build your army list in secret: add units below or type "
                        "`army <unit> x<models>, …`, then `submit`."
                        f" Points: {limit} ({state.options.size})."
                    ),
                    choices=tuple(list_choices(state, catalog, seat))[:25],
                    private=True,
                )
            )
        return found
    return []
