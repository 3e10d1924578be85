"""Before the game: setting it up, taking and leaving seats, and starting it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.messages import Joined, Message, as_is, joined, said, said_n
from bot.service.access import GameAccess
from bot.service.commit import commit_play
from bot.service.errors import UserError
from bot.service.log_records import event_record, meta_record
from bot.service.options import options_json, parse_options
from bot.service.outcome import Outcome
from bot.service.player import Player
from bot.service.table_settings import TableSettings
from bot.store.conflicts import ChannelBusy
from bot.store.records import SeatRow
from rules.core import engine
from rules.core.dice import commitment
from rules.core.registry import UnknownSystem, available_systems, get_system
from rules.core.system import GameSystem, SeatSpec


def checked_new_game(
    system_id: str, options_text: str | None, side: str | None
) -> tuple[GameSystem[Any], BaseModel, SeatSpec]:
    """The system, options and creator's side of a new game, or the UserError saying what
    is wrong with them (before anything is made for the game, such as its thread)."""
    try:
        system = get_system(system_id)
    except UnknownSystem:
        known = ", ".join(s.id for s in available_systems()) or "none"
        raise UserError(
            said("No game system '{system}'. Available: {known}.", system=system_id, known=known)
        ) from None
    options = parse_options(system.options_model, options_text)
    problem = system.check_options(options)
    if problem:
        raise UserError(as_is(problem))
    if side and side.strip().lower() not in {
        key for spec in system.seat_specs for key in (spec.id, spec.label.lower())
    }:
        raise UserError(
            said(
                "There is no side '{side}' in {system}. Sides: {sides}.",
                side=side[:40],
                system=system.name,
                sides=sides_of(system.seat_specs),
            )
        )
    wanted = (side or "").strip().lower()
    spec = next(
        (s for s in system.seat_specs if wanted in (s.id, s.label.lower())),
        system.seat_specs[0],
    )
    return system, options, spec


def unknown_system(system: str, known: Iterable[str]) -> Message:
    """The refusal of a system nobody may pick here; ``known`` are those they may."""
    names = sorted(known)
    listed = joined(f"`{s}`" for s in names) if names else said("none installed yet")
    return said(
        "There is no game system '{system}'. Available: {names}.", system=system, names=listed
    )


def sides_of(specs: list[SeatSpec] | tuple[SeatSpec, ...]) -> Joined:
    """`` `red`, `blue` ``: the sides to pick from."""
    return joined(f"`{spec.id}`" for spec in specs)


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
        text = said("{player} set up a game of {system}.", player=player.name, system=system.name)
        seated = said("{player} joined as {side}.", player=player.name, side=spec.label)
        # the game speaks its creator's language where nobody in particular is addressed
        settings = TableSettings(language=player.language)
        access = self.access
        async with access.lock(channel_id):
            if await access.db.open_game(channel_id) is not None:
                raise UserError(
                    said(
                        "This channel already has a game. Finish it (`/game end`) or use a thread."
                    )
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
                        meta_record(player, seated),
                    ),
                    settings=settings.to_json() if settings != TableSettings() else None,
                )
            except ChannelBusy:
                raise UserError(said("This channel already has a game.")) from None
        # the creator is seated in the same transaction: the game starts at version 2
        outcome = Outcome(
            game_id=game_id,
            channel_id=channel_id,
            version=2,
            system=system.id,
            guild_id=guild_id,
            system_name=system.name,
            language=settings.language,
        )
        outcome.public += [text.in_(player.language), seated.in_(player.language)]
        return outcome

    async def join(self, channel_id: int, player: Player, side: str | None = None) -> Outcome:
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            if game.row.status != "lobby":
                raise UserError(said("This game has already started; seats can no longer change."))
            held = game.seat_of(player.user_id)
            if held is not None:
                raise UserError(
                    said(
                        "You already hold {side}. Use `/game leave` first to change sides.",
                        side=game.system.seat_label(held),
                    )
                )
            taken = {s.seat for s in game.seats}
            free = [spec for spec in game.system.seat_specs if spec.id not in taken]
            if not free:
                raise UserError(said("Every seat is taken."))
            if side:
                wanted = side.strip().lower()
                match = [s for s in game.system.seat_specs if wanted in (s.id, s.label.lower())]
                if not match:
                    raise UserError(
                        said(
                            "There is no side '{side}'. Sides: {sides}.",
                            side=side[:40],
                            sides=sides_of(game.system.seat_specs),
                        )
                    )
                if match[0].id in taken:
                    raise UserError(
                        said(
                            "{side} is taken. Free: {free}.",
                            side=match[0].label,
                            free=sides_of(free),
                        )
                    )
                spec = match[0]
            else:
                spec = free[0]
            position = [s.id for s in game.system.seat_specs].index(spec.id)
            text = said("{player} joined as {side}.", player=player.name, side=spec.label)
            version = await self.access.append(
                game,
                [meta_record(player, text)],
                seat_changes=[("add", SeatRow(spec.id, player.user_id, player.name, position))],
            )
        outcome = Outcome.of(game, version)
        outcome.public.append(text.in_(player.language))
        return outcome

    async def leave(self, channel_id: int, player: Player) -> Outcome:
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            seat = game.seat_of(player.user_id)
            if seat is None:
                raise UserError(said("You do not hold a seat in this game."))
            if game.row.status != "lobby":
                raise UserError(
                    said("The game has started; use `/game concede` to give up instead.")
                )
            text = said(
                "{player} left {side}.", player=player.name, side=game.system.seat_label(seat)
            )
            version = await self.access.append(
                game, [meta_record(player, text)], seat_changes=[("remove", seat)]
            )
        outcome = Outcome.of(game, version)
        outcome.public.append(text.in_(player.language))
        return outcome

    async def start(self, channel_id: int, player: Player) -> Outcome:
        async with self.access.lock(channel_id):
            game = await self.access.open(channel_id)
            if game.row.status != "lobby":
                raise UserError(said("The game is already under way."))
            if player.user_id != game.row.creator_id and game.seat_of(player.user_id) is None:
                raise UserError(said("Only a seated player or the game's creator can start it."))
            if len(game.seats) < game.system.min_seats:
                missing = game.system.min_seats - len(game.seats)
                raise UserError(
                    said_n(
                        missing,
                        "{count} more player must `/game join` before the game can start.",
                        "{count} more players must `/game join` before the game can start.",
                    )
                )
            problem = game.system.check_start(game.options(), game.seat_ids())
            if problem is not None:
                raise UserError(as_is(problem))
            state = game.system.initial_state(game.options(), game.seat_ids())
            events = engine.begin(game.system, state, game.row.seed)
            state = engine.fold(game.system, state, events)
            text = said(
                "The game begins. Dice commitment (SHA-256 of this game's secret seed): "
                "`{commitment}` — the seed is revealed when the game ends, and "
                "`/game verify` then checks every roll.",
                commitment=game.row.commitment,
            )
            records = [meta_record(player, text, commitment=game.row.commitment)]
            records += [event_record(None, None, e) for e in events]
            # the opening lines (the setup rolls, who begins) in the starting player's words
            outcome = await commit_play(
                self.access,
                game,
                state,
                records,
                events,
                status="active",
                language=player.language,
                by=player.user_id,
            )
        outcome.public.insert(0, text.in_(player.language))
        return outcome
