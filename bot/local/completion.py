"""Line editing for a person typing local mode's commands at a terminal (``readline``):
Tab completes what Discord would suggest, a second Tab lists the suggestions with their
descriptions, and the lines typed are kept between runs in a history file under the
user's state folder (``$XDG_STATE_HOME/umpire/history``, by default
``~/.local/state/umpire/history``), its last :data:`HISTORY_LENGTH` lines.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import TextIO

from bot.local.session import LocalSession
from bot.local.suggestions import Offer, suggest

log = logging.getLogger("umpire.local")

HISTORY_LENGTH = 1000
"""Lines of history kept between runs."""

SUGGESTING_SECONDS = 5.0
"""The longest Tab waits for suggestions before giving up."""


def history_path(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the lines typed are kept: the XDG state folder's ``umpire/history``."""
    state = environ.get("XDG_STATE_HOME") or ""
    base = Path(state) if os.path.isabs(state) else Path.home() / ".local" / "state"
    return base / "umpire" / "history"


def candidates(offer: Offer, line: str, word_start: int) -> list[tuple[str, str]]:
    """What readline may put in place of the word starting at ``word_start`` (the text
    from there to the end of ``line``), each with its description: the suggestions that
    continue what was typed, or a single suggestion that replaces it as Discord's would.
    Several suggestions that would change what was typed are only listed, never put in.
    A value is followed by a space, ready for the next option."""
    found = [
        (s.text, offer.shown(s))
        for s in offer.options
        if s.text.startswith(line[word_start:].lower()) and word_start >= offer.start
    ]
    if word_start < offer.start:  # "name:val": the word holds the option's name too
        lead = line[word_start : offer.start]
        pieces = [(lead + _value(s.text, offer), offer.shown(s)) for s in offer.suggestions]
        typed = line[word_start:]
        found = [p for p in pieces if p[0].lower().startswith(typed.lower().rstrip('"'))]
        if not found and len(pieces) == 1:
            found = pieces
        return found
    cut = word_start - offer.start
    before = offer.typed[:cut].lower()
    continuing = [s for s in offer.suggestions if s.text.lower().startswith(offer.typed.lower())]
    for suggestion in continuing:
        found.append((_value(suggestion.text, offer)[cut:], offer.shown(suggestion)))
    if not found and len(offer.suggestions) == 1 and not before.strip():
        only = offer.suggestions[0]
        found.append((_value(only.text, offer), offer.shown(only)))
    return found


def _value(text: str, offer: Offer) -> str:
    """A suggestion as it is typed: a value in quotes where it holds spaces and the
    command takes no free text, and followed by a space."""
    if text.endswith((" ", ":")):
        return text  # a command, or an option's name
    if offer.quote and any(ch.isspace() for ch in text):
        text = f'"{text}"'
    return text + " "


class LineEditing:
    """readline set up for one session: Tab completion from :func:`suggest` (run on the
    session's event loop, which waits for the line meanwhile) and a history file."""

    def __init__(
        self,
        readline: ModuleType,
        session: LocalSession,
        loop: asyncio.AbstractEventLoop,
        history: Path | None,
    ) -> None:
        self.readline = readline
        self.session = session
        self.loop = loop
        self.history = history
        self.prompt = ""
        self._matches: list[str] = []
        self._said: dict[str, str] = {}
        readline.set_completer_delims(" \t\n")
        readline.set_completer(self.complete)
        readline.set_completion_display_matches_hook(self.display)
        readline.parse_and_bind("tab: complete")
        self._load_history()

    # -- history --------------------------------------------------------------------------
    def _load_history(self) -> None:
        if self.history is None:
            return
        self.readline.set_history_length(HISTORY_LENGTH)
        try:
            if self.history.exists():
                self.readline.read_history_file(str(self.history))
            self.history.parent.mkdir(parents=True, exist_ok=True)
            self.readline.write_history_file(str(self.history))  # cut to its length
        except OSError as exc:
            print(f"[error] history not kept: {exc.strerror} ({self.history})", file=sys.stderr)
            self.history = None

    def remember(self, line: str) -> None:
        """Add the line just typed to the history file (readline has it already)."""
        if self.history is None or not line.strip():
            return
        try:
            self.readline.append_history_file(1, str(self.history))
        except OSError as exc:
            print(f"[error] history not kept: {exc.strerror} ({self.history})", file=sys.stderr)
            self.history = None

    # -- completion -------------------------------------------------------------------------
    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: called with state 0, 1, … until it answers None."""
        if state == 0:
            try:
                self._matches = self._complete()
            except Exception:  # Tab must never end the session
                log.exception("suggestions failed")
                self._matches = []
        return self._matches[state] if state < len(self._matches) else None

    def _complete(self) -> list[str]:
        readline = self.readline
        line = readline.get_line_buffer()[: readline.get_endidx()]
        word_start = readline.get_begidx()
        asked = asyncio.run_coroutine_threadsafe(suggest(self.session, line), self.loop)
        offer = asked.result(timeout=SUGGESTING_SECONDS)
        found = candidates(offer, line, word_start)
        self._said = dict(found)
        if not found and offer.suggestions:
            # only suggestions that would change what was typed: list them, keep the line
            self._show([offer.shown(s) for s in offer.suggestions])
        return [text for text, _ in found]

    def display(self, substitution: str, matches: list[str], longest: int) -> None:
        """readline's list of matches, each as the suggestion list shows it."""
        self._show([self._said.get(match) or match.strip() for match in matches])

    def _show(self, lines: list[str]) -> None:
        out = sys.stdout
        out.write("\n" + "".join(f"  {line}\n" for line in lines))
        out.write(self.prompt + self.readline.get_line_buffer())
        out.flush()


def start_line_editing(
    stdin: TextIO, session: LocalSession, loop: asyncio.AbstractEventLoop
) -> LineEditing | None:
    """Line editing where a person types at a terminal; None for piped input (read as it
    comes) or a Python built without readline."""
    if not stdin.isatty():
        return None
    try:
        readline = importlib.import_module("readline")
    except ImportError:  # Python built without it (some Windows builds)
        return None
    return LineEditing(readline, session, loop, history_path())
