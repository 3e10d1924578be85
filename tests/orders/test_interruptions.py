"""Interruptions ([10.2]-[10.4]): triggers met while the activated character walks, the
offer and the secret duel, the interrupting character's orders, pause and resume."""

from __future__ import annotations

from rules.core.events import Event
from rules.core.visibility import only
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.aiming import targeting_dice
from rules.orders.choices import legal
from rules.orders.frames import BidWindow, InterruptOffer, InterruptWindow, WalkStep
from rules.orders.secrets import disguise, secrets
from rules.orders.state import AssignedTile, Fighter, OrdersState
from tests.orders.builders import (
    ALPHA,
    BRAVO,
    CATALOG,
    SYSTEM,
    act,
    fighter,
    game,
    of,
    one,
    refused,
    sq,
)


def walker(**b1: object) -> list[Fighter]:
    """A1 walks down column A; B1 on D4 faces south: rows 4 to 6 are in its sight."""
    return [
        fighter("A1", "provost", "A2", facing=Facing.SOUTH),  # movement 3
        fighter("B1", "ash-scout", "D4", facing=Facing.SOUTH, **b1),  # movement 4
    ]


def paused(
    fighters: list[Fighter] | None = None, bravo: tuple[str, ...] = ("scramble", "charge")
) -> tuple[OrdersState, list[Event]]:
    state = game(fighters or walker(), hands={ALPHA: ("dash",), BRAVO: bravo})
    state, _ = act(state, ALPHA, "activate A1 dash")
    return act(state, ALPHA, "move to A5")


def windows(state: OrdersState) -> list[str]:
    return [w.frame for w in state.windows]


def test_entering_a_line_of_sight_stops_the_walk_and_offers_the_duel() -> None:
    state, events = paused()
    moved = one(events, ev.Moved)
    assert moved.paused
    assert moved.path == (sq("A2"), sq("A3"), sq("A4"))
    assert (moved.used, moved.points) == (2, 3)
    assert state.fighter("A1").square == sq("A4")
    walk = state.windows[0]
    assert isinstance(walk, WalkStep)
    assert walk.rest == (sq("A5"),) and walk.used == 2
    offer = state.waiting_window()
    assert isinstance(offer, InterruptOffer) and offer.seat == BRAVO
    assert [(c.fighter, c.trigger) for c in offer.chances] == [("B1", "sight")]
    assert refused(state, ALPHA, "done").message.startswith("Waiting for Bravo")


def test_letting_it_pass_resumes_the_walk_with_the_points_left() -> None:
    state, _ = paused()
    state, events = act(state, BRAVO, "let pass")
    assert one(events, ev.DuelDeclined).seat == BRAVO
    moved = one(events, ev.Moved)
    assert moved.path == (sq("A4"), sq("A5")) and not moved.paused
    assert (moved.used, moved.points) == (3, 3)
    assert state.fighter("A1").square == sq("A5")
    assert state.windows == ()
    assert state.player(ALPHA).cp == 14  # the Move was paid once


def test_already_in_sight_when_activated_is_no_trigger() -> None:
    state = game(
        [
            fighter("A1", "provost", "A2", facing=Facing.SOUTH),
            fighter("B1", "ash-scout", "D4", facing=Facing.WEST),  # sees the whole room
        ],
        hands={ALPHA: ("dash",)},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    assert "B1 sight" in state.watched
    state, events = act(state, ALPHA, "move to A5")
    assert not one(events, ev.Moved).paused
    assert state.windows == ()


def test_stepping_next_to_a_character_is_a_trigger_of_its_own() -> None:
    state = game(
        [
            fighter("A1", "provost", "A2", facing=Facing.SOUTH),
            fighter("B1", "ash-scout", "B4", facing=Facing.EAST),  # column A out of sight
        ],
        hands={ALPHA: ("dash",)},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, _ = act(state, ALPHA, "move to A5")
    offer = state.waiting_window()
    assert isinstance(offer, InterruptOffer)
    assert [(c.fighter, c.trigger) for c in offer.chances] == [("B1", "adjacent")]
    assert offer.square == sq("A4")


def test_a_missed_trigger_is_lost_for_the_round_and_forgotten_after_it() -> None:
    state, _ = paused()
    state, _ = act(state, BRAVO, "let pass")
    state, _ = act(state, ALPHA, "move to A2")
    state, events = act(state, ALPHA, "move to A4")  # back in B1's sight: no new chance
    assert not one(events, ev.Moved).paused
    assert state.windows == ()
    state, _ = act(state, ALPHA, "done")
    assert state.watched == ()


def test_a_player_without_cp_to_bid_stops_nothing() -> None:
    state = game(walker(), hands={ALPHA: ("dash",)}, cp={ALPHA: 15, BRAVO: 0})
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "move to A5")
    assert not one(events, ev.Moved).paused
    assert "B1 sight" in state.watched


def test_bids_stay_secret_until_both_are_in_then_show_together() -> None:
    state, _ = paused()
    state, events = act(state, BRAVO, "interrupt B1 bid 2")
    asked = one(events, ev.DuelAsked)
    assert (asked.seat, asked.fighter, asked.mover) == (BRAVO, "B1", "A1")
    assert one(events, ev.BidMade).visibility == only(BRAVO)
    assert not of(events, ev.DuelRevealed)
    public = [e for e in events if not isinstance(e, ev.BidMade)]
    assert all('"cp": 2' not in e.model_dump_json().replace(" ", "") for e in public)
    bid = state.waiting_window()
    assert isinstance(bid, BidWindow) and bid.seat == ALPHA and bid.mover == "A1"
    state, events = act(state, ALPHA, "bid 1 face north")
    assert one(events, ev.BidMade).visibility == only(ALPHA)
    assert one(events, ev.Faced).facing == Facing.NORTH
    revealed = one(events, ev.DuelRevealed)
    assert {(b.seat, b.cp) for b in revealed.bids} == {(BRAVO, 2), (ALPHA, 1)}
    assert revealed.winner == BRAVO
    assert state.player(BRAVO).cp == 13 and state.player(ALPHA).cp == 13  # to the bank
    assert state.duel is None
    assert state.fighter("A1").facing == Facing.NORTH  # kept while paused
    window = state.waiting_window()
    assert isinstance(window, InterruptWindow) and window.fighter == "B1"
    assert state.acting() == "B1"


def test_a_tie_between_two_players_means_nothing_happens() -> None:
    state, _ = paused()
    state, _ = act(state, BRAVO, "interrupt B1 bid 2")
    state, events = act(state, ALPHA, "bid 2")
    assert one(events, ev.DuelRevealed).winner is None
    assert one(events, ev.Moved).path[-1] == sq("A5")
    assert state.windows == ()


def test_the_active_player_winning_lets_the_walk_go_on() -> None:
    state, _ = paused()
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, events = act(state, ALPHA, "bid 3")
    assert one(events, ev.DuelRevealed).winner == ALPHA
    assert not of(events, ev.InterruptBegan)
    assert state.fighter("A1").square == sq("A5")


def test_the_interrupter_takes_one_tile_and_two_red_or_gold_orders_then_the_mover_resumes() -> None:
    state, _ = paused(walker(tiles=(AssignedTile(tile="scramble", cp=(0, 0)),)))
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    state, events = act(state, BRAVO, "assign charge")
    assert one(events, ev.TileAssigned).tile == "charge"
    assert "already assigned" in refused(state, BRAVO, "assign scramble").message
    state, events = act(state, BRAVO, "move to D5 cp 1")  # red Move 2 of scramble
    assert one(events, ev.OrderPaid).placed[0].tile == 0
    assert not one(events, ev.Moved).paused  # an interrupter's walk sets off nothing
    state, _ = act(state, BRAVO, "move to D6 cp 1")
    assert state.interruption is not None and state.interruption.orders == 2
    rejection = refused(state, BRAVO, "move to C6 cp 1")  # charge's gold Move still free
    assert rejection.rule == "[10.3]" and "2 orders" in rejection.message
    state, events = act(state, BRAVO, "done")
    assert one(events, ev.InterruptEnded).fighter == "B1"
    assert one(events, ev.Moved).path == (sq("A4"), sq("A5"))
    assert state.interruption is None and state.windows == ()
    assert state.acting() == "A1"


def test_an_interrupter_may_not_use_black_sections() -> None:
    state, _ = paused(bravo=("dash",))
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    state, _ = act(state, BRAVO, "assign dash")
    state, events = act(state, BRAVO, "move to D5")
    assert one(events, ev.OrderPaid).placed[0].section == 1  # red Move 1, not black Move 3


def test_a_route_blocked_while_paused_ends_the_move_where_it_stands() -> None:
    state = game(walker(), hands={ALPHA: ("dash",), BRAVO: ("scramble",)})
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, _ = act(state, ALPHA, "move to A6")  # 4 points (2 CP): stops on A4
    assert state.fighter("A1").square == sq("A4")
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    state, _ = act(state, BRAVO, "assign scramble")
    state, _ = act(state, BRAVO, "move to A6 cp 2")  # onto the end of A1's route
    state, events = act(state, BRAVO, "done")
    assert not of(events, ev.Moved)  # A5 is free, but the rest of the route is not
    assert state.fighter("A1").square == sq("A4")
    assert state.windows == ()


def test_bad_answers_are_refused_with_the_rule() -> None:
    state, _ = paused()
    assert "at least 1 CP" in refused(state, BRAVO, "interrupt B1 bid 0").message
    assert "15 CP behind your screen" in refused(state, BRAVO, "interrupt B1 bid 16").message
    assert refused(state, BRAVO, "move to D5").rule == "[10.2]"
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    assert "14 CP behind your screen" in refused(state, ALPHA, "bid 20").message


def test_prompts_name_the_characters_and_answer_for_a_silent_seat() -> None:
    state, _ = paused()
    (prompt,) = SYSTEM.prompts(state)
    assert prompt.seat == BRAVO and prompt.private
    assert "B1 may interrupt A1 (entered its sight at A4)" in prompt.text
    assert prompt.on_timeout == "let pass"
    assert prompt.timeout_minutes == state.options.bid_minutes
    offered = {c.notation for c in prompt.choices}
    assert {"let pass", "interrupt B1 bid 1", "interrupt B1 bid 15"} <= offered
    assert "interrupt B1 bid 16" not in offered
    for notation in ("interrupt B1 bid 15", "let pass"):
        act(state, BRAVO, notation)
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    (prompt,) = SYSTEM.prompts(state)
    assert prompt.seat == ALPHA and prompt.on_timeout == "bid 0"
    assert {c.notation for c in prompt.choices} == {f"bid {n}" for n in range(15)}
    state, _ = act(state, ALPHA, prompt.on_timeout)
    (prompt,) = SYSTEM.prompts(state)
    assert prompt.seat == BRAVO and prompt.on_timeout == "done"
    assert "B1" in prompt.text and "interrupts A1" in prompt.text


def test_undeclared_bids_are_secrets_of_their_seat() -> None:
    state, _ = paused()
    state, _ = act(state, BRAVO, "interrupt B1 bid 2")
    (bid,) = [s for s in secrets(state) if s.kind == "duel bid"]
    assert bid.holders == frozenset({BRAVO})
    assert any(s.needle == "Bravo's secret bid: 2 CP" for s in bid.spellings)
    changed = disguise(state)
    assert changed is not None and changed.duel is not None
    assert changed.duel.bids[0].cp != 2


def test_one_new_tile_per_character_per_round_even_across_interruptions() -> None:
    fighters = [
        fighter("A1", "provost", "A2", facing=Facing.SOUTH),
        fighter("B1", "ash-scout", "C4", facing=Facing.SOUTH),  # sees rows 4 to 6
    ]
    state = game(fighters, hands={ALPHA: ("dash",), BRAVO: ("scramble", "charge")})
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, _ = act(state, ALPHA, "move to A4")  # enters B1's sight on its last square
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    state, _ = act(state, BRAVO, "assign scramble")
    state, _ = act(state, BRAVO, "done")
    state, _ = act(state, ALPHA, "move to B4")  # steps next to B1: a trigger of its own
    offer = state.waiting_window()
    assert isinstance(offer, InterruptOffer)
    assert [(c.fighter, c.trigger) for c in offer.chances] == [("B1", "adjacent")]
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    rejection = refused(state, BRAVO, "assign charge")
    assert rejection.rule == "[10.3]" and "other interruptions" in rejection.message


def test_an_interrupter_may_interact_and_use_abilities_each_as_one_of_its_two_orders() -> None:
    fighters = [
        fighter("A1", "provost", "A2", facing=Facing.SOUTH),
        fighter("B1", "smuggler", "D4", facing=Facing.SOUTH, equipment=("flare-pack",)),
    ]
    state, _ = paused(fighters, bravo=("tinker", "ransack"))
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    state, _ = act(state, BRAVO, "assign tinker")  # a red Interact section
    offered = [
        c.notation
        for c in legal(state, CATALOG, BRAVO)
        if c.notation.startswith(("interact ", "ability "))
    ]
    assert offered == ["interact flare-pack line 1", "ability eavesdrop line 1"]
    for notation in offered:
        act(state, BRAVO, notation, faces=[1, 1])
    state, events = act(state, BRAVO, "interact flare pack", faces=[6, 6])  # 6 points
    assert one(events, ev.CpGained).amount == 2
    assert state.interruption is not None and state.interruption.orders == 1
    state, events = act(state, BRAVO, "ability eavesdrop", faces=[1, 1])
    assert one(events, ev.AbilityPaid).fighter == "B1"
    assert state.interruption is not None and state.interruption.orders == 2
    assert "2 orders" in refused(state, BRAVO, "ability eavesdrop").message
    assert [
        c.notation
        for c in legal(state, CATALOG, BRAVO)
        if c.notation.startswith(("interact ", "ability ", "move "))
    ] == []


def test_an_interrupter_may_not_interact_on_a_black_section() -> None:
    fighters = [
        fighter("A1", "provost", "A2", facing=Facing.SOUTH),
        fighter("B1", "ash-scout", "D4", facing=Facing.SOUTH, equipment=("flare-pack",)),
    ]
    state, _ = paused(fighters, bravo=("ransack",))  # Interact black 2 only
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    state, _ = act(state, BRAVO, "assign ransack")
    assert refused(state, BRAVO, "interact flare pack").rule == "[02.2]"
    assert not [c for c in legal(state, CATALOG, BRAVO) if c.notation.startswith("interact ")]


def test_an_interrupter_is_offered_only_what_it_may_do_and_done_once() -> None:
    fighters = [
        fighter("A1", "provost", "A2", facing=Facing.SOUTH),
        fighter("B1", "ash-scout", "D4", facing=Facing.SOUTH, equipment=("carbine",)),
    ]
    state, _ = paused(fighters, bravo=("tinker",))
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    state, _ = act(state, BRAVO, "assign tinker")  # black Shoot: not for an interrupter
    offered = [c.notation for c in legal(state, CATALOG, BRAVO)]
    assert offered.count("done") == 1
    assert not [n for n in offered if n.startswith(("shoot ", "search"))]
    for notation in offered:
        act(state, BRAVO, notation)


def test_an_interrupter_may_shoot_or_fight_alone_on_red_and_gold_sections() -> None:
    armed = walker(equipment=("carbine",))
    state, _ = paused(armed, bravo=("ambush",))  # ambush: red Shoot 2, black Move 1
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    state, _ = act(state, BRAVO, "assign ambush")
    offered = [c.notation for c in legal(state, CATALOG, BRAVO)]
    assert "shoot A1" in offered and "move to D5" not in offered  # the Move is black
    b1 = state.fighter("B1")
    carbine = CATALOG.equipment["carbine"].fire
    assert carbine is not None
    blue = targeting_dice(state, b1, carbine, 0)
    # A1 on A4 stands beside B1 (D4, facing south): the orange zone, 2 red dice
    state, events = act(state, BRAVO, "shoot A1", faces=[6] * blue + [1, 1])
    shot = one(events, ev.Shot)
    assert shot.hit and shot.zone == "orange"
    assert one(events, ev.OrderPaid).placed[0].tile == 0  # the red Shoot section
    assert state.interruption is not None and state.interruption.orders == 1


def test_an_interrupter_fights_alone_and_never_on_black_sections() -> None:
    fighters = [
        fighter("A1", "provost", "A2", facing=Facing.SOUTH),
        fighter("B1", "ash-scout", "B4", facing=Facing.WEST),
        fighter("B2", "salvage-brute", "H6", facing=Facing.EAST),
    ]
    state = game(fighters, hands={ALPHA: ("dash",), BRAVO: ("brawl", "assault")})
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, _ = act(state, ALPHA, "move to A4")  # next to B1, in its sight
    state, _ = act(state, BRAVO, "interrupt B1 bid 1")
    state, _ = act(state, ALPHA, "bid 0")
    state, _ = act(state, BRAVO, "assign assault")  # black Close Combat 3 only
    rejection = refused(state, BRAVO, "fight A1")
    assert rejection.rule == "[02.2]" and "red or gold Close Combat" in rejection.message
    assert "[18.3]" in refused(state, BRAVO, "fight A1 with B2").rule


def test_a_character_met_by_two_triggers_at_once_is_offered_each_bid_once() -> None:
    """B1 sees A4 and stands next to it: one square, two triggers, one set of bids (a
    menu repeating them is refused by Discord, and the question never reaches the player)."""
    state = game(
        [
            fighter("A1", "provost", "A2", facing=Facing.SOUTH),
            fighter("B1", "ash-scout", "B4", facing=Facing.SOUTH),  # row 4 in sight
        ],
        hands={ALPHA: ("dash",)},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, _ = act(state, ALPHA, "move to A5")
    offer = state.waiting_window()
    assert isinstance(offer, InterruptOffer) and offer.square == sq("A4")
    assert [(c.fighter, c.trigger) for c in offer.chances] == [("B1", "sight"), ("B1", "adjacent")]
    offered = [c.notation for c in legal(state, CATALOG, BRAVO)]
    assert offered == ["let pass", *(f"interrupt B1 bid {n}" for n in range(1, 16))]


def test_an_offer_names_an_interrupter_once_when_both_its_triggers_are_met() -> None:
    # B1 on C3 faces south: B2 lies behind it, B3 level with it and next to it
    state = game(
        [
            fighter("A1", "provost", "B2", facing=Facing.SOUTH),
            fighter("B1", "ash-scout", "C3", facing=Facing.SOUTH),
        ],
        hands={ALPHA: ("dash",), BRAVO: ("scramble",)},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, _ = act(state, ALPHA, "move to B3")
    offer = next(w for w in state.windows if isinstance(w, InterruptOffer))
    assert {c.trigger for c in offer.chances} == {"sight", "adjacent"}
    (prompt,) = SYSTEM.prompts(state)
    assert prompt.text.count("B1 may interrupt") == 1
    assert "B1 may interrupt A1 (entered its sight and stepped next to it at B3)." in prompt.text
    for choice in prompt.choices:
        act(state, BRAVO, choice.notation)
