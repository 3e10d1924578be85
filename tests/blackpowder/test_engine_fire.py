"""Ranged fire (readings 13 and 14), reaction tests (16-18) and rallying, on open ground of
the mill clearing: the Thornbury rangers (B4: six models, muskets, shooting 4+) fire at
the garrison's line company (A2: twelve models, trained) 8" away, each row of models 1.5"
apart. The dice are scripted as the stream gives them (1-10; a 10 reads 0)."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import Command, PlayCard, Rally, Reload, Shoot
from rules.blackpowder.activation import may_act
from rules.blackpowder.state import BPState
from rules.core.events import Event, GameEnded
from rules.core.rejection import RejectionCode
from tests.blackpowder.deciding import (
    accepted,
    hide,
    nearest_fallen,
    refused,
    scene,
    with_player,
    with_unit,
)
from tests.blackpowder.test_engine_cards import bravo_holding
from tests.blackpowder.test_engine_movement import at, rangers_go
from tests.blackpowder.test_engine_spotting import in_weather


def volley_at(y: float = 27) -> BPState:
    return rangers_go({"B4": at(10, 19), "A2": at(10, y)})


def of(kind: type[Event], events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def test_every_model_in_range_rolls_to_hit_and_each_hit_to_kill() -> None:
    state = volley_at()
    # to hit 5 5 3 9 0 1 (3 hits at 4+); to kill 4 2 7 (2 kills at 4+, up to half range);
    # the reaction test's die: 2
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[5, 5, 3, 9, 10, 1, 4, 2, 7, 2]
    )
    fired = of(ev.Fired, events)[0]
    assert isinstance(fired, ev.Fired)
    assert [s.face for s in fired.shots] == [5, 5, 3, 9, 0, 1]
    assert [s.hit for s in fired.shots] == [True, True, False, True, False, False]
    assert all(s.modifiers == () and s.score == 4 for s in fired.shots)
    assert [(k.score, k.face, k.killed) for k in fired.kills] == [
        (4, 4, True),
        (4, 2, False),
        (4, 7, True),
    ]
    assert len(after.unit("A2").models) == 10
    # the two nearest the shooters fall
    casualties = of(ev.Casualties, events)[0]
    assert isinstance(casualties, ev.Casualties) and casualties.models == ("1", "2")
    # black powder: smoke, and the musket needs reloading
    assert after.unit("B4").smoke and after.unit("B4").spent == ("musket",)
    tested = of(ev.ReactionTested, events)[0]
    assert isinstance(tested, ev.ReactionTested)
    assert tested.modifiers == ("+2 10 or more models", "-1 shooters not spotted")
    assert (tested.face, tested.result, tested.outcome) == (2, 3, "no-effect")


def test_no_reaction_test_without_casualties_and_a_reload_before_firing_again() -> None:
    state = volley_at()
    after, events = accepted(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[1, 1, 1, 1, 1, 1]
    )
    assert not of(ev.ReactionTested, events)
    after = with_player(after, "bravo", points=9)
    after, _ = accepted(after, "bravo", Command(unit="B4"))
    problem = refused(after, "bravo", Shoot(unit="B4", target="A2"))
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    assert problem.rule == rule.RANGED_WEAPONS
    reloaded, _ = accepted(after, "bravo", Reload(unit="B4"))
    assert reloaded.unit("B4").spent == ()


def test_long_range_and_cover_modify_each_models_die() -> None:
    # 21" between the rows: long range; the low wall (hard cover) runs along y 40 from x 6"
    # to 14", so the three target models standing on it are in hard cover
    state = volley_at(y=40)
    _, events = accepted(state, "bravo", Shoot(unit="B4", target="A2"), faces=[1, 1, 1, 1, 1, 1])
    fired = of(ev.Fired, events)[0]
    assert isinstance(fired, ev.Fired)
    long_range = '-2 long range (over 12")'
    assert [s.modifiers for s in fired.shots] == [
        *[(long_range, "-4 target in hard cover")] * 3,
        *[(long_range,)] * 3,
    ]
    assert [s.modifier for s in fired.shots] == [-6, -6, -6, -2, -2, -2]


def test_heavy_losses_make_a_unit_flee_towards_its_own_edge() -> None:
    state = volley_at()
    # six hits, six kills: 6 models left (+1), 3+ casualties (-2), unspotted (-1); die 2: 0
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[9] * 12 + [2]
    )
    tested = of(ev.ReactionTested, events)[0]
    assert isinstance(tested, ev.ReactionTested) and tested.outcome == "flight"
    fled = of(ev.Withdrew, events)[0]
    assert isinstance(fled, ev.Withdrew) and fled.how == "flight"
    assert fled.distance == 400
    before = {m.id: m.y for m in state.unit("A2").models}
    assert all(m.y == before[m.id] + 400 for m in after.unit("A2").models)
    assert after.unit("A2").fleeing


def test_a_flight_that_would_leave_the_table_loses_the_unit() -> None:
    state = rangers_go({"B4": at(10, 37), "A2": at(10, 45)})
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[9] * 12 + [2]
    )
    fled = of(ev.Withdrew, events)[0]
    assert isinstance(fled, ev.Withdrew) and fled.positions == ()
    assert not after.unit("A2").on_table


def test_falling_back_moves_straight_away_from_the_shooters_and_shakes() -> None:
    state = volley_at()
    # six kills; die 3: 3 - 2 = 1, fall back and shaken
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[9] * 12 + [3]
    )
    tested = of(ev.ReactionTested, events)[0]
    assert isinstance(tested, ev.ReactionTested) and tested.outcome == "fall-back-and-shaken"
    back = of(ev.Withdrew, events)[0]
    assert isinstance(back, ev.Withdrew) and back.how == "fall-back"
    assert after.unit("A2").shaken and after.unit("A2").fallen_back
    assert after.unit("A2").models[0].y > state.unit("A2").models[0].y


def test_a_result_below_0_destroys_the_unit_and_the_last_unit_ends_the_game() -> None:
    state = with_unit(volley_at(), "A1", models=())
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[9] * 12 + [10]
    )
    tested = of(ev.ReactionTested, events)[0]
    assert isinstance(tested, ev.ReactionTested) and tested.outcome == "destroyed"
    assert not after.unit("A2").on_table
    assert isinstance(events[-1], GameEnded) and events[-1].winners == ("bravo",)


def test_a_marker_cannot_be_shot_at_and_an_unspotted_unit_neither() -> None:
    hidden = hide(volley_at(), "A2", "HA1")
    problem = refused(hidden, "bravo", Shoot(unit="B4", target="HA1"))
    assert problem.rule == rule.HIDDEN
    foggy = in_weather(volley_at(y=40), "dense-fog")
    assert refused(foggy, "bravo", Shoot(unit="B4", target="A2")).code == (
        RejectionCode.NO_LINE_OF_SIGHT
    )


def test_a_hidden_unit_that_shoots_is_revealed() -> None:
    state = hide(volley_at(), "B4", "HB1")
    after, events = accepted(
        state, "bravo", Shoot(unit="HB1", target="A2"), faces=[1, 1, 1, 1, 1, 1]
    )
    revealed = of(ev.Revealed, events)
    assert revealed and isinstance(revealed[0], ev.Revealed) and revealed[0].why == "it shoots"
    assert not after.unit("B4").hidden
    # its shot was its action: it may not act again in the activation
    assert [u.id for u in may_act(after)] == []


def test_an_enemy_morale_card_tests_every_unit_of_its_side_at_half_strength() -> None:
    state = scene(
        bravo_holding("aldermoor-morale-fever"),
        {"A2": at(10, 27), "A4": at(30, 40), "B4": at(10, 19)},
    )
    state = with_unit(state, "A2", models=state.unit("A2").models[:6])
    # A2: 6 models (+1), a morale card (-3); die 5: 3, no effect
    after, events = accepted(state, "bravo", PlayCard(card="aldermoor-morale-fever"), faces=[5])
    tests = of(ev.ReactionTested, events)
    assert [t.unit for t in tests if isinstance(t, ev.ReactionTested)] == ["A2"]
    tested = tests[0]
    assert isinstance(tested, ev.ReactionTested)
    assert tested.modifiers == ("+1 6 or more models", "-3 caused by a morale card")
    assert after.player("bravo").points == 1


def test_a_shaken_unit_rallies_on_its_columns_score() -> None:
    state = rangers_go({"B4": at(10, 19), "B5": at(30, 19), "A2": at(10, 27)})
    state = with_unit(state, "B4", shaken=True)
    problem = refused(state, "bravo", Rally(unit="B5"))  # the captain is not shaken
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    after, _ = accepted(state, "bravo", Rally(unit="B4"), faces=[4])  # skirmisher 4+
    assert not after.unit("B4").shaken
    failed, _ = accepted(state, "bravo", Rally(unit="B4"), faces=[3])
    assert failed.unit("B4").shaken
