"""Moving and shooting in one action (reading 61): the move, the shot from where the unit
ends with every die hasty, and the whole action refused when it could not fire from
there. The Thornbury rangers (B4: six muskets, shooting 4+) and the garrison's line
company (A2: twelve models) on the mill clearing."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.actions import MoveShoot, Shoot
from rules.blackpowder.activation import may_act
from rules.blackpowder.narrate import describe
from rules.blackpowder.notation import parse
from rules.core.rejection import Rejection, RejectionCode
from tests.blackpowder.deciding import accepted, hide, nearest_fallen, refused, with_unit
from tests.blackpowder.test_engine_fire import of, volley_at


def test_a_unit_moves_then_shoots_and_every_shot_is_hasty() -> None:
    # 27" apart: out of the muskets' 24"; 4" forward they are 23" away (long range)
    state = volley_at(y=46)
    centre = sum(m.x for m in state.unit("B4").models) // 6
    after, events = nearest_fallen(
        state,
        "bravo",
        MoveShoot(unit="B4", to=(centre, 2300), target="A2"),
        faces=[5, 8, 9, 1, 1, 1, 9, 9, 5],
    )
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("Moved") < kinds.index("Fired")
    fired = of(ev.Fired, events)[0]
    assert isinstance(fired, ev.Fired) and fired.moved
    assert all(
        s.modifiers[:2] == ("-1 hasty shot", '-2 long range (over 12")') for s in fired.shots
    )
    # 5 - 3 = 2, 8 - 3 = 5, 9 - 3 = 6 against 4+: two hits
    assert [s.hit for s in fired.shots] == [False, True, True, False, False, False]
    line = describe(fired, after) or ""
    assert "B4 fires its Musket at A2 (after moving): to hit 8+ (4+, -1 hasty shot," in line
    assert all(m.y == 2300 for m in after.unit("B4").models)
    assert "B4" not in {u.id for u in may_act(after)}


def test_a_unit_that_could_not_fire_from_there_does_not_move_either() -> None:
    state = volley_at(y=46)
    centre = sum(m.x for m in state.unit("B4").models) // 6
    problem = refused(state, "bravo", MoveShoot(unit="B4", to=(centre, 2050), target="A2"))
    assert problem.code == RejectionCode.OUT_OF_RANGE
    assert "From there" in problem.message
    # a move beyond the allowance is refused as a move
    problem = refused(state, "bravo", MoveShoot(unit="B4", to=(centre, 3000), target="A2"))
    assert problem.code == RejectionCode.OUT_OF_RANGE and "allowance is" in problem.message
    # so is a weapon the unit does not carry, or one still to be reloaded
    problem = refused(
        state, "bravo", MoveShoot(unit="B4", to=(centre, 2300), target="A2", weapon="bow")
    )
    assert problem.code == RejectionCode.BAD_ARGUMENT
    spent = with_unit(state, "B4", spent=("musket",))
    problem = refused(spent, "bravo", MoveShoot(unit="B4", to=(centre, 2300), target="A2"))
    assert "must reload first" in problem.message


def test_a_hidden_unit_that_shoots_has_taken_its_action() -> None:
    state = hide(volley_at(), "B4", "HB1")
    after, _ = accepted(state, "bravo", Shoot(unit="HB1", target="A2"), faces=[1] * 6)
    # B4 was the only ranger left to act: the activation is over
    assert may_act(after) == () and after.activation is None


def test_the_move_then_shoot_words() -> None:
    state = volley_at(y=46)
    action = parse("move B4 to 13,23 then shoot at A2 with musket", state, "bravo")
    assert action == MoveShoot(unit="B4", to=(1300, 2300), target="A2", weapon="musket")
    wrong = parse("move B4 to 13,23 then shoot at nobody", state, "bravo")
    assert isinstance(wrong, Rejection) and wrong.code == RejectionCode.BAD_ARGUMENT
