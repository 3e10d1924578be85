"""Log lines for people (the default) or as JSON objects, one a line, for a log collector
(``UMPIRE_LOG_FORMAT=json``): time (UTC, ISO 8601), level, logger, message, the process
of a cluster it came from, and the traceback of an exception when there is one."""

from __future__ import annotations

import json
import logging
import os
from datetime import UTC, datetime

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        process = os.environ.get("UMPIRE_CLUSTER_PROCESS")
        if process is not None:
            entry["process"] = int(process) if process.isdigit() else process
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def log_handler(kind: str) -> logging.Handler:
    """A handler writing to stderr in the ``text`` or ``json`` format."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if kind == "json" else logging.Formatter(TEXT_FORMAT))
    return handler
