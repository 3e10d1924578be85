"""Before the game: setting it up, taking and leaving seats, and starting it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.service.access import GameAccess
from bot.service.commit import commit_play
from bot.service.errors import UserError
from bot.service.log_records import event_record, meta_record
from bot.service.options import options_json, parse_options
from bot.service.outcome import Outcome
from bot.service.player import Player
from bot.store.conflicts import ChannelBusy
from bot.store.records import SeatRow
from rules.core import engine
from rules.core.dice import commitment
from rules.core.registry import UnknownSystem, get_system
from rules.core.system import GameSystem, SeatSpec
from rules.core.wording import plural


def checked_new_game(
    system_id: str, options_text: str | None, side: str | None
) -> tuple[GameSystem[Any], BaseModel, SeatSpec]:
    """The system, options and creator's side of a new game, or the UserError saying what
    is wrong with them (before anything is made for the game, such as its thread)."""
    try:
        system = get_system(system_id)
    except UnknownSystem as exc:
        raise UserError(str(exc)) from None
    options = parse_options(system.options_model, options_text)
    problem = system.check_options(options)
    if problem:
        raise UserError(problem)
    if side and side.strip().lower() not in {
        key for spec in system.seat_specs for key in (spec.id, spec.label.lower())
    }:
        sides = ", ".join(f"`{spec.id}`" for spec in system.seat_specs)
        raise UserError(f"There is no side '{side[:40]}' in {system.name}. Sides: {sides}.")
    wanted = (side or "").strip().lower()
    spec = next(
        (s for s in system.seat_specs if wanted in (s.id, s.label.lower())),
        system.seat_specs[0],
    )
    return system, options, spec


class Lobby:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def create(
        self,
        channel_id: int,
        guild_id: int | None,
        player: Player,
        system_id: str,
        options_text: str | None = None,
        side: str | None = None,
    ) -> Outcome:
        system, options, spec = checked_new_game(system_id, options_text, side)
        position = [s.id for s in system.seat_specs].index(spec.id)
        text = f"{player.name} set up a game of {system.name}."
        joined = f"{player.name} joined as {spec.label}."
        access = self.access
        async with access.lock(channel_id):
            if await access.db.open_game(channel_id) is not None:
                raise UserError(
                    "This channel already has a game. Finish it (`/game end`) or use a thread."
                )
            seed = access.seed_source()
            try:
                game_id = await access.db.create_game(
                    channel_id=channel_id,
                    guild_id=guild_id,
                    system=system.id,
                    rules_version=system.rules_version,
                    options=options_json(options),
                    creator_id=player.user_id,
                    seed=seed,
                    commitment=commitment(seed),
                    reminder_seconds=access.default_reminder_seconds,
                    now=access.clock(),
                    meta=meta_record(player, text),
                    creator_seat=(
                        SeatRow(spec.id, player.user_id, player.name, position),
                        meta_record(player, joined),
                    ),
                )
            except ChannelBusy:
                raise UserError("This channel already has a game.") from None
        # the creator is seated in the same transaction: the game starts at version 2
        outcome = Outcome(game_id=game_id, channel_id=channel_id, version=2, system=system.id)
        outcome.public += [text, joined]
        return outcome

    async def join(self, channel_id: int, player: Player, side: str | None = None) -> Outcome:
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            if game.row.status != "lobby":
                raise UserError("This game has already started; seats can no longer change.")
            held = game.seat_of(player.user_id)
            if held is not None:
                raise UserError(
                    f"You already hold {game.system.seat_label(held)}. "
                    "Use `/game leave` first to change sides."
                )
            taken = {s.seat for s in game.seats}
            free = [spec for spec in game.system.seat_specs if spec.id not in taken]
            if not free:
                raise UserError("Every seat is taken.")
            if side:
                wanted = side.strip().lower()
                match = [s for s in game.system.seat_specs if wanted in (s.id, s.label.lower())]
                if not match:
                    sides = ", ".join(f"`{s.id}`" for s in game.system.seat_specs)
                    raise UserError(f"There is no side '{side[:40]}'. Sides: {sides}.")
                if match[0].id in taken:
                    others = ", ".join(f"`{s.id}`" for s in free)
                    raise UserError(f"{match[0].label} is taken. Free: {others}.")
                spec = match[0]
            else:
                spec = free[0]
            position = [s.id for s in game.system.seat_specs].index(spec.id)
            text = f"{player.name} joined as {spec.label}."
            version = await self.access.append(
                game,
                [meta_record(player, text)],
                seat_changes=[("add", SeatRow(spec.id, player.user_id, player.name, position))],
            )
        outcome = Outcome.of(game, version)
        outcome.public.append(text)
        return outcome

    async def leave(self, channel_id: int, player: Player) -> Outcome:
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            seat = game.seat_of(player.user_id)
            if seat is None:
                raise UserError("You do not hold a seat in this game.")
            if game.row.status != "lobby":
                raise UserError("The game has started; use `/game concede` to give up instead.")
            text = f"{player.name} left {game.system.seat_label(seat)}."
            version = await self.access.append(
                game, [meta_record(player, text)], seat_changes=[("remove", seat)]
            )
        outcome = Outcome.of(game, version)
        outcome.public.append(text)
        return outcome

    async def start(self, channel_id: int, player: Player) -> Outcome:
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            if game.row.status != "lobby":
                raise UserError("The game is already under way.")
            if player.user_id != game.row.creator_id and game.seat_of(player.user_id) is None:
                raise UserError("Only a seated player or the game's creator can start it.")
            if len(game.seats) < game.system.min_seats:
                missing = game.system.min_seats - len(game.seats)
                raise UserError(
                    f"{plural(missing, 'more player')} must `/game join` before the game can start."
                )
            problem = game.system.check_start(game.options(), game.seat_ids())
            if problem is not None:
                raise UserError(problem)
            state = game.system.initial_state(game.options(), game.seat_ids())
            events = engine.begin(game.system, state, game.row.seed)
            state = engine.fold(game.system, state, events)
            text = (
                f"The game begins. Dice commitment (SHA-256 of this game's secret seed): "
                f"`{game.row.commitment}` — the seed is revealed when the game ends, and "
                "`/game verify` then checks every roll."
            )
            records = [meta_record(player, text, commitment=game.row.commitment)]
            records += [event_record(None, None, e) for e in events]
            outcome = await commit_play(self.access, game, state, records, events, status="active")
        outcome.public.insert(0, text)
        return outcome
