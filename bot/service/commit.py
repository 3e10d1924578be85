"""Committing a play batch (a start, an action, a concession, an end, an undo) and working
out who hears what: public and private lines, whom to mention, which prompts to send."""

from __future__ import annotations

from typing import Any

from bot.messages import said
from bot.service.access import GameAccess
from bot.service.channel_posts import board_due, held_lines, step_closes
from bot.service.component_stamps import component_stamp
from bot.service.loaded import LoadedGame
from bot.service.narration import narrate
from bot.service.outcome import Outcome, PromptDelivery
from bot.service.snapshots import encode_state
from bot.service.table_settings import read_settings
from bot.service.undo_requests import LapsedRequest, UndoRequest, read_request
from bot.service.user_languages import UserLanguages
from bot.store.records import NewRecord, waiting_on_column
from rules.core.events import Event
from rules.core.language import Language
from rules.core.prompts import Prompt
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
    actor: str | None = None,
    language: Language = Language.ENGLISH,
    by: int | None = None,
) -> Outcome:
    """Write the batch and the new snapshot; then work out who hears what. ``actor`` is
    the seat whose action this is, if any; the lines are worded in ``language``, that of
    whoever caused them (the member ``by``, else the actor's holder: their own private
    lines are in it too), or for what nobody asked for, such as a timer's answer, the
    game's."""
    system = game.system
    old_waiting = game.row.awaited
    status_now = system.status(new_state)
    waiting = status_now.waiting_on if not new_state.finished else ()
    now = access.clock()
    snapshot = encode_state(new_state)
    lapsed = None if undo else lapse_note(game, records)
    settings = read_settings(game.row.settings)
    updates: dict[str, Any] = {
        "state": snapshot,
        "waiting_on": waiting_on_column(waiting),
        "undo_request": lapsed.to_json() if lapsed else None,
    }
    if status:
        updates["status"] = status
    if game.row.rules_version != system.rules_version:
        updates["rules_version"] = system.rules_version  # the new snapshot is of these rules
    old_prompts = game.prompt_keys
    if old_prompts is None:
        old_prompts = prompt_keys(system, game.state)
    prompts = system.prompts(new_state) if not new_state.finished else []
    new_prompts = frozenset((p.seat, p.key) for p in prompts)
    if waiting != old_waiting or (waiting and old_prompts != new_prompts):
        # the question changed: reminders and answer deadlines count from now
        updates["waiting_since"] = now if waiting else None
        updates["reminded_at"] = None
    if new_state.finished:
        updates["status"] = "finished"
        updates["ended_at"] = now
        updates["paused"] = None
    acted = actor is not None and not undo  # a seat's action (not a start, end or undo)
    routine = acted and not new_state.finished
    to_ping = pinged(waiting, old_waiting, prompts, old_prompts, actor=actor, undo=undo)
    closes = acted and step_closes(system, game.state, new_state, newly_awaited=bool(to_ping))
    held: list[str] = []
    if settings.posts == "compact" and closes:
        held = await held_lines(access.db, game, game.row.summary_since, new_state, language)
    if settings.posts != "full" and (closes or not acted):
        updates["summary_since"] = game.version + len(records)
    keep = (system.rules_version, snapshot) if keeps_snapshot(game.version, records) else None
    version = await access.append(
        game, records, updates=updates, keep_snapshot=keep, leaves=(new_state, new_prompts)
    )

    outcome = Outcome.of(game, version)
    drawn = undo or status is not None or system.board_after(events)
    outcome.picture = (
        drawn if not acted else board_due(system, settings.board, game.state, new_state, drawn)
    )
    outcome.board = outcome.picture
    sent: list[tuple[Prompt, int]] = []  # the private questions to send, and to whom
    asked: list[tuple[Prompt, int]] = []  # public questions with a deadline, put to others
    for prompt in prompts:
        seat_row = game.user_of(prompt.seat)
        fresh = undo or (prompt.seat, prompt.key) not in old_prompts
        if prompt.private and seat_row and fresh:
            sent.append((prompt, seat_row.user_id))
        elif seat_row and fresh and prompt.on_timeout is not None and prompt.seat != actor:
            asked.append((prompt, seat_row.user_id))
    told = [
        row.user_id
        for event in events
        if event.visibility.scope == "seats"
        for seat in event.visibility.seats
        if (row := game.user_of(seat))
    ]
    if by is None and actor is not None:
        by = holder.user_id if (holder := game.user_of(actor)) else None
    languages = await readers_languages(
        access, [*told, *(user for _, user in sent), *(user for _, user in asked)], by, language
    )
    for event in events:
        line = narrate(system, event, new_state, language)
        if line is None:
            continue
        visibility = event.visibility
        if visibility.scope == "public":
            outcome.public.append(line)
        elif visibility.scope == "seats":
            for seat in visibility.seats:
                seat_row = game.user_of(seat)
                if seat_row:
                    reader = languages[seat_row.user_id]
                    own = line if reader is language else narrate(system, event, new_state, reader)
                    outcome.tell(seat_row.user_id, own or line, reader)
    for prompt, user_id in asked:
        # a question Umpire answers by itself when time runs out is said where its player
        # is pinged, in their language: what is asked and how to answer
        outcome.public.append(prompt_in(system, new_state, prompt, languages[user_id]).text)
    if lapsed:
        outcome.public.append(lapsed.said.in_(language))
    if new_state.finished:
        outcome.finished = True
        if acted and settings.posts == "compact":
            outcome.public = held + outcome.public
        outcome.public.append(
            said(
                "The dice seed is now revealed: `{seed}`. "
                "Run `/game verify` to check every roll against the commitment.",
                seed=game.row.seed.hex(),
            ).in_(language)
        )
        return outcome
    waiting_since = updates.get("waiting_since", game.row.waiting_since) or now
    for seat in to_ping:
        seat_row = game.user_of(seat)
        if seat_row and seat_row.user_id not in outcome.mentions:
            outcome.mentions.append(seat_row.user_id)
    if acted and settings.posts == "compact":
        if closes:  # the step's lines in one message, pinging whoever is awaited now
            outcome.public = held + outcome.public
            outcome.mentions = [r.user_id for s in waiting if (r := game.user_of(s))]
        else:
            outcome.hold_back()
    elif routine and settings.posts == "quiet":
        outcome.hold_back()
    for prompt, user_id in sent:
        reader = languages[user_id]
        outcome.prompts.append(
            PromptDelivery(
                user_id,
                prompt.seat,
                game.id,
                version,
                prompt_in(system, new_state, prompt, reader),
                component_stamp(game.row.seed, version),
                deadline=answer_deadline(prompt, waiting_since),
                language=reader,
            )
        )
    return outcome


async def readers_languages(
    access: GameAccess, user_ids: list[int], actor_id: int | None, language: Language
) -> dict[int, Language]:
    """The language to tell or ask each of ``user_ids`` in: the acting player's own (they
    just acted in it), anybody else's as they were last seen."""
    others = [user for user in user_ids if user != actor_id]
    found = await UserLanguages(access.db).of(others) if others else {}
    return {user: language if user == actor_id else found[user] for user in user_ids}


def prompt_in(
    system: GameSystem[Any], state: GameState, prompt: Prompt, language: Language
) -> Prompt:
    """``prompt`` as the system words it in ``language`` (itself where it has no other)."""
    if language is Language.ENGLISH:
        return prompt
    worded = {(p.seat, p.key): p for p in system.prompts_in(state, language)}
    return worded.get((prompt.seat, prompt.key), prompt)


def answer_deadline(prompt: Prompt, waiting_since: float) -> float | None:
    """When Umpire answers ``prompt`` for its seat, if it ever does (the timers' rule)."""
    if prompt.on_timeout is None or prompt.timeout_minutes is None:
        return None
    return waiting_since + prompt.timeout_minutes * 60


SNAPSHOT_EVERY = 200
"""Records between the snapshots kept for undo: an undo folds at most about this many
records more than it takes back, however long the game."""


def keeps_snapshot(version: int, records: list[NewRecord]) -> bool:
    """Whether the batch appended after ``version`` crosses a multiple of SNAPSHOT_EVERY."""
    return version // SNAPSHOT_EVERY != (version + len(records)) // SNAPSHOT_EVERY


def lapse_note(game: LoadedGame, records: list[NewRecord]) -> LapsedRequest | None:
    """The note that the pending undo request lapsed because of this batch, if one waits."""
    request = read_request(game.row.undo_request)
    if not isinstance(request, UndoRequest):
        return None
    actor = next((r.seat for r in records if r.seat is not None), None)
    because = (
        said("{side} acted", side=game.seat_name(actor)) if actor else said("the game moved on")
    )
    return LapsedRequest(
        said(
            "The undo request by {asker} lapsed because {because}; "
            "ask again with `/game undo` if it is still wanted.",
            asker=game.seat_name(request.by_seat),
            because=because,
        )
    )


def pinged(
    waiting: tuple[str, ...],
    old_waiting: tuple[str, ...],
    prompts: list[Prompt],
    old_prompts: frozenset[tuple[str, str]],
    *,
    actor: str | None,
    undo: bool,
) -> list[str]:
    """The awaited seats to mention in the channel, so that nobody has to watch their DMs.

    A seat is mentioned when it is newly awaited, and whenever it is asked a new question:
    one with an answer deadline (a re-roll, a counterattack), one that others' actions
    brought (both players' secret picks as a phase begins), or a new question to the
    actor as the seats awaited change. Only the actor's next step of the same question
    (the next recruit of a team chosen one by one) passes without a mention.
    """
    if undo:
        return list(waiting)
    changed = set(waiting) != set(old_waiting)
    found = [s for s in waiting if s not in old_waiting]
    for prompt in prompts:
        if prompt.seat not in waiting or (prompt.seat, prompt.key) in old_prompts:
            continue
        if changed or prompt.seat != actor or prompt.on_timeout is not None:
            found.append(prompt.seat)
    return list(dict.fromkeys(found))


def prompt_keys(system: GameSystem[Any], state: GameState | None) -> frozenset[tuple[str, str]]:
    """Which seat is asked which question in ``state`` (nothing once the game is over)."""
    if state is None or state.finished:
        return frozenset()
    return frozenset((p.seat, p.key) for p in system.prompts(state))
