"""Which unit hides under which hidden-movement marker is dealt out in secret: two games
that differ only in that give the same public lines, events, views and pictures, set up
and after a marker moves, and through the service the same export, log and board for a
spectator and for the other player."""

from __future__ import annotations

import json
from pathlib import Path

from bot.service import GameService
from bot.store import Database
from rules.blackpowder import actions as act
from rules.blackpowder.narrate import describe
from rules.blackpowder.state import BPState
from rules.blackpowder.system import BlackPowderSystem
from rules.blackpowder.view import view
from rules.core.events import Event
from rules.core.language import Language
from rules.core.visibility import Viewer
from tests.blackpowder.deciding import accepted, with_player
from tests.blackpowder.engine import set_up_game
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock

AMBUSH = {"scenario": "road-ambush"}
SWAPPED = [5, 2, 2, 2, 1]
"""The ambushers' draw that puts B5 (the ranger captain) on the first place and B1 (the
colonel, another unit of one model) on the fifth, every other unit where it was."""


def _public(state: BPState, events: list[Event]) -> list[object]:
    """Every public event as exported, and its line in both languages."""
    shown = []
    for event in events:
        if not event.visibility.allows(Viewer.spectator()):
            continue
        lines = [describe(event, state, language) for language in Language]
        shown.append((event.model_dump(mode="json"), lines))
    return shown


def _looks(state: BPState) -> list[object]:
    """What a spectator and the other player see of the table, and its picture."""
    system = BlackPowderSystem()
    seen = []
    for viewer in (Viewer.spectator(), Viewer.of_seat("alpha")):
        shown = view(state, viewer)
        seen.append(json.dumps(shown.model_dump(mode="json"), sort_keys=True))
        seen.append(system.scene(shown).model_dump(mode="json"))
    return seen


def test_the_draw_decides_which_unit_is_under_which_marker() -> None:
    plain, _ = set_up_game(**AMBUSH)
    swapped, _ = set_up_game(SWAPPED, **AMBUSH)
    under = {u.marker: u.id for u in plain.on_table("bravo")}
    assert under["HB1"] == "B1" and under["HB5"] == "B5"
    assert {u.marker: u.id for u in swapped.on_table("bravo")} == {
        **under,
        "HB1": "B5",
        "HB5": "B1",
    }


def test_games_differing_only_in_who_hides_where_look_the_same_to_the_other_side() -> None:
    first, first_log = set_up_game(**AMBUSH)
    second, second_log = set_up_game(SWAPPED, **AMBUSH)
    assert first != second
    assert _public(first, first_log) == _public(second, second_log)
    assert _looks(first) == _looks(second)
    # the same command and marker move in both: the same public lines and table
    after = []
    for state in (first, second):
        state = with_player(state, "bravo", points=4)
        state, commanded = accepted(state, "bravo", act.Command(unit="HB1"))
        marker = state.marker("HB1")
        to = (marker.x, marker.y + 200)
        state, moved = accepted(state, "bravo", act.Move(unit="HB1", to=to))
        after.append((_public(state, [*commanded, *moved]), _looks(state)))
    assert after[0] == after[1]


async def _played(folder: Path, seed: bytes) -> tuple[object, str]:
    """A road ambush set up from ``seed``: what the bravo player's units are under, and
    everything a spectator (carol) and the other player (alice) can read of it."""
    folder.mkdir()
    db = await Database.open(str(folder / "umpire.db"))
    try:
        service = GameService(db, clock=FakeClock(), seed_source=lambda: seed)
        await service.create(CHANNEL, 1, ALICE, "blackpowder", "scenario=road-ambush")
        await service.join(CHANNEL, BOB)
        await service.start(CHANNEL, ALICE)
        game = await service.game_in(CHANNEL)
        assert game is not None
        under = tuple(sorted((u.marker or "", u.id) for u in game.state.on_table("bravo")))
        seen: list[object] = []
        commitment = ""
        for reader in (CAROL, ALICE):
            exported = await service.export(CHANNEL, reader.user_id)
            commitment = exported.commitment
            # alice's own hand comes from the deck's shuffle: her public records are compared
            records = tuple(r for r in exported.log if r.visibility == "public")
            seen.append(exported.model_copy(update={"log": records}).model_dump(mode="json"))
            seen.append((await service.status(CHANNEL, reader.user_id)).version)
        seen.append((await service.log_lines(CHANNEL, CAROL.user_id, 200)).lines)
        # the hash of the seed differs from game to game, and says nothing of the markers
        return under, json.dumps(seen, indent=1).replace(commitment, "<commitment>")
    finally:
        await db.close()


async def test_the_export_log_and_status_do_not_tell_who_hides_where(tmp_path: Path) -> None:
    seeds = [bytes([n]) * 32 for n in range(1, 6)]
    played = [await _played(tmp_path / str(n), seed) for n, seed in enumerate(seeds)]
    placements = {under for under, _ in played}
    assert len(placements) > 1, "the seeds deal the hidden units alike"
    assert "HB6" in played[0][1] and "<commitment>" in played[0][1]
    for _, seen in played[1:]:
        assert seen == played[0][1]
