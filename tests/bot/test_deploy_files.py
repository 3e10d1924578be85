"""The deployment files name only settings the bot reads, so a typo there cannot leave a
setting quietly unset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

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


def test_the_compose_file_parses_to_postgresql_and_a_two_process_cluster() -> None:
    """No Docker engine runs where the tests do, so compose.yaml is checked by parsing it
    as YAML: PostgreSQL with a health check, and the bot (built from the repository's
    Dockerfile) started as a cluster of two once the database is healthy, on it, with
    each process's metrics port published on the host's loopback only."""
    compose = yaml.safe_load((ROOT / "deploy/compose.yaml").read_text(encoding="utf-8"))
    db, bot = compose["services"]["db"], compose["services"]["bot"]
    assert db["image"].startswith("postgres:") and "pg_isready" in str(db["healthcheck"])
    assert any(volume.startswith("pgdata:") for volume in db["volumes"])
    assert set(compose["volumes"]) == {"pgdata"}
    assert bot["command"] == ["python", "-m", "bot", "cluster", "--processes", "2"]
    build = bot["build"]
    assert (ROOT / "deploy" / build["context"] / build["dockerfile"]).resolve().is_file()
    assert bot["depends_on"] == {"db": {"condition": "service_healthy"}}
    url = bot["environment"]["UMPIRE_DATABASE_URL"]
    assert url.startswith("postgresql://umpire:") and url.endswith("@db:5432/umpire")
    port = int(bot["environment"]["UMPIRE_METRICS_PORT"])
    assert bot["ports"] == [f"127.0.0.1:{port + k}:{port + k}" for k in range(2)]
    assert str(port) in str(bot["healthcheck"]["test"])
