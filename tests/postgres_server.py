"""A throwaway PostgreSQL server for the tests: started with the machine's ``initdb`` and
``pg_ctl`` in a temporary folder, listening on a free loopback port only, stopped and
removed at the end of the session. Each test gets a database of its own.

PostgreSQL refuses to run as root, so under root the server runs as an ordinary account
(``postgres`` where the package made one, else ``nobody``) that owns the temporary folder.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import psycopg

USER = "umpire"
PROGRAMS = ("initdb", "pg_ctl")
CHOSEN = "UMPIRE_POSTGRES_BIN"
"""Names the folder of the ``initdb`` and ``pg_ctl`` to use instead of looking for them
(one version among several; or a folder without them, to run the tests as a machine
without PostgreSQL would)."""


class Unavailable(Exception):
    """This machine cannot start a PostgreSQL server; the message says why."""


def usual_folders() -> list[Path]:
    """Where ``initdb`` and ``pg_ctl`` may be: on PATH, in /usr/local/bin, or in
    /usr/lib/postgresql/N/bin (where Debian's packages put them), newest first."""
    on_path = shutil.which("initdb")
    candidates = [Path(on_path).parent] if on_path else []
    candidates.append(Path("/usr/local/bin"))
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    versions.sort(key=lambda folder: int(Path(folder).parent.name.split(".")[0]), reverse=True)
    return candidates + [Path(folder) for folder in versions]


def find_programs(folders: list[Path] | None = None) -> Path:
    """The first of ``folders`` (by default :func:`usual_folders`, or the one folder
    :data:`CHOSEN` names) holding both programs."""
    chosen = os.environ.get(CHOSEN)
    if folders is None and chosen is not None:
        if all((Path(chosen) / program).is_file() for program in PROGRAMS):
            return Path(chosen)
        raise Unavailable(f"{CHOSEN}={chosen} holds no initdb and pg_ctl")
    for folder in usual_folders() if folders is None else folders:
        if all((folder / program).is_file() for program in PROGRAMS):
            return folder
    raise Unavailable(
        "PostgreSQL is not installed (no initdb and pg_ctl on PATH, in /usr/local/bin or "
        "in /usr/lib/postgresql/*/bin); `.ci/run` installs it"
    )


def _account() -> pwd.struct_passwd | None:
    """The account the server runs as: None for the current one, unless that is root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise Unavailable("running as root and no 'postgres' or 'nobody' account to run the server")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    folder: Path
    port: int
    programs: Path
    account: pwd.struct_passwd | None
    _names: itertools.count[int]
    options: str = ""  # the server's own settings, given to pg_ctl at every start

    @classmethod
    def start(cls, *, durable: bool = False) -> Server:
        """Start a server; ``durable`` keeps PostgreSQL's flushing of every commit to disk
        (the benchmarks compare it with SQLite's full sync), which the tests go without."""
        programs = find_programs()
        account = _account()
        folder = Path(tempfile.mkdtemp(prefix="umpire-pg-"))
        server = cls(folder, _free_port(), programs, account, itertools.count(1))
        try:
            if account is not None:
                os.chown(folder, account.pw_uid, account.pw_gid)
            server._run(
                "initdb",
                "-D",
                str(folder / "data"),
                "-U",
                USER,
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            )
            options = f"-p {server.port} -c listen_addresses=127.0.0.1 "
            options += f"-c unix_socket_directories={folder}"
            if not durable:
                options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            server.options = options
            server.resume()
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return server

    def resume(self) -> None:
        """Start the server (again, after :meth:`halt`) on its folder and port."""
        data, log = str(self.folder / "data"), str(self.folder / "server.log")
        self._run("pg_ctl", "-D", data, "-l", log, "-o", self.options, "-w", "start")

    def halt(self, mode: str = "immediate") -> None:
        """Stop the server, keeping its data: ``immediate`` as a crash would (every
        connection cut at once), ``fast`` as an operator's restart does."""
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", mode, "-w", "stop")

    def _run(self, program: str, *arguments: str) -> None:
        user = {} if self.account is None else {"user": self.account.pw_uid}
        group = {} if self.account is None else {"group": self.account.pw_gid, "extra_groups": []}
        done = subprocess.run(
            [str(self.programs / program), *arguments],
            cwd=self.folder,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
            **user,  # type: ignore[arg-type]
            **group,  # type: ignore[arg-type]
        )
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.is_file() else ""
            raise RuntimeError(f"{program} failed: {done.stderr.strip()}\n{tail}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; returns its address."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[-1]
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        try:
            if (self.folder / "data" / "postmaster.pid").exists():  # not halted already
                self.halt()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
