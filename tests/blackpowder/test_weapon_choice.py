"""Choosing the weapon (reading 62): a unit with more than one ranged weapon names the one
it fires (`shoot ... with`, `fire ... with`), and the suggestions offer each loaded weapon
that reaches. Alpha fields the River Nations here: A4 its bowmen (bows 18", thrown weapons
6", single shot); bravo's rangers (B4) move up to them on the mill clearing."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.actions import Command, Move, PlayCard, ReadyFire, Shoot
from rules.blackpowder.choices import legal
from rules.blackpowder.notation import parse
from rules.blackpowder.state import BPState
from rules.core.rejection import Rejection, RejectionCode
from tests.blackpowder.deciding import accepted, refused, scene, with_player, with_unit
from tests.blackpowder.engine import set_up_game
from tests.blackpowder.test_engine_cards import bravo_holding
from tests.blackpowder.test_engine_fire import of
from tests.blackpowder.test_engine_movement import FAR, at


def bowmen_facing_rangers(gap: float) -> BPState:
    """Bravo's rangers activated, alpha's bowmen ``gap`` inches below them."""
    state = set_up_game(first_force="river-nations")[0]
    state = bravo_holding("thornbury-troop-rangers", state=state)
    state = scene(state, {**FAR, "B4": at(10, 19), "A4": at(10, 19 + gap)})
    return accepted(state, "bravo", PlayCard(card="thornbury-troop-rangers"))[0]


def alphas_command(state: BPState) -> BPState:
    state = state.model_copy(update={"go": "alpha", "activation": None})
    state = with_unit(with_player(state, "alpha", points=9), "B4", spotted=True)
    return accepted(state, "alpha", Command(unit="A4"))[0]


def test_the_named_weapon_fires() -> None:
    state = alphas_command(bowmen_facing_rangers(5))
    after, events = accepted(
        state, "alpha", Shoot(unit="A4", target="B4", weapon="thrown"), faces=[1] * 6
    )
    fired = of(ev.Fired, events)[0]
    assert isinstance(fired, ev.Fired) and fired.weapon == "thrown"
    assert after.unit("A4").spent == ("thrown",)  # single shot: the bows stay loaded


def test_suggestions_offer_each_loaded_weapon_that_reaches() -> None:
    near = alphas_command(bowmen_facing_rangers(5))
    offered = {c.notation for c in legal(near, "alpha")}
    assert {"shoot A4 at B4 with bow", "shoot A4 at B4 with thrown"} <= offered
    far = alphas_command(bowmen_facing_rangers(10))
    offered = {c.notation for c in legal(far, "alpha")}
    assert "shoot A4 at B4 with bow" in offered
    assert not any("thrown" in n for n in offered)  # 6" do not reach 10"
    # with the thrown weapons spent only the bows are left: no weapon to name
    spent = with_unit(near, "A4", spent=("thrown",))
    offered = {c.notation for c in legal(spent, "alpha")}
    assert "shoot A4 at B4" in offered and not any("with" in n for n in offered)


def test_a_weapon_out_of_range_is_refused() -> None:
    state = alphas_command(bowmen_facing_rangers(10))
    problem = refused(state, "alpha", Shoot(unit="A4", target="B4", weapon="thrown"))
    assert problem.code == RejectionCode.OUT_OF_RANGE


def test_enemy_sighted_fires_the_weapon_named() -> None:
    state = with_player(bowmen_facing_rangers(5), "alpha", points=1)
    state, _ = accepted(state, "bravo", Move(unit="B4", to=at(12.5, 18)))
    offered = {c.notation for c in legal(state, "alpha")}
    assert {"fire A4 with bow", "fire A4 with thrown"} <= offered
    action = parse("fire A4 with thrown", state, "alpha")
    assert action == ReadyFire(unit="A4", weapon="thrown")
    _, events = accepted(state, "alpha", action, faces=[1] * 6)
    fired = of(ev.Fired, events)[0]
    assert isinstance(fired, ev.Fired) and fired.weapon == "thrown" and fired.ready
    wrong = parse("fire A4 with cannon", state, "alpha")
    assert isinstance(wrong, Rejection) and wrong.code == RejectionCode.BAD_ARGUMENT
