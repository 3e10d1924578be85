"""Figures the reliability suites measure, and the table ``make reliability`` prints.

Suites call :func:`add` with what they tried and found; Discord fault tests carry the
``fault_scenario`` marker and damaged-file tests the ``damaged_files`` marker, and both are
counted as they pass. At the end of a run that asked for
``-m reliability`` the table is printed and written to ``umpire-out/reliability.json``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

RESULTS = Path(__file__).resolve().parents[1] / "umpire-out" / "reliability.json"
TOTALS: defaultdict[str, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))
FAULTS = {"passed": 0, "run": 0}
DAMAGED = {"passed": 0, "run": 0}


def add(section: str, **values: float) -> None:
    """Add ``values`` to the running totals of ``section``."""
    for key, value in values.items():
        TOTALS[section][key] += value


def note_fault_scenario(report: pytest.TestReport) -> None:
    if report.when != "call" or report.skipped:  # a check this machine cannot make
        return
    for marker, counts in (("fault_scenario", FAULTS), ("damaged_files", DAMAGED)):
        if marker in report.keywords:
            counts["run"] += 1
            counts["passed"] += int(report.passed)


def _n(section: str, key: str) -> int:
    return int(TOTALS[section][key])


def rows() -> list[tuple[str, str, bool]]:
    """(what, figure, as required) for every section that ran."""
    found: list[tuple[str, str, bool]] = []
    if "crash" in TOTALS:
        run, survived = _n("crash", "trials"), _n("crash", "survived")
        found.append(("crash trials survived / run", f"{survived} / {run}", survived == run))
        acked, recovered = _n("crash", "acknowledged"), _n("crash", "recovered")
        found.append(
            ("actions acknowledged / recovered", f"{acked} / {recovered}", acked == recovered)
        )
    if "cluster crash" in TOTALS:
        kills, acked = _n("cluster crash", "kills"), _n("cluster crash", "acknowledged")
        found.append(
            (
                "two processes on PostgreSQL, one killed: kills / actions acknowledged, "
                "each in the log once",
                f"{kills} / {acked}",
                True,
            )
        )
    if "concurrency" in TOTALS:
        sent, once = _n("concurrency", "sent"), _n("concurrency", "applied")
        refused, failed = _n("concurrency", "refused"), _n("concurrency", "failed")
        found.append(
            (
                "concurrent commands: applied exactly once / refused with a message / failed",
                f"{once} / {refused} / {failed} of {sent} ({_n('concurrency', 'channels')} "
                "channels)",
                failed == 0 and once + refused == sent,
            )
        )
    if "undo race" in TOTALS:
        sent, once = _n("undo race", "sent"), _n("undo race", "applied")
        refused, broken = _n("undo race", "refused"), _n("undo race", "broken")
        found.append(
            (
                "undo requests, approvals and moves from two processes: applied / refused / "
                "logs broken",
                f"{once} / {refused} / {broken} of {sent}",
                broken == 0 and once + refused == sent,
            )
        )
    if "fuzz" in TOTALS:
        counts = TOTALS["fuzz"]
        found.append(
            (
                "hostile-input cases tried (per command: the list above)",
                f"{int(sum(counts.values()))} over {len(counts)} commands, inputs and handlers",
                True,
            )
        )
    if "hidden" in TOTALS:
        leaks = _n("hidden", "leaks")
        found.append(
            (
                "hidden-information leaks",
                f"{leaks} in {_n('hidden', 'outputs')} outputs of {_n('hidden', 'games')} games",
                leaks == 0,
            )
        )
    if "long_game" in TOTALS:
        game = TOTALS["long_game"]
        if "export_records" in game:
            sent, largest = _n("long_game", "export_sent_bytes"), game["export_largest_file"]
            found.append(
                (
                    "long game export: records, JSON / sent (gzip), files",
                    f"{_n('long_game', 'export_records'):,} records, "
                    f"{game['export_json_bytes'] / 2**20:.1f} / {sent / 2**20:.1f} MiB, "
                    f"{_n('long_game', 'export_files')} file(s) in {game['export_seconds']:.1f} s",
                    largest < 10 * 1024 * 1024,  # Discord's upload limit
                )
            )
        if "verify_records" in game:
            stall = max(game["verify_stall"], game["log_stall"], game.get("export_stall", 0))
            found.append(
                (
                    "long game: /game verify, /game log (deferred first); longest loop stall",
                    f"{game['verify_seconds']:.1f} s, {game['log_seconds']:.1f} s for "
                    f"{_n('long_game', 'verify_records'):,} records; {stall * 1000:.0f} ms",
                    True,
                )
            )
    if FAULTS["run"]:
        found.append(
            (
                "Discord fault scenarios passed",
                f"{FAULTS['passed']} / {FAULTS['run']}",
                FAULTS["passed"] == FAULTS["run"],
            )
        )
    if DAMAGED["run"]:
        found.append(
            (
                "damaged-file scenarios passed",
                f"{DAMAGED['passed']} / {DAMAGED['run']} ({_n('damaged', 'files')} unusable "
                f"databases refused at start-up, {_n('damaged', 'runtime')} refusals while "
                f"running, {_n('damaged', 'packs')} pack files)",
                DAMAGED["passed"] == DAMAGED["run"],
            )
        )
    return found


def write_table(terminal: pytest.TerminalReporter) -> None:
    if "reliability" not in terminal.config.getoption("markexpr"):
        return
    table = rows()
    if not table:
        return
    width = max(len(what) for what, _, _ in table)
    terminal.write_sep("=", "reliability report")
    for what, figure, good in table:
        terminal.write_line(f"{'ok' if good else 'FAILED':<6}  {what:<{width}}  {figure}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {
        "rows": [{"check": w, "figure": f, "ok": g} for w, f, g in table],
        "totals": {section: dict(values) for section, values in TOTALS.items()},
        "fault_scenarios": dict(FAULTS),
        "damaged_files": dict(DAMAGED),
    }
    RESULTS.write_text(json.dumps(data, indent=1) + "\n")
    terminal.write_line(f"written to {RESULTS}")
