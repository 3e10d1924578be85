"""Random legal Tannhäuser games: no crash, no dead end, always an end, and no leaks.

Each game mixes random legal choices with a greedy player (so games reach the end in a
reasonable number of actions). After every action:

* a spectator's view, and so the board picture, is the same whatever the hidden things
  are (unrevealed factions, teams, packs and bonus tokens, face-down crate contents);
* no event that carries a secret is public.
"""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from renderers import draw
from rules.core import engine
from rules.core.events import Event
from rules.core.rejection import Rejection
from rules.core.visibility import Viewer
from rules.tannhauser import events as ev
from rules.tannhauser.greedy import choose
from rules.tannhauser.state import TannhauserOptions, TannhauserState
from rules.tannhauser.system import TannhauserSystem

SYSTEM = TannhauserSystem()
SECRET_EVENTS = (ev.FactionPicked, ev.TeamPicked, ev.PackPicked, ev.BonusPicked, ev.CrateSeen)
MAX_ACTIONS = 2500


def scrambled(state: TannhauserState) -> TannhauserState:
    """The same game with every hidden thing changed."""
    catalog = SYSTEM.catalog
    crates = sorted(catalog.crates)
    changes: dict[str, object] = {
        "crates": {f: crates[(crates.index(c) + 1) % len(crates)] for f, c in state.crates.items()},
        "crate_defs": dict(catalog.crates),
    }
    if not state.factions or set(state.factions) != set(state.seats):
        changes["faction_picks"] = dict.fromkeys(state.faction_picks, "ashen")
    if not state.teams:
        changes["team_picks"] = {s: ("someone-else",) for s in state.team_picks}
    if not state.packs_revealed:
        changes["pack_picks"] = {s: {"x": "command"} for s in state.pack_picks}
    if state.phase == "bonus":
        changes["bonus_picks"] = {}
    return state.model_copy(update=changes)


def check_no_leak(state: TannhauserState, events: list[Event]) -> None:
    for event in events:
        if isinstance(event, SECRET_EVENTS):
            assert event.visibility.scope == "seats", event
        if isinstance(event, ev.CratesDealt):
            assert event.visibility.scope == "referee"
    spectator = Viewer.spectator()
    assert SYSTEM.view(state, spectator) == SYSTEM.view(scrambled(state), spectator)


def play(seed: int, randomness: float, render_every: int = 0) -> tuple[TannhauserState, int]:
    rnd = random.Random(seed)
    dice_seed = seed.to_bytes(8, "big")
    options = TannhauserOptions(map=rnd.choice(["hollowmere", "harrowpeak"]))
    state = SYSTEM.initial_state(options, ("alpha", "bravo"))
    log = engine.begin(SYSTEM, state, dice_seed)
    state = engine.fold(SYSTEM, state, log)
    for step in range(MAX_ACTIONS):
        if state.finished:
            return state, step
        waiting = SYSTEM.status(state).waiting_on
        assert waiting, f"dead end in {state.phase}"
        seat = rnd.choice(waiting)
        legal = [c.notation for c in SYSTEM.legal_actions(state, seat)]
        assert legal, f"{seat} is awaited in {state.phase} but has nothing legal"
        notation = rnd.choice(legal) if rnd.random() < randomness else choose(state, seat, legal)
        action = SYSTEM.parse_notation(notation, state, seat)
        assert not isinstance(action, Rejection), (notation, action)
        events = engine.decide(SYSTEM, state, dice_seed, seat, action)
        assert not isinstance(events, Rejection), (notation, events.explain())
        state = engine.fold(SYSTEM, state, events)
        log.extend(events)
        check_no_leak(state, events)
        if render_every and step % render_every == 0:
            png = draw(SYSTEM.scene(SYSTEM.view(state, Viewer.spectator())))
            assert png is not None and png.startswith(b"\x89PNG")
    fresh = SYSTEM.initial_state(options, ("alpha", "bravo"))
    assert engine.fold(SYSTEM, fresh, log) == state
    return state, MAX_ACTIONS


# UMPIRE_RANDOM_GAMES raises the number of games for longer runs (default: 6 per test run)
@settings(
    deadline=None, derandomize=True, max_examples=int(os.environ.get("UMPIRE_RANDOM_GAMES", "6"))
)
@given(seed=st.integers(0, 2**32), randomness=st.sampled_from([0.2, 0.5]))
def test_random_games_end_without_leaks(seed: int, randomness: float) -> None:
    state, steps = play(seed, randomness)
    assert state.finished, f"no end after {steps} actions (turn {state.turn})"
    assert state.winners


def test_boards_of_a_random_game_render() -> None:
    state, _ = play(11, 0.3, render_every=97)
    assert state.finished
