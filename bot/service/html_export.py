"""`/game export format:html`: the game as one self-contained HTML replay (the page is
``replay_page.py``).

The log lines are those `/game export` gives the same user (the public view or the
asker's seat's own private lines; every line once the game is over). The boards are
always the public view after each step, rebuilt by replaying the log (``step_views.py``),
and each different board is drawn once. A page over the upload limit has its pictures
thinned (every second step's board and each round's last kept, then every third, …),
then only each round's last board is kept, scaled down, then none; the page and the
reply say which.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace

from pydantic import BaseModel

from bot.messages import said
from bot.service.access import GameAccess
from bot.service.export_files import PART_BYTES, ExportFile
from bot.service.history import log_line, verification_of
from bot.service.loaded import LoadedGame, undone_batches, visibility_of
from bot.service.page_pictures import data_uri, picture_bytes
from bot.service.public_numbers import log_numbers
from bot.service.replay_page import PageStep, ReplayPage, page_html, words
from bot.service.standing import viewer_for
from bot.service.step_views import public_scene, states_after_batches
from bot.service.verification_words import verification_text
from bot.store.records import LogRow
from renderers import draw
from renderers.alt_text import alt_text
from rules.core.language import Language
from rules.core.visibility import Viewer

# one HTML file, sent whole: it must stay under Discord's upload limit like each part
HTML_BYTES = PART_BYTES

# the scale of the pictures when even each round's last board alone is too much: scaling
# a board down saves little (its smoothed edges compress worse), so it is the last resort
SMALLEST = 0.5

Progress = Callable[[int, int], None]  # boards drawn so far, boards to draw

_SCALED = said("To fit Discord's upload limit the board pictures are scaled down to {percent}%.")
_EVERY = said(
    "To fit Discord's upload limit only one step in {every} and the last step of each round"
    " show their board."
)
_PER_ROUND = said("To fit Discord's upload limit only the last step of each round shows its board.")
_NONE = said("To fit Discord's upload limit the board pictures are left out.")
_REPLY = said(
    "Game #{game} as an HTML replay ({steps} steps, {boards} different boards, {size}):"
    " open it in any browser, no network needed."
)
_HIDDEN = said(" Hidden information you may not see is left out.")
_PROGRESS = said("Drawing the boards: {done} of {total}…")


_REPLAYING = said("Replaying the log…")


def progress_text(done: int, total: int, language: Language) -> str:
    """The progress message's words: the log replayed first (nothing counted yet), then
    the boards drawn."""
    if total == 0:
        return _REPLAYING.in_(language)
    return _PROGRESS.filled(done=done, total=total).in_(language)


@dataclass(frozen=True, slots=True)
class HtmlExport:
    file: ExportFile
    note: str  # the reply's words
    steps: int
    boards: int  # different board pictures drawn


@dataclass(frozen=True, slots=True)
class _Step:
    lines: tuple[str, ...]
    round: int | None
    scene: int | None  # index of its board's scene
    ends_round: bool = False


def _steps(
    game: LoadedGame, rows: list[LogRow], viewer: Viewer, language: Language = Language.ENGLISH
) -> tuple[list[_Step], list[BaseModel]]:
    """The steps ``viewer`` reads (a batch with no line for them joins the next one) and
    the different public scenes their boards show."""
    undone = undone_batches(rows)
    numbers = log_numbers(rows, lambda row: visibility_of(row.scope).allows(viewer))
    actions = {row.seq: row for row in rows if row.kind == "action"}
    scenes: list[BaseModel] = []
    known: dict[str, int] = {}
    steps: list[_Step] = []
    system = game.system
    for after in states_after_batches(system, game.options(), game.seat_ids(), rows):
        lines = tuple(
            line
            for row in after.rows
            if (
                line := log_line(game, row, numbers.get(row.seq), undone, viewer, actions, language)
            )
            is not None
        )
        if not lines:
            continue
        scene = public_scene(system, after.state, language)
        index = None
        if scene is not None:
            key = scene.model_dump_json()
            if key not in known:
                known[key] = len(scenes)
                scenes.append(scene)
            index = known[key]
        number = None if after.state is None else system.round_number(after.state)
        steps.append(_Step(lines, number, index))
    marked = [
        _Step(s.lines, s.round, s.scene, n + 1 == len(steps) or steps[n + 1].round != s.round)
        for n, s in enumerate(steps)
    ]
    return marked, scenes


def _view_words(game: LoadedGame, viewer: Viewer, language: Language) -> str:
    """Whose reading of the log the page holds."""
    if viewer.referee:
        return words("view_all", language)
    if viewer.seat is None:
        return words("view_public", language)
    return words("view_seat", language, seat=game.seat_name(viewer.seat))


def html_export_of(
    game: LoadedGame,
    rows: list[LogRow],
    viewer: Viewer,
    language: Language = Language.ENGLISH,
    progress: Progress | None = None,
    limit: int = HTML_BYTES,
) -> HtmlExport:
    """The replay page of ``game`` as ``viewer`` reads its log, under ``limit`` bytes
    where scaling and thinning the pictures can bring it there."""
    steps, scenes = _steps(game, rows, viewer, language)
    if progress is not None:
        progress(0, len(scenes))
    drawn: list[bytes | None] = []
    for done, scene in enumerate(scenes, 1):
        drawn.append(draw(scene))
        if progress is not None:
            progress(done, len(scenes))
    alts = tuple(alt_text(scene) or "" for scene in scenes)
    checked = verification_of(game, rows)
    base = ReplayPage(
        system=game.system.name,
        game_id=game.id,
        view=_view_words(game, viewer, language),
        players=", ".join(game.seat_name(seat) for seat in game.seat_ids()),
        status=game.row.status,
        commitment=game.row.commitment,
        seed=game.row.seed.hex() if game.row.status == "finished" else None,
        verification=verification_text(checked, language),
        steps=(),
        pictures=(),
        alts=(),
        note=None,
        thinned=False,
        language=language,
    )
    encoded: dict[tuple[int, float], str] = {}

    def shown(index: int, every: int | None) -> int | None:
        """The scene of the board step ``index`` shows when only every ``every``-th step
        and each round's last keep theirs (None: no pictures at all)."""
        step = steps[index]
        if every is None or step.scene is None or drawn[step.scene] is None:
            return None
        return step.scene if step.ends_round or index % every == 0 else None

    def page_for(scale: float, every: int | None, note: str | None) -> bytes | None:
        """The page at this fit, or None when its pictures alone are over the limit."""
        used = sorted({n for i in range(len(steps)) if (n := shown(i, every)) is not None})
        for scene in used:
            if (scene, scale) not in encoded:
                png = drawn[scene]
                assert png is not None  # shown() keeps drawn scenes only
                encoded[(scene, scale)] = data_uri(*picture_bytes(png, scale))
        uris = tuple(encoded[(scene, scale)] for scene in used)
        if sum(len(uri) for uri in uris) > limit:
            return None
        slot: dict[int | None, int] = {scene: n for n, scene in enumerate(used)}
        page_steps = tuple(
            PageStep(s.lines, s.round, slot.get(shown(i, every))) for i, s in enumerate(steps)
        )
        page = replace(
            base,
            steps=page_steps,
            pictures=uris,
            alts=tuple(alts[scene] for scene in used),
            note=note,
            thinned=every != 1,
        )
        return page_html(page).encode("utf-8")

    def fits(data: bytes | None) -> bool:
        return data is not None and len(data) <= limit

    # every board at full size; else every k-th step's board and each round's last, the
    # fewest left out; else only each round's last, scaled down; else none
    note: str | None = None
    data = page_for(1.0, 1, None)
    every = 2
    while not fits(data) and every <= len(steps):
        note = _EVERY.filled(every=every).in_(language)
        data = page_for(1.0, every, note)
        every += 1
    if not fits(data):
        scaled = _SCALED.filled(percent=round(SMALLEST * 100)).in_(language)
        note = f"{_PER_ROUND.in_(language)} {scaled}"
        data = page_for(SMALLEST, len(steps) + 1, note)
    if data is None or not fits(data):
        note = _NONE.in_(language)
        data = page_for(1.0, None, note)
    assert data is not None  # a page without pictures is never refused
    name = f"umpire-game-{game.id}.html"
    reply = _REPLY.filled(
        game=game.id, steps=len(steps), boards=len(scenes), size=f"{len(data) / 1_048_576:.1f} MB"
    ).in_(language)
    if note:
        reply += f" {note}"
    if not viewer.referee:
        reply += _HIDDEN.in_(language)
    return HtmlExport(ExportFile(name, data), reply, len(steps), len(scenes))


class HtmlReplays:
    """The HTML replay of a channel's game, read as `/game export` reads it."""

    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def export_html(
        self,
        channel_id: int,
        user_id: int | None,
        language: Language = Language.ENGLISH,
        progress: Progress | None = None,
    ) -> HtmlExport:
        """The page, built in a worker thread; ``progress`` is called from that thread."""
        game = await self.access.open_or_last(channel_id)
        finished = game.row.status == "finished"
        viewer = Viewer.as_referee() if finished else viewer_for(game, user_id)
        rows = await self.access.db.log(game.id)
        return await asyncio.to_thread(html_export_of, game, rows, viewer, language, progress)
