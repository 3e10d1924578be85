"""Hostile numbers and ids straight into the service, and hostile lines into local mode.

Discord enforces each option's range, but the service is also called by the terminal mode
(which reads numbers from text), by components (whose ids come back from ``custom_id``s)
and by the reminder loop. Huge, negative and non-finite numbers and ids that no SQLite
integer can hold must be refused with a message, never raise anything else, and a
refusal changes nothing. The terminal mode reads whole lines: any line is either not a
command (a specific complaint) or a command answered like on Discord, never an incident.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.local.lines import MalformedLine, parse_line
from bot.local.session import LocalSession
from bot.service import GameService, UserError
from bot.store import Database
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock, fixed_seeds
from tests.setups import listed_systems

from .conftest import long, quick, tally
from .harness import ACTIVE, CONTEXTS, Driver, snapshot
from .hostile import GENERIC, NUMBERS, TRACEBACK, hostile_text

any_int = st.one_of(
    st.integers(),
    st.sampled_from([0, -1, 1, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**40, -(10**40)]),
)
any_float = st.one_of(
    st.floats(),
    st.sampled_from([float("nan"), float("inf"), float("-inf"), 1e308, -0.0, 0.999, 336.0001]),
    st.integers(-(10**30), 10**30),
)


async def _service_call(path: Path, method: str, args: dict[str, Any]) -> BaseException | None:
    db = await Database.open(str(path))
    service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
    player = {"alice": ALICE, "bob": BOB, "carol": CAROL}[args.pop("who", "alice")]
    try:
        if method == "settings":
            await service.settings(CHANNEL, player, args["hours"])
        elif method == "undo":
            await service.undo(CHANNEL, player, args["count"])
        elif method == "log":
            await service.log_lines(CHANNEL, player.user_id, args["last"])
        elif method == "log_page":
            await service.log_page(CHANNEL, player.user_id, args["page"])
        elif method == "catchup":
            await service.catchup(CHANNEL, player.user_id, args["page"])
        elif method == "game_by_id":
            await service.game_by_id(args["game"])
        elif method == "act":
            await service.act(
                CHANNEL,
                player,
                args["notation"],
                expected_version=args["version"],
                game_id=args["game"],
            )
        else:
            await service.approve_undo(CHANNEL, player, expected_version=args["version"])
    except Exception as error:
        return error
    finally:
        await db.close()
    return None


CALLS = {
    "settings": st.fixed_dictionaries({"hours": any_float}),
    "undo": st.fixed_dictionaries({"count": any_int}),
    "log": st.fixed_dictionaries({"last": any_int}),
    "log_page": st.fixed_dictionaries({"page": st.one_of(st.none(), any_int)}),
    "catchup": st.fixed_dictionaries({"page": st.one_of(st.none(), any_int)}),
    "game_by_id": st.fixed_dictionaries({"game": any_int}),
    "act": st.fixed_dictionaries(
        {
            "notation": st.one_of(st.just("decline"), hostile_text(0, 300)),
            "version": st.one_of(st.none(), any_int, hostile_text(0, 40)),
            "game": st.one_of(st.none(), any_int),
        }
    ),
    "approve_undo": st.fixed_dictionaries(
        {"version": st.one_of(st.none(), any_int, hostile_text(0, 40))}
    ),
}


def fuzz_service(driver: Driver, method: str, settings: Any) -> None:
    @settings
    @given(
        context=st.sampled_from(CONTEXTS),
        who=st.sampled_from(["alice", "bob", "carol"]),
        args=CALLS[method],
    )
    def case(context: str, who: str, args: dict[str, Any]) -> None:
        path = driver.fresh(context)
        before = snapshot(path)
        start = time.process_time()
        error = driver.run(_service_call(path, method, {**args, "who": who}))
        tally(f"service {method}", 1, time.process_time() - start, repr(args))
        why = f"{method}({args!r}) in {context} by {who}: {error!r}"
        assert error is None or isinstance(error, UserError), why
        if error is not None:
            assert error.message.strip() and GENERIC not in error.message, why
            assert snapshot(path) == before, "a refusal changed the game: " + why

    case()


@pytest.mark.parametrize("method", sorted(CALLS))
def test_hostile_numbers_and_ids_are_refused_by_the_service(driver: Driver, method: str) -> None:
    fuzz_service(driver, method, quick(6))


@pytest.mark.reliability
@pytest.mark.parametrize("method", sorted(CALLS))
def test_hostile_numbers_long_run(driver: Driver, method: str) -> None:
    fuzz_service(driver, method, long(300))


# -- the terminal mode ---------------------------------------------------------------------

LOCAL_COMMANDS = {
    "/game new": ("system", "options", "side"),
    "/game join": ("side",),
    "/game leave": (),
    "/game start": (),
    "/game status": (),
    "/game board": (),
    "/game log": ("last", "page"),
    "/game catchup": ("page",),
    "/game sheet": ("name", "system"),
    "/game undo": ("count", "approve"),
    "/game concede": (),
    "/game end": (),
    "/game export": (),
    "/game replay": ("from", "to"),
    "/game verify": (),
    "/game list": (),
    "/game settings": ("reminder",),
    "/act": ("action",),
    "/roll": ("dice", "private"),
    "/rules": ("topic", "system"),
    "/table": ("name", "row", "column"),
    "/help": ("topic",),
    "/dms": ("open",),
    "/admin check": (),
}


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


# words a local line's options could plausibly hold: system ids, seats, yes and no
PLAUSIBLE = sorted(
    {s.id for s in listed_systems()}
    | {spec.id for s in listed_systems() for spec in s.seat_specs}
    | {"true", "no"}
)


@st.composite
def local_lines(draw: st.DrawFn) -> str:
    if draw(st.integers(0, 5)) == 0:
        return draw(hostile_text(0, 200))  # anything at all typed at the prompt
    who = draw(st.sampled_from(["alice", "bob", "carol", "@everyone", "<@&5>"]))
    command = draw(st.sampled_from(sorted(LOCAL_COMMANDS)))
    words = [f"@{who}", command]
    known = LOCAL_COMMANDS[command]
    chosen = draw(st.lists(st.sampled_from(known), unique=True)) if known else []
    for option in chosen:
        value = draw(
            st.one_of(
                st.sampled_from(NUMBERS),
                st.sampled_from(PLAUSIBLE),
                hostile_text(0, 60),
            )
        )
        words.append(f"{option}:{_quoted(value)}")
    return " ".join(words)


async def _prepare_local(path: Path) -> None:
    db = await Database.open(str(path))
    try:
        service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
        session = LocalSession(service, path.parent / "out", emit=lambda _: None)
        for line in (
            f"@alice /game new system:{listed_systems()[0].id}",
            "@bob /game join",
            "@alice /game start",
        ):
            parsed = parse_line(line)
            assert parsed is not None
            await session.run(parsed)
    finally:
        await db.close()


def local_template(driver: Driver) -> Path:
    """A database with a game of the first listed system under way in the terminal's
    channel (made once)."""
    template = driver.work / "local-template.db"
    if not template.exists():
        driver.run(_prepare_local(template))
    return template


async def _local(path: Path, line: str) -> list[str]:
    said: list[str] = []
    db = await Database.open(str(path))
    try:
        service = GameService(db, clock=FakeClock(), seed_source=fixed_seeds())  # type: ignore[arg-type]
        session = LocalSession(
            service, path.parent / "out", emit=said.append, dice_seed=lambda: bytes(32)
        )
        try:
            parsed = parse_line(line)
            if parsed is not None:
                await session.run(parsed)
        except MalformedLine as complaint:
            said.append(f"[malformed] {complaint}")
            assert str(complaint).strip(), line
    finally:
        await db.close()
    return said


def fuzz_local(driver: Driver, settings: Any) -> None:
    template = local_template(driver)

    @settings
    @given(line=local_lines())
    def case(line: str) -> None:
        path = driver.fresh(template)
        start = time.process_time()
        said = driver.run(_local(path, line))
        tally("local mode lines", 1, time.process_time() - start, repr(line))
        for text in said:
            assert GENERIC not in text, (line, said)
            assert not TRACEBACK.search(text), (line, said)

    case()


def test_any_line_in_local_mode(driver: Driver) -> None:
    fuzz_local(driver, quick(20))


@pytest.mark.reliability
def test_any_line_in_local_mode_long_run(driver: Driver) -> None:
    fuzz_local(driver, long(1500))


# -- the cases that once escaped as exceptions ---------------------------------------------


@pytest.mark.parametrize("hours", [float("nan"), float("inf"), float("-inf"), 1e308, -1e308])
def test_a_reminder_that_is_not_a_finite_number_is_refused(driver: Driver, hours: float) -> None:
    path = driver.fresh(ACTIVE[0])
    error = driver.run(_service_call(path, "settings", {"hours": hours}))
    assert isinstance(error, UserError) and "between 1 hour and 336 hours" in error.message


@pytest.mark.parametrize("game", [0, -1, 2**63, 2**64, 10**95])
def test_a_component_naming_no_possible_game_has_expired(driver: Driver, game: int) -> None:
    path = driver.fresh(ACTIVE[0])
    error = driver.run(_service_call(path, "game_by_id", {"game": game}))
    assert isinstance(error, UserError) and "expired" in error.message


@pytest.mark.parametrize("version", [-1, -(2**63) - 1, 2**63, 10**40])
def test_an_answer_for_a_version_that_never_was_has_expired(driver: Driver, version: int) -> None:
    path = driver.fresh(ACTIVE[0])
    args = {"notation": "decline", "version": version, "game": None}
    error = driver.run(_service_call(path, "act", args))
    assert isinstance(error, UserError) and "expired" in error.message


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e309"])
def test_local_mode_refuses_a_reminder_that_is_not_a_number(driver: Driver, value: str) -> None:
    template = local_template(driver)
    said = driver.run(_local(driver.fresh(template), f"@alice /game settings reminder:{value}"))
    assert said == [
        "[ephemeral:alice] The reminder delay must be between 1 hour and 336 hours (14 days)."
    ]
