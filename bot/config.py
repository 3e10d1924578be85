"""Configuration from the environment or a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    database_path: str = Field(default="./umpire.db", alias="UMPIRE_DATABASE")
    log_level: str = Field(default="INFO", alias="UMPIRE_LOG_LEVEL")
    reminder_hours: float = Field(default=24.0, ge=1, le=336, alias="UMPIRE_REMINDER_HOURS")
    owner_ids: list[int] = Field(default_factory=list, alias="UMPIRE_OWNER_IDS")
    admin_ids: list[int] = Field(default_factory=list, alias="UMPIRE_ADMIN_IDS")
    dev_guild_id: int | None = Field(default=None, alias="UMPIRE_DEV_GUILD")
    tannhauser_packs: str | None = Field(default=None, alias="UMPIRE_TANNHAUSER_PACKS")
    wasteland_packs: str | None = Field(default=None, alias="UMPIRE_WASTELAND_PACKS")

    @property
    def token(self) -> str | None:
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None
