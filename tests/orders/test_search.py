"""The search deck and Search orders ([13.2]-[13.4]), with spy points ([12.2]).

Black dice faces (value: face): 1 shuffle, 2 flip, 3 one point, 4 one point, 5 two points,
6 one point and a spy point.
"""

from __future__ import annotations

from rules.core.choices import ActionChoice
from rules.core.frames import FrameClosed
from rules.core.visibility import REFEREE, Viewer
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.flow import Flow
from rules.orders.picture import orders_scene
from rules.orders.search_deck import set_deck
from rules.orders.secrets import disguise, secrets
from rules.orders.state import DropWindow, Fighter, OrdersState, SearchWindow, SpyWindow
from rules.orders.view import view
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
)
from tests.orders.search_builders import deck_card, retiled, with_deck
from tests.scripted_dice import ScriptedRoller

PISTOL = "card-pistol-rations"  # service pistol (quarters, find 1, weight 1) / field rations
CARBINE = "card-carbine-belt"  # carbine (armory) / ammo belt (armory, storage)
DOSSIER = "card-jammer-dossier"  # signal jammer / cipher dossier (quarters, find 4)
MINES = "card-mines-restraints"  # tripwire mines / restraint kit (quarters, find 2)


def searcher(equipment: tuple[str, ...] = ()) -> list[Fighter]:
    # the provost: Search 1, weight allowance 3; on the barracks (quarters)
    return [
        fighter("A1", "provost", "B3", equipment=equipment),
        fighter("B1", "ash-scout", "G3", facing=Facing.WEST),
    ]


def searching(*cards: str, equipment: tuple[str, ...] = ()) -> OrdersState:
    state = game(searcher(equipment), hands={ALPHA: ("sweep",)})  # move black 2, search black 3
    state = with_deck(state, *(deck_card(c) for c in cards))
    state, _ = act(state, ALPHA, "activate A1 sweep")
    return state


def test_the_search_deck_is_shuffled_by_dice_told_to_nobody_and_shows_its_top() -> None:
    state = game(searcher())
    flow = Flow(state, ScriptedRoller([2, 1, 2]), CATALOG)
    set_deck(flow, (CARBINE, PISTOL))  # the pistol card first, carbine card flipped
    assert [(c.card, c.up) for c in flow.state.deck] == [
        (PISTOL, "service-pistol"),
        (CARBINE, "ammo-belt"),
    ]
    assert one(flow.events, ev.SearchDeckSet).visibility == REFEREE
    assert all(e.visibility == REFEREE for e in flow.events if e.type == "dice_rolled")
    assert one(flow.events, ev.DeckTop).item == "service-pistol"
    seen = view(flow.state, Viewer.of_seat(BRAVO))
    assert (seen.deck_top, seen.deck) == ("service-pistol", 2)
    hidden = [s for s in secrets(flow.state) if s.kind == "search card"]
    assert len(hidden) == 1 and "ammo-belt" in hidden[0].what
    disguised = disguise(flow.state)
    assert disguised is not None and disguised.deck[0] == flow.state.deck[0]
    assert disguised.deck[1] != flow.state.deck[1]


def test_search_dice_are_the_search_value_plus_one_per_extra_cp() -> None:
    state = searching(CARBINE, PISTOL)
    state, events = act(state, ALPHA, "search cp 2", faces=[5, 3])
    searched = one(events, ev.Searched)
    assert (searched.dice, searched.points) == (2, 3)
    assert one(events, ev.OrderPaid).order == "search"
    window = state.waiting_window()
    assert isinstance(window, SearchWindow) and window.points == 3


def test_a_tile_search_bonus_adds_dice() -> None:
    state = game(searcher(), hands={ALPHA: ("sweep",)}, ground_=retiled(west="chem-lab"))
    state = with_deck(state, deck_card(PISTOL))
    state, _ = act(state, ALPHA, "activate A1 sweep")
    state, events = act(state, ALPHA, "search", faces=[3, 4])  # Search 1 + lab bonus 1
    assert one(events, ev.Searched).dice == 2


def test_cycling_costs_a_point_a_card_and_the_visible_card_is_taken() -> None:
    state = searching(CARBINE, PISTOL)
    state, _ = act(state, ALPHA, "search cp 2", faces=[5, 3])
    rejection = refused(state, ALPHA, "take")  # a carbine is found in armories only
    assert rejection.rule == "[13.3]" and "no room-type icon matches" in rejection.message
    state, events = act(state, ALPHA, "cycle")
    assert one(events, ev.DeckTop).item == "service-pistol"
    state, events = act(state, ALPHA, "take")
    assert one(events, ev.EquipmentFound).item == "service-pistol"
    assert state.fighter("A1").equipment == ("service-pistol",)
    assert [c.card for c in state.deck] == [CARBINE]
    assert state.waiting_window() is None
    assert state.player(ALPHA).finds == (("quarters",),)


def test_the_unused_points_must_reach_the_find_factor() -> None:
    state = game(searcher(), hands={ALPHA: ("sweep",)})
    state = with_deck(state, deck_card(DOSSIER, flipped=True))  # the dossier: find 4
    state, _ = act(state, ALPHA, "activate A1 sweep")
    state, _ = act(state, ALPHA, "search cp 3", faces=[5, 3, 2])  # 3 points and a flip
    rejection = refused(state, ALPHA, "take")
    assert "find factor 4; you have 3 unused" in rejection.message
    rejection = refused(state, ALPHA, "cycle 4")
    assert "you have 3 unused" in rejection.message


def test_outdoor_ground_cannot_be_searched() -> None:
    state = game(
        [fighter("A1", "provost", "F3"), fighter("B1", "ash-scout", "H6")],
        hands={ALPHA: ("sweep",)},
    )
    state = with_deck(state, deck_card(PISTOL))
    state, _ = act(state, ALPHA, "activate A1 sweep")
    rejection = refused(state, ALPHA, "search")
    assert rejection.rule == "[13.1]" and "outdoor" in rejection.message


def test_a_flip_icon_turns_the_whole_deck_over() -> None:
    state = searching(PISTOL, CARBINE)
    state, _ = act(state, ALPHA, "search", faces=[2])
    state, events = act(state, ALPHA, "flip")
    assert one(events, ev.DeckTop).item == "field-rations"
    assert [c.up for c in state.deck] == ["field-rations", "ammo-belt"]
    assert refused(state, ALPHA, "flip").rule == "[13.4]"
    state, _ = act(state, ALPHA, "take")  # find factor 0
    assert state.fighter("A1").equipment == ("field-rations",)


def test_a_shuffle_icon_reshuffles_by_secret_dice() -> None:
    state = searching(PISTOL, CARBINE)
    state, _ = act(state, ALPHA, "search", faces=[1])
    state, events = act(state, ALPHA, "shuffle", faces=[2, 1, 1])
    assert [c.card for c in state.deck] == [CARBINE, PISTOL]
    assert one(events, ev.DeckArranged).visibility == REFEREE
    assert one(events, ev.DeckTop).item == "carbine"


def test_the_search_window_waits_for_the_searcher_alone() -> None:
    state = searching(PISTOL)
    state, _ = act(state, ALPHA, "search", faces=[3])
    assert "cycle [n]" in refused(state, ALPHA, "done").message
    assert refused(state, BRAVO, "pass").message.startswith("Waiting for Alpha")
    state, events = act(state, ALPHA, "stop")
    assert of(events, FrameClosed) and state.waiting_window() is None
    state, _ = act(state, ALPHA, "done")


def test_a_spy_icon_is_used_before_the_deck_is_handled() -> None:
    state = searching(PISTOL, CARBINE)
    state, events = act(state, ALPHA, "search", faces=[6])
    assert one(events, ev.SpyPoints).points == 1
    assert isinstance(state.waiting_window(), SpyWindow)
    assert "spy" in refused(state, ALPHA, "take").message
    state, events = act(state, ALPHA, "spy mp")
    assert one(events, ev.MpChanged).amount == 1
    assert state.player(ALPHA).mp == 31
    window = state.waiting_window()
    assert isinstance(window, SearchWindow) and window.points == 1


def test_a_spy_point_looks_at_three_cards_and_puts_them_back_in_any_order() -> None:
    state = searching(PISTOL, CARBINE, MINES, DOSSIER)
    state, _ = act(state, ALPHA, "search", faces=[6])
    state, events = act(state, ALPHA, "spy deck")
    spied = one(events, ev.DeckSpied)
    assert spied.visibility.seats == (ALPHA,)
    assert [c.card for c in spied.cards] == [PISTOL, CARBINE, MINES]
    assert "Name each of the 3 cards once" in refused(state, ALPHA, "spy order 1 2").message
    state, events = act(state, ALPHA, "spy order 3 1 2 flip 3")
    assert one(events, ev.DeckArranged).visibility.seats == (ALPHA,)
    assert [(c.card, c.up) for c in state.deck] == [
        (MINES, "restraint-kit"),
        (PISTOL, "service-pistol"),
        (CARBINE, "carbine"),
        (DOSSIER, "signal-jammer"),
    ]
    assert one(events, ev.DeckTop).item == "restraint-kit"
    # the spy window is done: the search carries on with 1 point
    window = state.waiting_window()
    assert isinstance(window, SearchWindow) and window.points == 1
    secret = [s for s in secrets(state, events) if "restraint-kit" in s.what]
    assert secret == []  # the top card is public
    assert {s.holders for s in secrets(state, [spied]) if s.kind == "search card"} == {
        frozenset({ALPHA}),
        frozenset(),
    }


def test_over_the_weight_allowance_the_player_drops_under_the_deck() -> None:
    state = searching(PISTOL, MINES, equipment=("carbine", "ammo-belt"))  # weight 3 of 3
    state, _ = act(state, ALPHA, "search", faces=[3])
    state, events = act(state, ALPHA, "take")
    window = state.waiting_window()
    assert isinstance(window, DropWindow) and window.fighter == "A1"
    rejection = refused(state, ALPHA, "done")
    assert rejection.rule == "[06]"
    state, events = act(state, ALPHA, "drop carbine")
    dropped = one(events, ev.EquipmentDropped)
    assert (dropped.item, dropped.under) == ("carbine", True)
    assert state.fighter("A1").equipment == ("ammo-belt", "service-pistol")
    assert state.waiting_window() is None
    assert [(c.card, c.up) for c in state.deck] == [(MINES, "tripwire-mines"), (CARBINE, "carbine")]


def test_a_dropped_back_side_goes_under_the_deck_face_up() -> None:
    state = searching(PISTOL, DOSSIER, equipment=("carbine", "ammo-belt"))
    state, _ = act(state, ALPHA, "search", faces=[3])
    state, _ = act(state, ALPHA, "take")
    state, _ = act(state, ALPHA, "drop ammo-belt")
    assert [(c.card, c.up) for c in state.deck] == [
        (DOSSIER, "signal-jammer"),
        (CARBINE, "ammo-belt"),
    ]


def test_search_choices_offer_only_what_is_accepted() -> None:
    state = searching(CARBINE, PISTOL)
    notations = {c.notation for c in state_choices(state)}
    assert {"search", "search cp 2", "search cp 3"} <= notations
    state, _ = act(state, ALPHA, "search", faces=[5])
    notations = {c.notation for c in state_choices(state)}
    assert notations == {"cycle", "cycle 2", "stop"}


def state_choices(state: OrdersState) -> list[ActionChoice]:
    return SYSTEM.legal_actions(state, ALPHA)


def test_an_empty_deck_leaves_nothing_to_find() -> None:
    state = searching()
    rejection = refused(state, ALPHA, "search")
    assert "search deck is empty" in rejection.message


def test_the_picture_names_the_top_card_and_the_searcher_is_asked_in_private() -> None:
    state = searching(PISTOL, CARBINE)
    scene = orders_scene(view(state, Viewer.spectator()))
    assert "search deck top: service-pistol" in scene.title
    state, _ = act(state, ALPHA, "search cp 2", faces=[5, 3])
    (prompt,) = SYSTEM.prompts(state)
    assert prompt.seat == ALPHA and prompt.private
    assert "3 search points" in prompt.text and "Service pistol" in prompt.text
    assert prompt.on_timeout == "stop"
    assert {c.notation for c in prompt.choices} == {"take", "cycle", "cycle 2", "cycle 3", "stop"}


def test_mistyped_search_answers_are_refused_with_the_form_to_use() -> None:
    state = searching(PISTOL)
    assert "1 to 4 CP, not 5" in refused(state, ALPHA, "search cp 5").message
    assert "search [in <tile or square>] [with <character>, ...] [cp <n>]" in (
        refused(state, ALPHA, "search lots").message
    )
    state, _ = act(state, ALPHA, "search", faces=[3])
    assert "cycle [<number of cards>]" in refused(state, ALPHA, "cycle two").message
    assert "takes nothing more" in refused(state, ALPHA, "stop now please").message
    assert "spy mp [n]" in refused(state, ALPHA, "spy banana").message
    assert "`take` takes the visible card" in refused(state, ALPHA, "take pistol").message
