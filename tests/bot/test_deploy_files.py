"""The deployment files name only settings the bot reads, so a typo there cannot leave a
setting quietly unset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.cluster import GRACE_SECONDS
from bot.config import Settings
from bot.discord_app.shutdown import GRACE_SECONDS as REPLY_GRACE

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_PACKS = re.compile(r"UMPIRE_[A-Z]+_PACKS")  # read by the system that declares them
# what the cluster launcher tells each process besides the settings
LAUNCHER = {"UMPIRE_CLUSTER_PROCESS"}


def known() -> set[str]:
    return {str(field.alias) for field in Settings.model_fields.values() if field.alias}


@pytest.mark.parametrize("name", ["deploy/compose.yaml", ".env.example", "deploy/README.md"])
def test_every_setting_named_is_one_the_bot_reads(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    named = set(re.findall(r"\b(?:UMPIRE_[A-Z_]+|DISCORD_TOKEN)\b", text))
    unknown = {n for n in named - known() - LAUNCHER if not SYSTEM_PACKS.fullmatch(n)}
    assert named and not unknown, unknown


def test_stopping_is_given_longer_than_the_bot_takes_to_stop() -> None:
    compose = (ROOT / "deploy/compose.yaml").read_text(encoding="utf-8")
    assert '"cluster", "--processes", "2"' in compose
    assert "UMPIRE_DATABASE_URL: postgresql://" in compose and "image: postgres:" in compose
    found = re.search(r"stop_grace_period: (\d+)s", compose)
    assert found is not None and int(found[1]) > GRACE_SECONDS > REPLY_GRACE
    unit = (ROOT / "deploy/umpire.service").read_text(encoding="utf-8")
    found = re.search(r"TimeoutStopSec=(\d+)", unit)
    assert found is not None and int(found[1]) > GRACE_SECONDS
