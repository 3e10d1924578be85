"""The test's side of the multi-process trials: start ``cluster_worker`` processes, hold
them at a start barrier, read their answers as they come and kill them with SIGKILL."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


class Worker:
    """One ``python -m tests.reliability.cluster_worker`` process and what it answered."""

    def __init__(
        self, store: str, commands: list[dict[str, Any]], folder: Path, name: str, *, rush: bool
    ) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        script = folder / f"{name}.jsonl"
        script.write_text("".join(json.dumps(c) + "\n" for c in commands), encoding="utf-8")
        self.name = name
        self.answers: list[dict[str, Any]] = []
        self.ready = False
        self.errors = folder / f"{name}.err"
        self._changed = threading.Condition()
        command = [sys.executable, "-m", "tests.reliability.cluster_worker", store, str(script)]
        with self.errors.open("w", encoding="utf-8") as errors:
            self.process = subprocess.Popen(
                [*command, "--rush"] if rush else command,
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
                encoding="utf-8",
                errors="replace",  # a kill may cut a line in half
            )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            try:
                answer = json.loads(raw)
            except json.JSONDecodeError:
                continue  # the last line, cut off by a kill
            with self._changed:
                if answer.get("ready"):
                    self.ready = True
                else:
                    self.answers.append(answer)
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def _wait(self, done: Any, timeout: float, what: str) -> None:
        with self._changed:
            if not self._changed.wait_for(
                lambda: done() or self.process.poll() is not None, timeout
            ):
                raise AssertionError(f"{self.name}: no {what} within {timeout:.0f}s")
            if not done():
                self.process.wait()
                raise AssertionError(
                    f"{self.name} exited ({self.process.returncode}) before {what}: "
                    f"{self.stderr()[-1500:]}"
                )

    def wait_ready(self, timeout: float) -> None:
        self._wait(lambda: self.ready, timeout, "ready")

    def wait_answers(self, count: int, timeout: float) -> None:
        self._wait(lambda: len(self.answers) >= count, timeout, f"{count} answers")

    def go(self) -> None:
        """Let it past the start barrier."""
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()

    def finish(self, timeout: float) -> int:
        """Wait for it to exit; its exit status."""
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.name} still running after {timeout:.0f}s") from None
        self._reader.join(timeout)
        return status

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._reader.join(10)

    def stderr(self) -> str:
        return self.errors.read_text(encoding="utf-8", errors="replace")


def started(workers: list[Worker], timeout: float) -> None:
    """Wait until every worker is ready, then let them all go at once."""
    for worker in workers:
        worker.wait_ready(timeout)
    for worker in workers:
        worker.go()
