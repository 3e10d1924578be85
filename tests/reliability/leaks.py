"""Hidden information: what each game system keeps secret at a given moment, and a watch
over everything a game sends to a channel or to a person.

A :class:`Secret` is one hidden fact written as the distinctive ways it could be spelled
out (a narration line, a JSON fragment, an id that never appears while the fact is
hidden), with the seats allowed to know it. :class:`LeakWatch` checks every output it is
given against the secrets its audience may not know; :func:`play_watched` plays a random
legal game through :class:`GameService` and hands the watch every output that reaches a
channel, a DM, an ephemeral reply, a board picture, a status embed, a log or an export.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.present.posts import posts_for
from bot.present.sheets import sheet_text
from bot.service import GameService, Outcome, Player, UserError
from bot.service.loaded import LoadedGame
from bot.store import Database
from renderers import draw_pictures
from renderers.alt_text import closeup_alt_text
from rules.core import engine
from rules.core.events import Event
from rules.core.language import Language
from rules.core.secrets import Secret, Spelling, spelled
from rules.core.system import GameSystem
from rules.core.visibility import Viewer
from tests.figures import add as add_figures
from tests.setups import Setup, players

SPECTATOR = Player(404, "dave")  # in the channel, holding no seat
CHANNEL = 7100
CURIOSITY = 0.3  # the share of picks that go back to a verb that showed somebody something


# -- secrets ------------------------------------------------------------------------------
def seed_secret(seed: bytes) -> Secret:
    return Secret("seed", "the dice seed", spelled(seed.hex(), seed.hex().upper(), repr(seed)))


def revealed(before: list[Secret], after: list[Secret], actor: str | None) -> bool:
    """Whether going from ``before`` to ``after`` showed somebody something: a secret
    gained a holder, or one gone was not the actor's own alone (a draft they emptied)."""
    now = {secret.what: secret.holders for secret in after}
    for secret in before:
        holders = now.get(secret.what)
        if holders is None:
            if not secret.holders or secret.holders - {actor}:
                return True
        elif holders - secret.holders:
            return True
    return False


# -- watching outputs ----------------------------------------------------------------------
@dataclass(frozen=True)
class Leak:
    kind: str
    where: str
    audience: str
    secret: str
    excerpt: str


def audience_name(seat: str | None) -> str:
    return f"seat {seat}" if seat else "the channel"


@dataclass
class LeakWatch:
    """Checks outputs against the secrets their audience may not know.

    ``known`` remembers every spelling a seat has legitimately known during the game (its
    own drafts, say), so an identical spelling of another seat's secret is not counted
    against it: a seat cannot learn what it already knows.
    """

    secrets: list[Secret] = field(default_factory=list)
    known: dict[str, set[Spelling]] = field(default_factory=dict)
    outputs: int = 0
    leaks: list[Leak] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)  # every kind of secret watched over
    held: set[str] = field(default_factory=set)  # the kinds some seat was allowed to know
    drawn: set[str] = field(default_factory=set)  # the kinds with a place on the board
    own_words: list[tuple[str, str]] = field(default_factory=list)  # what each seat typed

    def update(self, secrets: Iterable[Secret]) -> None:
        before = set(self.secrets)
        self.secrets = list(secrets)
        self._learn([s for s in self.secrets if s not in before], self.own_words)
        for secret in self.secrets:
            self.kinds.add(secret.kind)
            if secret.holders:
                self.held.add(secret.kind)
            if secret.on_board:
                self.drawn.add(secret.kind)
            for seat in secret.holders:
                self.known.setdefault(seat, set()).update(secret.spellings)

    def typed(self, seat: str, text: str) -> None:
        """``seat`` typed ``text`` itself: any secret, now or later, spelled the same way in
        it (another seat recruiting the same mercenary, say) teaches that seat nothing."""
        self.own_words.append((seat, text))
        self._learn(self.secrets, [(seat, text)])

    def _learn(self, secrets: Iterable[Secret], texts: Iterable[tuple[str, str]]) -> None:
        for seat, text in texts:
            for secret in secrets:
                found = {spelling for spelling in secret.spellings if spelling.search(text)}
                self.known.setdefault(seat, set()).update(found)

    def check(self, where: str, seat: str | None, output: object) -> None:
        """One output reaching ``seat`` (None: the channel, a spectator, everyone)."""
        if not isinstance(output, str):  # written as it would be shown: "×", not "\u00d7"
            output = json.dumps(output, default=str, ensure_ascii=False)
        text = output
        self.outputs += 1
        known = self.known.get(seat, set()) if seat else set()
        for secret in self.secrets:
            if seat is not None and seat in secret.holders:
                continue
            for spelling in secret.spellings:
                if spelling in known:
                    continue
                found = spelling.search(text)
                if found:
                    excerpt = text[max(0, found[0] - 60) : found[1] + 60]
                    self.leaks.append(
                        Leak(secret.kind, where, audience_name(seat), secret.what, excerpt)
                    )
                    break

    def misdelivered(self, where: str, detail: str) -> None:
        self.outputs += 1
        self.leaks.append(Leak("delivery", where, "the wrong person", "a private message", detail))


def cards_of(system: GameSystem[Any], state: Any, viewer: Viewer) -> list[Any]:
    """What ``/game sheet`` shows ``viewer``: the list of cards and each in-game card."""
    entries = system.sheets(state, viewer)
    return [
        *entries,
        *(system.sheet(state, viewer, e.key) for e in entries if e.in_game),
    ]


# -- playing ---------------------------------------------------------------------------------
def count_game(watch: LeakWatch, game: WatchedGame) -> None:
    """Count one watched game in the reliability report."""
    add_figures(
        "hidden",
        games=1,
        actions=game.actions,
        refusals=game.refusals,
        renders=game.renders,
        outputs=watch.outputs,
        leaks=len(watch.leaks),
    )


def verb(notation: str) -> str:
    return notation.split(" ", 1)[0]


def next_action(
    system: GameSystem[Any],
    rnd: random.Random,
    randomness: float,
    state: Any,
    seat: str,
    curious: frozenset[str] = frozenset(),
) -> str | None:
    """The system's automatic player's pick, but now and then (``CURIOSITY``) a legal
    action with a verb that showed somebody something before (a search, a peek), so
    secrets held by one seat come up more often than a sensible player would make them."""
    choices = system.legal_actions(state, seat)
    again = [c.notation for c in choices if c.complete and verb(c.notation) in curious]
    if again and rnd.random() < CURIOSITY:
        return rnd.choice(again)
    return system.automatic_action(state, seat, choices, rnd, randomness)


class WatchedGame:
    """One game through the service, with every output handed to the watch."""

    def __init__(
        self, service: GameService, table: Setup, seed: bytes, watch: LeakWatch, rnd: random.Random
    ) -> None:
        self.service = service
        self.table = table
        self.seed = seed
        self.watch = watch
        self.rnd = rnd
        self.players = {p.user_id: p for p in players(table.seats)}
        self.events: dict[int, tuple[int, Event]] = {}  # seq -> batch and event
        self.undone: set[int] = set()
        # batches that showed somebody something: an event that reveals, a private event to
        # another seat, or a secret (as the system lists them) that lost its cover
        self.revealing: set[int] = set()
        self.curious: frozenset[str] = frozenset()  # verbs that showed a seat something
        self.last_seq = 0
        self.refusals = 0
        self.renders = 0
        self.actions = 0
        self.pictured: set[str] = set()  # kinds of secrets whose pictures were compared
        self.randomness = 0.3
        self.fingerprint: frozenset[tuple[str, frozenset[str]]] = frozenset()
        self.undo_after_reveal: Counter[str] = Counter()  # what a free undo got after a reveal
        self.free_undos: list[str] = []  # the actions a free undo took back after a reveal
        self.fresh_batch: int | None = None  # the action batch the last refresh found

    async def game(self) -> LoadedGame:
        game = await self.service.game_in(CHANNEL)
        assert game is not None
        return game

    def live(self) -> list[Event]:
        ordered = sorted(self.events.items())
        return [event for _, (batch, event) in ordered if batch not in self.undone]

    async def refresh(self, game: LoadedGame) -> bool:
        """Recompute the secrets from the full state and the live events; True when they
        changed. Notes which batches revealed something, and to whom."""
        notations: dict[int, str] = {}
        actors: dict[int, str | None] = {}
        typed: list[tuple[str, str]] = []
        self.fresh_batch = None
        for row in await self.service.db.log(game.id, after_seq=self.last_seq):
            self.last_seq = row.seq
            payload = json.loads(row.payload)
            if row.kind == "undo":
                self.undone.update(int(b) for b in payload["batches"])
            elif row.kind == "action":
                notations[row.batch] = str(payload.get("notation", ""))
                actors[row.batch] = row.seat
                if row.seat is not None:
                    typed.append((row.seat, json.dumps(payload, ensure_ascii=False)))
                self.fresh_batch = row.batch
            elif row.kind == "event":
                event = engine.parse_event(game.system, payload)
                self.events[row.seq] = (row.batch, event)
                shown_to = set(event.visibility.seats) - {actors.get(row.batch)}
                if event.barrier or (row.scope.startswith("seats") and shown_to):
                    self.revealing.add(row.batch)
                if row.scope.startswith("seats") and row.batch in notations:
                    self.curious |= {verb(notations[row.batch])}
        secrets: list[Secret] = []
        if game.state is not None and not game.state.finished:
            secrets = game.system.secrets(game.state, self.live())
            secrets.append(seed_secret(self.seed))
        if self.fresh_batch is not None and revealed(
            self.watch.secrets, secrets, actors.get(self.fresh_batch)
        ):
            self.revealing.add(self.fresh_batch)  # by what the system says is hidden
        self.watch.update(secrets)
        for seat, text in typed:
            self.watch.typed(seat, text)
        fingerprint = frozenset((s.what, s.holders) for s in secrets)
        changed = fingerprint != self.fingerprint
        self.fingerprint = fingerprint
        return changed

    def check_outcome(
        self, where: str, outcome: Outcome, actor: int | None, game: LoadedGame
    ) -> None:
        """Every post the outcome makes: channel lines, DMs, ephemeral replies, menus."""
        for post in posts_for(outcome, actor):
            if post.audience == "channel":
                self.watch.check(f"{where}: channel message", None, post.text)
                continue
            seat = game.seat_of(post.user_id) if post.user_id is not None else None
            if seat is None:
                self.watch.misdelivered(where, f"{post.audience} to unseated {post.user_id}")
                continue
            if post.prompt is not None:
                delivery = post.prompt
                holder = game.user_of(delivery.prompt.seat)
                if delivery.seat != seat or holder is None or holder.user_id != post.user_id:
                    self.watch.misdelivered(where, f"{delivery.prompt.key} to {post.user_id}")
                    continue
                menu = [post.text, *(c.model_dump() for c in delivery.prompt.choices)]
                self.watch.check(f"{where}: DM menu", seat, menu)
                continue
            self.watch.check(f"{where}: {post.audience} reply", seat, post.text)

    def audiences(self, game: LoadedGame) -> list[tuple[int, str | None]]:
        """A spectator and every seat, as user id and seat."""
        return [(SPECTATOR.user_id, None), *((s.user_id, s.seat) for s in game.seats)]

    async def check_readings(self, game: LoadedGame) -> None:
        """Status embeds, logs, exports and views for a spectator and every seat."""
        for user_id, seat in self.audiences(game):
            status = await self.service.status(CHANNEL, user_id)
            self.watch.check("status embed", seat, status.model_dump(mode="json"))
            lines = await self.service.log_lines(CHANNEL, user_id, last=200)
            self.watch.check("game log", seat, list(lines.lines))
            newest = await self.service.log_page(CHANNEL, user_id)
            self.watch.check("game log page", seat, list(newest.lines))
            if seat is not None and game.state is not None:
                self.watch.check("catchup", seat, await self.catchup(user_id))
            exported = await self.service.export(CHANNEL, user_id)
            self.watch.check("export", seat, exported.model_dump(mode="json"))
            viewer = Viewer.of_seat(seat) if seat else Viewer.spectator()
            _, view = await self.service.view(CHANNEL, viewer)
            self.watch.check("view", seat, view.model_dump(mode="json"))
            listed = await self.service.games_of(user_id)
            self.watch.check("list of games", seat, [g.model_dump(mode="json") for g in listed])
            await self.check_cards(user_id, seat)

    async def check_cards(self, user_id: int, seat: str | None) -> None:
        """``/game sheet``: the names suggested and every card of the game's own units or
        characters, as ``user_id`` may see them, in every language."""
        for language in Language:
            offered = await self.service.sheet_choices(CHANNEL, user_id, "", language=language)
            self.watch.check("sheet suggestions", seat, [(c.name, c.value) for c in offered])
            for choice in offered:  # the game's own come first
                card = await self.service.sheet(CHANNEL, user_id, choice.value, language=language)
                if not card.in_game:
                    break
                self.watch.check("sheet", seat, card.model_dump(mode="json"))
                self.watch.check("sheet text", seat, sheet_text(card))

    async def catchup(self, user_id: int) -> list[str]:
        """Every page of ``user_id``'s catch-up."""
        first = await self.service.catchup(CHANNEL, user_id)
        lines = list(first.lines)
        for number in range(2, first.pages + 1):
            page = await self.service.catchup(
                CHANNEL, user_id, number, game_id=first.game_id, upto=first.upto
            )
            lines += page.lines
        return lines

    def check_disguise(self, game: LoadedGame, render: bool) -> bool:
        """The same game with other hidden things looks the same to the channel: status,
        board view and (when ``render``) picture. Returns whether a picture was compared."""
        assert game.state is not None
        other = game.system.disguise(game.state)
        if other is None:
            return False
        system = game.system
        spectator = Viewer.spectator()
        self.watch.outputs += 2
        mirror = LoadedGame(row=game.row, seats=game.seats, system=system, state=other)
        if self.service.describe_status(mirror, None) != self.service.describe_status(game, None):
            self.watch.leaks.append(
                Leak("disguise", "status embed", "the channel", "hidden state", "")
            )
        seen, twin = system.view(game.state, spectator), system.view(other, spectator)
        if seen != twin:
            self.watch.leaks.append(
                Leak("disguise", "board view", "the channel", "hidden state", "")
            )
        if cards_of(system, game.state, spectator) != cards_of(system, other, spectator):
            self.watch.leaks.append(Leak("disguise", "sheets", "the channel", "hidden state", ""))
        if render:
            self.renders += 1
            self.watch.outputs += 1
            scene, twin_scene = system.scene(seen), system.scene(twin)
            if draw_pictures(scene) != draw_pictures(twin_scene):
                self.watch.leaks.append(
                    Leak("disguise", "board picture or close-up", "the channel", "hidden state", "")
                )
            if closeup_alt_text(scene) != closeup_alt_text(twin_scene):
                self.watch.leaks.append(
                    Leak("disguise", "close-up words", "the channel", "hidden state", "")
                )
        return render

    async def probe_refusals(self, game: LoadedGame) -> tuple[Outcome, int] | None:
        """A spectator and the other seats try the awaited seats' own actions.

        Each refusal is checked and must leave the game as it was. A probe that another
        seat may legally make too is a real action: its outcome and actor are returned.
        """
        assert game.state is not None
        system = game.system
        waiting = system.status(game.state).waiting_on
        for holder in waiting:
            choices = system.legal_actions(game.state, holder)
            tried = [c.notation for c in choices if c.private][:2] or [
                c.notation for c in choices[:1]
            ]
            for user_id, seat in self.audiences(game):
                if seat == holder:
                    continue
                own: set[str] = set()
                if seat in waiting:  # both choosing at once: their own menu is not a probe
                    own = {c.notation for c in system.legal_actions(game.state, seat)}
                player = self.players.get(user_id, SPECTATOR)
                for notation in tried:
                    if notation in own:
                        continue
                    try:
                        outcome = await self.service.act(CHANNEL, player, notation)
                    except UserError as refused:
                        self.refusals += 1
                        self.watch.check("refusal", seat, refused.message)
                        row = await self.service.db.game(game.id)
                        assert row is not None and row.version == game.version, notation
                        continue
                    assert seat is not None, f"a spectator's {notation!r} was accepted"
                    return outcome, user_id
        return None

    async def probe_undo(self, game: LoadedGame, actor: int) -> bool:
        """After an action that showed somebody something (a private event, dice, a
        reveal), its actor asks for a free undo: it must be refused or await the other
        seats' approval. What happened is counted; True if the undo went through."""
        batch = self.fresh_batch
        if batch is None or batch not in self.revealing:
            return False
        player = self.players[actor]
        seat = game.seat_of(actor)
        try:
            outcome = await self.service.undo(CHANNEL, player)
        except UserError as refused:
            self.undo_after_reveal["refused"] += 1
            self.watch.check("undo refusal", seat, refused.message)
            return False
        self.check_outcome("undo after a reveal", outcome, actor, await self.game())
        if outcome.undo_request:
            self.undo_after_reveal["asks approval"] += 1
            return False
        self.undo_after_reveal["undone freely"] += 1
        self.free_undos.append(f"batch {batch} by {seat}")
        return True

    async def step(self, game: LoadedGame) -> tuple[Outcome, int]:
        """One random legal action (now and then an undo) by an awaited seat."""
        assert game.state is not None
        waiting = game.system.status(game.state).waiting_on
        assert waiting, f"dead end: {game.system.status(game.state).phase}"
        seat = self.rnd.choice(waiting)
        row = game.user_of(seat)
        assert row is not None
        player = self.players[row.user_id]
        if self.rnd.random() < 0.02:
            try:
                return await self.service.undo(CHANNEL, player), player.user_id
            except UserError as refused:
                self.watch.check("undo refusal", seat, refused.message)
        notation = next_action(
            game.system, self.rnd, self.randomness, game.state, seat, self.curious
        )
        assert notation is not None, f"{seat} is awaited but has nothing to do"
        return await self.service.act(CHANNEL, player, notation), player.user_id


async def play_watched(
    table: Setup,
    seed: int,
    *,
    max_actions: int,
    deep_every: int,
    renders: int,
    randomness: float = 0.3,
    readings: bool = True,
    undo_probes: bool = False,
) -> tuple[LeakWatch, WatchedGame]:
    """Play one random legal game through the service, watching every output.

    Every action's posts are checked; status, logs, exports, views and refusal probes
    after every action that sent something private or changed what is hidden, and every
    ``deep_every`` actions. The board picture is compared with the picture of the same
    game with other hidden things once each kind of hidden thing on the board is there
    (a stance, a crate, a counter), and after up to ``renders`` more actions that call
    for a picture. A game still going after ``max_actions``
    is ended by its creator. The watch ends with the dice checked against the seed.
    ``readings=False`` leaves out the status, log, export and view checks (the posts
    alone are watched), for short checks of the watch itself. ``undo_probes`` has the
    actor of every action that showed somebody something try a free undo (see
    :meth:`WatchedGame.probe_undo`), until one goes through.
    """
    rnd = random.Random(seed)
    dice_seed = rnd.randbytes(32)
    watch = LeakWatch()
    db = await Database.open(":memory:")
    try:
        service = GameService(db, seed_source=lambda: dice_seed)
        watched = WatchedGame(service, table, dice_seed, watch, rnd)
        watched.randomness = randomness
        watch.update([seed_secret(dice_seed)])
        creator, *others = players(table.seats)
        created = await service.create(CHANNEL, 1, creator, table.system, table.options)
        lobby = await watched.game()
        watched.check_outcome("create", created, creator.user_id, lobby)
        for player in others:
            joined = await service.join(CHANNEL, player)
            watched.check_outcome("join", joined, player.user_id, await watched.game())
        outcome = await service.start(CHANNEL, creator)
        game = await watched.game()
        await watched.refresh(game)
        watched.check_outcome("start", outcome, creator.user_id, game)
        if readings:
            await watched.check_readings(game)
        actions = 0
        while game.state is not None and not game.state.finished and actions < max_actions:
            outcome, actor = await watched.step(game)
            actions += 1
            game = await watched.game()
            changed = await watched.refresh(game)
            watched.check_outcome(f"action {actions}", outcome, actor, game)
            if game.state is None or game.state.finished:
                break
            if undo_probes and not watched.free_undos and await watched.probe_undo(game, actor):
                game = await watched.game()
                await watched.refresh(game)
            if outcome.board:  # the view the board picture is drawn from
                view = game.system.view(game.state, Viewer.spectator())
                watch.check(f"action {actions}: board view", None, view.model_dump(mode="json"))
            if changed or outcome.private or actions % deep_every == 0:
                if readings:
                    await watched.check_readings(game)
                # a picture once each kind of hidden thing on the board is there, and
                # a few more after actions that call for one
                drawn = {s.kind for s in watch.secrets if s.on_board}
                render = bool(drawn - watched.pictured) or (
                    outcome.board and watched.renders < renders
                )
                if watched.check_disguise(game, render):
                    watched.pictured |= drawn
                accepted = await watched.probe_refusals(game)
                if accepted is not None:
                    game = await watched.game()
                    await watched.refresh(game)
                    watched.check_outcome("another seat's action", accepted[0], accepted[1], game)
        if game.state is not None and not game.state.finished:
            ended = await service.end(CHANNEL, creator)
            game = await watched.game()
            await watched.refresh(game)
            watched.check_outcome("end", ended, creator.user_id, game)
        watched.actions = actions
        checked = await service.verify(CHANNEL)
        report, consistent = checked.report, checked.consistent
        assert report is not None and report.ok, report
        assert consistent
        exported = await service.export(CHANNEL, None)
        assert exported.seed == dice_seed.hex()
        return watch, watched
    finally:
        await db.close()
