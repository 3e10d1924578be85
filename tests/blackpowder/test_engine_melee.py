"""Charges and melee (readings 19 and 40-42) on the mill clearing: the Thornbury rangers (B4:
six models, melee 4+, defence 5+, boarding axes: naval weapons +1 to hit; skirmishers) charge
the garrison's line company (A2: twelve models, melee and defence 5+, trained), the two rows
4" apart, models 1.5" apart, so all six rangers reach a man each. Dice are scripted as the
stream gives them (1-10; a 10 reads 0)."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import Charge, ChooseReaction
from rules.blackpowder.choices import legal
from rules.blackpowder.narrate import describe
from rules.blackpowder.notation import parse
from rules.blackpowder.state import BPState
from rules.core.events import Event
from rules.core.rejection import Rejection, RejectionCode
from tests.blackpowder.deciding import accepted, hide, refused, with_unit
from tests.blackpowder.engine import catalog
from tests.blackpowder.test_engine_movement import at, rangers_go
from tests.blackpowder.test_engine_spotting import in_weather


def of(kind: type[Event], events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def one(kind: type[Event], events: list[Event]) -> Event:
    found = of(kind, events)
    assert len(found) == 1, found
    return found[0]


def face_off(y: float = 23) -> BPState:
    return rangers_go({"B4": at(10, 19), "A2": at(10, y)})


def test_a_charge_moves_into_contact_and_both_sides_strike_at_once() -> None:
    state = face_off()
    faces = [
        *[5, 3, 2, 9, 1, 6],  # B4 to hit 4+ (+1 naval weapons): 4 hits
        *[5, 1, 1, 1, 1, 1],  # A2 to hit 5+: 1 hit
        *[7, 1, 1, 1],  # A2 defends 5+ (-2 surprise attack): 1 saved, 3 killed
        2,  # B4 defends 5+: 1 killed
        7,  # A2's reaction test
        3,  # B4's reaction test
        *[10, 5, 5, 5, 5, 5, 5, 5, 5],  # A2 (lost more) falls back out of the melee: one 0
    ]
    after, events = accepted(state, "bravo", Charge(unit="B4", target="A2"), faces)
    charged = one(ev.Charged, events)
    assert isinstance(charged, ev.Charged) and charged.surprise
    assert charged.allowance == 6 and 290 <= charged.distance <= 305
    fought = one(ev.Fought, events)
    assert isinstance(fought, ev.Fought)
    rangers, line = fought.strikes
    assert (rangers.unit, rangers.models, rangers.modifiers) == ("B4", 6, ("+1 naval weapons",))
    assert (rangers.hits, rangers.defence_modifiers, rangers.kills) == (
        4,
        ("-2 surprise attack",),
        3,
    )
    assert (line.unit, line.models, line.hits, line.kills) == ("A2", 6, 1, 1)
    tests = [e for e in of(ev.ReactionTested, events) if isinstance(e, ev.ReactionTested)]
    assert [t.unit for t in tests] == ["A2", "B4"]
    assert tests[0].modifiers == (
        "+1 6 or more models",
        "-3 3 casualties in this melee",
        "-2 melee followed a surprise attack",
    )
    assert (tests[0].result, tests[0].outcome) == (3, "no-effect")
    assert tests[1].modifiers == (
        "-1 1 casualties in this melee",
        "+2 fewer casualties than the enemy",
    )
    # both stand: A2 lost more and falls back, rolling a die per model first
    assert isinstance(one(ev.MeleeWon, events), ev.MeleeWon)
    left = one(ev.LeftMelee, events)
    assert isinstance(left, ev.LeftMelee) and (left.how, left.lost) == ("fall-back", 1)
    back = one(ev.Withdrew, events)
    assert isinstance(back, ev.Withdrew) and back.how == "fall-back"
    assert len(after.unit("A2").models) == 12 - 3 - 1
    assert len(after.unit("B4").models) == 5
    line_text = describe(fought, after)
    assert line_text is not None and line_text.count("\n") == 0
    assert "B4 strikes with 6 models in contact, to hit 4+ (+1 naval weapons): 5 3 2 9 1 6" in (
        line_text
    )
    assert "A2 defends 5+ (-2 surprise attack): 7 1 1 1 (3 killed)" in line_text
    # the charge was B4's action, ended once the melee was settled
    acted = one(ev.Acted, events)
    assert isinstance(acted, ev.Acted) and acted.piece == "B4"
    assert events.index(acted) > events.index(back)


def test_a_charger_the_target_had_spotted_is_no_surprise() -> None:
    state = with_unit(face_off(), "B4", spotted=True)
    faces = [1] * 6 + [1] * 6 + [5, 5]  # nobody hits; both tests pass (+2 no casualties)
    faces += [5] * 6  # the charger falls back out of the melee: a die per model
    _, events = accepted(state, "bravo", Charge(unit="B4", target="A2"), faces)
    charged = one(ev.Charged, events)
    assert isinstance(charged, ev.Charged) and not charged.surprise
    # both stand with no casualties: the charger gives ground (reading 40), a die per model
    won = one(ev.MeleeWon, events)
    assert isinstance(won, ev.MeleeWon) and (won.winner, won.loser) == ("A2", "B4")


def test_a_charge_that_falls_short_is_refused_with_the_distance() -> None:
    problem = refused(face_off(y=30), "bravo", Charge(unit="B4", target="A2"))
    assert problem.code == RejectionCode.OUT_OF_RANGE
    assert "beyond its charge" in problem.message and '4.0" beyond' in problem.message


def test_a_shaken_unit_cannot_charge_and_a_marker_cannot_be_charged() -> None:
    shaken = refused(
        with_unit(face_off(), "B4", shaken=True), "bravo", Charge(unit="B4", target="A2")
    )
    assert shaken.code == RejectionCode.ILLEGAL_MOVE and "shaken" in shaken.message
    hidden = hide(face_off(), "A2", "M9")
    problem = refused(hidden, "bravo", Charge(unit="B4", target="M9"))
    assert problem.rule == rule.HIDDEN


def test_a_charge_to_a_point_must_end_in_contact() -> None:
    problem = refused(face_off(), "bravo", Charge(unit="B4", target="A2", to=at(13.75, 21)))
    assert problem.code == RejectionCode.ILLEGAL_MOVE and "base contact" in problem.message


def test_a_hidden_charger_is_revealed_first() -> None:
    state = hide(face_off(), "B4", "M1")
    faces = [1] * 6 + [1] * 6 + [5, 5] + [5] * 6
    after, events = accepted(state, "bravo", Charge(unit="M1", target="A2"), faces)
    kinds = [type(e) for e in events if isinstance(e, ev.Revealed | ev.Charged)]
    assert kinds == [ev.Revealed, ev.Charged]
    assert after.unit("B4").marker is None
    acted = one(ev.Acted, events)
    assert isinstance(acted, ev.Acted) and acted.piece == "B4"


def test_lancers_that_charged_strike_first_and_the_fallen_strike_no_more() -> None:
    state = face_off()
    lancers = state.profiles["thornbury-rangers"].model_copy(update={"melee_weapon": "lance"})
    state = state.model_copy(
        update={
            "profiles": {**state.profiles, "thornbury-rangers": lancers},
            "melee_weapons": {**state.melee_weapons, "lance": catalog().melee_weapons["lance"]},
        }
    )
    faces = [
        *[9] * 6,  # B4 to hit 4+ (+2 lances, +1 naval weapons gone): 6 hits
        *[1] * 6,  # A2 defends 5+ (-1 enemy lances, -2 surprise): the six men in contact fall
        5,  # A2's test: +1 six models, -6 casualties, -2 surprised: -2, destroyed
        5,  # B4's test
    ]
    after, events = accepted(state, "bravo", Charge(unit="B4", target="A2"), faces)
    fought = one(ev.Fought, events)
    assert isinstance(fought, ev.Fought)
    first, back = fought.strikes
    assert first.first and first.kills == 6
    assert first.modifiers == ("+2 lances, charging",)
    assert first.defence_modifiers == ("-1 enemy lances", "-2 surprise attack")
    # no A2 model left touches a ranger: nobody strikes back, no die is rolled for it
    assert (back.unit, back.models, back.faces) == ("A2", 0, ())
    assert not after.unit("A2").on_table


def test_charge_is_written_with_or_without_at_and_a_point() -> None:
    state = face_off()
    assert parse("charge B4 A2", state, "bravo") == Charge(unit="B4", target="A2")
    assert parse("charge B4 at A2 to 10,22", state, "bravo") == Charge(
        unit="B4", target="A2", to=at(10, 22)
    )
    assert isinstance(parse("charge B4", state, "bravo"), Rejection)


def test_a_unit_charged_across_an_obstacle_re_rolls_its_failed_defence_dice() -> None:
    # the hay runs along y 30" from x 18" to 22": the garrison's captain (A1, sabre: +1 on
    # defence dice) stands just behind it; the ranger captain (B5) charges across it
    state = rangers_go({"B5": at(20, 27), "A1": at(20, 30.6), "A2": at(2, 47)})
    state = with_unit(state, "B5", spotted=True)
    faces = [
        5,  # B5 to hit 4+ (+1 naval weapons): a hit
        1,  # A1 to hit 4+: a miss
        1,  # A1 defends 5+ (+1 sabres): fails ...
        9,  # ... and is re-rolled in its defended position: saved
        5,  # A1's test
        5,  # B5's test
        5,  # a tie: the charger falls back out of the melee (one die)
    ]
    after, events = accepted(state, "bravo", Charge(unit="B5", target="A1"), faces)
    fought = one(ev.Fought, events)
    assert isinstance(fought, ev.Fought)
    blow = fought.strikes[0]
    assert (blow.saves, blow.rerolls, blow.kills) == ((1,), (9,), 0)
    assert blow.defence_modifiers == ("+1 sabres",)
    assert after.unit("A1").on_table and after.unit("B5").models[0].y < 2900


def test_the_same_charge_in_the_open_rolls_no_second_defence_die() -> None:
    state = rangers_go({"B5": at(30, 27), "A1": at(30, 30.6), "A2": at(2, 47)})
    state = with_unit(state, "B5", spotted=True)
    # the failed defence die stands: the captain falls, and the garrison has A2 left
    after, events = accepted(state, "bravo", Charge(unit="B5", target="A1"), [5, 1, 1, 5])
    fought = one(ev.Fought, events)
    assert isinstance(fought, ev.Fought) and fought.strikes[0].rerolls == ()
    assert not after.unit("A1").on_table


def test_the_charges_a_unit_can_make_are_offered() -> None:
    near = with_unit(face_off(), "A2", spotted=True)
    far = with_unit(face_off(y=30), "A2", spotted=True)
    assert "charge B4 A2" in [c.notation for c in legal(near, "bravo")]
    assert not [c for c in legal(far, "bravo") if c.notation.startswith("charge")]
    shaken = with_unit(near, "B4", shaken=True)
    assert not [c for c in legal(shaken, "bravo") if c.notation.startswith("charge")]


def test_falling_back_out_of_a_melee_by_the_owners_choice_rolls_for_losses_first() -> None:
    state = face_off()
    faces = [
        *[5, 3, 2, 9, 1, 6],  # B4: 4 hits
        *[5, 1, 1, 1, 1, 1],  # A2: 1 hit
        *[7, 1, 1, 1],  # A2 loses 3
        2,  # B4 loses 1
        6,  # A2's test: 6 - 4 = 2, trained: fall back or shaken, the owner's choice
    ]
    waiting, events = accepted(state, "bravo", Charge(unit="B4", target="A2"), faces)
    window = waiting.reaction_choice()
    assert window is not None and (window.unit, window.away, window.melee) == ("A2", "B4", True)
    assert [e.unit for e in of(ev.ReactionTested, events) if isinstance(e, ev.ReactionTested)] == [
        "A2"
    ]  # B4's test waits for the answer
    after, more = accepted(
        waiting,
        "alpha",
        ChooseReaction(choice="fall-back"),
        faces=[*[10, 10, 5, 5, 5, 5, 5, 5, 5], 3],  # two 0s: two more fall; B4's test
    )
    left = one(ev.LeftMelee, more)
    assert isinstance(left, ev.LeftMelee) and left.lost == 2
    assert isinstance(one(ev.Withdrew, more), ev.Withdrew)
    assert len(after.unit("A2").models) == 12 - 3 - 2
    # B4 tests after the answer; the two units no longer touch, so nobody else gives ground
    assert [e.unit for e in of(ev.ReactionTested, more) if isinstance(e, ev.ReactionTested)] == [
        "B4"
    ]
    assert not of(ev.MeleeWon, more)


def test_a_unit_that_flees_a_melee_loses_a_model_for_each_0_to_3_first() -> None:
    state = face_off()
    faces = [
        *[5, 3, 2, 9, 1, 6],  # B4: 4 hits
        *[5, 1, 1, 1, 1, 1],  # A2: 1 hit
        *[7, 1, 1, 1],  # A2 loses 3
        2,  # B4 loses 1
        4,  # A2's test: 4 - 4 = 0, flight
        *[1, 2, 4, 5, 5, 5, 5, 5, 5],  # a die per model: the 1 and the 2 remove a model each
        3,  # B4's test
    ]
    after, events = accepted(state, "bravo", Charge(unit="B4", target="A2"), faces)
    left = one(ev.LeftMelee, events)
    assert isinstance(left, ev.LeftMelee) and (left.how, left.lost) == ("flight", 2)
    fled = one(ev.Withdrew, events)
    assert isinstance(fled, ev.Withdrew) and fled.how == "flight"
    assert after.unit("A2").fleeing and len(after.unit("A2").models) == 12 - 3 - 2
    assert not of(ev.MeleeWon, events)
    line = describe(left, after)
    assert line == (
        "A2 flees out of the melee: dice 1 2 4 5 5 5 5 5 5 (each 0-3 loses a model): 2 models lost."
    )


def test_an_enemy_not_spotted_cannot_be_charged() -> None:
    # dense fog, and the garrison's captain behind the low wall (hard cover) along y 40":
    # the rangers' spotting reaches 4" (column 120" -5 fog -4 cover +1 scouts), he is 5" off
    state = rangers_go({"B4": at(10, 34.5), "A1": at(10, 40.5), "A2": at(30, 47)})
    state = with_unit(in_weather(state, "dense-fog"), "A1", spotted=False)
    problem = refused(state, "bravo", Charge(unit="B4", target="A1"))
    assert problem.code == RejectionCode.NO_LINE_OF_SIGHT and problem.rule == rule.SPOTTING


def test_twice_the_models_counts_those_involved_less_the_casualties() -> None:
    """Six rangers and six of the line company fought; the line lost five, the rangers one:
    5 against 1 models left of those involved, +2 for the rangers (003: "Modelle, die an
    diesem Nahkampf beteiligt sind"), though hardly any still touch an enemy base."""
    faces = [9] * 6 + [5, 1, 1, 1, 1, 1]  # B4: six hits; A2: one hit
    faces += [7, 1, 1, 1, 1, 1, 2]  # A2 saves one of six; B4 fails its one
    faces += [5, 5]  # A2's test (destroyed at -6), B4's test
    _, events = accepted(face_off(), "bravo", Charge(unit="B4", target="A2"), faces)
    tests = [e for e in of(ev.ReactionTested, events) if isinstance(e, ev.ReactionTested)]
    assert [(t.unit, t.outcome) for t in tests] == [("A2", "destroyed"), ("B4", "no-effect")]
    assert "+2 at least twice the enemy's models left" in tests[1].modifiers
