"""The questions asked before an action that cannot be taken back (conceding, ending a
game): the same checks the action makes, so a player who may not do it is refused at once
rather than after confirming, and a text saying exactly what will be lost."""

from __future__ import annotations

from bot.messages import said
from bot.service.access import GameAccess
from bot.service.authority import require_seat, require_steward, require_under_way
from bot.service.errors import ActionRefused, UserError
from bot.service.loaded import LoadedGame
from bot.service.player import Player
from bot.service.read_models import Confirmation
from rules.core import engine
from rules.core.rejection import Rejection


class Confirmations:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def concede(self, channel_id: int, player: Player) -> Confirmation:
        """What conceding would do to ``player``'s seat, if they may concede."""
        game = await self.access.open(channel_id)
        state = require_under_way(game)
        seat = require_seat(game, player)
        decided = engine.concede(game.system, state, seat)
        if isinstance(decided, Rejection):
            raise ActionRefused(decided, player.language)
        label = game.system.seat_label(seat)
        others = [s for s in state.seats_in_play() if s != seat]
        after = (
            said("The game ends at once and the other side wins.")
            if len(others) <= 1
            else said("Your seat is out of the game while the others play on.")
        )
        question = said(
            "Concede {side} in this game of {system}? {after} This cannot be undone: "
            "`/game undo` will not bring your seat back.",
            side=label,
            system=game.system.name,
            after=after,
        )
        return Confirmation(
            game_id=game.row.id,
            question=question.in_(player.language),
            confirm=said("Concede").in_(player.language),
        )

    async def end(self, channel_id: int, player: Player) -> Confirmation:
        """What ending the game would do, if ``player`` may end it."""
        game = await self.access.open(channel_id)
        require_steward(game, player, said("end it"))
        if game.state is None:
            what = said("It has not started: the seats are given up and nothing is played.")
        else:
            what = said(
                "It stops where it stands with no winner, its seed is revealed and"
                " `/game verify` checks every roll."
            )
        question = said(
            "End this game of {system} for everyone? {what} This cannot be undone.",
            system=game.system.name,
            what=what,
        )
        return Confirmation(
            game_id=game.row.id,
            question=question.in_(player.language),
            confirm=said("End the game").in_(player.language),
        )


def require_same_game(game: LoadedGame, game_id: int | None) -> None:
    """Refuse a confirmation given for a game that is no longer this channel's."""
    if game_id is not None and game.row.id != game_id:
        raise UserError(
            said("That question was about an earlier game in this channel: nothing was done.")
        )
