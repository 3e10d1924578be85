"""Reading where games stand: a game's status for one user, the board view, and the list
of a user's games across channels."""

from __future__ import annotations

from typing import Any

from bot.service.access import GameAccess
from bot.service.authority import Pause
from bot.service.errors import UserError
from bot.service.loaded import LoadedGame
from rules.core.visibility import Viewer


def viewer_for(game: LoadedGame, user_id: int | None) -> Viewer:
    """What ``user_id`` may see of ``game``: their seat's view, else a spectator's."""
    seat = game.seat_of(user_id) if user_id is not None else None
    return Viewer.of_seat(seat) if seat else Viewer.spectator()


def describe_status(game: LoadedGame, user_id: int | None) -> dict[str, Any]:
    seats = [
        {"seat": s.seat, "label": game.system.seat_label(s.seat), "user_id": s.user_id}
        for s in game.seats
    ]
    info: dict[str, Any] = {
        "game_id": game.id,
        "system": game.system.name,
        "status": game.row.status,
        "version": game.version,
        "seats": seats,
        "free": [spec.label for spec in game.system.seat_specs if spec.id not in game.seat_ids()],
        "commitment": game.row.commitment,
        "reminder_hours": game.row.reminder_seconds / 3600,
    }
    pause = Pause.of(game)
    if pause is not None and game.row.status == "active":
        info["paused"] = pause.describe()
    if game.state is not None:
        turn = game.system.status(game.state)
        info["phase"] = turn.phase
        info["summary"] = turn.summary
        info["waiting_on"] = [
            {
                "seat": s,
                "label": game.system.seat_label(s),
                "user_id": getattr(r, "user_id", None),
            }
            for s in turn.waiting_on
            for r in [game.user_of(s)]
        ]
        viewer_seat = game.seat_of(user_id) if user_id is not None else None
        info["legal"] = (
            [c.notation for c in game.system.legal_actions(game.state, viewer_seat)]
            if viewer_seat
            else []
        )
        info["winners"] = [game.system.seat_label(s) for s in game.state.winners]
    return info


class Standing:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def status(self, channel_id: int, user_id: int | None) -> dict[str, Any]:
        game = await self.access.any(channel_id)
        return describe_status(game, user_id)

    async def view(self, channel_id: int, viewer: Viewer | None = None) -> tuple[LoadedGame, Any]:
        game = await self.access.any(channel_id)
        if game.state is None:
            raise UserError("The game has not started, so there is no board yet.")
        return game, game.system.view(game.state, viewer or Viewer.spectator())

    async def games_of(self, user_id: int) -> list[dict[str, Any]]:
        found = []
        for row in await self.access.db.games_of_user(user_id):
            game = await self.access.load(row)
            info = describe_status(game, user_id)
            info["channel_id"] = row.channel_id
            info["your_move"] = any(w["user_id"] == user_id for w in info.get("waiting_on", []))
            found.append(info)
        return found
