"""Health and metrics over HTTP on a local port (``UMPIRE_METRICS_PORT``, on
``UMPIRE_METRICS_HOST``, 127.0.0.1 unless set): for a container's health check, a load
balancer or a Prometheus scraper.

* ``GET /health``: 200 ``{"status": "ok", …}`` when the bot is connected to Discord and the
  database answers; 503 with ``"starting"``, ``"stopping"`` or ``"database"`` (and the
  problem) otherwise. The shards this process serves and their latency are listed.
* ``GET /metrics``: the Prometheus text format (:mod:`bot.discord_app.metrics`); games by
  status and the gateway latency are read when scraped.
"""

from __future__ import annotations

import logging
import math
from typing import Protocol

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.config import Settings
from bot.discord_app.metrics import Metrics
from bot.service import GameService
from bot.store import StoreFailure

log = logging.getLogger("umpire.health")


class PortUnusable(Exception):
    """The health and metrics port cannot be listened on (taken, not allowed)."""


class Served(Protocol):
    """What the server reads of the bot."""

    metrics: Metrics
    stopping: bool

    @property
    def service(self) -> GameService: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def latencies(self) -> list[tuple[int, float]]: ...

    def is_closed(self) -> bool: ...

    def is_ready(self) -> bool: ...


class HealthServer:
    def __init__(self, bot: Served, host: str, port: int) -> None:
        self.bot = bot
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/health", self.health)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        try:
            await site.start()
        except OSError as exc:
            await self._runner.cleanup()
            self._runner = None
            reason = exc.strerror or str(exc)
            raise PortUnusable(
                f"cannot serve health and metrics on {self.host}:{self.port}: {reason}"
            ) from None
        server = site._server
        if server is not None and server.sockets:  # type: ignore[attr-defined]
            self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        log.info("health and metrics on http://%s:%s/", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def shards(self) -> dict[str, float | None]:
        return {
            str(shard): (None if math.isnan(seconds) or math.isinf(seconds) else seconds)
            for shard, seconds in self.bot.latencies
        }

    async def health(self, request: web.Request) -> web.Response:
        body: dict[str, object] = {"shards": self.shards()}
        if self.bot.is_closed() or self.bot.stopping:
            return web.json_response({**body, "status": "stopping"}, status=503)
        if not self.bot.is_ready():
            return web.json_response({**body, "status": "starting"}, status=503)
        try:
            await self.bot.service.db.count_games()
        except StoreFailure as failure:
            body.update(status="database", problem=failure.problem)
            return web.json_response(body, status=503)
        return web.json_response({**body, "status": "ok"})

    async def metrics(self, request: web.Request) -> web.Response:
        metrics = self.bot.metrics
        for shard, seconds in self.shards().items():
            if seconds is not None:
                metrics.gateway.labels(shard).set(seconds)
        if self.bot.settings.sync_commands:  # one process of a cluster counts the games
            try:
                counts = await self.bot.service.db.games_by_status()
            except StoreFailure:
                log.warning("games by status could not be read for the metrics")
            else:
                for status in ("lobby", "active", "finished"):
                    metrics.games.labels(status).set(counts.get(status, 0))
        return web.Response(
            body=metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )
