"""/game: set up, join, start, watch, undo and finish games (one per channel or thread)."""

from __future__ import annotations

import contextlib
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.choices import matching_choices
from bot.discord_app.confirm_view import ask
from bot.discord_app.delivery import board_file, deliver, refresh_dashboard
from bot.discord_app.log_view import show_catchup, show_log
from bot.discord_app.mentions import NO_MENTIONS
from bot.discord_app.players import language_of, player_of
from bot.discord_app.progress_message import with_progress
from bot.discord_app.reach import in_servers
from bot.discord_app.sheet_embed import sheet_embed
from bot.messages import Message, said
from bot.present.dashboard import STATUS_NAMES
from bot.service import GameService, Player
from bot.service.animated_replay import AnimatedReplay, ReplayFile, part_text
from bot.service.animated_replay import progress_text as replay_progress
from bot.service.errors import UserError
from bot.service.export_files import checked_format
from bot.service.html_export import progress_text
from bot.service.lobby import unknown_system
from bot.service.read_models import GameStatus, ListedGame
from bot.service.replay_range import FROM, TO, bound_choices, parse_bound
from bot.service.settings import SettingsChange
from bot.service.table_settings import LANGUAGE_NAMES
from bot.service.verification_words import verification_text
from rules.core.language import Language, Phrase
from rules.core.options import completions
from rules.core.registry import available_systems
from rules.core.system import GameSystem

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot

log = logging.getLogger("umpire.game")

NOT_POSTED = Phrase(
    "(I could not post it in the channel, so here it is for you alone.)",
    "(Im Kanal konnte ich sie nicht posten, also bekommst nur du sie.)",
)


def replay_file(made: ReplayFile) -> discord.File:
    return discord.File(io.BytesIO(made.data), filename=made.name, description=made.description)


def listed_systems(bot: UmpireBot) -> list[tuple[str, str]]:
    return [(system.id, system.name) for system in available_systems(unlisted=bot.show_demo)]


def member_player(member: discord.Member | discord.User, role: Message) -> Player:
    """A member named in an option, as a player; bots never hold seats."""
    if member.bot:
        raise UserError(
            said(
                "{member} is a bot; the {role} must be a person.",
                member=member.display_name,
                role=role,
            )
        )
    return Player(member.id, member.display_name)


async def open_game_thread(
    interaction: discord.Interaction[UmpireBot], system: str
) -> discord.Thread:
    """A public thread under the text channel ``/game new thread:true`` was used in."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise UserError(
            said(
                "A game thread opens under a text channel; here, set the game up without"
                " `thread:` or use `/game new` in the channel the thread should belong to."
            )
        )
    name = f"{outcome_system(system)} — {interaction.user.display_name}"[:100]
    try:
        return await channel.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
            reason="a game of Umpire",
        )
    except discord.Forbidden:
        raise UserError(
            said(
                "I may not create threads here (Create Public Threads). Ask a server manager,"
                " or set the game up without `thread:`."
            )
        ) from None


def outcome_system(system_id: str) -> str:
    """A system's name as players read it."""
    known = {s.id: s.name for s in available_systems(unlisted=True)}
    return known.get(system_id, system_id)


def games_text(games: list[ListedGame], waiting: str) -> str:
    """One line a game: its channel, system and number, and where it stands."""
    lines = []
    for listed in games[:25]:
        game = listed.game
        marker = game.progress.phase if game.progress is not None else game.status
        if listed.your_move:
            marker = waiting
        if game.paused:
            marker = f"⏸️ {game.paused}"
        lines.append(f"<#{listed.channel_id}> — {game.system} #{game.game_id}: {marker}")
    return "\n".join(lines)[:2000]


def status_embed(info: GameStatus, language: Language) -> discord.Embed:
    """`/game status` as an embed, its headings in ``language``."""

    def say(message: Message) -> str:
        return message.in_(language)

    progress = info.progress
    embed = discord.Embed(
        title=say(said("{system} — game #{game}", system=info.system, game=info.game_id))
    )
    status = STATUS_NAMES.get(info.status)
    embed.add_field(name=say(said("Status")), value=say(status) if status else info.status)
    if info.paused:
        embed.add_field(name=say(said("⏸️ Paused")), value=info.paused[:1024], inline=False)
    if progress is not None:
        embed.add_field(name=say(said("Phase")), value=progress.phase[:1024])
    seats = "\n".join(f"{s.label}: <@{s.user_id}>" for s in info.seats) or say(said("nobody yet"))
    embed.add_field(name=say(said("Seats")), value=seats[:1024], inline=False)
    if info.free and info.status == "lobby":
        embed.add_field(name=say(said("Free sides")), value=", ".join(info.free)[:1024])
    if progress is not None and progress.summary:
        embed.add_field(name=say(said("Standing")), value=progress.summary[:1024], inline=False)
    if progress is not None and progress.waiting_on:
        embed.add_field(
            name=say(said("Waiting on")),
            value=", ".join(f"{w.label} (<@{w.user_id}>)" for w in progress.waiting_on)[:1024],
            inline=False,
        )
    if progress is not None and progress.legal:
        embed.add_field(
            name=say(said("You can")),
            value=", ".join(f"`{n}`" for n in progress.legal)[:1024],
            inline=False,
        )
    if progress is not None and progress.winners:
        embed.add_field(name=say(said("Winners")), value=", ".join(progress.winners))
    footer = said(
        "Dice commitment {commitment}… · version {version}",
        commitment=info.commitment[:16],
        version=info.version,
    )
    embed.set_footer(text=say(footer))
    return embed


def channel_of(interaction: discord.Interaction) -> int:
    """The channel (or thread) holding the game; games do not live in DMs."""
    if interaction.guild is None or interaction.channel_id is None:
        raise UserError(said("Games live in server channels or threads, not in DMs."))
    return interaction.channel_id


@in_servers
class GameCog(
    commands.GroupCog, group_name="game", group_description="Play a game in this channel"
):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot
        super().__init__()
        self.games_menu = in_servers(
            app_commands.ContextMenu(name="Games with Umpire", callback=self.their_games)
        )

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.games_menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.games_menu.name, type=self.games_menu.type)

    @property
    def service(self) -> GameService:
        return self.bot.service

    async def system_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        return matching_choices(
            ((n, sid) for sid, n in listed_systems(self.bot)), current, translated=True
        )

    def chosen_system(self, interaction: discord.Interaction[UmpireBot]) -> GameSystem[Any] | None:
        """The system typed so far in ``/game new system:``, if it is one players may pick."""
        chosen = getattr(interaction.namespace, "system", None)
        known = {system.id: system for system in available_systems(unlisted=self.bot.show_demo)}
        return known.get(chosen) if isinstance(chosen, str) else None

    async def options_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        system = self.chosen_system(interaction)
        if system is None:
            return []
        return [
            app_commands.Choice(name=label[:100], value=text)
            for label, text in completions(system.options(), current)
        ]

    async def new_side_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The sides of the system chosen in ``system:``."""
        system = self.chosen_system(interaction)
        if system is None:
            return []
        return matching_choices(
            ((s.label, s.id) for s in system.seat_specs), current, translated=True
        )

    async def free_side_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The sides still free in this channel's game, before it starts."""
        if interaction.channel_id is None:
            return []
        game = await self.service.game_in(interaction.channel_id)
        if game is None or game.row.status != "lobby":
            return []
        taken = {seat.seat for seat in game.seats}
        free = [s for s in game.system.seat_specs if s.id not in taken]
        return matching_choices(((s.label, s.id) for s in free), current, translated=True)

    @app_commands.command(name="new", description="Set up a new game in this channel")
    @app_commands.describe(
        system="Which game system",
        options="Game options as key=value pairs, e.g. goal=12 (suggestions as you type)",
        side="The side you take (default: the first free one)",
        thread="Open a thread for the game and play there (default: the server's setting)",
    )
    @app_commands.autocomplete(
        system=system_autocomplete, options=options_autocomplete, side=new_side_autocomplete
    )
    async def new(
        self,
        interaction: discord.Interaction[UmpireBot],
        system: app_commands.Range[str, 1, 40],
        options: app_commands.Range[str, 0, 300] | None = None,
        side: app_commands.Range[str, 1, 40] | None = None,
        thread: bool | None = None,
    ) -> None:
        channel_id = channel_of(interaction)
        known = {system_id for system_id, _ in listed_systems(self.bot)}
        if system not in known:
            raise UserError(unknown_system(system, known))
        if thread is None:  # the server's default, where a thread can open
            defaults = await self.service.server_settings.of(interaction.guild_id)
            thread = defaults.threads and isinstance(interaction.channel, discord.TextChannel)
        if thread:
            self.service.check_new_game(system, options, side)  # no thread for a refusal
            channel_id = (await open_game_thread(interaction, system)).id
        outcome = await self.service.create(
            channel_id,
            interaction.guild_id,
            player_of(interaction),
            system,
            options,
            side,
        )
        if thread:
            await interaction.response.send_message(
                said(
                    "{player} set up a game of {system} in {thread}: join it there.",
                    player=interaction.user.display_name,
                    system=outcome_system(system),
                    thread=f"<#{channel_id}>",
                ).in_(language_of(interaction)),
                allowed_mentions=NO_MENTIONS,
            )
        await deliver(self.bot, interaction, outcome)

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(side="The side to take (default: the first free one)")
    @app_commands.autocomplete(side=free_side_autocomplete)
    async def join(
        self,
        interaction: discord.Interaction[UmpireBot],
        side: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        channel_id = channel_of(interaction)
        outcome = await self.service.join(channel_id, player_of(interaction), side)
        await deliver(self.bot, interaction, outcome)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction[UmpireBot]) -> None:
        channel_id = channel_of(interaction)
        outcome = await self.service.leave(channel_id, player_of(interaction))
        await deliver(self.bot, interaction, outcome)

    @app_commands.command(name="start", description="Start the game once the seats are filled")
    async def start(self, interaction: discord.Interaction[UmpireBot]) -> None:
        channel_id = channel_of(interaction)
        outcome = await self.service.start(channel_id, player_of(interaction))
        await deliver(self.bot, interaction, outcome)

    @app_commands.command(name="status", description="Phase, seats and whose move it is")
    async def status(self, interaction: discord.Interaction[UmpireBot]) -> None:
        channel_id = channel_of(interaction)
        language = language_of(interaction)
        info = await self.service.status(channel_id, interaction.user.id, language)
        embed = status_embed(info, language)
        await interaction.response.defer(ephemeral=True, thinking=True)
        # posted again here when it was deleted
        try:
            dashboard = await refresh_dashboard(self.bot, info.game_id, picture=False)
        except Exception:  # the status is answered all the same
            log.warning("the dashboard of game %s was not refreshed", info.game_id, exc_info=True)
            dashboard = None
        if dashboard is not None and interaction.guild_id is not None:
            link = f"https://discord.com/channels/{interaction.guild_id}/{channel_id}/{dashboard}"
            embed.add_field(name=said("Dashboard").in_(language), value=link, inline=False)
        await interaction.followup.send(embed=embed, ephemeral=True)

    async def sheet_name_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The game's units or characters first, then the content packs' (of the system
        chosen in ``system:``, else the game's, else every system's)."""
        chosen = getattr(interaction.namespace, "system", None)
        found = await self.service.sheet_choices(
            interaction.channel_id if interaction.guild_id is not None else None,
            interaction.user.id,
            current,
            chosen if isinstance(chosen, str) and chosen else None,
            language_of(interaction),
            unlisted=self.bot.show_demo,
        )
        return [app_commands.Choice(name=c.name, value=c.value) for c in found]

    @app_commands.command(
        name="sheet", description="A unit's or character's card: characteristics, weapons, rules"
    )
    @app_commands.describe(
        name="The unit or character (this game's first; suggestions as you type)",
        system="Which game system's cards (default: this channel's game)",
    )
    @app_commands.autocomplete(name=sheet_name_autocomplete, system=system_autocomplete)
    async def sheet(
        self,
        interaction: discord.Interaction[UmpireBot],
        name: app_commands.Range[str, 1, 100],
        system: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        found = await self.service.sheet(
            interaction.channel_id if interaction.guild_id is not None else None,
            interaction.user.id,
            name,
            system,
            language_of(interaction),
            unlisted=self.bot.show_demo,
        )
        await interaction.response.send_message(
            embed=sheet_embed(found), ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @app_commands.command(name="board", description="Show the current board")
    async def board(self, interaction: discord.Interaction[UmpireBot]) -> None:
        channel_id = channel_of(interaction)
        await self.service.view(channel_id)  # refuses before the game starts
        await interaction.response.defer(thinking=True)
        file = await board_file(self.bot, channel_id)
        if file is None:
            await interaction.followup.send(
                said("This game system has no board picture.").in_(language_of(interaction))
            )
            return
        await interaction.followup.send(file=file)

    @app_commands.command(name="log", description="The game's log (your private lines included)")
    @app_commands.describe(page="Which page to open at (default: the newest)")
    async def log(
        self,
        interaction: discord.Interaction[UmpireBot],
        page: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        channel_id = channel_of(interaction)
        # answer Discord within its 3 seconds, whatever reading the page takes
        await interaction.response.defer(ephemeral=True, thinking=True)
        language = language_of(interaction)
        read = await self.service.log_page(channel_id, interaction.user.id, page, language=language)
        await show_log(interaction, self.service, channel_id, read)

    @app_commands.command(
        name="catchup", description="What happened since your last action, privately"
    )
    async def catchup(self, interaction: discord.Interaction[UmpireBot]) -> None:
        channel_id = channel_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        language = language_of(interaction)
        read = await self.service.catchup(channel_id, interaction.user.id, language=language)
        await show_catchup(interaction, self.service, channel_id, read)

    @app_commands.command(
        name="undo", description="Take back your last actions, or approve a request"
    )
    @app_commands.describe(
        count="How many actions (default 1)",
        approve="true: approve the pending request; false: decline it (or withdraw your own)",
    )
    async def undo(
        self,
        interaction: discord.Interaction[UmpireBot],
        count: app_commands.Range[int, 1, 20] = 1,
        approve: bool | None = None,
    ) -> None:
        channel_id = channel_of(interaction)
        player = player_of(interaction)
        if approve is not None:
            if approve:
                outcome = await self.service.approve_undo(channel_id, player)
            else:
                outcome = await self.service.decline_undo(channel_id, player)
            await deliver(self.bot, interaction, outcome)
            return
        outcome = await self.service.undo(channel_id, player, count)
        await deliver(self.bot, interaction, outcome)

    @app_commands.command(name="concede", description="Give up this game (asks you first)")
    async def concede(self, interaction: discord.Interaction[UmpireBot]) -> None:
        channel_id = channel_of(interaction)
        player = player_of(interaction)
        question = await self.service.ask_concede(channel_id, player)

        async def go_ahead(press: discord.Interaction[Any]) -> None:
            outcome = await self.service.concede(channel_id, player, question.game_id)
            await deliver(self.bot, press, outcome)

        await ask(interaction, question, go_ahead)

    @app_commands.command(
        name="end", description="End the game (its creator or a server manager; asks first)"
    )
    async def end(self, interaction: discord.Interaction[UmpireBot]) -> None:
        channel_id = channel_of(interaction)
        player = player_of(interaction)
        question = await self.service.ask_end(channel_id, player)

        async def go_ahead(press: discord.Interaction[Any]) -> None:
            outcome = await self.service.end(channel_id, player, question.game_id)
            await deliver(self.bot, press, outcome)

        await ask(interaction, question, go_ahead)

    @app_commands.command(name="pause", description="Pause play (its creator or a server manager)")
    @app_commands.describe(reason="Why, shown to everyone (e.g. 'waiting for Sam until Friday')")
    async def pause(
        self,
        interaction: discord.Interaction[UmpireBot],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        channel_id = channel_of(interaction)
        outcome = await self.service.pause(channel_id, player_of(interaction), reason)
        await deliver(self.bot, interaction, outcome)

    @app_commands.command(name="resume", description="Resume a paused game")
    async def resume(self, interaction: discord.Interaction[UmpireBot]) -> None:
        channel_id = channel_of(interaction)
        outcome = await self.service.resume(channel_id, player_of(interaction))
        await deliver(self.bot, interaction, outcome)

    @app_commands.command(
        name="kick", description="Free an absent player's seat, or hand it to another member"
    )
    @app_commands.describe(
        player="The seated player to remove",
        replacement="Who takes over the seat (needed once the game has started)",
    )
    async def kick(
        self,
        interaction: discord.Interaction[UmpireBot],
        player: discord.Member,
        replacement: discord.Member | None = None,
    ) -> None:
        channel_id = channel_of(interaction)
        outcome = await self.service.kick(
            channel_id,
            player_of(interaction),
            Player(player.id, player.display_name),
            member_player(replacement, said("replacement")) if replacement else None,
        )
        await deliver(self.bot, interaction, outcome)

    @app_commands.command(
        name="export", description="Download the game's setup and log (gzip-compressed JSON)"
    )
    @app_commands.describe(
        format="json (default): the setup and log; html: a replay viewer to open in a browser"
    )
    @app_commands.choices(
        format=[
            app_commands.Choice(name="json (gzip-compressed)", value="json"),
            app_commands.Choice(name="html (replay viewer)", value="html"),
        ]
    )
    async def export(
        self, interaction: discord.Interaction[UmpireBot], format: str | None = None
    ) -> None:
        channel_id = channel_of(interaction)
        chosen = checked_format(format)
        # building and compressing a long game's export takes seconds: defer first
        await interaction.response.defer(ephemeral=True, thinking=True)
        if chosen == "html":
            await self.export_html(interaction, channel_id)
            return
        packed = await self.service.export_files(channel_id, interaction.user.id)
        language = language_of(interaction)
        for n, part in enumerate(packed.files):
            # one file a message: each part alone stays under Discord's upload limit
            later = said("Part {part} of {parts}.", part=n + 1, parts=len(packed.files))
            await interaction.followup.send(
                packed.note_in(language) if n == 0 else later.in_(language),
                file=discord.File(io.BytesIO(part.data), filename=part.name),
                ephemeral=True,
            )

    async def export_html(
        self, interaction: discord.Interaction[UmpireBot], channel_id: int
    ) -> None:
        """The HTML replay: its boards are drawn in a worker thread while a progress
        message is edited every few seconds, then the file replaces the progress."""
        language = language_of(interaction)
        made, message = await with_progress(
            interaction,
            lambda progress: self.service.export_html(
                channel_id, interaction.user.id, language, progress
            ),
            lambda done, total: progress_text(done, total, language),
        )
        file = discord.File(io.BytesIO(made.file.data), filename=made.file.name)
        if message is None:  # the progress message was not returned: send the file anew
            await interaction.followup.send(made.note, file=file, ephemeral=True)
            return
        await message.edit(content=made.note, attachments=[file])

    async def bound_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """Rounds the channel's game has reached, or the log number being typed."""
        if interaction.channel_id is None:
            return []
        game = await self.service.game_in(interaction.channel_id)
        reached = None
        if game is not None and game.state is not None:
            reached = game.system.round_number(game.state)
        pairs = bound_choices(current, reached, language_of(interaction))
        return [app_commands.Choice(name=name[:100], value=value) for name, value in pairs]

    @app_commands.command(
        name="replay", description="Post an animated picture of the board after each step"
    )
    @app_commands.describe(
        from_="Where to start: a round (3) or a log number (#120); default: the start",
        to="Where to stop: a round (5) or a log number (#180); default: the latest board",
    )
    @app_commands.rename(from_="from")
    @app_commands.autocomplete(from_=bound_autocomplete, to=bound_autocomplete)
    async def replay(
        self,
        interaction: discord.Interaction[UmpireBot],
        from_: app_commands.Range[str, 1, 40] | None = None,
        to: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        """The animation is made in a worker thread behind a private progress message,
        then posted in the channel: it shows only what everybody may see."""
        channel_id = channel_of(interaction)
        language = language_of(interaction)
        start = parse_bound(from_, FROM, language)
        end = parse_bound(to, TO, language)
        await self.service.require_a_game(channel_id)  # refused at once, before any progress
        # replaying the log and drawing every board takes seconds: defer first, privately,
        # so that a refusal (no game, a round not reached) stays with the asker
        await interaction.response.defer(ephemeral=True, thinking=True)
        made, message = await with_progress(
            interaction,
            lambda progress: self.service.replay(channel_id, language, start, end, progress),
            lambda done, total: replay_progress(done, total, language),
        )
        posted = 0
        try:
            for n, made_file in enumerate(made.files):
                words = made.note if n == 0 else part_text(n + 1, len(made.files), language)
                await interaction.followup.send(
                    words, file=replay_file(made_file), allowed_mentions=NO_MENTIONS, wait=True
                )
                posted += 1
        except discord.HTTPException:
            log.warning("could not post a replay in the channel", exc_info=True)
            await self.replay_privately(interaction, message, made, posted, language)
            return
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()

    async def replay_privately(
        self,
        interaction: discord.Interaction[UmpireBot],
        message: discord.WebhookMessage | None,
        made: AnimatedReplay,
        posted: int,
        language: Language,
    ) -> None:
        """The replay's files from ``posted`` on to the asker alone, when the channel would
        not take them: the first in place of the progress message."""
        count = len(made.files)
        for n in range(posted, count):
            words = made.note if n == 0 else part_text(n + 1, count, language)
            words = f"{words}\n{NOT_POSTED.in_(language)}"
            file = replay_file(made.files[n])
            if n == posted and message is not None:
                await message.edit(content=words, attachments=[file])
            else:
                await interaction.followup.send(words, file=file, ephemeral=True)

    @app_commands.command(name="verify", description="Check every dice roll against the commitment")
    async def verify(self, interaction: discord.Interaction[UmpireBot]) -> None:
        channel_id = channel_of(interaction)
        # the answer is public but a refusal is private, and a deferred reply cannot turn
        # private: refuse before deferring when there is nothing to verify
        await self.service.require_a_game(channel_id)
        # replaying a long game and re-deriving its rolls takes seconds: defer first
        await interaction.response.defer(thinking=True)
        checked = await self.service.verify(channel_id)
        await interaction.followup.send(
            verification_text(checked, language_of(interaction)), allowed_mentions=NO_MENTIONS
        )

    @app_commands.command(
        name="list", description="Your games across channels, and whose move it is"
    )
    async def list_games(self, interaction: discord.Interaction[UmpireBot]) -> None:
        language = language_of(interaction)
        games = await self.service.games_of(interaction.user.id, language=language)
        if not games:
            await interaction.response.send_message(
                said("You are not in any open game.").in_(language), ephemeral=True
            )
            return
        await interaction.response.send_message(
            games_text(games, said("👉 your move").in_(language)),
            ephemeral=interaction.guild is not None,
            allowed_mentions=NO_MENTIONS,
        )

    async def their_games(
        self, interaction: discord.Interaction[UmpireBot], member: discord.Member | discord.User
    ) -> None:
        """The context-menu command on a member: their open games in this server."""
        if interaction.guild_id is None:
            raise UserError(said("Use this on a member of a server: it lists their games there."))
        language = language_of(interaction)
        games = await self.service.games_of(
            member.id, interaction.guild_id, interaction.user.id, language
        )
        name = member.display_name
        if not games:
            await interaction.response.send_message(
                said("{member} is in no open game in this server.", member=name).in_(language),
                ephemeral=True,
            )
            return
        listed = games_text(games, said("👉 {member}'s move", member=name).in_(language))
        await interaction.response.send_message(
            said("{member}'s open games here:", member=name).in_(language) + "\n" + listed,
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    @app_commands.command(name="settings", description="Show or change this game's settings")
    @app_commands.describe(
        reminder="Hours without a move before the waiting player is reminded",
        posts="How much the channel is told: full, compact (a summary a round) or quiet",
        board="How often a board picture comes",
        absent_after="Stewards: pass or pause an absent player's turn after e.g. 48h (or off)",
        absent_action="Stewards: what happens then",
        reminders="Yours: where your reminders reach you",
        quiet_hours="Yours: when reminders wait, e.g. 22-07 UTC+1 or 22-07 Europe/Berlin (or off)",
        language="Language of the dashboard, reminders and lines nobody asked for",
    )
    @app_commands.choices(
        posts=[
            app_commands.Choice(name=app_commands.locale_str(n), value=n)
            for n in ("full", "compact", "quiet")
        ],
        board=[
            app_commands.Choice(name=app_commands.locale_str(n), value=n)
            for n in ("every activation", "every round", "on request")
        ],
        absent_action=[
            app_commands.Choice(name=app_commands.locale_str("pass the turn"), value="pass"),
            app_commands.Choice(name=app_commands.locale_str("pause the game"), value="pause"),
        ],
        reminders=[
            app_commands.Choice(name=app_commands.locale_str(n), value=n)
            for n in ("channel", "dm", "both")
        ],
        language=[
            app_commands.Choice(name=app_commands.locale_str(name), value=language.value)
            for language, name in LANGUAGE_NAMES.items()
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction[UmpireBot],
        reminder: app_commands.Range[float, 1, 336] | None = None,
        posts: str | None = None,
        board: str | None = None,
        absent_after: app_commands.Range[str, 1, 20] | None = None,
        absent_action: str | None = None,
        reminders: str | None = None,
        quiet_hours: app_commands.Range[str, 1, 60] | None = None,
        language: str | None = None,
    ) -> None:
        channel_id = channel_of(interaction)
        change = SettingsChange(
            posts, board, absent_after, absent_action, reminders, quiet_hours, language
        )
        setting = await self.service.settings(channel_id, player_of(interaction), reminder, change)
        private = not setting.changed or setting.private_only
        await interaction.response.send_message(setting.describe(), ephemeral=private)
        if setting.changed and not setting.private_only:
            game = await self.service.game_in(channel_id)
            if game is not None:
                await refresh_dashboard(self.bot, game.id, picture=False)


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(GameCog(bot))
