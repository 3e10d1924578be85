"""The example games as fixed references: what each script prints, draws and verifies.

Each example runs in local mode with its seed. Its transcript (with the picture folder
written as ``<out>``) and the SHA-256 of every board picture are kept under ``recorded/``,
so any change that alters what players see, which dice they get or what ``/game verify``
says shows up as a difference. A database cut half-way through each game, written by an
earlier release, is kept too: the rest of the script played on it must print exactly the
rest of the reference transcript.

``recorded/earlier/`` keeps what the release before the system kit printed and drew: each
example must still say the same words, roll the same dice and draw the same pictures in
the same order, log numbers and picture versions aside (they count the pending steps the
log now keeps), except for the deliberate differences of later fixes. Those are kept as
``earlier/<example>.deliberate.diff`` (what differs from the earlier release, line by line,
pictures as ``picture N: <sha256>`` lines) and each is explained in
``earlier/DIFFERENCES.md``.

``python -m tests.golden.examples [name ...]`` records the transcripts, pictures and
deliberate differences anew (never ``earlier/``'s own transcripts), of the named examples
only when names are given; only do that for a change that is
meant to alter the games, and say in ``earlier/DIFFERENCES.md`` which lines changed and
why. ``--databases`` also rewrites the half-way databases; only a release that changes
what is stored should do that, since they stand for games saved by an earlier release (or
a new example's first recording, named alone).
"""

from __future__ import annotations

import difflib
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDED = Path(__file__).resolve().parent / "recorded"
OUT_MARK = "<out>"
EARLIER = RECORDED / "earlier"
LOG_NUMBER = re.compile(r"`\d+`|-v\d+\.png")
PICTURE = re.compile(r"board-\S*?-v\d+\.png")


@dataclass(frozen=True)
class Example:
    """An example script and its seed; ``earlier`` when the release before the system kit
    recorded it too (systems added since have nothing to compare with there); ``language``
    the players' language (``--language``)."""

    name: str
    seed: int
    demo: bool = False
    earlier: bool = True
    language: str = "en"

    @property
    def script(self) -> Path:
        return ROOT / "examples" / f"{self.name}.txt"

    def lines(self) -> list[str]:
        return self.script.read_text(encoding="utf-8").splitlines()

    def cut(self) -> int:
        """The script line after which the upgrade database was written: the middle command."""
        commands = [n for n, line in enumerate(self.lines()) if line.startswith("@")]
        return commands[len(commands) // 2]


EXAMPLES = (
    Example("demo", 7, demo=True),
    Example("tannhauser-deathmatch", 7),
    Example("wasteland-patrol", 11),
    Example("wasteland-platoon", 11),
    Example("squad-skirmish", 5, earlier=False),
    Example("squad-three-way", 5, earlier=False),
    Example("orders-skirmish", 5, earlier=False),
    Example("orders-four-bands", 5, earlier=False),
    Example("orders-upper-floor", 3, earlier=False),
    Example("blackpowder-skirmish", 7, earlier=False),
    Example("blackpowder-gefecht", 7, earlier=False, language="de"),
)


@dataclass(frozen=True)
class Played:
    transcript: str
    boards: dict[str, str]
    code: int
    errors: str


def play(example: Example, script: Path, folder: Path, db: Path) -> Played:
    """Run ``script`` in local mode on ``db``; pictures go to ``folder/out``."""
    out = folder / "out"
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "UMPIRE_DATABASE")}
    command = [sys.executable, "-m", "bot", "local", "--script", str(script)]
    command += ["--seed", str(example.seed), "--out", str(out), "--db", str(db)]
    if example.demo:
        command.append("--demo")
    if example.language != "en":
        command += ["--language", example.language]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, env=env, timeout=600)
    text = done.stdout.decode("utf-8").replace(str(out), OUT_MARK)
    boards = {}
    if out.is_dir():
        for path in sorted(out.glob("*.png")):
            boards[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return Played(text, boards, done.returncode, done.stderr.decode("utf-8", "replace"))


def ad_hoc(line: str) -> bool:
    """A ``/roll`` line: its dice come from the process, not the game, so a second process
    rolls other ones; the half-way comparison leaves these lines out."""
    return " /roll " in f"{line} "


def tail_script(example: Example, folder: Path) -> Path:
    """The script from the line after the cut on, without ``/roll`` lines."""
    path = folder / f"{example.name}-tail.txt"
    rest = [line for line in example.lines()[example.cut() + 1 :] if not ad_hoc(line)]
    path.write_text("\n".join(rest) + "\n", encoding="utf-8")
    return path


def head_script(example: Example, folder: Path) -> Path:
    path = folder / f"{example.name}-head.txt"
    path.write_text("\n".join(example.lines()[: example.cut() + 1]) + "\n", encoding="utf-8")
    return path


def transcript_after(transcript: str, example: Example) -> str:
    """The part of a whole game's transcript printed for the lines after the cut."""
    following = next(line for line in example.lines()[example.cut() + 1 :] if line.startswith("@"))
    marker = f"> {following.strip()}\n"
    lines = transcript.splitlines(keepends=True)
    # the cut's own command and everything before it come first; find the echo of the next
    before = sum(1 for line in example.lines()[: example.cut() + 1] if line.startswith("@"))
    echoes = [n for n, line in enumerate(lines) if line.startswith("> ")]
    start = echoes[before]
    assert lines[start] == marker, (lines[start], marker)
    kept: list[str] = []
    skipping = False
    for line in lines[start:]:
        if line.startswith("> "):
            skipping = ad_hoc(line.strip())
        if not skipping:
            kept.append(line)
    return "".join(kept)


def recorded_transcript(example: Example) -> str:
    return (RECORDED / f"{example.name}.transcript").read_text(encoding="utf-8")


def recorded_boards(example: Example) -> dict[str, str]:
    boards: dict[str, str] = json.loads((RECORDED / f"{example.name}.boards.json").read_text())
    return boards


def earlier_transcript(example: Example) -> str:
    return (EARLIER / f"{example.name}.transcript").read_text(encoding="utf-8")


def earlier_boards(example: Example) -> dict[str, str]:
    boards: dict[str, str] = json.loads((EARLIER / f"{example.name}.boards.json").read_text())
    return boards


def unnumbered(transcript: str) -> str:
    """The transcript with log numbers and picture versions masked."""
    return LOG_NUMBER.sub(lambda m: "`#`" if m.group().startswith("`") else "-v#.png", transcript)


def pictures(boards: dict[str, str], transcript: str) -> list[str | None]:
    """The pictures' contents in the order the transcript shows them."""
    return [boards.get(name) for name in PICTURE.findall(transcript)]


def comparable(transcript: str, boards: dict[str, str]) -> list[str]:
    """What must match the earlier release: the unnumbered lines, then each picture shown."""
    shown = pictures(boards, transcript)
    return unnumbered(transcript).splitlines() + [
        f"picture {n}: {digest}" for n, digest in enumerate(shown, 1)
    ]


def differences(example: Example, transcript: str, boards: dict[str, str]) -> str:
    """How ``transcript`` and ``boards`` differ from the earlier release, hunk by hunk
    (nothing for an example that release did not have)."""
    if not example.earlier:
        return ""
    earlier = comparable(earlier_transcript(example), earlier_boards(example))
    now = comparable(transcript, boards)
    lines = list(difflib.unified_diff(earlier, now, "earlier", "now", lineterm="", n=0))
    return "".join(f"{line}\n" for line in lines[2:])


def deliberate(example: Example) -> str:
    """The recorded deliberate differences from the earlier release ("" if none)."""
    path = EARLIER / f"{example.name}.deliberate.diff"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def recorded_database(example: Example, folder: Path) -> Path:
    """A copy of the half-way database written by the release that recorded it."""
    target = folder / f"{example.name}.db"
    with gzip.open(RECORDED / f"{example.name}.half.db.gz", "rb") as source:
        target.write_bytes(source.read())
    return target


def record(databases: bool, only: set[str]) -> None:
    """Record every example (those named in ``only``, when given)."""
    RECORDED.mkdir(exist_ok=True)
    for example in EXAMPLES:
        if only and example.name not in only:
            continue
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            whole = play(example, example.script, folder / "whole", folder / "whole.db")
            if whole.code != 0:
                raise SystemExit(f"{example.name} failed:\n{whole.errors}")
            (RECORDED / f"{example.name}.transcript").write_text(whole.transcript, "utf-8")
            boards = json.dumps(whole.boards, indent=1, sort_keys=True) + "\n"
            (RECORDED / f"{example.name}.boards.json").write_text(boards, "utf-8")
            different = differences(example, whole.transcript, whole.boards)
            diff_path = EARLIER / f"{example.name}.deliberate.diff"
            if different:
                diff_path.write_text(different, "utf-8")
            elif diff_path.exists():
                diff_path.unlink()
            print(
                f"{example.name}: {len(whole.transcript.splitlines())} lines, "
                f"{len(whole.boards)} boards, {different.count(chr(10))} lines differ from earlier"
            )
            if not databases:
                continue
            half_db = folder / "half.db"
            half = play(example, head_script(example, folder), folder / "half", half_db)
            if half.code != 0:
                raise SystemExit(f"{example.name} (first half) failed:\n{half.errors}")
            for suffix in ("-wal", "-shm"):
                leftover = Path(f"{half_db}{suffix}")
                if leftover.exists():
                    raise SystemExit(f"{leftover} was left behind; the database is not closed")
            packed = RECORDED / f"{example.name}.half.db.gz"
            with half_db.open("rb") as source, gzip.GzipFile(packed, "wb", mtime=0) as target:
                shutil.copyfileobj(source, target)
            print(f"{example.name}: half-way database cut after line {example.cut() + 1}")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    record("--databases" in arguments, {a for a in arguments if not a.startswith("-")})
