"""Local mode with ``--language de`` behaves as Discord does for a German client: every
player is remembered as German, so the lines another player's action or the start makes
for them are German too; the game speaks German where nobody asked (its language is its
creator's); the log, the dashboard, the seed's reveal and the verification are German."""

from __future__ import annotations

from pathlib import Path

from bot.local.lines import parse_line
from bot.local.runner import seeds_from
from bot.local.session import LOCAL_CHANNEL, LocalSession, user_id_for
from bot.service import GameService
from bot.service.table_settings import read_settings
from bot.service.typing_choices import action_choices
from bot.store import Database
from rules.core.language import Language

ENGLISH, GERMAN = Language.ENGLISH, Language.GERMAN

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "blackpowder-gefecht.txt"


async def play(session: LocalSession, lines: list[str]) -> None:
    for line in lines:
        parsed = parse_line(line)
        assert parsed is not None
        await session.run(parsed)


async def test_a_german_client_reads_german_from_start_to_verification(
    db: Database, tmp_path: Path
) -> None:
    said: list[str] = []
    seeds = seeds_from(7)  # the example's seed: the hands are the ones its script plays
    service = GameService(db, default_reminder_seconds=0, seed_source=seeds)
    session = LocalSession(
        service, tmp_path, emit=said.append, dice_seed=seeds, language=Language.GERMAN
    )
    opening = [line for line in SCRIPT.read_text("utf-8").splitlines() if line.startswith("@")]
    await play(session, opening[:8])
    text = "\n".join(said)
    assert "[channel] alice hat eine Partie Black Powder Skirmish aufgesetzt." in text
    assert "[channel] bob spielt als Bravo mit." in text
    assert "[channel] Das Spiel beginnt. Würfel-Festlegung" in text
    assert "[channel] Die Schlacht wird als **Begegnungsgefecht** geschlagen." in text
    assert "[channel] Der Tisch: **Die Lichtung an der Mühle**." in text
    assert "[channel] Die Streitkräfte treten an (Alpha: Garnison von Fort Aldermoor," in text
    # alice's own marker, told when she started the game, in her language
    assert "[ephemeral:alice] Dein Marker HA1 ist A7." in text
    assert "[channel] @bob — du bist am Zug." in text
    for english in ("joined as", "The game begins", "your move", "Your marker", " plays "):
        assert english not in text, english
    languages = await service.languages.of([user_id_for("alice"), user_id_for("bob")])
    assert set(languages.values()) == {Language.GERMAN}
    game = await service.game_in(1)
    assert game is not None and read_settings(game.row.settings).language is Language.GERMAN

    # alice's go, her card played: what she is offered while typing is written as she
    # types it, in German, and labelled in German
    offered = await action_choices(service, LOCAL_CHANNEL, user_id_for("alice"), "", GERMAN)
    assert offered[0] == (
        "zurückhalten aldermoor-troop-light — Zurückhalten: Leichte Kompanien",
        "zurückhalten aldermoor-troop-light",
    )
    verbs = {value.split()[0] for _, value in offered}
    assert {"ende", "kartenhand"} <= verbs and not verbs & {"hand", "hold", "end"}
    english = await action_choices(service, LOCAL_CHANNEL, user_id_for("alice"), "", ENGLISH)
    assert english[0][1] == "hold aldermoor-troop-light"

    said.clear()
    await play(session, ["@alice /game status", "@alice /game log last:40"])
    text = "\n".join(said)
    assert "📋 **Black Powder Skirmish** — Spiel #1 · läuft" in text
    assert "alice hat eine Partie Black Powder Skirmish aufgesetzt." in text  # the log
    assert "Bravo spielt " in text and "Bravo plays" not in text

    said.clear()
    await play(session, ["@alice /game end", "@bob /game verify"])
    text = "\n".join(said)
    assert "Spielende — kein Sieger (beendet von alice)." in text
    assert "[channel] Der Würfel-Seed ist jetzt enthüllt:" in text
    assert "[channel] Geprüft: Alle " in text and "der Stand passt zum Protokoll." in text
