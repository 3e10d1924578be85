"""Suggestions stay what they were: every seat's suggestions at every battle position of
a few fixed games (random and greedy choices, several sizes, missions and advanced rules)
match digests recorded before suggestions were made faster.

Each position's suggestions (notation and label, for every seat) are hashed; a game whose
suggestions change also plays differently from there on, so the first differing position
is the one to look at. Re-record (``python -m tests.play_wasteland.test_suggestions_recorded``)
only for a deliberate change to the rules or the suggestions.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.core import engine
from rules.core.registry import get_system
from rules.core.rejection import Rejection
from rules.wasteland.greedy import choose
from rules.wasteland.options import WastelandOptions
from rules.wasteland.state import WastelandState

RECORDED = Path(__file__).with_name("suggestions_recorded.json")
ADVANCED: dict[str, Any] = {
    "occupy_buildings": True,
    "firing_positions": True,
    "partial_concealment": True,
    "advantages": True,
    "close_formations": True,
    "crippling": True,
}
GAMES: dict[str, dict[str, Any]] = {
    "patrol-blitz": {"size": "patrol", "mission": "blitz", "battlefield": "drywash-crossing"},
    "patrol-rescue-3": {
        "size": "patrol",
        "mission": "rescue",
        "battlefield": "scrubscar-flats",
        "seats": 3,
    },
    "platoon-hold-advanced": {
        "size": "platoon",
        "mission": "hold",
        "battlefield": "pumpworks-yard",
        **ADVANCED,
    },
    "platoon-annihilation": {
        "size": "platoon",
        "mission": "annihilation",
        "battlefield": "hollowgate-ruins",
    },
}
POSITIONS = 80  # battle positions recorded per game
SEATS = ("alpha", "bravo", "charlie")


def digests(name: str) -> list[str]:
    """The digest of every seat's suggestions at each battle position of game ``name``."""
    setup = dict(GAMES[name])
    seats = SEATS[: setup.pop("seats", 2)]
    system = get_system("wasteland")
    options = WastelandOptions.model_validate({**setup, "rounds": 3})
    seed = sum(name.encode())
    rnd = random.Random(seed)
    dice = seed.to_bytes(8, "big")
    state = system.initial_state(options, seats)
    state = engine.fold(system, state, engine.begin(system, state, dice))
    found: list[str] = []
    while len(found) < POSITIONS and not state.finished:
        assert isinstance(state, WastelandState)
        offered = {s: system.legal_actions(state, s) for s in seats}
        if state.phase == "battle":
            shown = [[s, [[c.notation, c.label] for c in offered[s]]] for s in seats]
            found.append(hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:16])
        seat = rnd.choice(system.status(state).waiting_on)
        choices = [(c.notation, c.label) for c in offered[seat] if c.complete]
        notation = choose(state, seat, choices)
        if state.phase != "lists" and (notation is None or rnd.random() < 0.4):
            notation = rnd.choice(choices)[0]
        if notation is None:
            notation = rnd.choice([c for c in choices if c[0].startswith("remove")] or choices)[0]
        action = system.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection), (notation, action)
        events = engine.decide(system, state, dice, seat, action)
        assert not isinstance(events, Rejection), (notation, events)
        state = engine.fold(system, state, events)
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_suggestions_are_those_recorded(name: str) -> None:
    recorded = json.loads(RECORDED.read_text())[name]
    now = digests(name)
    first = next((i for i, (a, b) in enumerate(zip(now, recorded, strict=False)) if a != b), None)
    assert first is None, f"{name}: the suggestions differ from position {first} on"
    assert len(now) == len(recorded)


if __name__ == "__main__":  # re-record
    from bot.systems import install_systems

    install_systems(unlisted=True)
    RECORDED.write_text(json.dumps({n: digests(n) for n in sorted(GAMES)}, indent=1) + "\n")
    sys.exit(0)
