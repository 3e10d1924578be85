"""Setup: factions, teams, mercenaries, packs, bonus tokens, entry points, crates and the
setup roll."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules.core.events import DiceRolled, Event
from rules.core.rejection import RejectionCode
from rules.core.visibility import Viewer
from rules.tannhauser import events as ev
from rules.tannhauser.state import RerollWindow, TannhauserOptions, TannhauserState
from tests.scripted_dice import ScriptedRoller
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    SEATS,
    SYSTEM,
    fold,
    of,
    one,
    play,
    refuse,
    types,
)

NORTH_TEAM = "captain, medic, sniper, rifleman, scout"
SOUTH_TEAM = "warden, phantom, duchess, golem, grunt"
R_FACTIONS = "000 Setup §2 Choose factions"
R_TEAMS = "000 Setup §4 Choose characters"
R_MERCS = "000 Setup §4 Mercenaries"
R_PACKS = "000 Setup §5 Choose packs"
R_BONUS = "000 Setup §6 Choose bonus tokens"
R_ENTRY = "000 Setup §7 Selecting entry points"

Step = tuple[str, str, Sequence[int]]


def new_game(map_id: str = "testmap", rush: bool = False) -> TannhauserState:
    state = SYSTEM.initial_state(TannhauserOptions(map=map_id, rush=rush), SEATS)
    return fold(state, SYSTEM.begin(state, ScriptedRoller([])))


def run(state: TannhauserState, *steps: Step) -> tuple[TannhauserState, list[Event]]:
    events: list[Event] = []
    for seat, text, faces in steps:
        state, more = play(state, seat, text, faces)
        events += more
    return state, events


def teams_chosen(
    alpha: str = NORTH_TEAM, bravo: str = SOUTH_TEAM, faces: Sequence[int] = ()
) -> tuple[TannhauserState, list[Event]]:
    state, _ = run(
        new_game(),
        (ALPHA, "faction north", ()),
        (BRAVO, "faction south", ()),
        (ALPHA, f"team {alpha}", ()),
    )
    return play(state, BRAVO, f"team {bravo}", faces)


def packs_chosen(pack: str = "combat") -> TannhauserState:
    state, _ = teams_chosen()
    for seat in SEATS:
        for character in state.teams[seat]:
            state, _ = play(state, seat, f"pack {character} {pack}")
    assert state.phase == "bonus"
    return state


def entries_chosen() -> TannhauserState:
    """Bonus tokens skipped; bravo wins the entry roll-off and enters at o1."""
    state = packs_chosen()
    state, _ = run(state, (ALPHA, "bonus done", ()), (BRAVO, "bonus done", (3, 9)))
    state, _ = play(state, BRAVO, "entry o1")
    return state


# -- factions -------------------------------------------------------------------------------
def test_different_factions_are_set_without_a_roll() -> None:
    state, events = play(new_game(), ALPHA, "faction north")
    picked = one(events, ev.FactionPicked)
    assert not picked.visibility.allows(Viewer.of_seat(BRAVO))
    assert picked.visibility.allows(Viewer.of_seat(ALPHA))
    assert state.factions == {}
    state, events = play(state, BRAVO, "faction south")
    assert not of(events, ev.RollOff)
    assert state.factions == {ALPHA: "north", BRAVO: "south"} and state.phase == "teams"


def test_a_faction_clash_is_settled_by_a_roll_off_and_the_loser_chooses_again() -> None:
    state, _ = play(new_game(), ALPHA, "faction north")
    state, events = play(state, BRAVO, "faction north", [5, 5, 3, 8])  # a tie, rolled again
    assert one(events, ev.FactionsRevealed).picks == {ALPHA: "north", BRAVO: "north"}
    rolls = of(events, ev.RollOff)
    assert [(r.totals, r.winner) for r in rolls] == [
        ({ALPHA: 5, BRAVO: 5}, None),
        ({ALPHA: 3, BRAVO: 8}, BRAVO),
    ]
    assert state.factions == {BRAVO: "north"}
    refused = refuse(state, ALPHA, "faction north")
    assert "both players may not choose the same faction" in refused.message
    assert refused.rule == R_FACTIONS
    state, _ = play(state, ALPHA, "faction east")
    assert state.factions == {BRAVO: "north", ALPHA: "east"} and state.phase == "teams"


# -- teams ----------------------------------------------------------------------------------
def test_a_team_is_three_heroes_and_two_troopers() -> None:
    state, _ = run(new_game(), (ALPHA, "faction north", ()), (BRAVO, "faction south", ()))
    refused = refuse(state, ALPHA, "team captain, medic, sniper, ranger")
    assert refused.message == "A team has 3 heroes at most." and refused.rule == R_TEAMS
    state, events = play(state, ALPHA, "recruit rifleman, scout")
    assert not one(events, ev.TeamPicked).visibility.allows(Viewer.spectator())
    refused = refuse(state, ALPHA, "recruit hound")
    assert refused.message == "A team has 2 troopers at most."
    assert "only once" in refuse(state, ALPHA, "recruit scout").message


def test_a_team_is_of_the_faction_plus_mercenaries() -> None:
    state, _ = run(new_game(), (ALPHA, "faction north", ()), (BRAVO, "faction south", ()))
    refused = refuse(state, ALPHA, "recruit warden")
    assert "not in your faction and is not a mercenary" in refused.message
    state, _ = play(state, ALPHA, "recruit drifter, hound, zealot")  # the zealot is loyal to us
    assert state.team_picks[ALPHA] == ("drifter", "hound", "zealot")


def test_a_faction_loyal_mercenary_will_not_fight_against_its_faction() -> None:
    state, _ = run(new_game(), (ALPHA, "faction north", ()), (BRAVO, "faction south", ()))
    refused = refuse(state, BRAVO, "recruit zealot")
    assert "loyal to The North" in refused.message and refused.rule == R_MERCS


def test_teams_are_revealed_together() -> None:
    state, _ = run(
        new_game(),
        (ALPHA, "faction north", ()),
        (BRAVO, "faction south", ()),
        (ALPHA, f"team {NORTH_TEAM}", ()),
    )
    assert state.teams == {} and state.phase == "teams"
    state, events = play(state, BRAVO, f"team {SOUTH_TEAM}")
    assert one(events, ev.TeamsRevealed).teams[ALPHA] == tuple(NORTH_TEAM.split(", "))
    assert state.phase == "packs"


def test_a_contested_mercenary_goes_to_the_high_roller_and_the_other_replaces_him() -> None:
    state, events = teams_chosen(
        "captain, medic, drifter, rifleman, scout", "warden, phantom, drifter, golem, grunt", [2, 9]
    )
    rolled = one(events, ev.RollOff)
    assert (rolled.purpose, rolled.winner) == ("mercenary Drifter", BRAVO)
    assert one(events, ev.MercenaryLost).seat == ALPHA
    assert state.phase == "mercenaries"
    assert "drifter" in state.teams[BRAVO] and "drifter" not in state.teams[ALPHA]
    assert refuse(state, ALPHA, "replace drifter").rule == R_MERCS
    assert refuse(state, ALPHA, "replace hound").message == "A team has 2 troopers at most."
    refused = refuse(state, BRAVO, "replace ranger")
    assert (refused.code, refused.rule) == (RejectionCode.NOT_YOUR_TURN, R_MERCS)
    state, events = play(state, ALPHA, "replace ranger")
    assert one(events, ev.MercenaryReplaced).new == "ranger"
    assert len(state.teams[ALPHA]) == 5 and state.phase == "packs"


def test_a_side_losing_two_contested_mercenaries_replaces_both() -> None:
    state, _ = teams_chosen(
        "captain, medic, drifter, rifleman, hound",
        "warden, phantom, drifter, golem, hound",
        [2, 9, 3, 8],
    )
    assert len(state.teams[ALPHA]) == 3
    state, _ = play(state, ALPHA, "replace ranger")
    assert state.phase == "mercenaries"
    state, _ = play(state, ALPHA, "replace scout")
    assert len(state.teams[ALPHA]) == 5 and state.phase == "packs"


# -- packs ----------------------------------------------------------------------------------
def test_packs_are_secret_until_every_character_has_one() -> None:
    state, _ = teams_chosen()
    state, events = play(state, ALPHA, "pack captain stamina")
    assert one(events, ev.PackLocked).visibility.allows(Viewer.of_seat(BRAVO))
    picked = one(events, ev.PackPicked)
    assert not picked.visibility.allows(Viewer.of_seat(BRAVO))
    assert state.tokens == {}
    assert refuse(state, ALPHA, "pack captain combat").code == RejectionCode.ALREADY_DONE
    assert refuse(state, ALPHA, "pack warden combat").rule == R_PACKS
    for viewer in (Viewer.spectator(), Viewer.of_seat(BRAVO)):
        assert "Captain stamina" not in " ".join(SYSTEM.view(state, viewer).notes)
    assert "Captain stamina" in " ".join(SYSTEM.view(state, Viewer.of_seat(ALPHA)).notes)
    for character in ("medic", "sniper", "rifleman", "scout"):
        state, _ = play(state, ALPHA, f"pack {character} command")
    for character in SOUTH_TEAM.split(", "):
        state, events = play(state, BRAVO, f"pack {character} combat")
    revealed = one(events, ev.PacksRevealed)
    assert revealed.packs[ALPHA]["captain"] == "stamina"
    # the special object comes with every pack
    assert state.tokens["captain"].equipment == ("banner", "vest", "medkit", "stim")
    assert state.tokens["warden"].equipment == ("banner", "pistol", "grenade", "smoke")
    assert state.starting_troopers == {
        ALPHA: {"rifleman": 1, "scout": 1},
        BRAVO: {"golem": 1, "grunt": 1},
    }


# -- bonus tokens ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seat", "text", "why"),
    [
        (ALPHA, "bonus bonus-whistle captain", "only for troopers"),
        (ALPHA, "bonus bonus-charm rifleman", "only for heroes"),
        (BRAVO, "bonus bonus-rifle warden", "only for The North"),
        (ALPHA, "bonus bonus-cannon medic", "only for Captain"),
        (ALPHA, "bonus bonus-toolkit medic", "only for characters with mechanics"),
    ],
)
def test_bonus_tokens_keep_to_their_restrictions(seat: str, text: str, why: str) -> None:
    refused = refuse(packs_chosen(), seat, text)
    assert why in refused.message and refused.rule == R_BONUS


def test_one_bonus_token_per_character_and_three_per_side() -> None:
    state = packs_chosen()
    state, events = play(state, ALPHA, "bonus bonus-charm captain")
    assert not one(events, ev.BonusPicked).visibility.allows(Viewer.of_seat(BRAVO))
    refused = refuse(state, ALPHA, "bonus bonus-greatcoat captain")
    assert "only one" in refused.message and refused.rule == R_BONUS
    state, _ = play(state, ALPHA, "bonus bonus-greatcoat medic")
    state, _ = play(state, ALPHA, "bonus bonus-whistle rifleman")
    refused = refuse(state, ALPHA, "bonus bonus-rifle sniper")
    assert "at most 3" in refused.message and refused.rule == R_BONUS


def test_a_bonus_token_replaces_a_pack_item_never_the_special_object() -> None:
    state = packs_chosen()
    refused = refuse(state, ALPHA, "bonus bonus-charm captain replacing banner")
    assert "never the special object" in refused.message
    state, _ = play(state, ALPHA, "bonus bonus-charm captain replacing pistol")
    state, _ = play(state, ALPHA, "bonus done")
    state, events = play(state, BRAVO, "bonus done", [3, 9])
    applied = one(events, ev.BonusApplied)
    assert applied.equipment == ("banner", "charm", "grenade", "smoke")
    assert state.tokens["captain"].equipment == ("banner", "charm", "grenade", "smoke")


def test_a_contested_bonus_token_goes_to_the_high_roller() -> None:
    state = packs_chosen()
    state, _ = run(
        state,
        (ALPHA, "bonus bonus-greatcoat medic", ()),
        (BRAVO, "bonus bonus-greatcoat warden", ()),
        (ALPHA, "bonus done", ()),
    )
    state, events = play(state, BRAVO, "bonus done", [4, 7, 3, 9])
    contest, entry = of(events, ev.RollOff)
    assert (contest.purpose, contest.winner) == ("bonus token Bonus Greatcoat", BRAVO)
    assert one(events, ev.BonusLost).seat == ALPHA
    assert one(events, ev.BonusApplied).key == "warden"
    assert "greatcoat" in state.tokens["warden"].equipment
    assert "greatcoat" not in state.tokens["medic"].equipment
    assert entry.purpose == "entry points"


# -- entry points, crates and the setup roll ------------------------------------------------
def test_the_entry_roll_off_winner_chooses_first_and_activates_first() -> None:
    state = packs_chosen()
    state, events = run(state, (ALPHA, "bonus done", ()), (BRAVO, "bonus done", (3, 9)))
    assert one(events, ev.EntryOrder).order == (BRAVO, ALPHA)
    assert state.phase == "entry" and state.first_activator == BRAVO
    refused = refuse(state, ALPHA, "entry r1")
    assert (refused.code, refused.rule) == (RejectionCode.NOT_YOUR_TURN, R_ENTRY)
    state, _ = play(state, BRAVO, "entry o1")
    refused = refuse(state, ALPHA, "entry o1")
    assert refused.legal == ("entry r1",) and refused.rule == R_ENTRY
    # alpha wins the setup roll, yet bravo (the entry winner) activates first on turn 1
    state, _ = play(state, ALPHA, "entry r1", [1, 1, 9, 4])
    assert state.initiative is None and isinstance(state.windows[-1], RerollWindow)
    state, _ = play(state, BRAVO, "keep")
    assert state.initiative == ALPHA
    assert state.phase == "activations" and state.next_seat == BRAVO


def test_crates_are_dealt_face_down_on_every_action_and_objective_circle() -> None:
    state = entries_chosen()
    state, events = play(state, ALPHA, "entry r1", [2, 1, 9, 4])
    assert one(events, ev.CommandPointsSet).points == {ALPHA: 2, BRAVO: 2}
    draws = [e for e in events if isinstance(e, DiceRolled) and e.purpose == "crate draw"]
    assert [(d.sides, d.values) for d in draws] == [(3, (2,)), (2, (1,))]
    placed = one(events, ev.CratesPlaced)
    assert placed.features == ("lever", "vault")
    dealt = one(events, ev.CratesDealt)
    assert dealt.crates == {"lever": "crate-grenade", "vault": "crate-cp"}
    for secret in (dealt, *draws):
        assert not secret.visibility.allows(Viewer.of_seat(ALPHA))
        assert not secret.visibility.allows(Viewer.of_seat(BRAVO))
        assert secret.visibility.allows(Viewer.as_referee())
    assert placed.visibility.allows(Viewer.spectator())
    assert state.crates == {"lever": "crate-grenade", "vault": "crate-cp"}
    for viewer in (Viewer.of_seat(ALPHA), Viewer.of_seat(BRAVO), Viewer.spectator()):
        shown = SYSTEM.view(state, viewer).model_dump_json()
        assert "crate-grenade" not in shown and "crate-cp" not in shown


def test_the_setup_roll_stands_as_the_first_initiative_and_first_turn_keeps_its_points() -> None:
    state = entries_chosen()
    state, events = play(state, ALPHA, "entry r1", [1, 1, 3, 8])
    made = [(e.seat, e.purpose, e.total) for e in of(events, ev.RollMade)]
    assert made == [(ALPHA, "setup", 3), (BRAVO, "setup", 8)]
    assert isinstance(state.windows[-1], RerollWindow) and state.windows[-1].seat == ALPHA
    state, events = play(state, ALPHA, "reroll", [9])
    assert one(events, ev.RollWon).seat == ALPHA
    started = one(events, ev.TurnStarted)
    # turn 1: Command Points are not refreshed (the re-roll came out of alpha's pool) ...
    assert started.turn == 1 and started.command_points == {ALPHA: 1, BRAVO: 2}
    # ... and there is no initiative roll
    assert not of(events, ev.RollStarted)
    assert "th_roll_started" not in types(events)
    # nobody is on the board yet, so nobody can be set on overwatch
    assert [e.seat for e in of(events, ev.OverwatchDeclined)] == [BRAVO, ALPHA]
    assert state.phase == "activations" and state.initiative == ALPHA
    assert state.next_seat == BRAVO  # the entry roll-off winner activates first


def test_rush_and_go_gives_each_side_two_entry_points_in_the_same_order() -> None:
    state = SYSTEM.initial_state(TannhauserOptions(map="crossroads", rush=True), SEATS)
    state = fold(state, SYSTEM.begin(state, ScriptedRoller([])))
    state, _ = run(
        state,
        (ALPHA, "faction north", ()),
        (BRAVO, "faction south", ()),
        (ALPHA, f"team {NORTH_TEAM}", ()),
        (BRAVO, f"team {SOUTH_TEAM}", ()),
    )
    for seat in SEATS:
        for character in state.teams[seat]:
            state, _ = play(state, seat, f"pack {character} combat")
    state, _ = run(
        state,
        (ALPHA, "bonus done", ()),
        (BRAVO, "bonus done", (9, 2)),
        (ALPHA, "entry n", ()),
        (BRAVO, "entry s", ()),
        (ALPHA, "entry e", ()),
    )
    assert refuse(state, ALPHA, "entry w").code == RejectionCode.NOT_YOUR_TURN
    state, events = play(state, BRAVO, "entry w", [7, 2])
    assert state.entries == {ALPHA: ("n", "e"), BRAVO: ("s", "w")}
    assert not of(events, ev.CratesPlaced)  # no Action or Objective circles here
    assert SYSTEM.check_options(TannhauserOptions(map="testmap", rush=True)) is not None


@pytest.mark.parametrize(
    ("rush", "face", "chosen"),
    [(False, 1, "crossroads"), (False, 2, "testmap"), (True, 2, "crossroads")],
)
def test_a_random_map_is_rolled_for(rush: bool, face: int, chosen: str) -> None:
    state = SYSTEM.initial_state(TannhauserOptions(map="random", rush=rush), SEATS)
    events = SYSTEM.begin(state, ScriptedRoller([face]))
    picked = one(events, ev.MapChosen)
    assert (picked.map.id, picked.rolled) == (chosen, True)  # rush-and-go: four entries only
