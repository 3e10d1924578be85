"""What a Wasteland game keeps secret: army-list drafts until the lists are revealed
together, and the numbers of face-down Rescue counters until each is turned."""

from __future__ import annotations

import re
from collections.abc import Callable

from rules.core.events import Event
from rules.core.secrets import Secret, Spelling, jsonish, spelled
from rules.wasteland.events import DraftUpdated
from rules.wasteland.state import ArmyList, WastelandState

Line = Callable[[Event], str]


def draft_line(seat: str, army: ArmyList, line: Line) -> str:
    """The drafting seat's own line for ``army`` ("Your draft: …")."""
    return line(DraftUpdated(seat=seat, army=army))


def secrets(state: WastelandState, line: Line) -> list[Secret]:
    """Army-list drafts before the reveal; Rescue counters' numbers until turned."""
    found = []
    if not state.lists:
        for seat, draft in state.drafts.items():
            if not draft.entries:
                continue
            found.append(
                Secret(
                    "draft",
                    f"{seat}'s secret draft",
                    spelled(
                        draft_line(seat, draft, line),
                        *(f"{e.profile}×{e.models}" for e in draft.entries),
                        *(
                            f"{jsonish('profile', e.profile)}, {jsonish('models', e.models)}"
                            for e in draft.entries
                        ),
                    ),
                    frozenset({seat}),
                )
            )
    for objective in state.objectives:
        number = state.counter_numbers.get(objective.id)
        if number is None or objective.revealed:
            continue
        ident, name = re.escape(objective.id), re.escape(objective.name)
        found.append(
            Secret(
                "counter",
                f"{objective.name}'s face-down number {number}",
                (
                    # the objective itself, with its number, in JSON or as a Python repr
                    Spelling(
                        f'"number": {number}',
                        re.compile(rf'"id": "{ident}"[^{{}}]*"number": {number}[,}}]'),
                    ),
                    Spelling(
                        f"number={number}", re.compile(rf"id='{ident}'[^()]*number={number}\b")
                    ),
                    # the referee's numbering, and the line of a counter turned over
                    Spelling(
                        f'"{objective.id}": {number}', re.compile(rf'"{ident}": {number}[,}}]')
                    ),
                    Spelling(
                        f"{objective.name} shows {number}",
                        re.compile(rf"\b{name} shows {number}\b"),
                    ),
                ),
                on_board=True,
            )
        )
    if state.counter_numbers:
        found.append(Secret("referee dice", "the counter numbering", spelled("counter numbers")))
    return found


def disguise(state: WastelandState) -> WastelandState | None:
    """Face-down counter numbers rotated; drafts before the reveal emptied."""
    hidden = [o.id for o in state.objectives if o.id in state.counter_numbers and not o.revealed]
    numbers = dict(state.counter_numbers)
    values = [numbers[i] for i in hidden]
    numbers.update(zip(hidden, values[1:] + values[:1], strict=True))
    drafts = {} if not state.lists else state.drafts
    changed = state.model_copy(update={"counter_numbers": numbers, "drafts": drafts})
    return None if changed == state else changed
