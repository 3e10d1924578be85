"""Forces chosen in secret and revealed together (/rules forces); deployment in turn in the
scenario's zones (/rules deployment)."""

from __future__ import annotations

from rules.core.events import DiceRolled
from rules.core.rejection import Rejection, RejectionCode
from rules.core.visibility import Viewer
from rules.geometry.units import PER_INCH
from rules.squad.events import (
    Deployed,
    DeployTurn,
    ForceChosen,
    ForceLocked,
    ForcesRevealed,
    InitiativeRolled,
    TurnBegan,
)
from rules.squad.state import SquadState
from rules.squad.zones import contains
from tests.squad.builders import (
    ALPHA,
    BRAVO,
    SYSTEM,
    battle_set,
    lines,
    of,
    one,
    play,
    refuse,
    told,
)


def test_a_ready_made_force_is_told_only_to_its_seat() -> None:
    state, events = play(battle_set(), ALPHA, "force north-line")
    locked = one(events, ForceLocked)
    chosen = one(events, ForceChosen)
    assert locked.visibility.allows(Viewer.of_seat(BRAVO))
    assert chosen.units == ("troopers", "troopers", "hero")
    assert chosen.points == 280
    assert chosen.visibility.allows(Viewer.of_seat(ALPHA))
    assert not chosen.visibility.allows(Viewer.of_seat(BRAVO))
    assert not chosen.visibility.allows(Viewer.spectator())
    assert not of(events, ForcesRevealed)
    assert state.phase == "forces"
    assert told(events, "You chose") == (
        "You chose **North Line** (Points: 280 / 500 (220 left)): troopers, troopers, hero."
    )
    # the other seat's view shows nothing of it yet
    seen = SYSTEM.view(state, Viewer.of_seat(BRAVO))
    assert ALPHA not in seen.forces
    assert SYSTEM.view(state, Viewer.of_seat(ALPHA)).forces[ALPHA].units == chosen.units


def test_the_forces_are_revealed_when_the_last_seat_chooses() -> None:
    state, _ = play(battle_set(), ALPHA, "force north-line")
    state, events = play(state, BRAVO, "force raiders, raiders")
    revealed = one(events, ForcesRevealed)
    assert revealed.visibility.allows(Viewer.spectator())
    assert revealed.forces[ALPHA].units == ("troopers", "troopers", "hero")
    assert revealed.forces[BRAVO].units == ("raiders", "raiders")
    assert revealed.forces[BRAVO].points == 180
    assert [u.id for u in state.units] == ["A1", "A2", "A3", "B1", "B2"]
    assert state.phase == "deployment" and state.deploying == ALPHA
    assert "Forces revealed" in told(events, "Forces revealed")


def test_the_choice_is_told_against_the_games_own_limit() -> None:
    _, events = play(battle_set(points=300), ALPHA, "force north-line")
    assert one(events, ForceChosen).limit == 300
    assert "(Points: 280 / 300 (20 left))" in told(events, "You chose")


def test_a_choice_saved_before_the_limit_was_told_reads_as_it_did() -> None:
    saved = ForceChosen(seat=ALPHA, name="North Line", faction="north", units=("hero",), points=90)
    assert SYSTEM.describe(saved, None) == "You chose **North Line** (90 points): hero."


def test_a_unit_list_with_counts() -> None:
    _, events = play(battle_set(), ALPHA, "force troopers x2, hero")
    assert one(events, ForceChosen).units == ("troopers", "troopers", "hero")
    assert one(events, ForceChosen).name == "North (own choice)"


def test_a_force_is_drawn_from_one_faction() -> None:
    refused = refuse(battle_set(), ALPHA, "force troopers, raiders")
    assert refused.message == (
        "A force is drawn from one faction; these units come from North and South."
    )


def test_a_force_over_the_points_limit_is_refused() -> None:
    refused = refuse(battle_set(points=250), ALPHA, "force north-line")
    assert refused.code == RejectionCode.CANNOT_AFFORD
    assert refused.message == "That force costs 280 points; this game allows 250."
    refused = refuse(battle_set(), ALPHA, "force troopers x4, hero x2")
    assert refused.message == "That force costs 560 points; this game allows 500."


def _deploying() -> SquadState:
    state, _ = play(battle_set(), ALPHA, "force troopers, hero")
    state, _ = play(state, BRAVO, "force raiders")
    return state


def test_seats_deploy_alternately_until_every_unit_stands() -> None:
    state = _deploying()
    state, events = play(state, ALPHA, "deploy A1 at 36,5")
    assert one(events, DeployTurn).seat == BRAVO
    assert refuse(state, ALPHA, "deploy A2 at 10,5").message == "It is not your turn to deploy."
    state, events = play(state, BRAVO, "deploy B1 at 36,43")
    # Bravo has no unit left: Alpha deploys again
    assert one(events, DeployTurn).seat == ALPHA
    state, events = play(state, ALPHA, "deploy A2 at 10,5", faces=[6, 2])
    assert of(events, DeployTurn)[-1].seat is None
    assert one(events, TurnBegan).turn == 1
    assert one(events, InitiativeRolled).rolls == {ALPHA: (6,), BRAVO: (2,)}
    assert state.turn == 1 and state.phase == "initiative"
    assert [e.values for e in of(events, DiceRolled)] == [(6, 2)]


def test_deploying_outside_the_zone_is_refused_with_the_zone() -> None:
    state = _deploying()
    refused = refuse(state, ALPHA, "deploy A1 at 36,30")
    assert refused.code == RejectionCode.ILLEGAL_MOVE
    assert refused.message.startswith("A1 cannot deploy there: model 1 would stand at")
    assert refused.message.endswith("outside your deployment zone (x 0-72, y 0-10).")


def test_deploy_without_a_point_takes_a_free_spot_in_the_zone() -> None:
    state = _deploying()
    state, events = play(state, ALPHA, "deploy A1")
    placed = one(events, Deployed)
    assert len(placed.positions) == 5
    zone = state.zones[ALPHA]
    assert all(contains(zone, x, y, 49) for x, y in placed.positions)
    assert told(events, "A1 deploys at").startswith("A1 deploys at ")


def test_formations_line_and_column_face_the_centre() -> None:
    state = _deploying()
    _, events = play(state, ALPHA, "deploy A1 at 36,5")
    in_line = one(events, Deployed).positions
    assert len({y for _, y in in_line}) == 1  # side by side across the table
    assert {x for x, _ in in_line} == {36 * PER_INCH + d for d in (-294, -147, 0, 147, 294)}
    state, _ = play(state, ALPHA, "deploy A1 at 36,5")
    state, events = play(state, BRAVO, "deploy B1 at 20,43 column")
    in_column = one(events, Deployed).positions
    assert len({x for x, _ in in_column}) == 1  # one behind another towards the centre
    assert sorted(y for _, y in in_column) == [4300, 4447, 4594, 4741]  # the first on 43
    assert lines(events)[0] == "B1 deploys at 20.0,45.2."
    # five 25 mm bases in a column are longer than the 10" zone is deep
    refused = refuse(_deploying(), ALPHA, "deploy A1 at 20,5 column")
    assert "outside your deployment zone" in refused.message


def test_an_order_before_the_forces_are_revealed_says_forces_come_first() -> None:
    state = SYSTEM.initial_state(SYSTEM.options_model(), (ALPHA, BRAVO))
    refused = SYSTEM.parse_notation("move A1 to 3,3", state, BRAVO)
    assert isinstance(refused, Rejection)
    assert refused.message.startswith("First every player chooses a force: `force ")
