"""Committing a play batch (a start, an action, a concession, an end, an undo) and working
out who hears what: public and private lines, whom to mention, which prompts to send."""

from __future__ import annotations

import json
from typing import Any

from bot.service.access import GameAccess
from bot.service.loaded import LoadedGame
from bot.service.narration import narrate
from bot.service.outcome import Outcome, PromptDelivery
from bot.service.snapshots import encode_state
from bot.store.records import NewRecord
from rules.core.events import Event
from rules.core.state import GameState
from rules.core.system import GameSystem


async def commit_play(
    access: GameAccess,
    game: LoadedGame,
    new_state: GameState,
    records: list[NewRecord],
    events: list[Event],
    *,
    status: str | None = None,
    undo: bool = False,
) -> Outcome:
    """Write the batch and the new snapshot; then work out who hears what."""
    system = game.system
    old_waiting = tuple(json.loads(game.row.waiting_on))
    status_now = system.status(new_state)
    waiting = status_now.waiting_on if not new_state.finished else ()
    now = access.clock()
    updates: dict[str, Any] = {
        "state": encode_state(new_state),
        "waiting_on": json.dumps(list(waiting)),
        "undo_request": None,
    }
    if status:
        updates["status"] = status
    if game.row.rules_version != system.rules_version:
        updates["rules_version"] = system.rules_version  # the new snapshot is of these rules
    old_prompts = prompt_keys(system, game.state)
    new_prompts = prompt_keys(system, new_state)
    if waiting != old_waiting or (waiting and old_prompts != new_prompts):
        # the question changed: reminders and answer deadlines count from now
        updates["waiting_since"] = now if waiting else None
        updates["reminded_at"] = None
    if new_state.finished:
        updates["status"] = "finished"
        updates["ended_at"] = now
        updates["paused"] = None
    version = await access.append(game, records, updates=updates)

    outcome = Outcome.of(game, version)
    outcome.board = undo or status is not None or system.board_after(events)
    for event in events:
        line = narrate(system, event, new_state)
        if line is None:
            continue
        visibility = event.visibility
        if visibility.scope == "public":
            outcome.public.append(line)
        elif visibility.scope == "seats":
            for seat in visibility.seats:
                seat_row = game.user_of(seat)
                if seat_row:
                    outcome.tell(seat_row.user_id, line)
    if new_state.finished:
        outcome.finished = True
        outcome.public.append(
            f"The dice seed is now revealed: `{game.row.seed.hex()}`. "
            "Run `/game verify` to check every roll against the commitment."
        )
        return outcome
    newly_waiting = [s for s in waiting if s not in old_waiting] if not undo else list(waiting)
    for seat in newly_waiting:
        seat_row = game.user_of(seat)
        if seat_row and seat_row.user_id not in outcome.mentions:
            outcome.mentions.append(seat_row.user_id)
    for prompt in system.prompts(new_state):
        seat_row = game.user_of(prompt.seat)
        fresh = undo or (prompt.seat, prompt.key) not in old_prompts
        if prompt.private and seat_row and fresh:
            outcome.prompts.append(
                PromptDelivery(seat_row.user_id, prompt.seat, game.id, version, prompt)
            )
    return outcome


def prompt_keys(system: GameSystem[Any], state: GameState | None) -> set[tuple[str, str]]:
    """Which seat is asked which question in ``state`` (nothing once the game is over)."""
    if state is None or state.finished:
        return set()
    return {(p.seat, p.key) for p in system.prompts(state)}
