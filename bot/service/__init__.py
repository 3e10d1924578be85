"""The game service: every game operation, independent of Discord or the terminal."""

from bot.service.errors import ActionRefused, UserError
from bot.service.game_service import GameService
from bot.service.outcome import Outcome, PromptDelivery
from bot.service.player import Player

__all__ = ["ActionRefused", "GameService", "Outcome", "Player", "PromptDelivery", "UserError"]
