"""A stand-in for one bot process of a cluster, for the launcher's tests:
``python -m tests.cluster.stub_process FOLDER [--die-first N] [--ignore-term]``.

It appends a line to ``FOLDER/started`` (its index, pid, shard count, shard ids and
whether it syncs the commands), then waits. SIGTERM makes it finish a pretend reply
(0.3 s), append ``index pid`` to ``FOLDER/stopped`` and exit 0, unless ``--ignore-term``.
With ``--die-first N`` its first N starts of each index exit at once with status 3.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--die-first", type=int, default=0)
    parser.add_argument("--ignore-term", action="store_true")
    args = parser.parse_args()
    index = os.environ["UMPIRE_CLUSTER_PROCESS"]
    started = args.folder / "started"
    earlier = [
        line for line in (started.read_text().splitlines() if started.exists() else [])
        if line.split()[0] == index
    ]  # fmt: skip
    line = " ".join(
        [
            index,
            str(os.getpid()),
            os.environ["UMPIRE_SHARD_COUNT"],
            json.dumps(json.loads(os.environ["UMPIRE_SHARD_IDS"]), separators=(",", ":")),
            os.environ["UMPIRE_SYNC_COMMANDS"],
            os.environ.get("UMPIRE_METRICS_PORT", "-"),
        ]
    )

    def finish(signum: int, frame: FrameType | None) -> None:
        time.sleep(0.3)  # the reply under way
        with (args.folder / "stopped").open("a") as out:
            out.write(f"{index} {os.getpid()}\n")
        sys.exit(0)

    signal.signal(signal.SIGTERM, signal.SIG_IGN if args.ignore_term else finish)
    with started.open("a") as out:  # up: from here on SIGTERM is answered
        out.write(line + "\n")
    if len(earlier) < args.die_first:
        sys.exit(3)
    while True:
        time.sleep(0.05)


if __name__ == "__main__":
    main()
