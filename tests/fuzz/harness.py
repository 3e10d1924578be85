"""Driving every slash command's own code with any option values, without Discord.

The cogs' callbacks run with a recording stand-in for ``discord.Interaction``; failures go
through the bot's one error handler exactly as the command tree sends them there. Each
call starts from a copy of a prepared database (no game, lobbies, games under way, a
finished game), so a refused command can be checked to have changed nothing at all.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import random
import shutil
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.config import Settings
from bot.discord_app import app as app_module
from bot.discord_app import delivery
from bot.discord_app.app import COGS, UmpireBot, create_bot
from bot.discord_app.components import ANSWERS_COG, Answers
from bot.discord_app.errors import handle_error, unwrap
from bot.service import GameService, Player, UserError
from bot.store import Database
from rules.core.visibility import Viewer
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock, fixed_seeds
from tests.setups import listed_systems

from .hostile import (
    AUTOCOMPLETE_CHOICES,
    DISCORD_CONTENT,
    EMBED_FIELDS,
    EMBED_TOTAL,
    GENERIC,
    RAW_BROADCAST,
    RAW_ROLE,
    RAW_USER,
    TRACEBACK,
)

T = TypeVar("T")
GUILD = 77
WARM_UP = 30  # automatic moves played in the games under way
OWNER_ID = 909


# -- a recording interaction -------------------------------------------------------------


@dataclass
class Sent:
    """One message the bot sent (or tried to send) while handling a command."""

    where: str  # response, followup, channel, dm
    content: str
    embeds: list[discord.Embed]
    ephemeral: bool
    mentions: dict[str, Any]  # the effective allowed_mentions payload
    files: int = 0
    user_id: int | None = None

    def texts(self) -> list[str]:
        found = [self.content]
        for embed in self.embeds:
            found += [embed.title or "", embed.description or "", embed.footer.text or ""]
            found += [f"{f.name}\n{f.value}" for f in embed.fields]
        return found


@dataclass
class Recorder:
    bot_default: discord.AllowedMentions
    sent: list[Sent] = field(default_factory=list)
    choices: list[app_commands.Choice[Any]] | None = None

    def record(self, where: str, content: str | None, **kwargs: Any) -> None:
        call = kwargs.get("allowed_mentions")
        allowed = self.bot_default.merge(call) if call is not None else self.bot_default
        # discord.py's MISSING (falsy) stands for an argument not given, as None does
        embeds = list(kwargs.get("embeds") or [])
        if kwargs.get("embed"):
            embeds.append(kwargs["embed"])
        files = len(kwargs.get("files") or []) + (1 if kwargs.get("file") else 0)
        self.sent.append(
            Sent(
                where,
                "" if content is None else str(content),
                embeds,
                bool(kwargs.get("ephemeral", False)),
                dict(allowed.to_dict()),
                files,
                kwargs.get("user_id"),
            )
        )


class FakeResponse:
    def __init__(self, recorder: Recorder) -> None:
        self._recorder = recorder
        self._done = False
        self.ephemeral = False  # how a deferred answer will show

    def is_done(self) -> bool:
        return self._done

    def _answer(self) -> None:
        if self._done:
            raise discord.InteractionResponded(None)  # type: ignore[arg-type]
        self._done = True

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self._answer()
        self._recorder.record("response", content, **kwargs)

    async def defer(self, **kwargs: Any) -> None:
        self._answer()
        self.ephemeral = bool(kwargs.get("ephemeral", False))

    async def autocomplete(self, choices: list[app_commands.Choice[Any]]) -> None:
        self._answer()
        self._recorder.choices = list(choices)


class FakeFollowup:
    def __init__(self, recorder: Recorder, response: FakeResponse) -> None:
        self._recorder = recorder
        self._response = response

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeFollowupMessage | None:
        assert self._response.is_done(), "a follow-up before the interaction was answered"
        self._recorder.record("followup", content, **kwargs)
        if not kwargs.get("wait"):
            return None
        return FakeFollowupMessage(self._recorder, self._recorder.sent[-1])


class FakeFollowupMessage:
    """A follow-up the bot asked back (a progress message): edited, or deleted, when the
    user no longer sees it."""

    def __init__(self, recorder: Recorder, sent: Sent) -> None:
        self._recorder = recorder
        self._sent = sent

    async def edit(self, content: str | None = None, **kwargs: Any) -> None:
        self._recorder.record("edit", content, ephemeral=self._sent.ephemeral, **kwargs)
        edited = self._recorder.sent.pop()
        self._sent.content, self._sent.files = edited.content, edited.files or self._sent.files

    async def delete(self) -> None:
        self._recorder.sent.remove(self._sent)


class FakeMessage:
    """A message the bot posted in the channel: the dashboard is pinned and edited."""

    def __init__(self, recorder: Recorder, message_id: int) -> None:
        self._recorder = recorder
        self.id = message_id

    async def pin(self, **kwargs: Any) -> None:
        pass

    async def edit(self, content: str | None = None, **kwargs: Any) -> None:
        self._recorder.record("edit", content, **kwargs)


class FakeChannel(discord.abc.Messageable):
    def __init__(self, recorder: Recorder, channel_id: int) -> None:
        self._recorder = recorder
        self.id = channel_id

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeMessage:  # type: ignore[override]
        self._recorder.record("channel", content, **kwargs)
        return FakeMessage(self._recorder, next(MESSAGE_IDS))

    async def fetch_message(self, id: int, /) -> FakeMessage:  # type: ignore[override]
        return FakeMessage(self._recorder, id)


MESSAGE_IDS = itertools.count(900_000)


class FakeDMUser:
    def __init__(self, recorder: Recorder, user_id: int) -> None:
        self._recorder = recorder
        self.id = user_id

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self._recorder.record("dm", content, user_id=self.id, **kwargs)


@dataclass
class Actor:
    user_id: int
    name: str
    manager: bool = False

    @property
    def player(self) -> Player:
        return Player(self.user_id, self.name, manager=self.manager)


class FakeInteraction:
    """What the cogs, delivery and the error handler read of an interaction."""

    def __init__(
        self, bot: UmpireBot, recorder: Recorder, actor: Actor, *, in_guild: bool = True
    ) -> None:
        self.client = bot
        self.user = SimpleNamespace(
            id=actor.user_id,
            display_name=actor.name,
            name=actor.name,
            mention=f"<@{actor.user_id}>",
        )
        self.guild = SimpleNamespace(id=GUILD) if in_guild else None
        self.guild_id = GUILD if in_guild else None
        self.channel_id = CHANNEL
        self.permissions = discord.Permissions(manage_guild=actor.manager)
        self.response = FakeResponse(recorder)
        self.followup = FakeFollowup(recorder, self.response)
        self.namespace = SimpleNamespace()
        self.data: dict[str, Any] = {}
        self.message = None  # a component's message: the fuzzer clicks ids, not messages
        # what the metrics read: the command (the fuzzer calls callbacks directly), the
        # kind of interaction and when Discord created it
        self.command = None
        self.type = discord.InteractionType.application_command
        self.created_at = discord.utils.utcnow()
        self._recorder = recorder

    async def edit_original_response(self, content: str | None = None, **kwargs: Any) -> None:
        """The deferred answer filled in (``/game log``'s page and its buttons)."""
        assert self.response.is_done(), "an edit before the interaction was answered"
        self._recorder.record("followup", content, ephemeral=self.response.ephemeral, **kwargs)


# -- the commands ------------------------------------------------------------------------


def walk_commands(bot: UmpireBot) -> dict[str, app_commands.Command[Any, ..., Any]]:
    """Every slash command by its full name (``game new``, ``roll``, ``admin stats``)."""
    found: dict[str, app_commands.Command[Any, ..., Any]] = {}

    def visit(items: list[Any], prefix: str) -> None:
        for item in items:
            if isinstance(item, app_commands.Group):
                visit(item.commands, f"{prefix}{item.name} ")
            else:
                found[f"{prefix}{item.name}"] = item

    visit(bot.tree.get_commands(type=discord.AppCommandType.chat_input), "")
    return found


async def load_bot(service: GameService) -> UmpireBot:
    """The production bot with every cog loaded; nothing connects anywhere."""
    bot = create_bot(
        Settings(UMPIRE_DATABASE=":memory:", UMPIRE_OWNER_IDS=[OWNER_ID]),  # type: ignore[call-arg]
        service=service,
        reminders=False,
    )
    for extension in COGS:
        await bot.load_extension(extension)
    return bot


async def _tiny_board(bot: UmpireBot, channel_id: int) -> discord.File | None:
    game = await bot.service.game_in(channel_id)
    if game is None or game.state is None:
        return None
    if game.system.scene(game.system.view(game.state, Viewer.spectator())) is None:
        return None
    return discord.File(io.BytesIO(b"\x89PNG"), filename="board.png")


# -- prepared games ----------------------------------------------------------------------


async def automatic(
    service: GameService,
    steps: int,
    channel: int = CHANNEL,
    players: dict[str, Player] | None = None,
) -> None:
    """Play ``steps`` moves of the game in ``channel``, each the system's automatic
    player's sensible pick for the first awaited seat."""
    for _ in range(steps):
        game = await service.game_in(channel)
        assert game is not None and game.state is not None
        waiting = game.system.status(game.state).waiting_on
        if not waiting or game.state.finished:
            return
        seat = waiting[0]
        legal = game.system.legal_actions(game.state, seat)
        notation = game.system.automatic_action(game.state, seat, legal, random.Random(0), 0.0)
        assert notation is not None, f"{seat} is awaited with nothing to do"
        user = game.user_of(seat)
        assert user is not None
        player = players[seat] if players else Player(user.user_id, user.name)
        await service.act(channel, player, notation)


def system_of(context: str) -> str:
    """``"<system>-active"`` → the system's id."""
    return context.rsplit("-", 1)[0]


async def _prepare(path: Path, how: str) -> None:
    db = await Database.open(str(path))
    service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        if how == "empty":
            return
        await service.create(CHANNEL, GUILD, ALICE, system_of(how), None)
        if how.endswith("lobby"):
            return
        await service.join(CHANNEL, BOB)
        await service.start(CHANNEL, ALICE)
        if how.endswith("finished"):
            await service.end(CHANNEL, ALICE)
            return
        await automatic(service, WARM_UP)
    finally:
        await db.close()


# every listed system at its defaults: a lobby, a game under way and a finished game
LOBBIES = tuple(f"{s.id}-lobby" for s in listed_systems())
ACTIVE = tuple(f"{s.id}-active" for s in listed_systems())
FINISHED = tuple(f"{s.id}-finished" for s in listed_systems())
CONTEXTS = ("empty", *LOBBIES, *ACTIVE, *FINISHED)


def prepare_contexts(folder: Path) -> dict[str, Path]:
    """One database file per situation a command can meet."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for how in CONTEXTS:
        path = folder / f"{how}.db"
        if not path.exists():
            asyncio.run(_prepare(path, how))
        paths[how] = path
    return paths


def snapshot(path: Path) -> tuple[Any, ...]:
    """Everything a command could change: games, seats and the whole log."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        return tuple(
            tuple(sorted(conn.execute(f"SELECT * FROM {table}"), key=repr))
            for table in ("games", "seats", "events")
        )


def seated_users(path: Path) -> set[int]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        return {row[0] for row in conn.execute("SELECT user_id FROM seats")}


# -- one call and what it produced -------------------------------------------------------


@dataclass
class Call:
    command: str
    options: dict[str, Any]
    context: str
    actor: Actor
    sent: list[Sent]
    error: BaseException | None
    changed: bool
    cpu: float
    choices: list[app_commands.Choice[Any]] | None = None
    seated: set[int] = field(default_factory=set)

    @property
    def refused(self) -> bool:
        return isinstance(self.error, UserError)

    def describe(self) -> str:
        return (
            f"/{self.command} {self.options!r} in {self.context} by {self.actor.name!r}: "
            f"error={self.error!r} sent={[s.content[:200] for s in self.sent]}"
        )


class Driver:
    """Runs commands on copies of the prepared databases, on one event loop."""

    def __init__(self, contexts: dict[str, Path], work: Path, *, real_board: bool = False) -> None:
        self.contexts = contexts
        self.work = work
        self.loop = asyncio.new_event_loop()
        self.counts: dict[str, int] = {}
        self.slowest: dict[str, tuple[float, str]] = {}
        self._db: Database | None = None
        self._legal: dict[tuple[str, int], list[str]] = {}
        self.bot = self.run(self._bot())
        self.commands = walk_commands(self.bot)
        # drawing is measured on its own; elsewhere only the picture's presence counts
        self._board_file = delivery.board_file if real_board else _tiny_board

    async def _bot(self) -> UmpireBot:
        self._db = await Database.open(str(self.work / "bootstrap.db"))
        return await load_bot(GameService(self._db))

    def run(self, coro: Awaitable[T]) -> T:
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        if self._db is not None:
            self.run(self._db.close())
        self.loop.close()

    def fresh(self, context: str | Path) -> Path:
        """A working copy of a prepared database (a context's name or a file)."""
        path = self.work / "case.db"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        source = context if isinstance(context, Path) else self.contexts[context]
        shutil.copyfile(source, path)
        return path

    def legal(self, context: str, user_id: int) -> list[str]:
        """The notations ``user_id`` may play now in ``context`` (cached)."""
        key = (context, user_id)
        if key not in self._legal:
            self._legal[key] = self.run(self._read(context, user_id))[1]
        return self._legal[key]

    def game_and_version(self, context: str) -> tuple[int, int]:
        """The id and version of the context's game, (0, 0) when there is none."""
        return self.run(self._read(context, None))[0]

    async def _read(self, context: str, user_id: int | None) -> tuple[tuple[int, int], list[str]]:
        db = await Database.open(str(self.fresh(context)))
        try:
            game = await GameService(db).game_in(CHANNEL)
            if game is None:
                return (0, 0), []
            seat = game.seat_of(user_id) if user_id is not None else None
            legal = []
            if seat is not None and game.state is not None and game.row.status == "active":
                legal = [c.notation for c in game.system.legal_actions(game.state, seat)]
            return (game.id, game.version), legal
        finally:
            await db.close()

    def inspect(self, context: str, read: Callable[[Any], T]) -> T:
        """``read(game)`` of the context's game as loaded by the service."""

        async def load() -> T:
            db = await Database.open(str(self.fresh(context)))
            try:
                return read(await GameService(db).game_in(CHANNEL))
            finally:
                await db.close()

        return self.run(load())

    def _count(self, name: str, cpu: float, what: str) -> None:
        self.counts[name] = self.counts.get(name, 0) + 1
        if cpu > self.slowest.get(name, (-1.0, ""))[0]:
            self.slowest[name] = (cpu, what)

    def call(
        self,
        command: str,
        options: dict[str, Any],
        context: str,
        actor: Actor,
        *,
        autocomplete: str | None = None,
    ) -> Call:
        """Run ``/command`` (or one option's autocomplete) and record everything it sent."""
        cmd = self.commands[command]

        async def invoke(interaction: FakeInteraction) -> None:
            if autocomplete is None:
                await cmd.callback(cmd.binding, interaction, **options)  # type: ignore[arg-type]
                return
            interaction.namespace = SimpleNamespace(**options)
            handler = cmd._params[autocomplete].autocomplete
            assert handler is not None
            current = options.get(autocomplete, "")
            choices = await handler(cmd.binding, interaction, current)  # type: ignore[misc]
            await interaction.response.autocomplete(choices)

        name = f"{command} [{autocomplete} autocomplete]" if autocomplete else command
        return self._call(name, options, context, actor, invoke)

    def component(self, kind: str, args: dict[str, Any], context: str, actor: Actor) -> Call:
        """A click on a prompt menu (``prompt``), a prompt button or an undo approval,
        whose ``custom_id`` carried ``args``; the bot answers it through its own handler."""
        answers = self.bot.get_cog(ANSWERS_COG)
        assert isinstance(answers, Answers)

        async def invoke(interaction: FakeInteraction) -> None:
            it: Any = interaction
            if kind == "prompt":
                await answers.answer_prompt(it, args["game"], args["version"], args["notation"])
            elif kind == "button":
                await answers.answer_prompt_button(
                    it, args["game"], args["version"], args["seat"], args["index"], args["digest"]
                )
            else:
                await answers.approve_undo(it, args["game"], args["version"])

        return self._call(f"component {kind}", args, context, actor, invoke)

    def _call(
        self,
        name: str,
        options: dict[str, Any],
        context: str,
        actor: Actor,
        invoke: Callable[[FakeInteraction], Awaitable[None]],
    ) -> Call:
        path = self.fresh(context)
        before = snapshot(path)
        recorder = Recorder(self.bot.allowed_mentions or discord.AllowedMentions.none())
        self._patch_outbound(recorder)
        error, cpu = self.run(self._invoke(path, actor, recorder, invoke))
        done = Call(
            name,
            options,
            context,
            actor,
            recorder.sent,
            error,
            before != snapshot(path),
            cpu,
            recorder.choices,
            seated_users(path),
        )
        self._count(name, cpu, f"{options!r} in {context}")
        return done

    def _patch_outbound(self, recorder: Recorder) -> None:
        bot: Any = self.bot
        bot.get_channel = lambda channel_id: FakeChannel(recorder, channel_id)
        bot.get_user = lambda user_id: FakeDMUser(recorder, user_id)

    async def _invoke(
        self,
        path: Path,
        actor: Actor,
        recorder: Recorder,
        invoke: Callable[[FakeInteraction], Awaitable[None]],
    ) -> tuple[BaseException | None, float]:
        db = await Database.open(str(path))
        self.bot._service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
        interaction = FakeInteraction(self.bot, recorder, actor)
        errors: list[BaseException] = []

        async def recording(it: Any, error: BaseException) -> None:
            errors.append(unwrap(error))
            await handle_error(it, error)

        app_module.handle_error = recording  # the components' own handler, observed
        board_file, delivery.board_file = delivery.board_file, self._board_file  # type: ignore[assignment]
        start = time.process_time()
        try:
            await invoke(interaction)
        except Exception as exc:  # what the command tree hands to its on_error
            await recording(interaction, exc)
        finally:
            cpu = time.process_time() - start
            app_module.handle_error = handle_error
            delivery.board_file = board_file  # type: ignore[assignment]
            await db.close()
        return (errors[0] if errors else None), cpu


# -- what every reply must satisfy -------------------------------------------------------


def embed_size(embed: discord.Embed) -> int:
    total = len(embed.title or "") + len(embed.description or "") + len(embed.footer.text or "")
    total += len(embed.author.name or "")
    return total + sum(len(f.name) + len(f.value) for f in embed.fields)


def check_reply(call: Call) -> None:
    """The rules every answer to every command obeys, whatever was typed."""
    why = call.describe()
    assert call.error is None or isinstance(call.error, UserError), why
    if call.refused:
        assert not call.changed, "a refused command changed the game: " + why
        assert call.sent and call.sent[0].ephemeral, "a refusal must be private: " + why
        message = call.sent[0].content
        assert message.strip() and GENERIC not in message, why
        assert len(call.sent) == 1, why
    if call.command.endswith("autocomplete]"):
        assert not call.changed, why
        if call.error is None:
            assert call.choices is not None and len(call.choices) <= AUTOCOMPLETE_CHOICES, why
            for choice in call.choices:
                assert 1 <= len(choice.name) <= 100, why
                assert len(str(choice.value)) <= 100, why
    else:
        assert call.sent, "every command answers: " + why
    for sent in call.sent:
        check_message(sent, call.seated, why)


def check_message(sent: Sent, seated: set[int], why: str) -> None:
    assert len(sent.content) <= DISCORD_CONTENT, why
    assert sent.content.strip() or sent.embeds or sent.files, "an empty message: " + why
    assert len(sent.embeds) <= 10, why
    assert sum(embed_size(e) for e in sent.embeds) <= EMBED_TOTAL, why
    for embed in sent.embeds:
        assert len(embed.fields) <= EMBED_FIELDS, why
        assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096, why
        assert len(embed.footer.text or "") <= 2048, why
        for embed_field in embed.fields:
            assert 1 <= len(embed_field.name) <= 256, why
            assert 1 <= len(embed_field.value) <= 1024, why
    mentions = sent.mentions
    assert "everyone" not in mentions.get("parse", []), "may ping everyone: " + why
    assert "roles" not in mentions.get("parse", []) and not mentions.get("roles"), why
    assert "users" not in mentions.get("parse", []), "may ping any user named: " + why
    pinged = set(mentions.get("users", []))
    assert pinged <= seated, "may ping someone outside the game: " + why
    for text in sent.texts():
        assert not TRACEBACK.search(text), "a traceback in a reply: " + why
        assert GENERIC not in text, "an unexpected error: " + why
        assert not RAW_BROADCAST.search(text), "raw @everyone/@here echoed: " + why
        assert not RAW_ROLE.search(text), "a raw role mention echoed: " + why
        for match in RAW_USER.finditer(text):
            assert int(match.group(1)) in pinged | seated, "a raw user mention echoed: " + why


ACTORS = {
    "alice": Actor(ALICE.user_id, ALICE.name),
    "bob": Actor(BOB.user_id, BOB.name),
    "carol": Actor(CAROL.user_id, CAROL.name),
    "manager": Actor(404, "mod", manager=True),
    "owner": Actor(OWNER_ID, "owner"),
}
