"""Shared fixtures: a file database per test, the demo system, fixed seeds and clock; a
throwaway PostgreSQL server and ``store``, run once on each backend."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.service import GameService, Outcome, Player
from bot.store import Database, Store, open_store
from bot.systems import install_systems
from tests import figures
from tests.postgres_server import Server, Unavailable

install_systems(unlisted=True)

CHECKOUT_OUT = Path(__file__).resolve().parents[1] / "umpire-out"  # local mode's pictures

ALICE = Player(101, "alice")
BOB = Player(202, "bob")
CAROL = Player(303, "carol")
CHANNEL = 5000


class FakeClock:
    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def fixed_seeds() -> object:
    counter = iter(range(1, 1_000_000))
    return lambda: next(counter).to_bytes(32, "big")


def folder_listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` with its size and modification time."""
    if not folder.exists():
        return {}
    return {
        str(path.relative_to(folder)): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in folder.rglob("*")
        if path.is_file()
    }


@pytest.fixture(scope="session", autouse=True)
def checkout_left_alone() -> Iterator[None]:
    """Tests write pictures and databases to temporary folders only, never into the
    checkout's ``./umpire-out`` where local mode puts a player's pictures."""
    before = folder_listing(CHECKOUT_OUT)
    yield
    after = folder_listing(CHECKOUT_OUT)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    if changed:
        pytest.fail(f"tests wrote into {CHECKOUT_OUT}: {', '.join(changed[:10])}")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(str(tmp_path / "umpire.db"))
    yield database
    await database.close()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """A PostgreSQL server of this test session (each xdist worker starts its own);
    skipped, with the reason, on a machine without PostgreSQL, but never in CI, whose
    `.ci/run` installs it."""
    try:
        server = Server.start()
    except Unavailable as reason:
        message = f"no PostgreSQL server for the PostgreSQL store tests: {reason}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server: Server) -> Iterator[str]:
    """The address of an empty database of its own for this test."""
    url = postgres_server.new_database()
    yield url
    postgres_server.drop_database(url)


@pytest.fixture
def shared_location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where several processes of a test keep one store: a PostgreSQL database of its
    own, or where this machine has no PostgreSQL, a shared SQLite file."""
    try:
        return str(request.getfixturevalue("postgres_url"))
    except pytest.skip.Exception:
        return str(tmp_path / "cluster.db")


BACKENDS = ("sqlite", "postgres")


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """An empty store, once on SQLite and once on PostgreSQL."""
    if request.param == "postgres":
        location = str(request.getfixturevalue("postgres_url"))
    else:
        location = str(tmp_path / "umpire.db")
    opened = await open_store(location)
    yield opened
    await opened.close()


@pytest.fixture
async def service(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]


async def started_demo(service: GameService, channel: int = CHANNEL) -> None:
    await service.create(channel, 1, ALICE, "demo")
    await service.join(channel, BOB)
    await service.start(channel, ALICE)


WASTELAND_PATROL = "size=patrol mission=annihilation battlefield=hollowgate-ruins rounds=6"


async def secretly_drafted(service: GameService, alice_edits: int) -> list[Outcome]:
    """A Wasteland patrol in which alice edits her secret army-list draft ``alice_edits``
    times before submitting, then bob drafts his: every outcome, in order."""
    await service.create(CHANNEL, 1, ALICE, "wasteland", WASTELAND_PATROL)
    await service.join(CHANNEL, BOB)
    outcomes = [await service.start(CHANNEL, ALICE)]
    for _ in range(alice_edits):
        outcomes.append(await service.act(CHANNEL, ALICE, "army starter cistern-wardens"))
    outcomes.append(await service.act(CHANNEL, ALICE, "submit"))
    outcomes.append(await service.act(CHANNEL, BOB, "army starter scrapwind-riders"))
    return outcomes


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``reliability`` run only when a ``-m`` expression names them, as
    ``make reliability`` does with ``-m reliability``; plain ``pytest`` leaves them out."""
    if "reliability" in config.getoption("markexpr"):
        return
    long = [item for item in items if item.get_closest_marker("reliability")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("reliability")]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    figures.note_fault_scenario(report)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    figures.write_table(terminalreporter)
