"""The black-powder system as a whole: automatic games hold together (folds, narration,
re-parsing, secrets), typed actions read, it is offered to players, and its own lines
show every die it rolls in public."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from bot.service.narration import narrate
from rules.blackpowder import actions as act
from rules.blackpowder.dice import face
from rules.blackpowder.state import BPState
from rules.blackpowder.system import BlackPowderSystem
from rules.core import engine
from rules.core.events import DiceRolled
from rules.core.registry import available_systems
from rules.core.rejection import Rejection
from tests.blackpowder.deciding import hide, scene
from tests.blackpowder.engine import set_up_game
from tests.core.test_every_system import _play


@pytest.mark.parametrize("number", (1, 2, 3))
def test_automatic_games_hold_together(number: int) -> None:
    system = BlackPowderSystem()
    state, log = _play(system, number)
    fresh = system.initial_state(system.options_model(), state.seats)
    assert engine.fold(system, fresh, log) == state
    reparsed = [engine.parse_event(system, json.loads(e.model_dump_json())) for e in log]
    assert reparsed == log
    assert isinstance(state, BPState)
    assert state.turn >= 2  # play went on past the first turn


def test_it_is_registered_and_offered_to_players() -> None:
    offered = {s.id: s for s in available_systems(unlisted=False)}
    assert isinstance(offered["blackpowder"], BlackPowderSystem)
    assert offered["blackpowder"].reference is not None
    assert "/game new system:blackpowder" in offered["blackpowder"].help_text


def test_its_own_lines_show_every_public_die_so_no_raw_dice_line_is_posted() -> None:
    system = BlackPowderSystem()
    state, log = _play(system, 2)
    rolled = [
        (n, e)
        for n, e in enumerate(log)
        if isinstance(e, DiceRolled) and e.visibility.scope == "public" and e.values
    ]
    assert rolled
    for number, dice in rolled:
        assert narrate(system, dice, state) is None
        faces = [str(face(v)) for v in dice.values]
        following = [system.describe(e, state) or "" for e in log[number + 1 : number + 12]]
        digits = [re.findall(r"\d+", line) for line in following]
        # a volley groups its dice by what they were rolled against: every face is there
        assert any(_all_shown(faces, line) for line in digits), (dice.purpose, faces, following)


def _all_shown(faces: list[str], digits: list[str]) -> bool:
    """Whether every face is among the numbers of a line (as often as it was rolled)."""
    return not Counter(faces) - Counter(digits)


def test_typed_actions_read() -> None:
    system = BlackPowderSystem()
    state = scene(set_up_game()[0], {"B2": (1000, 1900)})
    card = state.player("bravo").hand[0]
    name = state.cards[card].name
    assert system.parse_notation(f"play {name}", state, "bravo") == act.PlayCard(card=card)
    assert system.parse_notation("end", state, "bravo") == act.EndGo()
    assert system.parse_notation("command B2", state, "bravo") == act.Command(unit="B2")
    moved = system.parse_notation("move B2 to 30,20", state, "bravo")
    assert moved == act.Move(unit="B2", to=(3000, 2000))
    refused = system.parse_notation("fly B2", state, "bravo")
    assert isinstance(refused, Rejection)


def test_an_own_hidden_unit_is_written_down_as_its_marker() -> None:
    system = BlackPowderSystem()
    state = hide(scene(set_up_game()[0], {"B5": (1000, 1900)}), "B5", "HB1")
    assert system.parse_notation("command B5", state, "bravo") == act.Command(unit="HB1")
    assert system.parse_notation("command HB1", state, "bravo") == act.Command(unit="HB1")
    # the other seat cannot find the unit behind the marker by its name
    other = system.parse_notation("command B5", state, "alpha")
    assert isinstance(other, Rejection)
