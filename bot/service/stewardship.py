"""What stewards do (the game's creator and members with Manage Server): end a game, pause
and resume it, and take a seat from a player or hand it to another member."""

from __future__ import annotations

from typing import Any

from bot.durations import span_said
from bot.messages import said, said_n
from bot.service.access import GameAccess
from bot.service.authority import Pause, require_steward, tidy_reason
from bot.service.commit import answer_deadline, commit_play, prompt_in, readers_languages
from bot.service.component_stamps import component_stamp
from bot.service.confirmations import require_same_game
from bot.service.errors import UserError
from bot.service.log_records import event_record, meta_record
from bot.service.outcome import Outcome, PromptDelivery
from bot.service.player import Player
from bot.store.records import SeatRow
from rules.core import engine
from rules.core.events import GameEnded


class Stewardship:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def end(self, channel_id: int, player: Player, game_id: int | None = None) -> Outcome:
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            require_same_game(game, game_id)
            require_steward(game, player, said("end it"))
            text = said("{player} ended the game.", player=player.name)
            if game.state is None:
                version = await self.access.append(
                    game,
                    [meta_record(player, text)],
                    updates={"status": "finished", "ended_at": self.access.clock()},
                )
                outcome = Outcome.of(game, version)
                outcome.public.append(
                    said("{ended} It never started.", ended=text).in_(player.language)
                )
                outcome.finished = True
                return outcome
            ended = GameEnded(winners=(), reason=f"ended by {player.name}")
            new_state = engine.fold(game.system, game.state, [ended])
            records = [meta_record(player, text), event_record(None, player.user_id, ended)]
            outcome = await commit_play(
                self.access,
                game,
                new_state,
                records,
                [ended],
                language=player.language,
                by=player.user_id,
            )
        return outcome

    async def pause(self, channel_id: int, player: Player, reason: str | None = None) -> Outcome:
        """Stop play (creator or Manage Server): no actions, reminders or deadlines."""
        why = tidy_reason(reason)
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            require_steward(game, player, said("pause it"))
            if game.row.status != "active":
                raise UserError(
                    said("Only a game under way can be paused; this one has not started.")
                )
            current = Pause.of(game)
            if current is not None:
                raise UserError(said("The game is already {paused}.", paused=current.describe()))
            pause = Pause(player.user_id, player.name, self.access.clock(), why)
            stop = "" if why[-1:] in (".", "!", "?") else "."
            paused = (
                said(
                    "⏸️ {player} paused the game: {reason}{stop}",
                    player=player.name,
                    reason=why,
                    stop=stop,
                )
                if why
                else said("⏸️ {player} paused the game.", player=player.name)
            )
            text = said(
                "{paused} Nobody can act, and no reminder or answer deadline runs, until the "
                "game's creator or a member with Manage Server uses `/game resume`.",
                paused=paused,
            )
            version = await self.access.append(
                game, [meta_record(player, text)], updates={"paused": pause.to_json()}
            )
        outcome = Outcome.of(game, version)
        outcome.public.append(text.in_(player.language))
        return outcome

    async def resume(self, channel_id: int, player: Player) -> Outcome:
        """Play on after a pause; answer deadlines and reminders do not count the pause."""
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            require_steward(game, player, said("resume it"))
            pause = Pause.of(game)
            if pause is None:
                raise UserError(said("The game is not paused."))
            now = self.access.clock()
            updates: dict[str, Any] = {"paused": None, "reminded_at": None}
            if game.row.waiting_since is not None:
                updates["waiting_since"] = game.row.waiting_since + max(0.0, now - pause.at)
            text = said(
                "▶️ {player} resumed the game after {span}.",
                player=player.name,
                span=span_said(now - pause.at),
            )
            version = await self.access.append(game, [meta_record(player, text)], updates=updates)
        outcome = Outcome.of(game, version)
        outcome.public.append(text.in_(player.language))
        waiting = game.row.awaited
        outcome.mentions = [r.user_id for s in waiting if (r := game.user_of(s))]
        outcome.mention_reason = said_n(
            len(outcome.mentions), "the game goes on: your move", "the game goes on: your move"
        )
        return outcome

    async def kick(
        self,
        channel_id: int,
        player: Player,
        member: Player,
        replacement: Player | None = None,
    ) -> Outcome:
        """Take ``member``'s seat away: freed in the lobby, else handed to ``replacement``.

        Stewards may do it for anyone; a seated player may hand their own seat over.
        """
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            if not (member.user_id == player.user_id and replacement is not None):
                require_steward(game, player, said("take a seat from a player"))
            seat = game.seat_of(member.user_id)
            if seat is None:
                raise UserError(
                    said("{member} does not hold a seat in this game.", member=member.name)
                )
            label = game.system.seat_label(seat)
            if replacement is None:
                if game.row.status != "lobby":
                    raise UserError(
                        said(
                            "The game is under way, so {side} needs a new player: name a "
                            "`replacement` (a member of this server), or end the game with "
                            "`/game end`.",
                            side=label,
                        )
                    )
                text = said(
                    "{player} removed {member} from {side}.",
                    player=player.name,
                    member=member.name,
                    side=label,
                )
                version = await self.access.append(
                    game, [meta_record(player, text)], seat_changes=[("remove", seat)]
                )
                outcome = Outcome.of(game, version)
                outcome.public.append(text.in_(player.language))
                return outcome
            if replacement.user_id == member.user_id:
                raise UserError(
                    said("{member} already holds {side}.", member=member.name, side=label)
                )
            held = game.seat_of(replacement.user_id)
            if held is not None:
                raise UserError(
                    said(
                        "{member} already holds {side}; a member holds one seat at most.",
                        member=replacement.name,
                        side=game.system.seat_label(held),
                    )
                )
            position = next(row.position for row in game.seats if row.seat == seat)
            text = said(
                "{player} handed {side} from {member} to {replacement}.",
                player=player.name,
                side=label,
                member=member.name,
                replacement=replacement.name,
            )
            version = await self.access.append(
                game,
                [meta_record(player, text, seat=seat, to_user=replacement.user_id)],
                seat_changes=[
                    ("hand", SeatRow(seat, replacement.user_id, replacement.name, position))
                ],
            )
        outcome = Outcome.of(game, version)
        outcome.public.append(text.in_(player.language))
        if game.state is None:
            return outcome
        # the new holder is told and asked in the language they were last seen in
        languages = await readers_languages(
            self.access, [replacement.user_id], player.user_id, player.language
        )
        reader = languages[replacement.user_id]
        outcome.tell(
            replacement.user_id,
            said(
                "You now hold {side} in game #{game}. `/game log` shows what this seat "
                "has seen so far and `/game status` what you can do.",
                side=label,
                game=game.id,
            ).in_(reader),
            reader,
        )
        if seat in game.row.awaited:
            outcome.mentions = [replacement.user_id]
            outcome.mention_reason = said("you now hold {side}: your move", side=label)
        for prompt in game.system.prompts(game.state):
            if prompt.seat == seat and prompt.private:
                outcome.prompts.append(
                    PromptDelivery(
                        replacement.user_id,
                        seat,
                        game.id,
                        version,
                        prompt_in(game.system, game.state, prompt, reader),
                        component_stamp(game.row.seed, version),
                        deadline=answer_deadline(
                            prompt, game.row.waiting_since or self.access.clock()
                        ),
                        language=reader,
                    )
                )
        return outcome
