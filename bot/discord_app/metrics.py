"""What the bot counts for Prometheus: commands and answers by outcome and how long they
took, unexpected errors, timers fired, and (read when scraped) games by status and the
gateway's heartbeat latency per shard. Each bot has its own registry, served by
:mod:`bot.discord_app.health` on ``UMPIRE_METRICS_PORT``."""

from __future__ import annotations

import discord
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

OUTCOMES = ("ok", "refused", "error")
LATENCY_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.commands = Counter(
            "umpire_commands",
            "Slash commands and answers (menus, buttons) handled, by outcome: ok, refused "
            "(the user is told why) or error (unexpected, logged with an id)",
            ["command", "outcome"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "umpire_command_latency_seconds",
            "From the interaction's creation at Discord to its outcome",
            ["command"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter(
            "umpire_errors",
            "Unexpected errors, each logged with an id",
            ["where"],
            registry=self.registry,
        )
        self.timers = Counter(
            "umpire_timers_fired",
            "Timers this process fired: reminders posted, overdue prompts answered",
            ["kind"],
            registry=self.registry,
        )
        self.games = Gauge(
            "umpire_games",
            "Games in the database by status (served by the first process of a cluster only)",
            ["status"],
            registry=self.registry,
        )
        self.gateway = Gauge(
            "umpire_gateway_latency_seconds",
            "Heartbeat latency of each shard this process serves",
            ["shard"],
            registry=self.registry,
        )

    def handled(self, interaction: discord.Interaction, outcome: str) -> None:
        """Count ``interaction`` with its outcome and the time since Discord created it."""
        name = command_name(interaction)
        self.commands.labels(name, outcome).inc()
        waited = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        self.latency.labels(name).observe(max(0.0, waited))
        if outcome == "error":
            self.errors.labels("interaction").inc()

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def command_name(interaction: discord.Interaction) -> str:
    """``game new`` for a slash command, ``answer`` for a click or a menu choice."""
    command = interaction.command
    if command is not None:
        return command.qualified_name
    return "answer" if interaction.type == discord.InteractionType.component else "other"


def metrics_of(client: object) -> Metrics | None:
    """The bot's metrics, when the client is a bot that keeps them."""
    found = getattr(client, "metrics", None)
    return found if isinstance(found, Metrics) else None
