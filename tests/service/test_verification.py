"""/game verify proves the dice were fair: every roll re-derives from the revealed seed,
and the rolls used the seed's dice stream in order, so no counter could have been skipped
to pick better dice. Rolls of undone actions stay in the log and are counted too."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.service import GameService
from bot.service.read_models import OutOfSequence
from bot.service.roll_sequence import first_counter_break
from bot.store.records import LogRow
from rules.core.dice import DiceStream
from rules.core.events import DiceRolled, Event
from tests.conftest import ALICE, BOB, CHANNEL, started_demo


async def raced_and_ended(service: GameService) -> None:
    """A demo game with initiative rolls, a dash taken back with consent, and the end."""
    await started_demo(service)
    await service.act(CHANNEL, ALICE, "pick attack")
    await service.act(CHANNEL, BOB, "pick feint")
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    first = ALICE if game.state.active == "red" else BOB  # type: ignore[attr-defined]
    await service.act(CHANNEL, first, "dash")
    await service.undo(CHANNEL, first)
    await service.approve_undo(CHANNEL, BOB if first is ALICE else ALICE)
    await service.act(CHANNEL, first, "dash")
    await service.end(CHANNEL, ALICE)


def roll_rows(database: Path) -> list[tuple[int, dict[str, object]]]:
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT seq, payload FROM events WHERE kind = 'event'")
        found = [(seq, json.loads(payload)) for seq, payload in rows]
    return [(seq, payload) for seq, payload in found if payload["type"] == "dice"]


async def test_a_game_with_an_undone_roll_verifies(service: GameService) -> None:
    await raced_and_ended(service)
    checked = await service.verify(CHANNEL)
    assert checked.report is not None and checked.report.ok
    assert checked.out_of_sequence is None and checked.fair and checked.consistent
    # the undone dash and its repeat drew the same counter: both are in the log
    assert len(checked.report.checks) == 4


async def test_a_roll_moved_to_a_better_counter_is_caught(
    service: GameService, tmp_path: Path
) -> None:
    await raced_and_ended(service)
    database = tmp_path / "umpire.db"
    seq, payload = roll_rows(database)[1]  # the second initiative roll
    assert payload["purpose"] == "initiative"
    # the host skips far ahead and writes dice the seed really gives at that counter
    seed = bytes.fromhex((await service.export(CHANNEL, None)).seed or "")
    stream = DiceStream(seed, 1_000_004)
    payload |= {"values": stream.draw_many(1, 10), "counter_start": 1_000_004}
    payload["counter_end"] = stream.counter
    with sqlite3.connect(database) as connection:
        connection.execute(
            "UPDATE events SET payload = ? WHERE seq = ?", (json.dumps(payload), seq)
        )
    checked = await service.verify(CHANNEL)
    assert checked.report is not None and checked.report.ok  # each roll alone re-derives
    number = next(r.number for r in (await service.export(CHANNEL, None)).log if r.seq == seq)
    assert checked.out_of_sequence == OutOfSequence(
        number=number, purpose="initiative", expected=(1,), found=1_000_004
    )
    assert not checked.fair


def _rows(*entries: tuple[int, str, object]) -> tuple[list[LogRow], dict[int, Event]]:
    """Log rows from (batch, kind, content): a roll's (start, end) or an undo's batches."""
    rows: list[LogRow] = []
    events: dict[int, Event] = {}
    for seq, (batch, kind, content) in enumerate(entries, 1):
        payload = "{}"
        if kind == "undo":
            payload = json.dumps({"batches": content, "text": "undo"})
        else:
            start, end = content  # type: ignore[misc]
            events[seq] = DiceRolled(
                purpose=f"roll {seq}",
                sides=6,
                values=(1,) * (end - start),
                counter_start=start,
                counter_end=end,
            )
        rows.append(LogRow(seq, batch, kind, None, None, "public", payload, 0.0))
    return rows, events


def test_rolls_must_run_on_from_zero() -> None:
    assert first_counter_break(*_rows((1, "event", (0, 2)), (3, "event", (2, 3)))) is None
    skipped = first_counter_break(*_rows((1, "event", (0, 2)), (3, "event", (5, 6))))
    assert skipped is not None and (skipped.seq, skipped.expected, skipped.found) == (2, (2,), 5)
    late = first_counter_break(*_rows((1, "event", (1, 2))))
    assert late is not None and late.expected == (0,)
    repeated = first_counter_break(*_rows((1, "event", (0, 2)), (3, "event", (0, 2))))
    assert repeated is not None and repeated.found == 0


def test_after_an_undo_the_dice_are_drawn_again_or_fresh_ones() -> None:
    before = ((1, "event", (0, 2)), (3, "event", (2, 4)), (5, "undo", [3]))
    # a replay of the live log draws the undone counters again
    assert first_counter_break(*_rows(*before, (6, "event", (2, 3)))) is None
    # or the stream moves on past every counter ever drawn
    assert first_counter_break(*_rows(*before, (6, "event", (4, 5)))) is None
    # anything else is a skip, and once chosen the sequence runs on from there
    skipped = first_counter_break(*_rows(*before, (6, "event", (5, 6))))
    assert skipped is not None and skipped.expected == (2, 4) and skipped.found == 5
    back = first_counter_break(*_rows(*before, (6, "event", (4, 5)), (8, "event", (2, 3))))
    assert back is not None and back.seq == 5 and back.expected == (5,)
