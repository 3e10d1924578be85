"""Write a complete black-powder game as a local-mode script, in English or in German.

The game is played through the real service with the seeds that ``python -m bot local
--seed N`` uses, by a player that closes in before it trades fire: it answers every
question at once, fires when *Enemy sighted!* offers, rallies, charges what it reaches,
moves its units forward while it can and only then shoots and reloads; on its go it plays
a card, spends its command points and ends the go. So that the example shows every kind of
order a player gives, it also takes each of these the first times it may: a look at its
own hand, holding a troop card back, *Preparation*, forming up, moving then shooting,
choosing a weapon, picking its own fallen (the farthest) and choosing to fall back, then to
be shaken (it saves its command points for a *Preparation* before it gives a Command).

The English game is the road ambush (hidden markers and dummies); the German one, typed in
the sheet's words with every card named by its German name, is the meeting engagement on
the mill clearing. Regenerate them whenever the rules change how dice are drawn::

    .venv/bin/python examples/generate_blackpowder.py en > examples/blackpowder-skirmish.txt
    .venv/bin/python examples/generate_blackpowder.py de > examples/blackpowder-gefecht.txt
"""

from __future__ import annotations

import asyncio
import random
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.local.runner import seeds_from
from bot.local.session import LOCAL_CHANNEL, LOCAL_GUILD, user_id_for
from bot.service import GameService, Player
from bot.store import Database
from bot.systems import install_systems
from rules.blackpowder.naming import card_name, weapon_name
from rules.blackpowder.state import BPState
from rules.core import engine
from rules.core.choices import ActionChoice
from rules.core.language import Language
from rules.core.system import GameSystem

SEED = 7
OPTIONS = {"en": "scenario=road-ambush", "de": "scenario=meeting-engagement"}
NAMES = ("alice", "bob")
MAX_COMMANDS = 2000
PREFERENCE = (
    ("nearest", "fall back", "shaken"),
    ("fire",),
    ("stand fast",),
    ("rally",),
    ("charge",),
    ("move",),
    ("shoot",),
    ("reload",),
    ("play",),
    ("command",),
    ("done",),
    ("end",),
    ("pass",),
)
WISHES = {"hand": 1, "hold": 1, "prepare": 1, "form": 2, "with": 2, "then": 2}
"""Orders taken the first times they may be, so that the example shows them."""
DE = Language.GERMAN
GERMAN = (
    (r"^move (\S+) to (\S+) then shoot at ", r"bewege \1 nach \2 dann schieße auf "),
    (r"^move (\S+) to ", r"bewege \1 nach "),
    (r"^shoot (\S+) at ", r"schieße \1 auf "),
    (r"^charge ", "angriff "),
    (r"^reload ", "nachladen "),
    (r"^rally ", "sammeln "),
    (r"^command ", "befehl "),
    (r"^stand fast ", "haltet stand "),
    (r"^fire ", "feindsichtung "),
    (r"^remove ", "entferne "),
    (r"^form (\S+) close$", r"formiere \1 geschlossen"),
    (r"^form (\S+) open$", r"formiere \1 offen"),
    (r"^form (\S+) loose$", r"formiere \1 locker"),
    (r"^form (\S+) column$", r"formiere \1 kolonne"),
    (r"^pass$", "passen"),
    (r"^fall back$", "zurückweichen"),
    (r"^shaken$", "erschüttert"),
    (r"^nearest$", "nächste"),
    (r"^done$", "fertig"),
    (r"^end$", "ende"),
    (r"^hand$", "kartenhand"),
)


class Stuck(RuntimeError):
    """The player found nothing to do while the game waits on it."""


def _rank(notation: str) -> int:
    for i, starts in enumerate(PREFERENCE):
        if notation.startswith(starts):
            return i
    return len(PREFERENCE)


def _wish(notation: str) -> str | None:
    """Which wished-for kind of order ``notation`` is, if any."""
    if notation == "hand":
        return "hand"
    if " then shoot at " in notation:
        return "then"
    if notation.startswith(("shoot ", "fire ")) and " with " in notation:
        return "with"
    verb = notation.split()[0]
    return verb if verb in ("hold", "prepare", "form") else None


def choose(
    choices: list[ActionChoice], rnd: random.Random, wished: Counter[str], extra: list[str]
) -> str | None:
    complete = [c.notation for c in choices if c.complete] + extra
    for notation in complete:
        wish = _wish(notation)
        if wish is not None and wished[wish] < WISHES[wish]:
            wished[wish] += 1
            return notation
    complete = [n for n in complete if n != "hand" and _wish(n) != "then"]
    if wished["prepare"] < WISHES["prepare"]:
        # command points are saved up for a Preparation (4) first
        complete = [n for n in complete if not n.startswith("command ")] or complete
    if not complete:
        return None
    best = min(_rank(n) for n in complete)
    return rnd.choice([n for n in complete if _rank(n) == best])


def answer(choices: list[ActionChoice], state: BPState, answered: Counter[str]) -> str | None:
    """The questions out of turn: the fallen picked farthest first the first time, and the
    first reaction choice a fall back, every later one shaken."""
    picking = state.casualty_choice()
    if picking is not None and not answered["remove"]:
        answered["remove"] += 1
        return "remove " + " ".join(picking.among[-picking.count :])
    if state.reaction_choice() is not None:
        answered["choice"] += 1
        return "fall back" if answered["choice"] == 1 else "shaken"
    return None


def moves_then_shots(
    system: GameSystem[Any], choices: list[ActionChoice], state: BPState, seat: str
) -> list[str]:
    """A move the player could make, then a shot it could take from where it ends."""
    moves = [c.notation for c in choices if c.complete and c.notation.startswith("move ")]
    shots = [c.notation for c in choices if c.notation.startswith("shoot ")]
    found = []
    for move in moves:
        unit = move.split()[1]
        for shot in shots:
            if shot.split()[1] != unit:
                continue
            target = shot.split(" at ", 1)[1]
            tried = f"{move} then shoot at {target}"
            if engine.accepts(system, state, seat, tried):
                found.append(tried)
                break
        if found:
            break
    return found


def german(notation: str, state: BPState) -> str:
    """The order as a German player types it: the sheet's verbs, cards and weapons by their
    German names."""
    card = re.match(r"^(play|hold|prepare) (\S+?)( decline)?$", notation)
    if card is not None:
        verb = {"play": "spiele", "hold": "zurückhalten", "prepare": "vorbereitung"}
        named = card_name(state, card.group(2)).in_(DE)
        return f"{verb[card.group(1)]} {named}{' ablehnen' if card.group(3) else ''}"
    weapon = re.search(r" with (\S+)$", notation)
    if weapon is not None:
        named = weapon_name(state, weapon.group(1)).in_(DE)
        notation = notation[: weapon.start()] + f" mit {named}"
    for pattern, replacement in GERMAN:
        notation = re.sub(pattern, replacement, notation)
    return notation


async def play(language: str, seed: int) -> list[tuple[str, str]]:
    """The game as (player, typed command) pairs, after the set-up lines."""
    install_systems()
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(str(Path(folder) / "game.db"))
        try:
            return await _play(db, language, seed)
        finally:
            await db.close()


async def _play(db: Database, language: str, seed: int) -> list[tuple[str, str]]:
    service = GameService(db, seed_source=seeds_from(seed))
    players = [Player(user_id_for(n), n) for n in NAMES]
    await service.create(LOCAL_CHANNEL, LOCAL_GUILD, players[0], "blackpowder", OPTIONS[language])
    await service.join(LOCAL_CHANNEL, players[1])
    await service.start(LOCAL_CHANNEL, players[0])
    rnd = random.Random(seed)
    wished: Counter[str] = Counter()
    answered: Counter[str] = Counter()
    played: list[tuple[str, str]] = []
    for _ in range(MAX_COMMANDS):
        game = await service.game_in(LOCAL_CHANNEL)
        assert game is not None
        state = game.state
        assert isinstance(state, BPState)
        if state.finished:
            break
        seat = game.system.status(state).waiting_on[0]
        choices = game.system.legal_actions(state, seat)
        notation = answer(choices, state, answered)
        if notation is None:
            wanted = wished["then"] < WISHES["then"]
            extra = moves_then_shots(game.system, choices, state, seat) if wanted else []
            notation = choose(choices, rnd, wished, extra)
        if notation is None:
            raise Stuck(f"{seat} has nothing to do")
        who = state.seats.index(seat)
        typed = german(notation, state) if language == "de" else notation
        played.append((NAMES[who], typed))
        await service.act(LOCAL_CHANNEL, players[who], typed, language=Language(language))
    return played


def script(language: str, seed: int) -> list[str]:
    played = asyncio.run(play(language, seed))
    flag = " --language de" if language == "de" else ""
    name = "blackpowder-gefecht" if language == "de" else "blackpowder-skirmish"
    return [
        "# A complete 2-player game of black powder, generated by "
        f"examples/generate_blackpowder.py {language}.",
        f"# Run it with: python -m bot local --script examples/{name}.txt --seed {seed}{flag}",
        f'@alice /game new system:blackpowder options:"{OPTIONS[language]}"',
        "@bob /game join",
        "@alice /game start",
        *(f'@{who} /act action:"{typed}"' for who, typed in played),
        "@alice /game board",
        "@alice /game log last:20",
        "@alice /game verify",
    ]


if __name__ == "__main__":
    language = sys.argv[1] if len(sys.argv) > 1 else "en"
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    print("\n".join(script(language, seed)))
