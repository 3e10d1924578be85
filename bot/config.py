"""Configuration from the environment or a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values
from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ENV_FILE = ".env"
LOOPBACK = ("127.0.0.1", "::1", "localhost")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=ENV_FILE, env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    database_path: str = Field(default="./umpire.db", alias="UMPIRE_DATABASE")
    # a postgresql:// address keeps the games on that server instead of the SQLite file
    database_url: str | None = Field(default=None, alias="UMPIRE_DATABASE_URL")
    log_level: str = Field(default="INFO", alias="UMPIRE_LOG_LEVEL")
    reminder_hours: float = Field(default=24.0, ge=1, le=336, alias="UMPIRE_REMINDER_HOURS")
    owner_ids: list[int] = Field(default_factory=list, alias="UMPIRE_OWNER_IDS")
    admin_ids: list[int] = Field(default_factory=list, alias="UMPIRE_ADMIN_IDS")
    dev_guild_id: int | None = Field(default=None, alias="UMPIRE_DEV_GUILD")
    # sharding (``python -m bot cluster`` sets these for each of its processes): how many
    # shards the bot has, which of them this process serves (a JSON list; all if unset),
    # and whether it tells Discord the slash commands (one process of a cluster does)
    shard_count: int | None = Field(default=None, ge=1, alias="UMPIRE_SHARD_COUNT")
    shard_ids: list[int] | None = Field(default=None, alias="UMPIRE_SHARD_IDS")
    sync_commands: bool = Field(default=True, alias="UMPIRE_SYNC_COMMANDS")
    # operations: health and Prometheus metrics on this local port (0: any free one, logged);
    # logs as JSON lines
    metrics_port: int | None = Field(default=None, ge=0, le=65535, alias="UMPIRE_METRICS_PORT")
    metrics_host: str = Field(default="127.0.0.1", alias="UMPIRE_METRICS_HOST")
    log_format: str = Field(default="text", pattern="^(text|json)$", alias="UMPIRE_LOG_FORMAT")
    # for tests only: a stand-in for Discord on this machine, its REST API's base
    # (http://127.0.0.1:PORT/api/v10) and its gateway (ws://127.0.0.1:PORT/gateway);
    # see bot/discord_endpoints.py
    discord_api: str | None = Field(default=None, alias="UMPIRE_DISCORD_API")
    discord_gateway: str | None = Field(default=None, alias="UMPIRE_DISCORD_GATEWAY")

    @field_validator("discord_api", "discord_gateway")
    @classmethod
    def _on_this_machine(cls, value: str | None) -> str | None:
        """A stand-in for Discord is accepted only on a loopback address, so that a
        mistaken setting can never send the bot's token to another machine."""
        if value is None:
            return None
        parts = urlsplit(value.strip())
        if parts.scheme not in ("http", "https", "ws", "wss"):
            raise ValueError(f"{value!r} is not an http:// or ws:// address")
        if parts.hostname not in LOOPBACK:
            raise ValueError(
                f"{value!r} is not on this machine (a stand-in for Discord must listen on "
                "127.0.0.1, ::1 or localhost)"
            )
        return value.strip()

    @property
    def database_location(self) -> str:
        """Where the games are kept: ``UMPIRE_DATABASE_URL`` when set, else the SQLite
        file ``UMPIRE_DATABASE`` (see :func:`bot.store.open_store`)."""
        url = (self.database_url or "").strip()
        return url or self.database_path

    @property
    def token(self) -> str | None:
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None


def setting(name: str) -> str | None:
    """A setting that only an installed game system knows the name of (such as its
    ``UMPIRE_<ID>_PACKS``): the environment first, then ``.env``; empty means unset."""
    value = os.environ.get(name)
    if value is None and Path(ENV_FILE).is_file():
        value = dotenv_values(ENV_FILE).get(name)
    if value is None or not value.strip():
        return None
    return value.strip()
