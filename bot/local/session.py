"""Running bot commands in a terminal against the real service and store.

Every output line is tagged with who would see it on Discord: ``[channel]``,
``[dm:name]``, ``[ephemeral:name]``, and ``[image] path`` for board pictures. Hidden
information only ever appears on ``dm`` and ``ephemeral`` lines, exactly as on Discord.
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.discord_app.cogs.dice import roll_text, saved_list_text, saved_roll_text
from bot.discord_app.cogs.lookup import rules_text, table_text
from bot.help_text import help_text
from bot.local.lines import MalformedLine, ParsedLine
from bot.present.dashboard import dashboard_text
from bot.present.posts import posts_for
from bot.service import GameService, Outcome, Player, UserError
from bot.service.authority import span
from bot.service.export_files import checked_format
from bot.service.settings import SettingsChange
from bot.store import StoreFailure
from bot.store.failures import check_report
from renderers import draw
from rules.core.choices import ActionChoice
from rules.core.language import Language
from rules.core.registry import available_systems
from rules.core.visibility import Viewer

log = logging.getLogger("umpire.local")
LOCAL_CHANNEL = 1
LOCAL_GUILD = 1
_MENTION = re.compile(r"<@(\d+)>")
RECORDED = "The action was recorded, but the board picture could not be"
SETTINGS_OPTIONS = ("posts", "board", "absent_after", "absent_action", "reminders", "quiet_hours")
_TIMESTAMP = re.compile(r"<t:(\d+):R>")


def local_times(text: str, now: float) -> str:
    """Discord's relative timestamps in words, seen from ``now`` ("in 24 hours")."""

    def relative(match: re.Match[str]) -> str:
        left = int(match.group(1)) - now
        return f"in {span(left)}" if left >= 0 else f"{span(-left)} ago"

    return _TIMESTAMP.sub(relative, text)


def listed_choice(choice: ActionChoice) -> str:
    """A choice as a line: what to type, then what it does in words, as the menu on
    Discord shows it (its label, when that says more than the notation, and description)."""
    typed = set(re.findall(r"\w+", choice.notation.casefold()))
    said = set(re.findall(r"\w+", choice.label.casefold()))
    label = "" if said <= typed else choice.label  # "Attack" says nothing "pick attack" does not
    return " — ".join(part for part in (choice.notation, label, choice.description) if part)


def user_id_for(name: str) -> int:
    """A stable id per local user name."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:6], "big")


class LocalSession:
    def __init__(
        self,
        service: GameService,
        out_dir: Path,
        *,
        show_demo: bool = False,
        emit: Callable[[str], None] = print,
        dice_seed: Callable[[], bytes] | None = None,
        language: Language = Language.ENGLISH,
    ) -> None:
        self.service = service
        self.language = language  # the players' language, as a Discord locale would give it
        self.out_dir = out_dir
        self.show_demo = show_demo
        self.emit = emit
        self.user: str | None = None
        self.names: dict[int, str] = {}
        self.dice_seed = dice_seed or (lambda: secrets.token_bytes(32))
        self.closed_dms: set[str] = set()
        self._seated_names_known = False

    # -- output -------------------------------------------------------------------------
    def _name(self, user_id: int) -> str:
        return self.names.get(user_id, str(user_id))

    def _text(self, text: str) -> str:
        return _MENTION.sub(lambda m: "@" + self._name(int(m.group(1))), text)

    def say(self, tag: str, text: str) -> None:
        for line in self._text(text).splitlines() or [""]:
            self.emit(f"[{tag}] {line}")

    def player(self) -> Player:
        assert self.user is not None
        uid = user_id_for(self.user)
        self.names[uid] = self.user
        return Player(uid, self.user, manager=False)

    async def board(self) -> None:
        game = await self.service.game_in(LOCAL_CHANNEL)
        if game is None or game.state is None:
            return
        png = draw(game.system.scene(game.system.view(game.state, Viewer.spectator())))
        if png is None:
            return
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / await self.service.picture_name(game)
        path.write_bytes(png)
        self.emit(f"[image] {path}")

    async def board_after_commit(self) -> None:
        """The board after a committed change; a picture that cannot be drawn or saved is
        reported as such, never as a refusal."""
        try:
            await self.board()
        except OSError as exc:
            reason = f"{exc.strerror or exc} ({exc.filename or self.out_dir})"
            self.say("channel", f"{RECORDED} saved: {reason}.")
        except Exception:
            incident = secrets.token_hex(4)
            log.exception("the board picture failed %s", incident)
            self.say("channel", f"{RECORDED} drawn (error id `{incident}`).")

    async def show(self, outcome: Outcome) -> None:
        """Print a committed outcome; nothing that fails here may claim the game did not
        change."""
        actor = user_id_for(self.user) if self.user else None
        for post in posts_for(outcome, actor):
            if post.audience == "channel":
                self.say("channel", post.text)
                if post.board:
                    await self.board_after_commit()
            elif post.audience == "ephemeral":
                self.say(f"ephemeral:{self._name(post.user_id or 0)}", post.text)
            else:
                name = self._name(post.user_id or 0)
                if name in self.closed_dms:
                    self.say(
                        "channel",
                        f"@{name} I could not send you a direct message (your DMs are closed). "
                        "Use /act here; my replies to you are private.",
                    )
                    continue
                text = post.text
                if post.prompt is not None and post.prompt.prompt.choices:
                    text += '\nChoices (answer with /act action:"…"):'
                    text += "".join(f"\n• {listed_choice(c)}" for c in post.prompt.prompt.choices)
                self.say(f"dm:{name}", text)

    # -- commands -----------------------------------------------------------------------
    async def run(self, parsed: ParsedLine) -> None:
        if parsed.user is not None:
            self.user = parsed.user
            self.names[user_id_for(parsed.user)] = parsed.user
        if not parsed.command:
            return
        if self.user is None:
            raise MalformedLine("say who is acting first, e.g. `@alice /game new system:demo`")
        handler = self._handler(parsed.command)
        try:
            if not self._seated_names_known:
                await self._learn_seated_names()
            await handler(parsed)
        except (UserError, StoreFailure) as error:
            self.say(f"ephemeral:{self.user}", error.message)
        except MalformedLine:
            raise
        except Exception:
            incident = secrets.token_hex(4)
            log.exception("unexpected error %s", incident)
            self.say(
                f"ephemeral:{self.user}",
                f"Something went wrong on our side (error id `{incident}`). "
                "The game was not changed.",
            )

    async def _learn_seated_names(self) -> None:
        """Names of the players seated before this session began (say, before a restart),
        so their mentions and direct messages still carry their names."""
        self._seated_names_known = True
        db = self.service.db
        row = await db.open_game(LOCAL_CHANNEL) or await db.latest_game(LOCAL_CHANNEL)
        for seat in await db.seats(row.id) if row else []:
            self.names.setdefault(seat.user_id, seat.name)

    def _handler(self, command: list[str]) -> Callable[[ParsedLine], Awaitable[None]]:
        head = command[0].lower()
        if head == "game":
            if len(command) < 2:
                raise MalformedLine("`/game` needs a subcommand, e.g. `/game status`")
            sub = command[1].lower()
            handler = getattr(self, f"game_{sub}", None)
            if handler is None:
                raise MalformedLine(f"unknown command `/game {sub}`")
            return handler  # type: ignore[no-any-return]
        handler = getattr(self, f"cmd_{head}", None)
        if handler is None:
            raise MalformedLine(f"unknown command `/{head}`")
        return handler  # type: ignore[no-any-return]

    @staticmethod
    def _only(parsed: ParsedLine, *allowed: str) -> None:
        extra = set(parsed.options) - set(allowed)
        if extra:
            raise MalformedLine(
                f"unknown option `{sorted(extra)[0]}`; options: {', '.join(allowed)}"
            )

    async def game_new(self, parsed: ParsedLine) -> None:
        self._only(parsed, "system", "options", "side")
        system = parsed.options.get("system", "")
        listed = {s.id for s in available_systems(unlisted=self.show_demo)}
        if system not in listed:
            names = ", ".join(sorted(listed)) or "none installed yet"
            raise UserError(f"There is no game system '{system}'. Available: {names}.")
        outcome = await self.service.create(
            LOCAL_CHANNEL,
            LOCAL_GUILD,
            self.player(),
            system,
            parsed.options.get("options"),
            parsed.options.get("side"),
        )
        await self.show(outcome)

    async def game_join(self, parsed: ParsedLine) -> None:
        self._only(parsed, "side")
        await self.show(
            await self.service.join(LOCAL_CHANNEL, self.player(), parsed.options.get("side"))
        )

    async def game_leave(self, parsed: ParsedLine) -> None:
        self._only(parsed)
        await self.show(await self.service.leave(LOCAL_CHANNEL, self.player()))

    async def game_start(self, parsed: ParsedLine) -> None:
        self._only(parsed)
        await self.show(await self.service.start(LOCAL_CHANNEL, self.player()))

    async def game_status(self, parsed: ParsedLine) -> None:
        self._only(parsed)
        info = await self.service.status(LOCAL_CHANNEL, self.player().user_id, self.language)
        progress = info.progress
        seats = ", ".join(f"{s.label}: @{self._name(s.user_id)}" for s in info.seats)
        lines = [f"{info.system} #{info.game_id} — {info.status}; seats: {seats or 'none'}"]
        if progress is not None:
            waiting = ", ".join(w.label for w in progress.waiting_on) or "nobody"
            lines.append(f"Phase: {progress.phase}; waiting on {waiting}. {progress.summary}")
        if info.paused:
            lines.append(f"The game is {info.paused}.")
        if progress is not None and progress.legal:
            lines.append("You can: " + ", ".join(progress.legal))
        self.say(f"ephemeral:{self.user}", "\n".join(lines))
        board = await self.service.dashboard_in(LOCAL_CHANNEL)
        now = self.service.access.clock()
        self.say(f"ephemeral:{self.user}", local_times(dashboard_text(board), now))

    async def game_board(self, parsed: ParsedLine) -> None:
        self._only(parsed)
        await self.service.view(LOCAL_CHANNEL)
        try:
            await self.board()
        except OSError as exc:
            where = exc.filename or self.out_dir
            problem = f"The board picture could not be saved: {exc.strerror} ({where})."
            raise UserError(problem) from None

    async def game_log(self, parsed: ParsedLine) -> None:
        """A page of the log (``page:N``, the newest without it) and how many there are;
        ``last:N`` prints the last N lines instead."""
        self._only(parsed, "last", "page")
        if "last" in parsed.options:
            if "page" in parsed.options:
                raise UserError("Ask for `last:` lines or a `page:`, not both.")
            last = self._int(parsed, "last", 20)
            page = await self.service.log_lines(LOCAL_CHANNEL, self.player().user_id, last)
            self.say(f"ephemeral:{self.user}", "\n".join(page.lines) or "The log is empty.")
            return
        number = self._int(parsed, "page", 0) if "page" in parsed.options else None
        page = await self.service.log_page(LOCAL_CHANNEL, self.player().user_id, number)
        text = "\n".join(page.lines) or "The log is empty."
        self.say(f"ephemeral:{self.user}", f"{text}\nPage {page.page} of {page.pages}.")

    async def game_catchup(self, parsed: ParsedLine) -> None:
        """What happened since the caller's last action (``page:N`` of it when long)."""
        self._only(parsed, "page")
        number = self._int(parsed, "page", 0) if "page" in parsed.options else None
        page = await self.service.catchup(LOCAL_CHANNEL, self.player().user_id, number)
        text = "\n".join(page.lines)
        if page.pages > 1:
            text += f"\nPage {page.page} of {page.pages}."
        self.say(f"ephemeral:{self.user}", text)

    async def game_undo(self, parsed: ParsedLine) -> None:
        self._only(parsed, "count", "approve")
        answer = parsed.options.get("approve")
        if answer is not None:
            if answer.lower() in ("true", "yes", "1"):
                await self.show(await self.service.approve_undo(LOCAL_CHANNEL, self.player()))
            elif answer.lower() in ("false", "no", "0"):
                await self.show(await self.service.decline_undo(LOCAL_CHANNEL, self.player()))
            else:
                raise UserError(
                    "`approve:` takes true (approve the request) or false (decline it)."
                )
            return
        outcome = await self.service.undo(
            LOCAL_CHANNEL, self.player(), self._int(parsed, "count", 1)
        )
        await self.show(outcome)

    async def game_concede(self, parsed: ParsedLine) -> None:
        self._only(parsed)
        await self.show(await self.service.concede(LOCAL_CHANNEL, self.player()))

    async def game_end(self, parsed: ParsedLine) -> None:
        self._only(parsed)
        await self.show(await self.service.end(LOCAL_CHANNEL, self.player()))

    async def game_pause(self, parsed: ParsedLine) -> None:
        self._only(parsed, "reason")
        reason = parsed.options.get("reason") or " ".join(parsed.command[2:]) or None
        await self.show(await self.service.pause(LOCAL_CHANNEL, self.player(), reason))

    async def game_resume(self, parsed: ParsedLine) -> None:
        self._only(parsed)
        await self.show(await self.service.resume(LOCAL_CHANNEL, self.player()))

    async def game_kick(self, parsed: ParsedLine) -> None:
        self._only(parsed, "player", "replacement")
        named = parsed.options.get("player", "").lstrip("@")
        if not named:
            raise UserError("Name the seated player: `/game kick player:@name`.")
        member = Player(user_id_for(named), named)
        replacement = None
        if parsed.options.get("replacement"):
            name = parsed.options["replacement"].lstrip("@")
            replacement = Player(user_id_for(name), name)
            self.names[replacement.user_id] = name
        await self.show(await self.service.kick(LOCAL_CHANNEL, self.player(), member, replacement))

    async def game_export(self, parsed: ParsedLine) -> None:
        self._only(parsed, "format")
        if checked_format(parsed.options.get("format")) == "html":
            await self.game_export_html()
            return
        packed = await self.service.export_files(LOCAL_CHANNEL, self.player().user_id)
        paths = []
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            for part in packed.files:
                path = self.out_dir / part.name
                path.write_bytes(part.data)
                paths.append(str(path))
        except OSError as exc:
            where = self.out_dir / (packed.files[len(paths)].name if packed.files else "")
            raise UserError(
                f"The export could not be written to {where}: {exc.strerror}."
            ) from None
        self.say(f"ephemeral:{self.user}", f"{packed.note} Written to {', '.join(paths)}")

    async def game_export_html(self) -> None:
        """The HTML replay written under ``--out``, its path printed."""
        made = await self.service.export_html(LOCAL_CHANNEL, self.player().user_id, self.language)
        path = self.out_dir / made.file.name
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            path.write_bytes(made.file.data)
        except OSError as exc:
            raise UserError(f"The replay could not be written to {path}: {exc.strerror}.") from None
        self.say(f"ephemeral:{self.user}", f"{made.note} Written to {path}")

    async def game_verify(self, parsed: ParsedLine) -> None:
        self._only(parsed)
        checked = await self.service.verify(LOCAL_CHANNEL)
        report = checked.report
        state = "state matches the log" if checked.consistent else "STATE DIFFERS FROM THE LOG"
        if report is None:
            self.say(
                "channel", f"Seed secret until the end; commitment {checked.commitment}; {state}."
            )
        elif checked.fair:
            self.say(
                "channel",
                f"Verified: all {len(report.checks)} rolls match the revealed seed; {state}.",
            )
        else:
            problems = []
            if report.mismatches or not report.commitment_ok:
                problems.append(f"{len(report.mismatches)} of {len(report.checks)} rolls")
            if checked.out_of_sequence is not None:
                problems.append(checked.out_of_sequence.describe())
            self.say("channel", f"MISMATCH: {'; '.join(problems)}; {state}.")

    async def game_list(self, parsed: ParsedLine) -> None:
        self._only(parsed)
        games = await self.service.games_of(self.player().user_id)
        lines = []
        for listed in games:
            game = listed.game
            where = game.progress.phase if game.progress is not None else game.status
            if listed.your_move:
                where = "your move"
            lines.append(f"#{game.game_id} {game.system}: {where}")
        self.say(f"ephemeral:{self.user}", "\n".join(lines) or "You are not in any open game.")

    async def game_settings(self, parsed: ParsedLine) -> None:
        self._only(parsed, "reminder", *SETTINGS_OPTIONS)
        hours = None
        if "reminder" in parsed.options:
            try:
                hours = float(parsed.options["reminder"])
            except ValueError:
                raise UserError("`reminder` is a number of hours.") from None
        change = SettingsChange(**{k: v for k, v in parsed.options.items() if k != "reminder"})
        setting = await self.service.settings(LOCAL_CHANNEL, self.player(), hours, change)
        public = setting.changed and not setting.private_only
        self.say("channel" if public else f"ephemeral:{self.user}", setting.describe())

    async def cmd_act(self, parsed: ParsedLine) -> None:
        self._only(parsed, "action")
        action = parsed.options.get("action") or " ".join(parsed.command[1:])
        if not action:
            raise UserError('Say what to do: `/act action:"…"`.')
        outcome = await self.service.act(
            LOCAL_CHANNEL, self.player(), action, language=self.language
        )
        await self.show(outcome)

    async def cmd_roll(self, parsed: ParsedLine) -> None:
        self._only(parsed, "dice", "name", "private")
        dice = parsed.options.get("dice") or " ".join(parsed.command[1:])
        name = parsed.options.get("name")
        if name is not None and dice:
            raise UserError("Give either `dice:` to roll or the `name:` of a saved roll, not both.")
        if name is not None:
            saved = await self.service.roll_macros.find(LOCAL_GUILD, self.player().user_id, name)
            text = saved_roll_text(saved, self.dice_seed())
        else:
            text = roll_text(dice, self.dice_seed())
        private = parsed.options.get("private", "false").lower() in ("true", "yes", "1")
        self.say(f"ephemeral:{self.user}" if private else "channel", text)

    async def cmd_macro(self, parsed: ParsedLine) -> None:
        sub = parsed.command[1].lower() if len(parsed.command) > 1 else ""
        macros, user = self.service.roll_macros, self.player().user_id
        if sub == "save":
            self._only(parsed, "name", "dice")
            saved, replaced = await macros.save(
                LOCAL_GUILD, user, parsed.options.get("name", ""), parsed.options.get("dice", "")
            )
            done = "Replaced" if replaced else "Saved"
            text = f"{done} `{saved.name}`: `{saved.dice}`. Roll it with `/roll name:{saved.name}`."
        elif sub == "list":
            self._only(parsed)
            text = saved_list_text(await macros.saved(LOCAL_GUILD, user))
        elif sub == "delete":
            self._only(parsed, "name")
            gone = await macros.delete(LOCAL_GUILD, user, parsed.options.get("name", ""))
            text = f"Deleted `{gone.name}`."
        else:
            raise MalformedLine("`/macro` needs a subcommand: `save`, `list` or `delete`")
        self.say(f"ephemeral:{self.user}", text)

    async def cmd_rules(self, parsed: ParsedLine) -> None:
        self._only(parsed, "topic", "system")
        topic = parsed.options.get("topic") or " ".join(parsed.command[1:])
        here = await self.service.system_in(LOCAL_CHANNEL)
        answer = rules_text(topic, parsed.options.get("system"), here, self.language)
        self.say(f"ephemeral:{self.user}", answer)

    async def cmd_table(self, parsed: ParsedLine) -> None:
        self._only(parsed, "name", "row", "column")
        here = await self.service.system_in(LOCAL_CHANNEL)
        text = table_text(
            parsed.options.get("name") or " ".join(parsed.command[1:]),
            parsed.options.get("row"),
            parsed.options.get("column"),
            here,
            self.language,
        )
        self.say(f"ephemeral:{self.user}", text)

    async def cmd_help(self, parsed: ParsedLine) -> None:
        self._only(parsed, "topic")
        topic = parsed.options.get("topic") or " ".join(parsed.command[1:]) or None
        here = await self.service.system_in(LOCAL_CHANNEL)
        self.say(f"ephemeral:{self.user}", help_text(topic, self.show_demo, here, self.language))

    async def cmd_admin(self, parsed: ParsedLine) -> None:
        """`/admin check`: the full integrity check of the database, as on Discord (the
        person at the terminal runs the bot, so owns it)."""
        self._only(parsed)
        if [word.lower() for word in parsed.command[1:]] != ["check"]:
            raise MalformedLine("in local mode `/admin` has one command: `/admin check`")
        problems = await self.service.db.integrity_problems()
        self.say(f"ephemeral:{self.user}", check_report(problems))

    async def cmd_dms(self, parsed: ParsedLine) -> None:
        """Local only: `/dms open:false` simulates a player whose DMs are closed."""
        self._only(parsed, "open")
        assert self.user is not None
        if parsed.options.get("open", "true").lower() in ("false", "no", "0"):
            self.closed_dms.add(self.user)
        else:
            self.closed_dms.discard(self.user)
        self.say(f"ephemeral:{self.user}", "DM setting updated.")

    @staticmethod
    def _int(parsed: ParsedLine, key: str, default: int) -> int:
        raw: Any = parsed.options.get(key)
        if raw is None:
            return default
        try:
            return int(raw)
        except ValueError:
            raise UserError(f"`{key}` must be a whole number.") from None
