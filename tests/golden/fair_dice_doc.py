"""The standalone verifier printed in ``docs/fair-dice.md``, exactly as a reader would copy
it, and a way to run it on exported game files."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "fair-dice.md"
SECTION = "## Verifying a game yourself"


def verifier_script() -> str:
    """The first Python block under the doc's verifying section."""
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"```python\n(.*?)```", text[text.index(SECTION) :], re.DOTALL)
    assert found is not None, f"no Python block under {SECTION!r} in {DOC}"
    return found.group(1)


def run_verifier(folder: Path, *exports: Path) -> subprocess.CompletedProcess[str]:
    """Run the doc's script on ``exports`` (a ``.json.gz`` file or its parts in order)."""
    script = folder / "verify_game.py"
    script.write_text(verifier_script(), encoding="utf-8")
    command = [sys.executable, str(script), *map(str, exports)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)
