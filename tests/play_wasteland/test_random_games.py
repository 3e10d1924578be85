"""Random legal Wasteland games: no crash, no dead end, always an end, and no leaks.

Each game mixes random legal choices with the greedy player (so games reach the end in a
reasonable number of actions). Until the end somebody is always awaited and has something
to do, and every choice offered is accepted. After every action:

* no public event, public view or other seat's view shows a drafted unit before the
  lists are revealed together, and each draft goes only to the seat that drafts it;
* no public view shows the number of a Rescue counter that has not been turned over, and
  the narration only names a counter's number when that counter is turned;
* folding the recorded events from the initial state gives the same game.
"""

from __future__ import annotations

import os
import random
import re
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from renderers import draw
from rules.core import engine
from rules.core.events import DiceRolled, Event
from rules.core.registry import get_system
from rules.core.rejection import Rejection
from rules.core.visibility import Viewer
from rules.wasteland import events as ev
from rules.wasteland.greedy import choose
from rules.wasteland.options import MissionChoice, WastelandOptions
from rules.wasteland.state import WastelandState
from rules.wasteland.system import WastelandSystem


def registered() -> WastelandSystem:
    system = get_system("wasteland")
    assert isinstance(system, WastelandSystem)
    return system


SYSTEM = registered()
MISSIONS = tuple(m for m in get_args(MissionChoice) if m != "random")
BATTLEFIELDS = tuple(sorted(SYSTEM.catalog.battlefields))
SEATS = ("alpha", "bravo", "charlie")
MAX_ACTIONS = 1500
SHOWS = re.compile(r"(Counter \d+) shows (\d+)")


def fold(state: WastelandState, events: list[Event]) -> WastelandState:
    folded = engine.fold(SYSTEM, state, events)
    assert isinstance(folded, WastelandState)
    return folded


def pick(
    rnd: random.Random,
    randomness: float,
    state: WastelandState,
    seat: str,
    choices: list[tuple[str, str]],
) -> str:
    if rnd.random() < randomness:
        return rnd.choice(choices)[0]
    notation = choose(state, seat, choices)
    if notation is not None:
        return notation
    # The greedy player gives up on a draft it cannot submit (over the points, say):
    # taking entries out leads back to a ready-made list, adding more rarely does.
    removals = [c for c in choices if c[0].startswith("remove")] if state.phase == "lists" else []
    return rnd.choice(removals or choices)[0]


def drafted(state: WastelandState, seat: str) -> set[str]:
    draft = state.drafts.get(seat)
    return {e.profile for e in draft.entries} if draft else set()


def check_no_leak(before: WastelandState, state: WastelandState, events: list[Event]) -> None:
    secret = not before.lists  # drafts stay secret until the lists are revealed together
    drafts = set().union(*(drafted(before, s) | drafted(state, s) for s in state.seats))
    for event in events:
        if isinstance(event, ev.DraftUpdated | ev.DraftEntryAdded | ev.DraftEntryRemoved):
            assert event.visibility.scope == "seats" and event.visibility.seats == (event.seat,)
        if isinstance(event, ev.CountersNumbered):
            assert event.visibility.scope == "referee", event
        if isinstance(event, DiceRolled) and event.purpose == "counter numbers":
            assert event.visibility.scope == "referee", event
        if event.visibility.scope != "public":
            continue
        if isinstance(event, ev.ListsRevealed):
            secret = False
        if secret:
            text = f"{SYSTEM.describe(event, state)} {event.model_dump_json()}"
            assert not any(pid in text for pid in drafts), (event, drafts)
        if isinstance(event, ev.MissionSet | ev.ObjectivesChanged):
            for objective in event.objectives:
                assert objective.revealed or objective.number is None, objective
        line = SYSTEM.describe(event, state) or ""
        for name, number in SHOWS.findall(line):
            turned = next(o for o in state.objectives if o.name == name)
            assert turned.revealed and turned.number == int(number), line
    public = SYSTEM.view(state, Viewer.spectator())
    for objective in public.objectives:
        assert objective.revealed or objective.number is None, objective
    if state.lists:
        return
    text = public.model_dump_json()
    assert not any(pid in text for pid in drafts), drafts
    for seat in state.seats:
        seen = SYSTEM.view(state, Viewer.of_seat(seat)).model_dump_json()
        for other in state.seats:
            hidden = drafted(state, other) - drafted(state, seat)
            assert not any(pid in seen for pid in hidden), (seat, other, hidden)


def play(
    seed: int,
    randomness: float,
    mission: str,
    battlefield: str,
    rounds: int,
    seats: int = 2,
    render_every: int = 0,
) -> tuple[WastelandState, int]:
    rnd = random.Random(seed)
    dice_seed = seed.to_bytes(8, "big")
    options = WastelandOptions(
        size="patrol", mission=mission, battlefield=battlefield, rounds=rounds
    )
    state = SYSTEM.initial_state(options, SEATS[:seats])
    log = engine.begin(SYSTEM, state, dice_seed)
    start = state
    state = fold(state, log)
    check_no_leak(start, state, log)
    for step in range(MAX_ACTIONS):
        if state.finished:
            break
        waiting = SYSTEM.status(state).waiting_on
        assert waiting, f"dead end in {state.phase}, round {state.round}"
        seat = rnd.choice(waiting)
        choices = [
            # a suggestion such as ``deploy A4 at <x,y>`` still needs a point: not an action
            (c.notation, c.label)
            for c in SYSTEM.legal_actions(state, seat)
            if c.complete
        ]
        assert choices, f"{seat} is awaited in {state.phase} but has nothing to do"
        notation = pick(rnd, randomness, state, seat, choices)
        action = SYSTEM.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection), (notation, action)
        events = engine.decide(SYSTEM, state, dice_seed, seat, action)
        assert not isinstance(events, Rejection), (notation, events.explain())
        before, state = state, fold(state, events)
        log.extend(events)
        check_no_leak(before, state, events)
        if render_every and step % render_every == 0:
            png = draw(SYSTEM.scene(SYSTEM.view(state, Viewer.spectator())))
            assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n"), step
            assert len(png) < 500_000, len(png)
    else:
        step = MAX_ACTIONS
    fresh = SYSTEM.initial_state(options, SEATS[:seats])
    assert fold(fresh, log).model_dump() == state.model_dump()
    return state, step


def check_game(
    seed: int, randomness: float, mission: str, battlefield: str, rounds: int, seats: int
) -> WastelandState:
    state, steps = play(seed, randomness, mission, battlefield, rounds, seats)
    if state.finished:
        assert state.end_reason
    else:  # only a very long game may stop at the cap, and then well into the battle
        assert steps == MAX_ACTIONS and state.phase == "battle" and state.round >= 1, (
            f"no end after {steps} actions ({state.phase}, round {state.round})"
        )
    return state


# UMPIRE_RANDOM_GAMES raises the number of games for longer runs (default: 4 per test run)
@settings(
    deadline=None, derandomize=True, max_examples=int(os.environ.get("UMPIRE_RANDOM_GAMES", "4"))
)
@given(
    seed=st.integers(0, 2**32),
    randomness=st.sampled_from([0.2, 0.5]),
    mission=st.sampled_from(MISSIONS),
    battlefield=st.sampled_from(BATTLEFIELDS),
    rounds=st.integers(2, 3),
)
def test_random_games_end_without_leaks(
    seed: int, randomness: float, mission: str, battlefield: str, rounds: int
) -> None:
    check_game(seed, randomness, mission, battlefield, rounds, seats=2)


@pytest.mark.parametrize(
    ("seed", "randomness", "mission", "battlefield", "rounds", "seats"),
    [
        (11, 0.5, "rescue", "pumpworks-yard", 2, 2),  # a counter is turned over
        (8, 0.2, "hold", "scrubscar-flats", 2, 2),
        (9, 0.2, "rescue", "hollowgate-ruins", 2, 3),
    ],
)
def test_chosen_games_end_without_leaks(
    seed: int, randomness: float, mission: str, battlefield: str, rounds: int, seats: int
) -> None:
    state = check_game(seed, randomness, mission, battlefield, rounds, seats)
    if seed == 11:  # the leak checks above saw a counter turned over, not only face down
        assert any(o.revealed for o in state.objectives), "choose a game that turns a counter"


def test_boards_of_a_random_game_render() -> None:
    state, _ = play(11, 0.3, "salvage", BATTLEFIELDS[0], 2, render_every=40)
    assert state.finished
