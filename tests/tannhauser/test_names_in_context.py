"""Names are read among what the action can refer to: the enemies on the board for an
attack, the attacker's own weapons, the seat's own team while packs are chosen; and a verb
that takes nothing after it refuses what follows."""

from __future__ import annotations

from rules.core.rejection import Rejection
from rules.tannhauser import actions as act
from rules.tannhauser.state import TannhauserState
from tests.tannhauser.builders import ALPHA, CATALOG, SYSTEM, a, b, game


def _gear() -> dict[str, object]:
    pistol = CATALOG.equipment["keen-pistol"]
    return {
        **CATALOG.equipment,
        "service-pistol": pistol.model_copy(
            update={"id": "service-pistol", "name": "Service Pistol"}
        ),
        "needle-pistol": pistol.model_copy(update={"id": "needle-pistol", "name": "Needle Pistol"}),
    }


def _state() -> TannhauserState:
    return game(
        a("captain", "r1", "service-pistol"),
        a("sniper", "r3", "needle-pistol", character="sniper"),
        b("scout", "r2", character="scout"),
        b("ranger", None, character="ranger", dead=True),
        active="captain",
        gear=_gear(),
    )


def test_an_attack_names_an_enemy_with_a_weapon_the_attacker_carries() -> None:
    parsed = SYSTEM.parse_notation("attack s with pistol", _state(), ALPHA)
    assert parsed == act.Attack(target="scout", weapon="service-pistol")


def test_the_dead_and_the_own_side_do_not_make_a_target_ambiguous() -> None:
    state = _state()
    dead = b("scout-2", None, character="scout", dead=True)
    state = state.model_copy(update={"tokens": {**state.tokens, "scout-2": dead}})
    for typed in ("attack sco", "attack s"):
        parsed = SYSTEM.parse_notation(typed, state, ALPHA)
        assert isinstance(parsed, act.Attack) and parsed.target == "scout"


def test_a_name_only_the_wrong_side_has_still_reaches_the_rules() -> None:
    # the rules, not the name reader, say why one's own character is no target
    parsed = SYSTEM.parse_notation("attack sniper", _state(), ALPHA)
    assert isinstance(parsed, act.Attack) and parsed.target == "sniper"


def test_names_that_fit_several_likely_things_stay_ambiguous() -> None:
    state = _state().model_copy(
        update={
            "tokens": {
                **_state().tokens,
                **{"captain": a("captain", "r1", "service-pistol", "needle-pistol")},
            }
        }
    )
    refused = SYSTEM.parse_notation("attack scout with pistol", state, ALPHA)
    assert isinstance(refused, Rejection)
    assert "Service Pistol" in refused.message or "service-pistol" in refused.message


def test_choosing_packs_lists_only_the_seats_own_team() -> None:
    state = SYSTEM.initial_state(SYSTEM.options_model(map="testmap"), ("alpha", "bravo"))
    state = state.model_copy(
        update={"phase": "packs", "teams": {"alpha": ("captain", "medic"), "bravo": ("warden",)}}
    )
    refused = SYSTEM.parse_notation("pack all combat", state, "alpha")
    assert isinstance(refused, Rejection)
    assert "captain" in refused.message and "medic" in refused.message
    assert "warden" not in refused.message and "sniper" not in refused.message


def test_a_verb_that_takes_nothing_refuses_what_follows() -> None:
    refused = SYSTEM.parse_notation("end now", _state(), ALPHA)
    assert isinstance(refused, Rejection)
    assert refused.message == "`end` takes nothing more; 'now' is not understood."
    assert SYSTEM.parse_notation("end", _state(), ALPHA) == act.EndActivation()


def test_a_circle_is_named_in_words() -> None:
    # "move East gate" was read as a route through circles "East" and "gate"
    assert SYSTEM.parse_notation("move to East gate", _state(), ALPHA) == act.Move(to="o1")
    assert SYSTEM.parse_notation("move r2 r3", _state(), ALPHA) == act.Move(
        to="r3", route=("r2", "r3")
    )


def test_an_attack_without_a_weapon_takes_the_first_that_reaches() -> None:
    # bare hands only when asked for: `attack scout` used to mean "with hands"
    state = game(
        a("captain", "r1", "pistol"), b("scout", "r2", character="scout"), active="captain"
    )
    assert SYSTEM.parse_notation("attack scout", state, ALPHA) == act.Attack(
        target="scout", weapon="pistol"
    )
    assert SYSTEM.parse_notation("attack scout with hands", state, ALPHA) == act.Attack(
        target="scout", weapon=None
    )
