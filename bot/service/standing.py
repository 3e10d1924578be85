"""Reading where games stand: a game's status for one user, the board view, and the list
of a user's games across channels."""

from __future__ import annotations

from typing import Any

from bot.messages import said
from bot.service.access import GameAccess
from bot.service.authority import Pause
from bot.service.errors import UserError
from bot.service.loaded import LoadedGame
from bot.service.public_numbers import picture_name
from bot.service.read_models import AwaitedSeat, GameStatus, ListedGame, Progress, SeatHolder
from rules.core.language import Language
from rules.core.visibility import Viewer


def viewer_for(game: LoadedGame, user_id: int | None) -> Viewer:
    """What ``user_id`` may see of ``game``: their seat's view, else a spectator's."""
    seat = game.seat_of(user_id) if user_id is not None else None
    return Viewer.of_seat(seat) if seat else Viewer.spectator()


def describe_status(
    game: LoadedGame, user_id: int | None, language: Language = Language.ENGLISH
) -> GameStatus:
    """``game`` as ``user_id`` may see it (their legal actions only if they hold a seat),
    its phase in ``language`` where the system speaks it."""
    pause = Pause.of(game)
    progress = None
    if game.state is not None:
        turn = game.system.status_in(game.state, language)
        viewer_seat = game.seat_of(user_id) if user_id is not None else None
        progress = Progress(
            phase=turn.phase,
            summary=turn.summary,
            waiting_on=tuple(
                AwaitedSeat(
                    seat=s,
                    label=game.system.seat_label(s),
                    user_id=holder.user_id if (holder := game.user_of(s)) else None,
                )
                for s in turn.waiting_on
            ),
            legal=tuple(c.notation for c in game.system.legal_actions(game.state, viewer_seat))
            if viewer_seat
            else (),
            winners=tuple(game.system.seat_label(s) for s in game.state.winners),
        )
    return GameStatus(
        game_id=game.id,
        system=game.system.name,
        status=game.row.status,
        version=game.version,
        seats=tuple(
            SeatHolder(seat=s.seat, label=game.system.seat_label(s.seat), user_id=s.user_id)
            for s in game.seats
        ),
        free=tuple(spec.label for spec in game.system.seat_specs if spec.id not in game.seat_ids()),
        commitment=game.row.commitment,
        reminder_hours=game.row.reminder_seconds / 3600,
        paused=(
            pause.describe().in_(language)
            if pause is not None and game.row.status == "active"
            else None
        ),
        progress=progress,
    )


class Standing:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def status(
        self, channel_id: int, user_id: int | None, language: Language = Language.ENGLISH
    ) -> GameStatus:
        game = await self.access.open_or_last(channel_id)
        # the version users see counts public records only (see public_numbers)
        public = await self.access.db.public_records(game.id)
        found = describe_status(game, user_id, language)
        return found.model_copy(update={"version": public})

    async def picture_name(self, game: LoadedGame) -> str:
        """The board picture's file name, numbered by the public records so far."""
        return picture_name(game.id, await self.access.db.public_records(game.id))

    async def view(self, channel_id: int, viewer: Viewer | None = None) -> tuple[LoadedGame, Any]:
        game = await self.access.open_or_last(channel_id)
        if game.state is None:
            raise UserError(said("The game has not started, so there is no board yet."))
        return game, game.system.view(game.state, viewer or Viewer.spectator())

    async def games_of(
        self,
        user_id: int,
        guild_id: int | None = None,
        asked_by: int | None = None,
        language: Language = Language.ENGLISH,
    ) -> list[ListedGame]:
        """The user's open games across channels (only those of server ``guild_id`` when
        given), and whether each waits on them; seen as ``asked_by`` may see them (the
        user themselves unless given: another member sees no legal actions), in
        ``language``."""
        viewer = user_id if asked_by is None else asked_by
        found = []
        for row in await self.access.db.games_of_user(user_id):
            if guild_id is not None and row.guild_id != guild_id:
                continue
            game = await self.access.load(row)
            status = describe_status(game, viewer, language)
            waiting = status.progress.waiting_on if status.progress else ()
            your_move = any(w.user_id == user_id for w in waiting)
            found.append(ListedGame(channel_id=row.channel_id, your_move=your_move, game=status))
        return found
