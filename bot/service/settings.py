"""A game's settings: for now, how long the awaited players may stay quiet before they
are reminded."""

from __future__ import annotations

from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.player import Player
from bot.service.read_models import ReminderSetting

MIN_REMINDER = 60 * 60  # one hour
MAX_REMINDER = 14 * 24 * 60 * 60  # two weeks


class GameSettings:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def settings(
        self, channel_id: int, player: Player, reminder_hours: float | None
    ) -> ReminderSetting:
        """The reminder delay; changed first when ``reminder_hours`` is given."""
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            if (
                game.seat_of(player.user_id) is None
                and player.user_id != game.row.creator_id
                and not player.manager
            ):
                raise UserError(
                    "Only the game's players, creator or a server manager can change settings."
                )
            if reminder_hours is None:
                return ReminderSetting(hours=game.row.reminder_seconds / 3600, changed=False)
            # compared before int(): NaN and infinities are refused, not raised
            if not MIN_REMINDER <= reminder_hours * 3600 <= MAX_REMINDER:
                raise UserError(
                    "The reminder delay must be between 1 hour and 336 hours (14 days)."
                )
            seconds = int(reminder_hours * 3600)
            await self.access.db.touch(game.id, reminder_seconds=seconds)
            return ReminderSetting(hours=reminder_hours, changed=True)
