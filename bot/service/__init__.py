"""The game service: every game operation, independent of Discord or the terminal."""

from bot.service.errors import ActionRefused, UserError
from bot.service.game_service import GameService
from bot.service.outcome import Outcome, PromptDelivery
from bot.service.player import Player
from bot.service.read_models import (
    DueReminder,
    GameExport,
    GameStatus,
    ListedGame,
    LogPage,
    ReminderSetting,
    Verification,
)

__all__ = [
    "ActionRefused",
    "DueReminder",
    "GameExport",
    "GameService",
    "GameStatus",
    "ListedGame",
    "LogPage",
    "Outcome",
    "Player",
    "PromptDelivery",
    "ReminderSetting",
    "UserError",
    "Verification",
]
