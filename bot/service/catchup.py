"""/game catchup: what happened in a game since the caller's last action, in brief.

Built for every system from what the kit gives: the actions since then (each seat's
moves in its notation), the system's public tallies then and now (points, models lost),
where the game stands now and the questions waiting on the caller, then the lines only
the caller could read and the public log lines since (without the dice rolls). Other
players' secret actions and lines never appear, not even counted; undone actions are
left out (the undo's own note says what was taken back).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass

from bot.messages import joined, said, said_n
from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.loaded import LoadedGame, undone_batches, visibility_of
from bot.service.narration import narrate
from bot.service.read_models import LogPage
from bot.service.undo import Undo
from bot.service.undo_notes import batches_to_name, record_note
from bot.store.records import LogRow
from rules.core import engine
from rules.core.events import DiceRolled
from rules.core.language import Language
from rules.core.state import GameState
from rules.core.tallies import Tally
from rules.core.visibility import Viewer

CATCHUP_LINES = 20  # lines a page
LISTED_CHOICES = 6  # a waiting question's choices named; the rest are counted


@dataclass(frozen=True, slots=True)
class Stretch:
    """The log since the caller's last action (``last``; None before their first), and
    the state right after that action (the first state when there was none)."""

    last: LogRow | None
    rows: list[LogRow]  # every record after the last action's batch, up to the end read
    undone: set[int]
    then: GameState
    actions: dict[int, LogRow]  # the action records earlier releases' undo notes need


def notation_of(row: LogRow) -> str:
    text = str(json.loads(row.payload).get("notation", "")).replace("`", "'")
    return text if len(text) <= 60 else text[:59] + "…"


def moves(game: LoadedGame, stretch: Stretch, viewer: Viewer) -> list[str]:
    """The actions since, one line per run of one seat's actions; only those the caller
    may see (other seats' secret actions are not even counted)."""
    runs: list[tuple[str, list[str]]] = []
    for row in stretch.rows:
        if row.kind != "action" or row.batch in stretch.undone or row.seat is None:
            continue
        if not visibility_of(row.scope).allows(viewer):
            continue
        if runs and runs[-1][0] == row.seat:
            runs[-1][1].append(f"`{notation_of(row)}`")
        else:
            runs.append((row.seat, [f"`{notation_of(row)}`"]))
    return [f"• {game.system.seat_label(seat)}: {', '.join(done)}" for seat, done in runs]


def changes(game: LoadedGame, then: tuple[Tally, ...], now: tuple[Tally, ...]) -> list[str]:
    """Each tally whose count changed for some seat: ``label: Red 2 → 5``."""
    before = {tally.label: tally for tally in then}
    lines = []
    for tally in now:
        earlier = before.get(tally.label)
        moved = []
        for seat, count in tally.counts:
            was = earlier.of(seat) if earlier is not None else None
            if (was or 0) != count:
                moved.append(f"{game.system.seat_label(seat)} {was or 0} → {count}")
        if moved:
            lines.append(f"• {tally.label}: {', '.join(moved)}")
    return lines


def lines_since(
    game: LoadedGame,
    stretch: Stretch,
    viewer: Viewer,
    *,
    public: bool,
    language: Language = Language.ENGLISH,
) -> list[str]:
    """The log lines since: the public ones (notes included, dice rolls left out: the
    outcome lines say what they did), or those only some seats, the caller's among
    them, could read. Undone events are left out; the undo's note says what it took."""
    lines = []
    for row in stretch.rows:
        if row.kind in ("meta", "undo"):
            if public:
                lines.append(f"• {record_note(game, row, stretch.actions, language)}")
            continue
        if row.kind != "event" or row.batch in stretch.undone:
            continue
        if (row.scope == "public") != public or not visibility_of(row.scope).allows(viewer):
            continue
        event = engine.parse_event(game.system, json.loads(row.payload))
        if public and isinstance(event, DiceRolled):
            continue
        line = narrate(game.system, event, game.state, language)
        if line is not None:
            lines.append(f"• {line}")
    return lines


def standing(
    game: LoadedGame, state: GameState, seat: str, language: Language = Language.ENGLISH
) -> list[str]:
    """Where the game stands now and what waits on the caller, in ``language``."""
    system = game.system
    turn = system.status_in(state, language)
    lines = [said("**Now:** {phase}.", phase=turn.phase).in_(language)]
    if turn.summary:
        lines.append(said("Standing: {summary}", summary=turn.summary).in_(language))
    others = [system.seat_label(s) for s in turn.waiting_on if s != seat]
    questions = [p for p in system.prompts_in(state, language) if p.seat == seat]
    if seat not in turn.waiting_on and not questions:
        if others:
            lines.append(said("Waiting on {sides}.", sides=joined(others)).in_(language))
        return lines
    if others:
        lines.append(said("**Waiting on you (and {sides}):**", sides=joined(others)).in_(language))
    else:
        lines.append(said("**Waiting on you:**").in_(language))
    for prompt in questions:
        named: list[str] = [f"`{c.notation}`" for c in prompt.choices[:LISTED_CHOICES]]
        more = len(prompt.choices) - len(named)
        if more > 0:
            named.append(said("{count} more", count=more).in_(language))
        offered = f" ({', '.join(named)})" if named else ""
        lines.append(f"• {prompt.text}{offered}")
    if not questions:
        lines.append(said("• Your move: `/act` lists what you can do.").in_(language))
    return lines


def catchup_lines(
    game: LoadedGame, seat: str, stretch: Stretch, language: Language = Language.ENGLISH
) -> list[str]:
    """The whole catch-up for ``seat``, line by line, in ``language``."""
    assert game.state is not None
    viewer = Viewer.of_seat(seat)

    if stretch.last is None:
        lines = [said("**Since the game began** (you have not acted yet):").in_(language)]
    else:
        lines = [
            said(
                "**Since your last action**, `{notation}`:", notation=notation_of(stretch.last)
            ).in_(language)
        ]
    done = moves(game, stretch, viewer)
    if done:
        lines += [said("**Moves:**").in_(language), *done]
    else:
        lines.append(said("No move you may see since.").in_(language))
    changed = changes(game, game.system.tallies(stretch.then), game.system.tallies(game.state))
    if changed:
        lines += [said("**Changes:**").in_(language), *changed]
    lines += standing(game, game.state, seat, language)
    private = lines_since(game, stretch, viewer, public=False, language=language)
    if private:
        lines += [said("**Your private lines:**").in_(language), *private]
    public = lines_since(game, stretch, viewer, public=True, language=language)
    if public:
        lines += [
            said("**In the log since** (`/game log` has the dice too):").in_(language),
            *public,
        ]
    return lines


class Catchup:
    def __init__(self, access: GameAccess) -> None:
        self.access = access
        self.undo = Undo(access)

    async def last_action(self, game: LoadedGame, seat: str, upto: int) -> LogRow | None:
        """The seat's last action not taken back, up to ``upto``."""
        undone = undone_batches(await self.access.db.undo_records(game.id, upto))
        while upto > 0:
            rows = await self.access.db.actions_of(game.id, seat, upto, 50)
            for row in rows:
                if row.batch not in undone:
                    return row
            if len(rows) < 50:
                return None
            upto = rows[-1].seq - 1
        return None

    async def stretch(self, game: LoadedGame, seat: str, upto: int) -> Stretch:
        last = await self.last_action(game, seat, upto)
        after = last.batch if last is not None else 0
        tail = await self.undo.tail(game, covers=after + 1)
        rows = [row for row in tail.rows if row.seq <= upto]
        undone = undone_batches(rows)

        def fold_then() -> GameState:
            kept = [row for row in rows if row.batch <= after]
            events = [
                engine.parse_event(game.system, json.loads(row.payload))
                for row in kept
                if row.kind == "event" and row.batch not in undone
            ]
            return engine.fold(game.system, tail.base, events)

        then = await asyncio.to_thread(fold_then)
        since = [row for row in rows if row.batch > after]
        actions = await self.access.db.records_at(game.id, batches_to_name(since))
        return Stretch(last, since, undone, then, actions)

    async def catchup(
        self,
        channel_id: int,
        user_id: int,
        page: int | None = None,
        *,
        game_id: int | None = None,
        upto: int | None = None,
        language: Language = Language.ENGLISH,
    ) -> LogPage:
        """Page ``page`` (default the first) of what happened since ``user_id``'s last
        action in the channel's game, as they may read it, in ``language``."""
        game = await self.access.game_being_read(channel_id, game_id)
        if game.state is None:
            raise UserError(said("The game has not started yet: there is nothing to catch up on."))
        seat = game.seat_of(user_id)
        if seat is None:
            raise UserError(
                said(
                    "Only a seated player can catch up on what happened since their last "
                    "action; `/game log` shows everything you may read."
                )
            )
        upto = game.version if upto is None else min(upto, game.version)
        stretch = await self.stretch(game, seat, upto)
        lines = await asyncio.to_thread(catchup_lines, game, seat, stretch, language)
        return paged(lines, page, game.id, upto)


def paged(lines: list[str], page: int | None, game_id: int, upto: int) -> LogPage:
    pages = max(1, -(-len(lines) // CATCHUP_LINES))
    number = 1 if page is None else page
    if not 1 <= number <= pages:
        raise UserError(
            said_n(
                pages,
                "The catch-up has {count} page: ask for a page from 1 to {pages}.",
                "The catch-up has {count} pages: ask for a page from 1 to {pages}.",
                pages=pages,
            )
        )
    shown = lines[(number - 1) * CATCHUP_LINES : number * CATCHUP_LINES]
    return LogPage(lines=tuple(shown), page=number, pages=pages, game_id=game_id, upto=upto)
