"""The game dashboard: one message per game that front ends keep up to date (Discord
edits it in place after every accepted action), built here for everybody alike from the
public view: the round and phase, whose move it is and the deadline that runs for them,
each seat's public figures and the latest public lines of the log, in the game's
language."""

from __future__ import annotations

from bot.messages import Message, said
from bot.service.access import GameAccess
from bot.service.authority import Pause
from bot.service.commit import answer_deadline
from bot.service.loaded import LoadedGame
from bot.service.public_lines import public_lines
from bot.service.read_models import AwaitedSeat, Dashboard, SeatFigures
from bot.service.table_settings import BOARD_SAID, POSTS_SAID, TableSettings, read_settings
from rules.core.language import Language

RECENT_LINES = 5
RECENT_RECORDS = 60
"""How far back the dashboard looks for its latest lines (records, not lines)."""


class Dashboards:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def of_game(self, game_id: int) -> Dashboard:
        return await build(self.access, await self.access.game_by_id(game_id))

    async def in_channel(self, channel_id: int) -> Dashboard:
        return await build(self.access, await self.access.open_or_last(channel_id))

    async def keep_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the dashboard's message (None: it was found deleted)."""
        await self.access.db.touch(game_id, dashboard_message=message_id)


async def build(access: GameAccess, game: LoadedGame) -> Dashboard:
    settings = read_settings(game.row.settings)
    language = settings.language
    system = game.system
    state = game.state
    pause = Pause.of(game) if game.row.status == "active" else None
    waiting: tuple[AwaitedSeat, ...] = ()
    phase, summary, round_number = game.row.status, "", None
    figures: dict[str, tuple[tuple[str, int], ...]] = {}
    winners: tuple[str, ...] = ()
    if state is not None:
        turn = system.status_in(state, language)
        phase, summary, round_number = turn.phase, turn.summary, system.round_number(state)
        waiting = tuple(
            AwaitedSeat(
                seat=s,
                label=system.seat_label(s),
                user_id=holder.user_id if (holder := game.user_of(s)) else None,
            )
            for s in turn.waiting_on
        )
        for tally in system.tallies(state):
            for seat, count in tally.counts:
                figures[seat] = (*figures.get(seat, ()), (tally.label, count))
        winners = tuple(system.seat_label(s) for s in state.winners)
    deadline, means = (None, None) if pause is not None else deadline_of(game, settings)
    seat_ids = [s.id for s in system.seat_specs if game.user_of(s.id) or s.id in figures]
    return Dashboard(
        game_id=game.id,
        channel_id=game.row.channel_id,
        guild_id=game.row.guild_id,
        system=system.name,
        status=game.row.status,
        round=round_number,
        phase=phase,
        summary=summary,
        waiting_on=waiting if game.row.status == "active" else (),
        deadline=deadline if waiting and game.row.status == "active" else None,
        deadline_means=means.in_(language) if means is not None else "",
        seats=tuple(
            SeatFigures(
                seat=seat,
                label=system.seat_label(seat),
                user_id=holder.user_id if (holder := game.user_of(seat)) else None,
                figures=figures.get(seat, ()),
            )
            for seat in seat_ids
        ),
        recent=tuple(await recent_lines(access, game, language)),
        winners=winners,
        paused=pause.describe().in_(language) if pause is not None else None,
        message_id=game.row.dashboard_message,
        posts=POSTS_SAID[settings.posts].in_(language),
        board=BOARD_SAID[settings.board].in_(language),
        language=language,
    )


def deadline_of(game: LoadedGame, settings: TableSettings) -> tuple[float | None, Message | None]:
    """The first deadline running for the awaited players and what happens then: an
    answer Umpire gives for them, the absent-player deadline, else the next reminder."""
    since = game.row.waiting_since
    if since is None or game.state is None or game.state.finished:
        return None, None
    found: list[tuple[float, Message]] = []
    for prompt in game.system.prompts(game.state):
        at = answer_deadline(prompt, since)
        if at is not None:
            found.append((at, said("Umpire answers `{answer}`", answer=prompt.on_timeout or "")))
    if settings.absent_hours is not None:
        then = said("turn passed") if settings.absent_action == "pass" else said("game paused")
        found.append((since + settings.absent_hours * 3600, then))
    if found:
        return min(found, key=lambda item: item[0])
    reminded = game.row.reminded_at is not None and game.row.reminded_at >= since
    at = (game.row.reminded_at if reminded else since) or since
    return at + game.row.reminder_seconds, said("reminder")


async def recent_lines(
    access: GameAccess, game: LoadedGame, language: Language = Language.ENGLISH
) -> list[str]:
    """The latest public lines of the log (never a line taken back), in ``language``."""
    rows = await access.db.log(game.id, after_seq=max(0, game.version - RECENT_RECORDS))
    return public_lines(game, rows, game.state, language)[-RECENT_LINES:]
