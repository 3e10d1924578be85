"""Mission cards ([12.1], [20.4], [21.2]): dealt in secret, scored and shown when
fulfilled; spy points may peek at enemy missions."""

from __future__ import annotations

from rules.core.events import DiceRolled, GameEnded
from rules.core.roller import Roller
from rules.core.visibility import Viewer
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.flow import Flow
from rules.orders.missions import deal_missions
from rules.orders.secrets import secrets
from rules.orders.setup import set_game
from rules.orders.spying import spend_spy_points
from rules.orders.state import Fighter, OrdersState, Player
from rules.orders.view import view
from tests.orders.builders import (
    ALPHA,
    BRAVO,
    CATALOG,
    SEATS,
    SYSTEM,
    act,
    fighter,
    game,
    of,
    one,
    refused,
)
from tests.orders.search_builders import deck_card, retiled, with_deck, with_missions
from tests.scripted_dice import ScriptedRoller


def two(**updates: object) -> list[Fighter]:
    return [
        fighter("A1", "provost", "B3"),
        fighter("B1", "ash-scout", "G3", facing=Facing.WEST, **updates),
    ]


def test_missions_are_dealt_in_secret_from_the_cards_a_side_may_hold() -> None:
    state = game(two())
    state = state.model_copy(update={"missions": {}})
    generator = CATALOG.generators["generator-2"]
    flow = Flow(state, ScriptedRoller([1, 1, 1, 1, 1, 1]), CATALOG)
    deal_missions(flow, generator)
    alpha, bravo = flow.state.player(ALPHA), flow.state.player(BRAVO)
    assert len(alpha.missions) == 3 and len(bravo.missions) == 3
    for player in (alpha, bravo):
        assert all(CATALOG.missions[m].holder in (player.side, "either") for m in player.missions)
    seen = of(flow.events, ev.MissionsSeen)
    assert [e.visibility.seats for e in seen] == [(ALPHA,), (BRAVO,)]
    assert all(e.visibility.seats == (e.seat,) for e in of(flow.events, DiceRolled))
    assert view(flow.state, Viewer.of_seat(BRAVO)).players[0].missions is None
    assert view(flow.state, Viewer.of_seat(ALPHA)).players[0].missions == alpha.missions
    assert {s.holders for s in secrets(flow.state) if s.kind == "missions"} == {
        frozenset({ALPHA}),
        frozenset({BRAVO}),
    }


def test_set_up_builds_the_deck_from_unhanded_cards_and_deals_missions() -> None:
    state = SYSTEM.initial_state(SYSTEM.options_model(), SEATS)
    assert isinstance(state, OrdersState)
    flow = Flow(state, Roller(b"setup", 0), CATALOG)
    set_game(flow, CATALOG.generators["generator-2"])
    done = flow.state
    carried = [f for f in done.fighters if f.equipment]
    for seat in SEATS:
        team = [f for f in done.fighters if f.seat == seat]
        assert 0 < sum(bool(f.equipment) for f in team) <= (len(team) + 1) // 2
    assert len(done.deck) == len(CATALOG.cards) - len(carried)
    assert {c.card for c in done.deck}.isdisjoint(
        {c.id for c in CATALOG.cards.values() if c.front in {f.equipment[0] for f in carried}}
    )
    assert all(len(p.missions) == 3 for p in done.players)


def test_a_kill_mission_scores_at_once_whoever_killed() -> None:
    state = with_missions(game(two(condition="dead")), alpha=("cull-intruders",))
    state, events = act(state, ALPHA, "activate A1")
    assert one(events, ev.MissionFulfilled).mission == "cull-intruders"
    assert one(events, ev.MpChanged).amount == 3
    assert state.player(ALPHA).mp == 33
    assert state.player(ALPHA).missions == () and state.player(ALPHA).fulfilled == (
        "cull-intruders",
    )


def test_a_second_copy_of_a_counting_mission_needs_a_second_kill() -> None:
    state = with_missions(game(two(condition="dead")), alpha=("cull-intruders", "cull-intruders"))
    state, events = act(state, ALPHA, "activate A1")
    assert len(of(events, ev.MissionFulfilled)) == 1
    assert state.player(ALPHA).missions == ("cull-intruders",)


def test_eradicate_needs_the_holders_own_kill() -> None:
    chief = fighter("B1", "reclaimer-chief", "G3", condition="dead", killed_by="B2")
    state = game([fighter("A1", "provost", "B3"), chief, fighter("B2", "ash-scout", "H6")])
    state = with_missions(state, alpha=("behead-reclaimers",))
    state, events = act(state, ALPHA, "activate A1")
    assert not of(events, ev.MissionFulfilled)
    chief = chief.model_copy(update={"killed_by": "A1"})
    state = game([fighter("A1", "provost", "B3"), chief])
    state = with_missions(state, alpha=("behead-reclaimers",))
    state, events = act(state, ALPHA, "activate A1")
    assert one(events, ev.MpChanged).amount == 6


def test_capture_finding_and_destruction_missions() -> None:
    held = fighter("B1", "ash-scout", "G3", condition="captured", captor="A1")
    state = game([fighter("A1", "provost", "B3", equipment=("cipher-dossier",)), held])
    state = with_missions(state, alpha=("take-a-prisoner", "recover-the-ciphers"))
    state, events = act(state, ALPHA, "activate A1")
    assert [e.mission for e in of(events, ev.MissionFulfilled)] == [
        "take-a-prisoner",
        "recover-the-ciphers",
    ]
    state = game(two(), ground_=retiled(west="generator-hall", destroyed=("Generator",)))
    state = with_missions(state, bravo=("cut-the-power",))
    state, events = act(state, ALPHA, "activate A1")
    assert one(events, ev.MissionFulfilled).seat == BRAVO


def test_a_search_room_mission_scores_when_a_search_there_finds() -> None:
    state = game(two(), hands={ALPHA: ("sweep",)}, ground_=retiled(west="chem-lab"))
    state = with_deck(state, deck_card("card-saw-stim"))  # bone saw: lab, find 1
    state = with_missions(state, alpha=("raid-the-labs",))
    state, _ = act(state, ALPHA, "activate A1 sweep")
    state, events = act(state, ALPHA, "search", faces=[3, 3])
    assert not of(events, ev.MissionFulfilled)
    state, events = act(state, ALPHA, "take")
    assert one(events, ev.MissionFulfilled).mission == "raid-the-labs"
    assert state.player(ALPHA).mp == 32


def test_hold_tile_missions_score_after_the_last_turn_before_the_winner() -> None:
    state = game(two(), turns=1, ground_=retiled(west="strongroom"))
    state = with_missions(state, alpha=("hold-the-strongroom",))
    state, events = act(state, ALPHA, "pass")
    assert not of(events, ev.MissionFulfilled)
    state, events = act(state, BRAVO, "pass")
    assert one(events, ev.MissionFulfilled).mission == "hold-the-strongroom"
    ended = one(events, GameEnded)
    assert ended.winners == (ALPHA,) and "35" in ended.reason


def test_spy_points_look_at_random_enemy_missions_in_secret() -> None:
    state = with_missions(game(two()), bravo=("purge-keepers", "get-out-alive"))
    flow = Flow(state, ScriptedRoller([]), CATALOG)
    spend_spy_points(flow, ALPHA, 2)
    state = flow.state
    state, events = act(state, ALPHA, "spy mission 2", faces=[2])
    spied = of(events, ev.MissionSpied)
    assert [e.mission for e in spied] == ["get-out-alive", "purge-keepers"]
    assert all(e.visibility.seats == (ALPHA,) for e in spied)
    assert state.waiting_window() is None


def test_spy_points_cannot_be_spent_twice() -> None:
    state = game(two())
    flow = Flow(state, ScriptedRoller([]), CATALOG)
    spend_spy_points(flow, ALPHA, 1)
    state = flow.state
    rejection = refused(state, ALPHA, "spy mp 2")
    assert "You have 1 spy point to use, not 2" in rejection.message
    assert refused(state, ALPHA, "spy mission").rule == "[12.2]"
    state, _ = act(state, ALPHA, "spy mp")
    assert state.player(ALPHA).mp == 31 and state.waiting_window() is None


def test_with_three_players_missions_follow_the_sides_of_each_band() -> None:
    state = game(
        [
            fighter("A1", "provost", "B3"),
            fighter("B1", "ash-scout", "G3"),
            fighter("C1", "lockwright", "C5", seat="charlie"),  # a defender
            fighter("C2", "ash-medic", "G5", seat="charlie", side="attacker"),
        ]
    )
    players = tuple(p.model_copy(update={"side": None}) for p in state.players)
    state = state.model_copy(
        update={
            "seats": (*SEATS, "charlie"),
            "players": (*players, Player(seat="charlie")),
            "missions": {},
        }
    )
    flow = Flow(state, ScriptedRoller([1] * 6), CATALOG)
    deal_missions(flow, CATALOG.generators["generator-3"])
    holders = {
        seat: {CATALOG.missions[m].holder for m in flow.state.player(seat).missions}
        for seat in (*SEATS, "charlie")
    }
    assert holders[ALPHA] <= {"defender", "either"}
    assert holders[BRAVO] <= {"attacker", "either"}
    assert all(len(flow.state.player(s).missions) == 2 for s in holders)
    # the first fitting card of the deck (a die of 1) is a defender's for Alpha, and
    # Charlie, with both sides, may draw either side's
    assert "defender" in holders[ALPHA]
    assert holders["charlie"] & {"defender", "attacker"}
