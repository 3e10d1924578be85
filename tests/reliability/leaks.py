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
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.present.posts import posts_for
from bot.service import GameService, Outcome, Player, UserError
from bot.service.loaded import LoadedGame
from bot.store import Database
from renderers import draw
from rules.core.events import Event
from rules.core.names import pretty
from rules.core.registry import get_system
from rules.core.state import GameState
from rules.core.visibility import Viewer
from rules.demo.model import STANCES, DemoState, StancePicked
from rules.tannhauser import events as tev
from rules.tannhauser.content.characters import PACK_KINDS
from rules.tannhauser.greedy import choose as tannhauser_choice
from rules.tannhauser.items import crate_text
from rules.tannhauser.state import TannhauserState
from rules.wasteland.events import DraftUpdated
from rules.wasteland.state import ArmyList, WastelandState
from tests.conftest import ALICE, BOB, CAROL
from tests.figures import add as add_figures
from tests.play_wasteland.test_random_games import complete
from tests.play_wasteland.test_random_games import pick as wasteland_pick

Pattern = re.Pattern[str]
SEATED = (ALICE, BOB, CAROL)
SPECTATOR = Player(404, "dave")  # in the channel, holding no seat
CHANNEL = 7100
# hidden things with a place on the board: the picture is compared once each is there
ON_THE_BOARD = frozenset({"stance", "crate", "crate seen by its searcher", "counter"})


# -- secrets ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Spelling:
    """A way to give a secret away: ``needle`` must occur, and ``pattern`` (when set) must
    match too. The needle alone is a cheap first test on large outputs."""

    needle: str
    pattern: Pattern | None = None

    def search(self, text: str) -> tuple[int, int] | None:
        at = text.find(self.needle)
        if at < 0:
            return None
        if self.pattern is None:
            return at, at + len(self.needle)
        found = self.pattern.search(text)
        return found.span() if found else None


@dataclass(frozen=True)
class Secret:
    """A hidden fact: the spellings that would give it away, and who may know it."""

    kind: str  # what sort of secret, e.g. "crate" (figures and coverage)
    what: str
    spellings: tuple[Spelling, ...]
    holders: frozenset[str] = frozenset()


def spelled(*texts: str) -> tuple[Spelling, ...]:
    return tuple(Spelling(text) for text in texts if text)


def jsonish(key: str, value: object) -> str:
    """``"key": value`` as ``json.dumps`` writes it (every output is dumped that way)."""
    return f"{json.dumps(key)}: {json.dumps(value)}"


def demo_secrets(state: DemoState, seen: dict[str, frozenset[str]]) -> list[Secret]:
    """Each stance picked before the reveal."""
    if state.phase != "pick":
        return []
    found = []
    for seat, stance in state.picks.items():
        own_line = get_system("demo").describe(StancePicked(seat=seat, stance=stance))
        found.append(
            Secret(
                "stance",
                f"{seat}'s secret stance {stance}",
                spelled(
                    own_line or "",  # the picker's own confirmation
                    jsonish(seat, stance),  # a view's or payload's stances
                    f"'{seat}': '{stance}'",  # a Python repr
                    jsonish("stance", stance),  # the pick action and its event
                    f"{seat.title()}: **{stance}**",  # the reveal line, early
                ),
                frozenset({seat}),
            )
        )
    return found


def tannhauser_line(event: Event, state: TannhauserState) -> str:
    """The line the seat itself reads for ``event``, with the game's names."""
    return get_system("tannhauser").describe(event, state) or ""


def tannhauser_secrets(state: TannhauserState, seen: dict[str, frozenset[str]]) -> list[Secret]:
    """Factions, teams, packs and bonus tokens before their reveal; face-down crates."""
    found = []
    everybody_chose = set(state.faction_picks) >= set(state.seats)  # then all are revealed
    for seat, faction in state.faction_picks.items():
        if everybody_chose or seat in state.factions:
            continue
        event = tev.FactionPicked(seat=seat, faction=faction)
        found.append(
            Secret(
                "faction",
                f"{seat}'s secret faction {faction}",
                spelled(
                    tannhauser_line(event, state),
                    jsonish("faction", faction),
                    f"{pretty(seat)} secret faction: {pretty(faction)}",
                ),
                frozenset({seat}),
            )
        )
    for seat, team in state.team_picks.items():
        if seat in state.teams or not team:
            continue
        picked = tev.TeamPicked(seat=seat, characters=team)
        found.append(
            Secret(
                "team",
                f"{seat}'s secret team {team}",
                spelled(
                    tannhauser_line(picked, state),
                    jsonish("characters", list(team)),
                    f"secret team: {', '.join(pretty(c) for c in team)}",
                ),
                frozenset({seat}),
            )
        )
    if not state.packs_revealed:
        for seat, packs in state.pack_picks.items():
            for character, pack in packs.items():
                chosen = tev.PackPicked(seat=seat, character=character, pack=pack)
                found.append(
                    Secret(
                        "pack",
                        f"{seat}'s secret {pack} pack for {character}",
                        spelled(
                            tannhauser_line(chosen, state),
                            f"{jsonish('character', character)}, {jsonish('pack', pack)}",
                            f"{jsonish(character, pack)}",
                        ),
                        frozenset({seat}),
                    )
                )
    if state.phase == "bonus":
        for seat, picks in state.bonus_picks.items():
            if not picks:
                continue
            bonus = tev.BonusPicked(seat=seat, picks=picks)
            shown = [
                f"{jsonish('token', p.token)}, {jsonish('character', p.character)}" for p in picks
            ]
            found.append(
                Secret(
                    "bonus token",
                    f"{seat}'s secret bonus tokens",
                    spelled(tannhauser_line(bonus, state), *shown),
                    frozenset({seat}),
                )
            )
    for feature, crate in state.crates.items():
        contents = crate_text(state, feature)
        holders = seen.get(feature, frozenset())
        found.append(
            Secret(
                "crate seen by its searcher" if holders else "crate",
                f"face-down crate {crate} on {feature}",
                spelled(
                    crate,  # crate ids are never shown while a crate lies face down
                    f"The crate on {feature} holds **{contents}**",
                    f"{feature} holds {contents}",
                ),
                holders,
            )
        )
    if state.crates:
        # the referee's draw that dealt the crates
        found.append(Secret("referee dice", "the crate draw", spelled("crate draw")))
    return found


def draft_line(seat: str, army: ArmyList) -> str:
    """The drafting seat's own line for ``army`` ("Your draft: …")."""
    return get_system("wasteland").describe(DraftUpdated(seat=seat, army=army)) or ""


def wasteland_secrets(state: WastelandState, seen: dict[str, frozenset[str]]) -> list[Secret]:
    """Army-list drafts before the reveal; Rescue counters' numbers until turned."""
    found = []
    if not state.lists:
        for seat, draft in state.drafts.items():
            if not draft.entries:
                continue
            found.append(
                Secret(
                    "draft",
                    f"{seat}'s secret draft",
                    spelled(
                        draft_line(seat, draft),
                        *(f"{e.profile}×{e.models}" for e in draft.entries),
                        *(
                            f"{jsonish('profile', e.profile)}, {jsonish('models', e.models)}"
                            for e in draft.entries
                        ),
                    ),
                    frozenset({seat}),
                )
            )
    for objective in state.objectives:
        number = state.counter_numbers.get(objective.id)
        if number is None or objective.revealed:
            continue
        ident, name = re.escape(objective.id), re.escape(objective.name)
        found.append(
            Secret(
                "counter",
                f"{objective.name}'s face-down number {number}",
                (
                    # the objective itself, with its number, in JSON or as a Python repr
                    Spelling(
                        f'"number": {number}',
                        re.compile(rf'"id": "{ident}"[^{{}}]*"number": {number}[,}}]'),
                    ),
                    Spelling(
                        f"number={number}", re.compile(rf"id='{ident}'[^()]*number={number}\b")
                    ),
                    # the referee's numbering, and the line of a counter turned over
                    Spelling(
                        f'"{objective.id}": {number}', re.compile(rf'"{ident}": {number}[,}}]')
                    ),
                    Spelling(
                        f"{objective.name} shows {number}",
                        re.compile(rf"\b{name} shows {number}\b"),
                    ),
                ),
            )
        )
    if state.counter_numbers:
        found.append(Secret("referee dice", "the counter numbering", spelled("counter numbers")))
    return found


SecretsOf = Callable[[Any, dict[str, frozenset[str]]], list[Secret]]
SECRETS: dict[str, SecretsOf] = {
    "demo": demo_secrets,
    "tannhauser": tannhauser_secrets,
    "wasteland": wasteland_secrets,
}


def seed_secret(seed: bytes) -> Secret:
    return Secret("seed", "the dice seed", spelled(seed.hex(), seed.hex().upper(), repr(seed)))


# -- the same game with different hidden things -----------------------------------------
def demo_disguise(state: DemoState) -> DemoState | None:
    if state.phase != "pick" or not state.picks:
        return None
    other = {s: STANCES[(STANCES.index(v) + 1) % len(STANCES)] for s, v in state.picks.items()}
    return state.model_copy(update={"picks": other})


def rotated(value: str, options: Iterable[str]) -> str:
    """The option after ``value`` (in sorted order): a different value of the same kind."""
    ordered = sorted(options)
    return ordered[(ordered.index(value) + 1) % len(ordered)] if value in ordered else ordered[0]


def tannhauser_disguise(state: TannhauserState) -> TannhauserState | None:
    """Every hidden thing changed, keeping what is public (how many picks, where crates
    lie): crate contents, unrevealed factions, teams, packs and bonus tokens."""
    catalog = get_system("tannhauser").catalog  # type: ignore[attr-defined]
    update: dict[str, object] = {
        "crates": {f: rotated(c, catalog.crates) for f, c in state.crates.items()},
        "crate_defs": dict(catalog.crates),
        "faction_picks": {
            s: f if s in state.factions else rotated(f, catalog.factions)
            for s, f in state.faction_picks.items()
        },
        "team_picks": {
            s: t if s in state.teams else tuple(rotated(c, catalog.characters) for c in t)
            for s, t in state.team_picks.items()
        },
    }
    if not state.packs_revealed:
        update["pack_picks"] = {
            s: {c: rotated(k, PACK_KINDS) for c, k in packs.items()}
            for s, packs in state.pack_picks.items()
        }
    if state.phase == "bonus":
        update["bonus_picks"] = {
            s: tuple(
                p.model_copy(update={"token": rotated(p.token, catalog.bonus_tokens)}) for p in ps
            )
            for s, ps in state.bonus_picks.items()
        }
    changed = state.model_copy(update=update)
    return None if changed == state else changed


def wasteland_disguise(state: WastelandState) -> WastelandState | None:
    """Face-down counter numbers rotated; drafts before the reveal emptied."""
    hidden = [o.id for o in state.objectives if o.id in state.counter_numbers and not o.revealed]
    numbers = dict(state.counter_numbers)
    values = [numbers[i] for i in hidden]
    numbers.update(zip(hidden, values[1:] + values[:1], strict=True))
    drafts = {} if not state.lists else state.drafts
    changed = state.model_copy(update={"counter_numbers": numbers, "drafts": drafts})
    return None if changed == state else changed


DISGUISES: dict[str, Callable[[Any], GameState | None]] = {
    "demo": demo_disguise,
    "tannhauser": tannhauser_disguise,
    "wasteland": wasteland_disguise,
}


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

    def update(self, secrets: Iterable[Secret]) -> None:
        self.secrets = list(secrets)
        for secret in self.secrets:
            self.kinds.add(secret.kind)
            for seat in secret.holders:
                self.known.setdefault(seat, set()).update(secret.spellings)

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


# -- playing ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Table:
    """A game to set up: the system, its options and how many players sit down."""

    system: str
    options: str | None = None
    seats: int = 2


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


def next_action(
    system: str, rnd: random.Random, randomness: float, state: Any, seat: str, game: LoadedGame
) -> str | None:
    choices = game.system.legal_actions(state, seat)
    if system == "wasteland":
        pairs = [(c.notation, c.label) for c in choices if complete(c.notation)]
        return wasteland_pick(rnd, randomness, state, seat, pairs) if pairs else None
    notations = [c.notation for c in choices]
    if not notations:
        return None
    if system == "tannhauser":
        # look into crates often and put some back: face-down crates known to one seat
        curious = [n for n in notations if n.startswith(("search ", "crate return"))]
        if curious and rnd.random() < 0.5:
            return rnd.choice(curious)
        if rnd.random() >= randomness:
            return tannhauser_choice(state, seat, notations)
    return rnd.choice(notations)


class WatchedGame:
    """One game through the service, with every output handed to the watch."""

    def __init__(
        self, service: GameService, table: Table, seed: bytes, watch: LeakWatch, rnd: random.Random
    ) -> None:
        self.service = service
        self.table = table
        self.seed = seed
        self.watch = watch
        self.rnd = rnd
        self.players = {p.user_id: p for p in SEATED[: table.seats]}
        self.seen: dict[str, frozenset[str]] = {}  # crate feature -> seats that looked in it
        self.last_seq = 0
        self.refusals = 0
        self.renders = 0
        self.actions = 0
        self.pictured: set[str] = set()  # kinds of secrets whose pictures were compared
        self.randomness = 0.3
        self.fingerprint: frozenset[tuple[str, frozenset[str]]] = frozenset()

    async def game(self) -> LoadedGame:
        game = await self.service.game_in(CHANNEL)
        assert game is not None
        return game

    async def refresh(self, game: LoadedGame) -> bool:
        """Recompute the secrets from the full state; True when they changed."""
        for row in await self.service.db.log(game.id, after_seq=self.last_seq):
            self.last_seq = row.seq
            payload = json.loads(row.payload)
            if row.kind == "event" and payload.get("type") == "th_crate_seen":
                feature = payload["feature"]
                self.seen[feature] = self.seen.get(feature, frozenset()) | {payload["seat"]}
        secrets: list[Secret] = []
        if game.state is not None and not game.state.finished:
            secrets = SECRETS[self.table.system](game.state, self.seen)
            secrets.append(seed_secret(self.seed))
        self.watch.update(secrets)
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
            exported = await self.service.export(CHANNEL, user_id)
            self.watch.check("export", seat, exported.model_dump(mode="json"))
            viewer = Viewer.of_seat(seat) if seat else Viewer.spectator()
            _, view = await self.service.view(CHANNEL, viewer)
            self.watch.check("view", seat, view.model_dump(mode="json"))
            listed = await self.service.games_of(user_id)
            self.watch.check("list of games", seat, [g.model_dump(mode="json") for g in listed])

    def check_disguise(self, game: LoadedGame, render: bool) -> bool:
        """The same game with other hidden things looks the same to the channel: status,
        board view and (when ``render``) picture. Returns whether a picture was compared."""
        assert game.state is not None
        other = DISGUISES[self.table.system](game.state)
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
        if render:
            self.renders += 1
            self.watch.outputs += 1
            if draw(system.scene(seen)) != draw(system.scene(twin)):
                self.watch.leaks.append(
                    Leak("disguise", "board picture", "the channel", "hidden state", "")
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
        notation = next_action(self.table.system, self.rnd, self.randomness, game.state, seat, game)
        assert notation is not None, f"{seat} is awaited but has nothing to do"
        return await self.service.act(CHANNEL, player, notation), player.user_id


async def play_watched(
    table: Table,
    seed: int,
    *,
    max_actions: int,
    deep_every: int,
    renders: int,
    randomness: float = 0.3,
    readings: bool = True,
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
    alone are watched), for short checks of the watch itself.
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
        creator, *others = SEATED[: table.seats]
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
            if outcome.board:  # the view the board picture is drawn from
                view = game.system.view(game.state, Viewer.spectator())
                watch.check(f"action {actions}: board view", None, view.model_dump(mode="json"))
            if changed or outcome.private or actions % deep_every == 0:
                if readings:
                    await watched.check_readings(game)
                # a picture once each kind of hidden thing on the board is there, and
                # a few more after actions that call for one
                drawn = {s.kind for s in watch.secrets} & ON_THE_BOARD
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
