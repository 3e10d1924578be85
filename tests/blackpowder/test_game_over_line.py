"""The game-over line of a black-powder game in the reader's language: the log line the
service posts words the recorded reason in German for a German reader, for every way a
battle ends, for games ended by a player and for events recorded by earlier releases."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from bot.service.narration import narrate
from rules.blackpowder.actions import EndGo, Shoot
from rules.blackpowder.flow import Flow
from rules.blackpowder.phrasebook import reason
from rules.blackpowder.state import BPState
from rules.blackpowder.system import BlackPowderSystem
from rules.blackpowder.turns import end_if_wiped_out
from rules.blackpowder.victory import end_if_broken, end_of_battle
from rules.core import engine
from rules.core.events import Event, GameEnded
from rules.core.language import Language
from rules.core.roller import Roller
from tests.blackpowder.deciding import accepted, nearest_fallen, with_unit
from tests.blackpowder.engine import catalog, set_up_game
from tests.blackpowder.test_engine_fire import volley_at
from tests.blackpowder.test_engine_movement import FAR, at
from tests.blackpowder.test_german import leaked
from tests.blackpowder.test_scenarios import last_go_of_the_raid

EN, DE = Language.ENGLISH, Language.GERMAN
SYSTEM = BlackPowderSystem()


def _ended(events: Sequence[Event]) -> GameEnded:
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    return ended


def test_a_broken_enemy_is_announced_in_both_languages() -> None:
    state = volley_at()
    state = with_unit(state, "A2", models=state.unit("A2").models[:7])
    state = with_unit(state, "A1", starting=0, models=())
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[9, 1, 1, 1, 1, 1, 9, 5]
    )
    ended = _ended(events)
    assert narrate(SYSTEM, ended, after, EN) == (
        "🏆 Game over — Bravo won (Bravo (Second force) has broken Alpha (First force):"
        " 6 of 12 models fallen or fleeing.)."
    )
    assert narrate(SYSTEM, ended, after, DE) == (
        "🏆 Spielende — Sieg für Bravo (Bravo (Zweite Streitmacht) hat Alpha (Erste"
        " Streitmacht) gebrochen: 6 von 12 Modellen gefallen oder auf der Flucht.)."
    )


def test_objectives_held_at_the_end_are_announced_in_german() -> None:
    state = last_go_of_the_raid({**FAR, "B4": at(21, 22), "A2": at(30, 29)})
    after, events = accepted(state, "bravo", EndGo())
    german = narrate(SYSTEM, _ended(events), after, DE)
    assert german == (
        "🏆 Spielende — Sieg für Bravo (Die letzte von 6 Runden ist vorbei: Bravo (Plünderer)"
        " hält mehr Ziele (Wohnhaus, Brunnen) als Alpha (Verteidiger) (1).)."
    )


def test_an_ending_recorded_by_an_earlier_release_reads_in_german() -> None:
    recorded = {
        "type": "ended",
        "winners": [],
        "reason": "The last of 6 turns is over (reading 24: the scenarios that name a winner"
        " come later).",
    }
    ended = engine.parse_event(SYSTEM, recorded)
    assert isinstance(ended, GameEnded)
    state = set_up_game()[0].model_copy(update={"scenario": None})
    for known in (state, None):
        assert narrate(SYSTEM, ended, known, DE) == (
            "Spielende — kein Sieger (Die letzte von 6 Runden ist vorbei (Lesart 24: die"
            " Szenarien, die einen Sieger bestimmen, folgen später).)."
        )
        assert narrate(SYSTEM, ended, known, EN) == f"Game over — no winner ({ended.reason})."


def test_a_game_ended_by_a_player_reads_in_german() -> None:
    ended = GameEnded(winners=(), reason="ended by Bob")
    assert narrate(SYSTEM, ended, None, DE) == "Spielende — kein Sieger (beendet von Bob)."
    assert narrate(SYSTEM, ended, None, EN) == "Game over — no winner (ended by Bob)."


def _losing(state: BPState, seat: str, share: str) -> BPState:
    """``seat`` with half of every unit's models gone, or every unit gone."""
    for unit in state.on_table(seat):
        kept = unit.models[: len(unit.models) // 2] if share == "half" else ()
        state = with_unit(state, unit.id, models=kept)
    return state


def _ending(name: str, losses: dict[str, str]) -> tuple[BPState, GameEnded]:
    """How the battle of scenario ``name`` ends when its last turn ends with ``losses``."""
    state = set_up_game(scenario=name)[0]
    for seat, share in losses.items():
        state = _losing(state, seat, share)
    flow = Flow(state, Roller(b"0" * 32, state.dice_counter), catalog())
    end_if_wiped_out(flow)
    end_if_broken(flow)
    if not flow.over:
        end_of_battle(flow)
    return flow.state, _ended(flow.events)


ENGLISH_WORDS = re.compile(r"\b(turns|over|has|of|lost|held|holds|objectives|share|broken|draw)\b")


@pytest.mark.parametrize(
    "name", ("skirmish", "meeting-engagement", "farmstead-raid", "road-ambush")
)
@pytest.mark.parametrize(
    "losses",
    (
        {},
        {"alpha": "half"},
        {"bravo": "half"},
        {"alpha": "half", "bravo": "half"},
        {"bravo": "all"},
    ),
    ids=("none", "alpha-half", "bravo-half", "both-half", "bravo-wiped-out"),
)
def test_every_way_a_battle_ends_reads_in_german(name: str, losses: dict[str, str]) -> None:
    state, ended = _ending(name, losses)
    english, german = narrate(SYSTEM, ended, state, EN), narrate(SYSTEM, ended, state, DE)
    assert english is not None and german is not None
    assert english.endswith(f"({ended.reason}).")
    assert german.startswith("🏆 Spielende — Sieg für " if ended.winners else "Spielende — kein")
    assert ENGLISH_WORDS.search(german) is None, german
    assert leaked(german) == [], german


def test_a_german_loss_count_takes_the_right_number() -> None:
    one = reason("Alpha has broken Bravo: 1 of 1 model fallen or fleeing.")
    assert one.in_(Language.GERMAN) == (
        "Alpha hat Bravo gebrochen: 1 von 1 Modell gefallen oder auf der Flucht."
    )
    many = reason("Alpha has broken Bravo: 3 of 12 models fallen or fleeing.")
    assert many.in_(Language.GERMAN).endswith("3 von 12 Modellen gefallen oder auf der Flucht.")
