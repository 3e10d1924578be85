"""Duels ([10.1], [21.4]): who wins a bid, the initiative duel of 3-4 player games and the
interruption duel with several players asking."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core import engine
from rules.core.events import Event
from rules.core.rejection import Rejection
from rules.core.secrets import Spelling
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.duels import winner
from rules.orders.frames import Bid, BidWindow, InitiativeOffer, InterruptOffer, InterruptWindow
from rules.orders.state import Fighter, OrdersState, Player
from tests.core.hidden import check_secrets
from tests.orders.builders import (
    ALPHA,
    BRAVO,
    CATALOG,
    SYSTEM,
    act,
    fighter,
    fold,
    game,
    ground,
    of,
    one,
    refused,
)

CHARLIE = "charlie"
DRAWS = [1] * 15  # every tile drawn for the next turn is the first left in the bag


def three(fighters: Sequence[Fighter], cp: tuple[int, int, int] = (15, 15, 15)) -> OrdersState:
    """A 3-player game (no sides) in turn 1's Activation phase, Alpha active."""
    seats = (ALPHA, BRAVO, CHARLIE)
    state = SYSTEM.initial_state(SYSTEM.options_model(turns=6), seats)
    assert isinstance(state, OrdersState)
    cards = {f.character for f in fighters}
    state = fold(
        state,
        [
            ev.GameSet(
                generator="generator-3",
                turns=6,
                base_cp=15,
                ground=ground(),
                dice=tuple(CATALOG.dice.values()),
                characters=tuple(CATALOG.characters[c] for c in sorted(cards)),
                order_tiles=tuple(CATALOG.order_tiles.values()),
                equipment=tuple(CATALOG.equipment.values()),
                players=tuple(Player(seat=s, mp=25) for s in seats),
                fighters=tuple(fighters),
                bag=tuple(t.id for t in CATALOG.bag()),
            )
        ],
    )
    state = state.model_copy(update={"phase": "facing", "faced": tuple(f.id for f in fighters)})
    return fold(
        state,
        [
            ev.TurnBegan(turn=1, initiative=ALPHA),
            *(ev.CpReceived(seat=s, base=c, bonus=0) for s, c in zip(seats, cp, strict=True)),
            ev.RoundBegan(seat=ALPHA),
        ],
    )


def charlie(label: str, character: str, at: str, facing: Facing = Facing.EAST) -> Fighter:
    return fighter(label, character, at, facing=facing).model_copy(
        update={"seat": CHARLIE, "side": None}
    )


def band(charlie_card: str = "ash-scout") -> list[Fighter]:
    return [
        fighter("A1", "ash-scout", "A1").model_copy(update={"side": None}),
        fighter("B1", "ash-scout", "H1").model_copy(update={"side": None}),
        charlie("C1", charlie_card, "H6"),
    ]


def next_turn(state: OrdersState) -> tuple[OrdersState, list[Event]]:
    state, _ = act(state, ALPHA, "pass")
    state, _ = act(state, BRAVO, "pass")
    return act(state, CHARLIE, "pass", faces=DRAWS)


def test_the_highest_bid_wins_and_ties_break_on_fewest_cp_left_with_many_players() -> None:
    bids = (Bid(seat="a", cp=3), Bid(seat="b", cp=1))
    assert winner(bids, {"a": 5, "b": 0}, many=False) == ("a", ())
    tied = (Bid(seat="a", cp=2), Bid(seat="b", cp=2), Bid(seat="c", cp=0))
    left = {"a": 9, "b": 4, "c": 1}
    assert winner(tied, left, many=False) == (None, ())
    won, shown = winner(tied, left, many=True)
    assert won == "b" and [(s.seat, s.cp) for s in shown] == [("a", 9), ("b", 4)]
    assert winner(tied, {"a": 4, "b": 4, "c": 0}, many=True)[0] is None


def test_two_player_games_have_no_initiative_duel() -> None:
    state = game([fighter("A1", "provost", "A1"), fighter("B1", "ash-scout", "H6")])
    state, _ = act(state, ALPHA, "pass")
    state, events = act(state, BRAVO, "pass", faces=DRAWS[:10])
    assert one(events, ev.TurnBegan).turn == 2
    assert one(events, ev.RoundBegan).seat == ALPHA
    assert state.windows == ()


def test_each_player_after_the_first_seat_may_demand_the_initiative_in_turn() -> None:
    state, events = next_turn(three(band()))
    assert not of(events, ev.RoundBegan)
    assert state.initiative == ALPHA
    offer = state.waiting_window()
    assert isinstance(offer, InitiativeOffer) and offer.seat == BRAVO and offer.holder == ALPHA
    assert isinstance(state.windows[-2], InitiativeOffer) and state.windows[-2].seat == CHARLIE
    assert refused(state, ALPHA, "pass").message.startswith("Waiting for Bravo")
    (prompt,) = SYSTEM.prompts(state)
    assert prompt.seat == BRAVO and prompt.on_timeout == "let pass"
    assert "demand initiative bid 1" in {c.notation for c in prompt.choices}


def test_nobody_demanding_leaves_the_initiative_with_the_first_seat() -> None:
    state, _ = next_turn(three(band()))
    state, _ = act(state, BRAVO, "let pass")
    state, events = act(state, CHARLIE, "let pass")
    assert one(events, ev.RoundBegan).seat == ALPHA
    assert state.active == ALPHA and state.windows == ()


def test_the_highest_demand_takes_the_initiative_and_its_bids_go_to_the_bank() -> None:
    state, _ = next_turn(three(band()))
    state, _ = act(state, BRAVO, "let pass")
    state, events = act(state, CHARLIE, "demand initiative bid 3")
    assert one(events, ev.DuelAsked).kind == "initiative"
    bid = state.waiting_window()
    assert isinstance(bid, BidWindow) and bid.seat == ALPHA and bid.mover is None
    assert "turn a character" in refused(state, ALPHA, "bid 1 face north").message
    state, events = act(state, ALPHA, "bid 2")
    assert one(events, ev.DuelRevealed).winner == CHARLIE
    assert one(events, ev.InitiativeTaken).seat == CHARLIE
    assert one(events, ev.RoundBegan).seat == CHARLIE
    assert state.initiative == CHARLIE and state.player(CHARLIE).cp == 12


def test_tied_demands_go_to_the_fewest_cp_left() -> None:
    state, _ = next_turn(three(band(charlie_card="provost")))  # provost: 2 bonus CP
    assert state.player(CHARLIE).cp == 17 and state.player(BRAVO).cp == 15
    state, _ = act(state, BRAVO, "demand initiative bid 2")
    state, _ = act(state, CHARLIE, "demand initiative bid 2")
    state, events = act(state, ALPHA, "bid 1")
    revealed = one(events, ev.DuelRevealed)
    assert [(s.seat, s.cp) for s in revealed.left] == [(BRAVO, 13), (CHARLIE, 15)]
    assert revealed.winner == BRAVO
    assert state.initiative == BRAVO and state.active == BRAVO


def test_a_tie_that_remains_leaves_the_initiative_with_the_first_seat() -> None:
    state, _ = next_turn(three(band()))
    state, _ = act(state, BRAVO, "demand initiative bid 2")
    state, _ = act(state, CHARLIE, "demand initiative bid 2")
    state, events = act(state, ALPHA, "bid 2")
    assert one(events, ev.DuelRevealed).winner is None
    assert not of(events, ev.InitiativeTaken)
    assert state.active == ALPHA


def test_several_askers_are_offered_clockwise_and_one_duel_settles_them() -> None:
    fighters = [
        fighter("A1", "provost", "A2", facing=Facing.SOUTH).model_copy(update={"side": None}),
        fighter("B1", "ash-scout", "A5", facing=Facing.SOUTH).model_copy(update={"side": None}),
        charlie("C1", "ash-scout", "B4", facing=Facing.EAST),
    ]
    state = three(fighters, cp=(15, 15, 12))
    hands = tuple(p.model_copy(update={"hand": ("dash",)}) for p in state.players)
    state = state.model_copy(update={"players": hands})
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "move to A4")  # next to both B1 and C1 on A4
    assert not one(events, ev.Moved).paused  # the last square: nothing left to resume
    offers = [w for w in state.windows if isinstance(w, InterruptOffer)]
    assert [w.seat for w in reversed(offers)] == [BRAVO, CHARLIE]
    state, _ = act(state, BRAVO, "interrupt B1 bid 2")
    state, _ = act(state, CHARLIE, "interrupt C1 bid 2")
    state, events = act(state, ALPHA, "bid 1")
    revealed = one(events, ev.DuelRevealed)
    assert [(s.seat, s.cp) for s in revealed.left] == [(BRAVO, 13), (CHARLIE, 10)]
    assert revealed.winner == CHARLIE
    window = state.waiting_window()
    assert isinstance(window, InterruptWindow) and window.fighter == "C1"
    state, _ = act(state, CHARLIE, "done")
    assert state.windows == () and state.acting() == "A1"


def test_automatic_players_duel_keep_their_secrets_and_finish_the_game() -> None:
    """Three automatic players over three turns: duels are asked and won, every suggestion
    is accepted, no bid reaches anyone before its reveal, and the game ends."""
    fighters = [
        fighter("A1", "provost", "A2").model_copy(update={"side": None}),
        fighter("A2", "ash-scout", "B5", facing=Facing.NORTH).model_copy(update={"side": None}),
        fighter("B1", "ash-scout", "G3", facing=Facing.WEST).model_copy(update={"side": None}),
        fighter("B2", "provost", "C6", facing=Facing.NORTH).model_copy(update={"side": None}),
        charlie("C1", "provost", "H6", facing=Facing.WEST),
        charlie("C2", "ash-scout", "D1", facing=Facing.SOUTH),
    ]
    start = three(fighters).model_copy(update={"turns": 3})
    seen: set[str] = set()
    for number in (1, 2):
        state, rnd, seed = start, random.Random(number), number.to_bytes(32, "big")
        log: list[Event] = []
        held: dict[str, set[Spelling]] = {}
        for _ in range(400):
            if state.finished:
                break
            waiting = SYSTEM.status(state).waiting_on
            seat = waiting[rnd.randrange(len(waiting))]
            choices = SYSTEM.legal_actions(state, seat)
            notation = SYSTEM.automatic_action(state, seat, choices, rnd, randomness=0.3)
            assert notation is not None
            action = SYSTEM.parse_notation(notation, state, seat)
            assert not isinstance(action, Rejection), (notation, action)
            events = engine.decide(SYSTEM, state, seed, seat, action)
            assert not isinstance(events, Rejection), (notation, events)
            log.extend(events)
            state = fold(state, events)
            seen.update(type(e).__name__ for e in events)
            check_secrets(SYSTEM, state, log, held)
        assert state.finished
        assert fold(start, log) == state
    assert {"DuelRevealed", "InterruptBegan", "InitiativeTaken"} <= seen
