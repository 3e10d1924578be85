"""The HTML replay in a real browser: Debian's Chromium, headless, driven by Playwright.

An example game is played in local mode and exported with ``/game export format:html``;
the page is opened from its file with every http(s) request aborted (and none may be
tried), stepped through from the first step to the last with the buttons and the keys,
each shown step's text compared with the game's log, a round jumped to, and the shown
verification compared with ``/game verify``'s. Without Chromium (a developer's machine)
the tests are skipped with the reason; CI installs it (``.ci/run``) and never skips.
"""

from __future__ import annotations

import asyncio
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.local.session import LOCAL_CHANNEL
from bot.service import GameService
from bot.service.history import log_lines_of, verification_of
from bot.service.verification_words import verification_text
from bot.store import Database
from bot.systems import install_systems
from rules.core.visibility import Viewer
from tests.golden.examples import EXAMPLES, play

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MARKDOWN = re.compile(r"\*\*|~~|`")

try:
    from playwright.sync_api import BrowserContext, Page, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_playwright = None  # type: ignore[assignment]


def _missing() -> str | None:
    if sync_playwright is None:
        return "the playwright package is not installed (pip install -e '.[dev]')"
    if not CHROMIUM.exists():
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    return None


if _missing() is not None and not os.environ.get("CI"):
    pytestmark = pytest.mark.skip(reason=f"HTML replay browser tests: {_missing()}")


def plain(line: str) -> str:
    """A log line as the page shows it: without Discord's markdown marks, its spaces
    collapsed as HTML collapses them."""
    return " ".join(MARKDOWN.sub("", line).split())


def _example_html(folder: Path) -> tuple[Path, list[str], str]:
    """The demo example played and exported as HTML by alice in local mode; the page, the
    log lines it must show (the whole log: the game is over) and /game verify's words."""
    [example] = [e for e in EXAMPLES if e.name == "demo"]
    db = folder / "game.db"
    played = play(example, example.script, folder / "game", db)
    assert played.code == 0, played.errors
    script = folder / "export.txt"
    script.write_text("@alice /game export format:html\n", encoding="utf-8")
    exported = play(example, script, folder / "export", db)
    assert exported.code == 0, exported.errors
    assert "HTML replay" in exported.transcript
    [page] = (folder / "export" / "out").glob("umpire-game-*.html")
    return page, *asyncio.run(_log_and_verification(db))


async def _log_and_verification(path: Path) -> tuple[list[str], str]:
    install_systems()
    db = await Database.open(str(path))
    try:
        game = await GameService(db).access.open_or_last(LOCAL_CHANNEL)
        rows = await db.log(game.id)
        lines = log_lines_of(game, rows, Viewer.as_referee())
        return lines, verification_text(verification_of(game, rows))
    finally:
        await db.close()


@pytest.fixture(scope="module")
def replay() -> Iterator[tuple[Path, list[str], str]]:
    missing = _missing()
    if missing is not None:
        pytest.fail(f"CI must run the HTML replay browser tests: {missing}")
    with tempfile.TemporaryDirectory() as name:
        yield _example_html(Path(name))


@pytest.fixture()
def browser_page(tmp_path: Path) -> Iterator[tuple[Page, list[str]]]:
    """A page in a fresh Chromium profile whose http(s) requests are aborted and noted."""
    tried: list[str] = []
    with sync_playwright() as driver:
        context: BrowserContext = driver.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=str(CHROMIUM),
            args=LAUNCH_ARGS,
            headless=True,
        )
        try:

            def refuse(route: Any) -> None:
                tried.append(route.request.url)
                route.abort()

            context.route(re.compile(r"^https?://"), refuse)
            page = context.new_page()
            page.on(
                "request",
                lambda request: (
                    None
                    if request.url.startswith(("file:", "data:"))
                    else tried.append(request.url)
                ),
            )
            # the page's own policy refuses any fetch before routing sees it: say so too
            page.on(
                "console",
                lambda message: (
                    tried.append(f"console {message.type}: {message.text}")
                    if message.type == "error"
                    else None
                ),
            )
            page.on("pageerror", lambda error: tried.append(f"script error: {error}"))
            yield page, tried
        finally:
            context.close()


def shown_lines(page: Page) -> list[str]:
    return [" ".join(p.inner_text().split()) for p in page.locator("#step-text p").all()]


def test_a_whole_example_game_steps_through_offline(
    replay: tuple[Path, list[str], str], browser_page: tuple[Page, list[str]]
) -> None:
    path, log, _ = replay
    page, tried = browser_page
    page.goto(path.as_uri())
    steps = page.locator("#timeline li").count()
    assert steps > 5

    seen: list[str] = []
    for n in range(steps):
        heading = page.locator("#step-heading").inner_text()
        assert heading.startswith(f"Step {n + 1} of {steps}"), heading
        seen += shown_lines(page)
        board = page.locator("#board")
        if board.is_visible():
            assert board.get_attribute("alt"), f"step {n + 1}: a picture without words"
            assert (board.get_attribute("src") or "").startswith("data:image/")
            loaded = page.evaluate("document.getElementById('board').naturalWidth")
            assert loaded > 100, f"step {n + 1}: the picture did not load"
        # half of the game with the button, the other half with the arrow key
        if n < steps // 2:
            page.get_by_role("button", name="Next step").click()
        else:
            page.keyboard.press("ArrowRight")
    assert seen == [plain(line) for line in log]
    assert page.locator("#step-heading").inner_text().startswith(f"Step {steps} of {steps}")

    page.keyboard.press("ArrowLeft")
    assert page.locator("#step-heading").inner_text().startswith(f"Step {steps - 1} of")
    page.keyboard.press("Home")
    assert page.locator("#step-heading").inner_text().startswith(f"Step 1 of {steps}")
    page.keyboard.press("End")
    assert page.locator("#step-heading").inner_text().startswith(f"Step {steps} of")
    page.get_by_role("button", name="First step").click()
    page.get_by_role("button", name="Previous step").click()  # stays on the first
    assert page.locator("#step-heading").inner_text().startswith(f"Step 1 of {steps}")
    page.get_by_role("button", name="Last step").click()
    assert page.locator("#step-heading").inner_text().startswith(f"Step {steps} of")
    assert "← previous step, → next step, Home first step, End last step" in (
        page.locator("#keys").inner_text()
    )
    assert tried == []


def test_a_round_is_jumped_to_and_the_verification_shown(
    replay: tuple[Path, list[str], str], browser_page: tuple[Page, list[str]]
) -> None:
    path, _, verified = replay
    page, tried = browser_page
    page.goto(path.as_uri())
    page.get_by_label("Jump to round").select_option(label="Round 2")
    heading = page.locator("#step-heading").inner_text()
    assert heading.endswith("Round 2"), heading
    number = int(heading.split()[1])
    before = page.locator(f"#step-{number - 1} .round").inner_text()
    assert before != "Round 2"  # the round's first step
    assert page.locator(f"#step-{number}").get_attribute("class") == "shown"

    assert page.locator("#verification").inner_text() == plain(verified)
    assert verified.startswith("✅ All")
    assert len(page.locator("#commitment").inner_text()) == 64
    assert tried == []
