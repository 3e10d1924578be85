"""Combined orders ([18]): move, search and interact with gold sections of helpers."""

from __future__ import annotations

from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.choices import legal
from rules.orders.frames import InterruptOffer
from rules.orders.narrate import describe
from rules.orders.state import OrdersState, SearchWindow, SpyWindow
from tests.orders.builders import (
    ALPHA,
    BRAVO,
    CATALOG,
    act,
    fighter,
    fold,
    game,
    of,
    one,
    refused,
    sq,
)
from tests.orders.search_builders import deck_card, retiled, with_deck

CARBINE = "card-carbine-belt"  # carbine (armory, find 2, weight 2) / ammo belt


def marching() -> OrdersState:
    """A1 (provost, Movement 3) activated with `advance`; A2 (sentinel, Movement 2) holds
    `charge` (gold Move 2) from an earlier activation round."""
    state = game(
        [
            fighter("A1", "provost", "A2"),
            fighter("A2", "sentinel", "A4"),
            fighter("B1", "salvage-brute", "G6"),
        ],
        hands={ALPHA: ("advance", "charge")},
    )
    state, _ = act(state, ALPHA, "activate A2 charge")
    state, _ = act(state, ALPHA, "done")
    state = fold(state, [ev.RoundBegan(seat=ALPHA)])
    state, _ = act(state, ALPHA, "activate A1 advance")
    return state


def test_a_combined_move_moves_each_helper_first_on_its_gold_move_sections() -> None:
    state = marching()
    screen = state.player(ALPHA).cp
    state, events = act(state, ALPHA, "move to C2 with A2 to C4")
    assert [m.fighter for m in of(events, ev.Moved)] == ["A2", "A1"]
    assert state.fighter("A1").square == sq("C2") and state.fighter("A2").square == sq("C4")
    paid = {p.fighter: p.placed for p in of(events, ev.OrderPaid)}
    assert [(p.tile, p.section, p.cp) for p in paid["A2"]] == [(0, 0, 1)]  # charge's gold Move
    assert state.fighter("A2").spent == 1 and state.player(ALPHA).cp == screen - 2
    lines = [describe(m) for m in of(events, ev.Moved)]
    assert lines[0] == "A2 moves B4 C4 (2 of 2 movement points), facing east."


def test_a_helper_pays_the_cp_its_own_movement_needs_and_a_helper_may_clear_the_way() -> None:
    state = marching()
    # A2 (Movement 2) needs 2 CP for 3 squares; A1 then ends where A2 stood
    state, events = act(state, ALPHA, "move to A4 with A2 to D4")
    assert [sum(p.cp for p in e.placed) for e in of(events, ev.OrderPaid)] == [2, 1]
    assert state.fighter("A1").square == sq("A4") and state.fighter("A2").square == sq("D4")


def test_a_combined_move_is_refused_with_the_reason() -> None:
    state = marching()
    far = refused(state, ALPHA, "move to B2 with A2 to D6")  # 5 points: 3 CP, gold holds 2
    assert far.rule == "[18.2]" and "needs 3 CP on gold Move sections" in far.message
    taken = refused(state, ALPHA, "move to C2 with A2 to A2")
    assert taken.rule == "[04.3]" and "A2 " in taken.message
    assert "named twice" in refused(state, ALPHA, "move to C2 with A2 to C4, A2 to C5").message
    assert "not" in refused(state, ALPHA, "move to C2 with B1 to C4").message
    assert "Use `move to" in refused(state, ALPHA, "move to C2 with A2").message
    # the gold Move section keeps the 1 CP it has room for after a 1-CP combined move
    state, _ = act(state, ALPHA, "move to B2 with A2 to B4")
    again = refused(state, ALPHA, "move to C2 with A2 to D6")
    assert again.rule == "[18.2]" and "allow 1" in again.message


def test_without_a_gold_move_section_a_helper_cannot_join() -> None:
    state = game(
        [fighter("A1", "provost", "A2"), fighter("A2", "sentinel", "A4")],
        hands={ALPHA: ("advance",)},
    )
    state, _ = act(state, ALPHA, "activate A1 advance")
    rejection = refused(state, ALPHA, "move to C2 with A2 to C4")
    assert rejection.rule == "[18.2]" and "allow 0" in rejection.message
    assert not [c for c in legal(state, CATALOG, ALPHA) if " with " in c.notation]


def test_every_combined_move_offered_is_accepted() -> None:
    state = marching()
    offered = [c.notation for c in legal(state, CATALOG, ALPHA) if " with " in c.notation]
    assert offered and all(n.startswith("move to ") for n in offered)
    for notation in offered:
        act(state, ALPHA, notation)


def test_only_the_activated_characters_walk_sets_off_interruptions() -> None:
    people = [
        fighter("A1", "provost", "A1", facing=Facing.SOUTH),
        fighter("A2", "sentinel", "B2", facing=Facing.SOUTH),
        fighter("B1", "ash-scout", "D4", facing=Facing.SOUTH),  # rows 4 to 6 in its sight
    ]
    state = game(people, hands={ALPHA: ("dash", "charge"), BRAVO: ("scramble", "charge")})
    state, _ = act(state, ALPHA, "activate A2 charge")
    state, _ = act(state, ALPHA, "done")
    state = fold(state, [ev.RoundBegan(seat=ALPHA)])
    state, _ = act(state, ALPHA, "activate A1 dash")
    # A2 walks into B1's sight: no stop, no offer; A1 stays out of it
    state, events = act(state, ALPHA, "move to A3 with A2 to B5")
    assert not of(events, ev.Watched) and state.waiting_window() is None
    assert not any(m.paused for m in of(events, ev.Moved))
    assert state.fighter("A2").square == sq("B5")
    # the activated character's own walk into sight is offered to Bravo as usual
    state, events = act(state, ALPHA, "move to A4")
    assert of(events, ev.Watched)
    assert isinstance(state.waiting_window(), InterruptOffer)


def searchers(side: str = "defender", helper_at: str = "C3") -> OrdersState:
    """A1 and A2 (provosts: Search 1) on the strongroom (armory, search bonus 1); A2 holds
    `hunt` (gold Search 2) from an earlier round, A1 is activated with `sweep`."""
    state = game(
        [
            fighter("A1", "provost", "B3", side=side),
            fighter("A2", "provost", helper_at, side=side),
            fighter("B1", "ash-scout", "H6"),
        ],
        hands={ALPHA: ("sweep", "hunt")},
        ground_=retiled(west="strongroom"),
    )
    state = with_deck(state, deck_card(CARBINE))
    state, _ = act(state, ALPHA, "activate A2 hunt")
    state, _ = act(state, ALPHA, "done")
    state = fold(state, [ev.RoundBegan(seat=ALPHA)])
    state, _ = act(state, ALPHA, "activate A1 sweep")
    return state


def test_a_combined_search_pools_every_searchers_dice_and_room_bonus() -> None:
    state = searchers()
    screen = state.player(ALPHA).cp
    # A1: 1 + bonus 1 = 2 dice (2 + 1); A2: 1 + bonus 1 = 2 dice (2 + 1 and a spy point)
    state, events = act(state, ALPHA, "search with A2", faces=[5, 3, 5, 6])
    searched = one(events, ev.Searched)
    assert (searched.dice, searched.points, searched.spies) == (2, 6, 1)
    assert [(h.fighter, h.dice, h.points) for h in searched.helpers] == [("A2", 2, 3)]
    assert describe(searched) == (
        "A1 searches with A2: A1 2 black dice = 3; A2 2 black dice = 3; together 6 search"
        " points, 1 spy point."
    )
    assert [p.fighter for p in of(events, ev.OrderPaid)] == ["A1", "A2"]
    assert state.fighter("A2").spent == 1 and state.player(ALPHA).cp == screen - 2
    window = state.windows[-2]
    assert isinstance(window, SearchWindow) and window.helpers == ("A2",)


def test_spy_points_of_a_combined_search_on_home_ground_never_become_mp() -> None:
    state, _ = act(searchers(), ALPHA, "search with A2", faces=[5, 3, 5, 6])
    spy = state.waiting_window()
    assert isinstance(spy, SpyWindow) and not spy.mp
    rejection = refused(state, ALPHA, "spy mp")
    assert rejection.rule == "[18.5]" and "foreign ground" in rejection.message
    offered = [c.notation for c in legal(state, CATALOG, ALPHA)]
    assert "spy deck" in offered and not any(n.startswith("spy mp") for n in offered)
    state, _ = act(state, ALPHA, "spy deck")
    state, _ = act(state, ALPHA, "spy order 1")
    # the attacking side's characters indoors are on foreign ground
    state, _ = act(searchers("attacker"), ALPHA, "search with A2", faces=[5, 3, 5, 6])
    mp = state.player(ALPHA).mp
    state, _ = act(state, ALPHA, "spy mp")
    assert state.player(ALPHA).mp == mp + 1


def test_the_active_player_chooses_who_receives_the_card() -> None:
    state, _ = act(searchers(), ALPHA, "search with A2", faces=[5, 3, 5, 5])
    offered = [c.notation for c in legal(state, CATALOG, ALPHA)]
    assert "take" in offered and "take for A2" in offered
    rejection = refused(state, ALPHA, "take for B1")
    assert rejection.rule == "[18.5]" and "(A1, A2)" in rejection.message
    state, events = act(state, ALPHA, "take for A2")
    assert one(events, ev.EquipmentFound).fighter == "A2"
    assert "carbine" in state.fighter("A2").equipment
    assert "carbine" not in state.fighter("A1").equipment


def test_a_combined_search_is_refused_with_the_reason() -> None:
    apart = refused(searchers(helper_at="F3"), ALPHA, "search with A2")
    assert apart.rule == "[18.5]" and "same floor tile" in apart.message
    state = searchers()
    assert "named twice" in refused(state, ALPHA, "search with A2, A2").message
    assert "not another of your characters" in refused(state, ALPHA, "search with B1").message
    alone = game(
        [fighter("A1", "provost", "B3"), fighter("A2", "provost", "C3")],
        hands={ALPHA: ("sweep",)},
        ground_=retiled(west="strongroom"),
    )
    alone = with_deck(alone, deck_card(CARBINE))
    alone, _ = act(alone, ALPHA, "activate A1 sweep")
    no_gold = refused(alone, ALPHA, "search with A2")
    assert no_gold.rule == "[18.5]" and "no open gold Search section" in no_gold.message
    assert not [c for c in legal(alone, CATALOG, ALPHA) if c.notation.startswith("search with")]


def test_every_combined_search_offered_is_accepted() -> None:
    state = searchers()
    choices = legal(state, CATALOG, ALPHA)
    offered = [c.notation for c in choices if c.notation.startswith("search with")]
    assert offered == ["search with A2"]
    state, _ = act(state, ALPHA, offered[0], faces=[5, 3, 5, 5])
    for notation in [c.notation for c in legal(state, CATALOG, ALPHA)]:
        act(state, ALPHA, notation)


def test_the_searchers_cp_buy_it_more_dice_in_a_combined_search() -> None:
    state = searchers()
    state, events = act(state, ALPHA, "search with A2 cp 2", faces=[3, 3, 3, 3, 3])
    searched = one(events, ev.Searched)
    assert (searched.dice, searched.points) == (3, 5)
    assert [sum(p.cp for p in e.placed) for e in of(events, ev.OrderPaid)] == [2, 1]


def tinkering(
    carried: str = "flare-pack", helper_at: str = "C3", side: str = "defender"
) -> OrdersState:
    """A1 (provost, carrying ``carried``) activated with `tinker` (red Interact 2); A2
    holds `relay` (gold Interact 2) from an earlier round."""
    state = game(
        [
            fighter("A1", "provost", "B3", equipment=(carried,), side=side),
            fighter("A2", "provost", helper_at),
            fighter("B1", "ash-scout", "H6"),
        ],
        hands={ALPHA: ("tinker", "relay")},
    )
    state, _ = act(state, ALPHA, "activate A2 relay")
    state, _ = act(state, ALPHA, "done")
    state = fold(state, [ev.RoundBegan(seat=ALPHA)])
    state, _ = act(state, ALPHA, "activate A1 tinker")
    return state


def test_a_combined_interact_adds_a_die_for_each_helpers_cp() -> None:
    state = tinkering()
    screen = state.player(ALPHA).cp
    # the flare pack: 2 yellow dice, 2 points; A2's CP adds a third yellow die
    state, events = act(state, ALPHA, "interact flare pack with A2", faces=[1, 1, 4])
    line = one(events, ev.LineResolved)
    assert (len(line.dice), line.points, line.success, line.helpers) == (3, 2, True, ("A2",))
    assert describe(line) is not None and describe(line) == (
        "A1 uses the Flare pack, line 1 (2 CPs, with A2): y0 y0 | A2 y2 = 2 vs 2: success."
    )
    paid = {p.fighter: sum(x.cp for x in p.placed) for p in of(events, ev.OrderPaid)}
    assert paid == {"A1": 1, "A2": 1}
    assert state.fighter("A2").spent == 1
    assert state.player(ALPHA).cp == screen - 2 + 2  # the flare pack gives 2 CP


def test_a_combined_interact_is_refused_with_the_reason() -> None:
    apart = refused(tinkering(helper_at="D5"), ALPHA, "interact flare pack with A2")
    assert apart.rule == "[18.6]" and "not next to the carrier A1" in apart.message
    state = tinkering()
    assert "named twice" in refused(state, ALPHA, "interact flare pack with A2, A2").message
    assert "not another of your" in refused(state, ALPHA, "interact flare pack with B1").message
    # a line kept for the attacking side takes attacking helpers only
    kept = refused(
        tinkering("cipher-dossier", side="attacker"), ALPHA, "interact cipher dossier with A2"
    )
    assert kept.rule == "[18.6]" and "Only attacker characters" in kept.message


def test_every_combined_interact_offered_is_accepted() -> None:
    state = tinkering()
    offered = [c.notation for c in legal(state, CATALOG, ALPHA) if " with " in c.notation]
    assert "interact flare-pack line 1 with A2" in offered
    for notation in offered:
        act(state, ALPHA, notation, faces=[1, 1, 1])
    assert not [
        c
        for c in legal(tinkering(helper_at="D5"), CATALOG, ALPHA)
        if c.notation.startswith("interact") and " with " in c.notation
    ]


def torturing(
    helper_at: str = "C3", side: str = "defender", helper_side: str = "defender"
) -> OrdersState:
    """A1 (``side``) carries the prisoner B1 and is activated with `ransack` (black
    Interact 2); A2 holds `relay` (gold Interact 2) from an earlier round."""
    state = game(
        [
            fighter("A1", "provost", "B3", side=side),
            fighter("A2", "provost", helper_at, side=helper_side),
            fighter("B1", "ash-scout", None, condition="captured", captor="A1"),
            fighter("B2", "ash-scout", "H6"),
        ],
        hands={ALPHA: ("ransack", "relay")},
    )
    state, _ = act(state, ALPHA, "activate A2 relay")
    state, _ = act(state, ALPHA, "done")
    state = fold(state, [ev.RoundBegan(seat=ALPHA)])
    state, _ = act(state, ALPHA, "activate A1 ransack")
    return state


def test_a_combined_torture_adds_a_black_die_for_each_helpers_cp() -> None:
    state = torturing()
    mp = state.player(ALPHA).mp
    state, events = act(state, ALPHA, "torture B1 with A2", faces=[5, 5])
    tortured = one(events, ev.Tortured)
    assert (len(tortured.faces), tortured.spy_points, tortured.helpers) == (2, 4, ("A2",))
    assert describe(tortured) == "A1 tortures the prisoner B1: black dice 2 | A2 2 = 4 spy points."
    assert [p.fighter for p in of(events, ev.OrderPaid)] == ["A1", "A2"]
    assert state.player(ALPHA).mp == mp + 4


def test_a_combined_torture_takes_adjacent_defenders_only() -> None:
    far = refused(torturing(helper_at="D5"), ALPHA, "torture B1 with A2")
    assert far.rule == "[18.6]" and "not next to the captor A1" in far.message
    attacker = refused(torturing(helper_side="attacker"), ALPHA, "torture with A2")
    assert attacker.rule == "[18.6]" and "torture; A2 " in attacker.message
    captor = refused(torturing(side="attacker"), ALPHA, "torture with A2")
    assert captor.rule == "[18.6]" and "A1 is not" in captor.message


def test_every_combined_torture_offered_is_accepted() -> None:
    state = torturing()
    offered = [c.notation for c in legal(state, CATALOG, ALPHA) if c.notation.startswith("tort")]
    assert offered == ["torture B1", "torture B1 with A2"]
    for notation in offered:
        act(state, ALPHA, notation, faces=[1] * (2 if " with " in notation else 1))
    assert not [
        c
        for c in legal(torturing(helper_at="D5"), CATALOG, ALPHA)
        if c.notation.startswith("torture") and " with " in c.notation
    ]
