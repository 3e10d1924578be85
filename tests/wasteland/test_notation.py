"""Reading what players type: every verb and form, points, names and clear refusals."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.actions import Action
from rules.core.rejection import Rejection, RejectionCode
from rules.wasteland import actions as act
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.factions import FactionDef
from rules.wasteland.content.units import UnitDef
from rules.wasteland.notation import describe_point, parse, unit_label
from rules.wasteland.state import (
    ArmyList,
    AttackPlan,
    CastWindow,
    Fire,
    ListEntry,
    Objective,
    ReactionWindow,
    WastelandState,
    WUnit,
)
from tests.wasteland.builders import KNIFE, RIFLE, battle, profile, unit, weapon

LAUNCHER = weapon("launcher", range=36)
PISTOL = weapon("pistol", range=10, assault=True)
RAIDERS = profile("scrap-raiders", weapons=("rifle", "knife", "launcher"))
TRUCK = profile("gun-truck", type="fast", transport=6, vehicle=True, weapons=("rifle",))
BOSS = profile("war-boss", type="command", leadership=2, caster=True, weapons=("pistol", "knife"))
SNEAKS = profile("sneaks", ambush=True)
HORDE = profile("mutant-horde", weapons=("knife",))
BRUTES = profile("mutant-brutes", weapons=("knife",))
PROFILES = [RAIDERS, TRUCK, BOSS, SNEAKS, HORDE, BRUTES]
WEAPONS = [RIFLE, KNIFE, LAUNCHER, PISTOL]
OBJECTIVES = (
    Objective(id="o1", name="Salvage 1", x=3600, y=2400),
    Objective(id="o2", name="Salvage 2", x=5000, y=2400),
    Objective(id="o3", name="Salvage 3", x=1000, y=2400, removed=True),
)


def units(status: str = "table") -> list[WUnit]:
    return [
        unit("A1", "alpha", RAIDERS, (10, 10), 5, status=status),
        unit("A2", "alpha", RAIDERS, (20, 10), 3, status=status),
        unit("A3", "alpha", TRUCK, (30, 10), status=status),
        unit("A4", "alpha", BOSS, (12, 14), status=status),
        unit("A5", "alpha", SNEAKS, (0, 0), 2, status="ambush"),
        unit("B1", "bravo", HORDE, (10, 30), 4),
        unit("B2", "bravo", BRUTES, (20, 30), 2),
    ]


def fight_state(active: str | None = "A1", **updates: Any) -> WastelandState:
    return battle(units(), PROFILES, WEAPONS, active=active, objectives=OBJECTIVES, **updates)


BATTLE = fight_state()
IDLE = fight_state(active=None)
DEPLOYING = fight_state(active=None, phase="deployment").model_copy(
    update={"units": {u.id: u for u in units("reserve")}}
)


def changed(state: WastelandState, unit_id: str, **updates: object) -> WastelandState:
    units = {**state.units, unit_id: state.units[unit_id].model_copy(update=updates)}
    return state.model_copy(update={"units": units})


def read(text: str, state: WastelandState = BATTLE, seat: str = "alpha") -> Action | Rejection:
    return parse(text, state, Catalog(), seat)


def refused(text: str, state: WastelandState = BATTLE, seat: str = "alpha") -> str:
    found = parse(text, state, CATALOG, seat)
    assert isinstance(found, Rejection), found
    return found.message


# -- army lists -----------------------------------------------------------------------------
def _unit(id: str, type: str = "troops", low: int = 1, high: int = 10, **rules: int) -> UnitDef:
    base = profile(id, type=type, **rules)  # type: ignore[arg-type]
    return base.model_copy(update={"min_models": low, "max_models": high})


RAIDER_UNITS = (
    _unit("raider-boss", "command", leadership=1),
    _unit("scrap-raiders", low=5),
    _unit("gun-truck", "fast", transport=6),
)
MUTANT_UNITS = (_unit("mutant-boss", "command", leadership=1), _unit("scrap-eaters", low=3))
FACTIONS = {
    "raiders": FactionDef(id="raiders", name="Raiders", units=RAIDER_UNITS),
    "mutants": FactionDef(id="mutants", name="Mutants", units=MUTANT_UNITS),
}
CATALOG = Catalog(
    units={u.id: u for u in (*RAIDER_UNITS, *MUTANT_UNITS)},
    unit_faction={u.id: f.id for f in FACTIONS.values() for u in f.units},
    weapons={w.id: w for w in WEAPONS},
    factions=FACTIONS,
)
LISTS = WastelandState(seats=("alpha", "bravo"), phase="lists")


def drafting(*entries: ListEntry) -> WastelandState:
    return LISTS.model_copy(update={"drafts": {"alpha": ArmyList(entries=entries)}})


def in_lists(text: str, state: WastelandState = LISTS) -> Action | Rejection:
    return parse(text, state, CATALOG, "alpha")


def test_army_reads_every_entry_form() -> None:
    found = in_lists("army Raider Boss, scrap raiders x6 g2, gun truck x1, Scrap Raiders x5 in 3")
    assert found == act.DraftList(
        entries=(
            ListEntry(profile="raider-boss", models=1),
            ListEntry(profile="scrap-raiders", models=6, group=2),
            ListEntry(profile="gun-truck", models=1),
            ListEntry(profile="scrap-raiders", models=5, embark=3),
        )
    )


def test_army_without_a_count_takes_the_minimum_and_spacing_is_free() -> None:
    found = in_lists("ARMY   raider-boss ,  scrap-raiders   group 2 ×7 , gun")
    assert found == act.DraftList(
        entries=(
            ListEntry(profile="raider-boss", models=1),
            ListEntry(profile="scrap-raiders", models=7, group=2),
            ListEntry(profile="gun-truck", models=1),
        )
    )
    assert in_lists("army scrap raiders") == act.DraftList(
        entries=(ListEntry(profile="scrap-raiders", models=5),)
    )


def test_ambiguous_profiles_are_settled_by_the_lists_faction() -> None:
    assert in_lists("army mutant boss, scrap x4") == act.DraftList(
        entries=(
            ListEntry(profile="mutant-boss", models=1),
            ListEntry(profile="scrap-eaters", models=4),
        )
    )
    mutant_draft = drafting(ListEntry(profile="mutant-boss", models=1))
    assert in_lists("add scrap x3", mutant_draft) == act.AddUnit(
        entry=ListEntry(profile="scrap-eaters", models=3)
    )
    alone = in_lists("add scrap")
    assert isinstance(alone, Rejection) and alone.code == RejectionCode.BAD_ARGUMENT
    assert "scrap-raiders (Scrap Raiders, Raiders)" in alone.message
    assert "scrap-eaters (Scrap Eaters, Mutants)" in alone.message


def test_add_remove_clear_submit() -> None:
    draft = drafting(
        ListEntry(profile="raider-boss", models=1), ListEntry(profile="gun-truck", models=1)
    )
    assert in_lists("add scrap raiders x6 g2 in 2", draft) == act.AddUnit(
        entry=ListEntry(profile="scrap-raiders", models=6, group=2, embark=2)
    )
    assert in_lists("remove 2", draft) == act.RemoveUnit(index=2)
    assert in_lists("remove gun truck", draft) == act.RemoveUnit(index=2)
    assert in_lists("remove all", draft) == act.RemoveUnit(index=0)
    assert in_lists("clear", draft) == act.RemoveUnit(index=0)
    assert in_lists("submit") == act.SubmitList()
    assert in_lists("Submit list") == act.SubmitList()


def test_list_mistakes_are_explained() -> None:
    draft = drafting(ListEntry(profile="raider-boss", models=1))
    assert refused("remove 3", draft) == "Your draft has entries 1-1; there is no entry 3."
    twice = drafting(*[ListEntry(profile="gun-truck", models=1)] * 2)
    assert refused("remove gun", twice) == (
        "gun-truck is entries 1, 2; remove an entry by number (`remove <n>`)."
    )
    assert "at least one model" in refused("army scrap raiders x0")
    assert "gives the model count twice" in refused("add scrap raiders x3 x4")
    missing = refused("army bazookas x3")
    assert missing.startswith("There is no unit profile called 'bazookas'.")
    assert "raider-boss (Raider Boss, Raiders)" in missing
    assert "Add one unit at a time" in refused("add raider boss, gun truck")
    assert refused("submit now") == "`submit` takes nothing more; 'now' is not understood."


def test_lists_phase_unknown_verbs_list_the_list_verbs() -> None:
    found = in_lists("move to 1,1")
    assert found == act.Move(to=(100, 100))  # the verb is known; the phase check is the engine's
    unknown = in_lists("recruit scrap raiders")
    assert isinstance(unknown, Rejection) and unknown.code == RejectionCode.UNKNOWN_ACTION
    assert unknown.message.startswith("Unknown action 'recruit'. Now you can: `army <profile>")
    assert "`submit`" in unknown.message and "activate" not in unknown.message


# -- points and placing ---------------------------------------------------------------------
def test_describe_point_and_unit_label() -> None:
    assert describe_point(3600, 2400) == "36.0,24.0"
    assert describe_point(3650, 5) == "36.5,0.1"
    assert describe_point(-1, 4800) == "0.0,48.0"
    assert unit_label(BATTLE, "A3") == "A3 Gun Truck"
    assert unit_label(BATTLE, "Z9") == "Z9"


@pytest.mark.parametrize(
    ("written", "point"),
    [("36,24", (3600, 2400)), ("36.5,24", (3650, 2400)), ("(36, 24)", (3600, 2400)),
     ("0,48", (0, 4800)), ("72 , .25", (7200, 25))],
)  # fmt: skip
def test_points_are_inches_from_the_top_left(written: str, point: tuple[int, int]) -> None:
    assert read(f"deploy A1 at {written}", DEPLOYING) == act.Deploy(unit="A1", at=point)


def test_points_off_the_table_show_its_size() -> None:
    message = refused("deploy A1 at 80,24", DEPLOYING)
    assert message == (
        "80.0,24.0 is off the table, which is 72 by 48 inches "
        "(x 0-72 from the left edge, y 0-48 from the top edge)."
    )
    assert refused("move to 10,-1").startswith("10.0,-1.0 is off the table")
    assert refused("deploy A1 at here", DEPLOYING) == (
        "'here' is not a point. Write inches from the top-left corner as x,y, "
        "e.g. `36,24` or `(36.5, 24)`."
    )


def test_deploy_with_formation_facing_and_spacing() -> None:
    found = read("deploy scrap raiders at 36,24 line facing north spacing 1", DEPLOYING)
    assert isinstance(found, Rejection)  # two units are called Scrap Raiders
    assert "did you mean A1 Scrap Raiders or A2 Scrap Raiders?" in found.message
    found = read('Deploy A1 at (36, 24) column facing 45 spacing 0.5"', DEPLOYING)
    assert found == act.Deploy(
        unit="A1", at=(3600, 2400), formation="column", facing=45, spacing=50
    )
    assert "breaks coherency" in refused("deploy A1 at 3,3 spacing 3", DEPLOYING)


@pytest.mark.parametrize(
    ("word", "degrees"),
    [("east", 0), ("south", 90), ("west", 180), ("north", 270), ("North-East", 315),
     ("450", 90), ("-90", 270)],
)  # fmt: skip
def test_facing_words(word: str, degrees: int) -> None:
    found = read(f"deploy A2 at 20,20 facing {word}", DEPLOYING)
    assert found == act.Deploy(unit="A2", at=(2000, 2000), facing=degrees)


def test_deploy_into_a_transport_hold_arrive_reinforce() -> None:
    assert read("deploy A1 in gun truck", DEPLOYING) == act.Deploy(
        unit="A1", at=(0, 0), embark="A3"
    )
    assert read("hold A2", DEPLOYING) == act.HoldBack(unit="A2")
    assert read("hold back sneaks", DEPLOYING) == act.HoldBack(unit="A5")
    assert read("arrive sneaks at 40,20 column facing south", IDLE) == act.Arrive(
        unit="A5", at=(4000, 2000), formation="column", facing=90
    )
    lost = changed(IDLE, "A2", status="destroyed")
    assert read("reinforce scrap at 5,40 line", lost) == act.Reinforce(
        unit="A2", at=(500, 4000), formation="line"
    )
    assert refused("deploy A1", DEPLOYING).startswith("Use `deploy <unit> at <x,y>")


# -- names ----------------------------------------------------------------------------------
def test_units_by_id_prefix_word_prefixes_and_label() -> None:
    assert read("activate a4", IDLE) == act.Activate(unit="A4")
    assert read("activate war", IDLE) == act.Activate(unit="A4")
    assert read("activate g t", IDLE) == act.Activate(unit="A3")
    assert read("activate A3 Gun Truck", IDLE) == act.Activate(unit="A3")
    assert read("activate A1 heroic", IDLE) == act.Activate(unit="A1", heroic=True)
    assert read("activate gun truck heroism", IDLE) == act.Activate(unit="A3", heroic=True)


def test_activation_prefers_units_that_may_still_activate() -> None:
    spent = changed(IDLE, "A1", activated=True)
    assert read("activate scrap", spent) == act.Activate(unit="A2")


def test_unknown_and_ambiguous_units_are_explained() -> None:
    message = refused("activate zorro", IDLE)
    assert message == (
        "There is no unit of yours called 'zorro'. Your units: A1 Scrap Raiders, "
        "A2 Scrap Raiders, A3 Gun Truck, A4 War Boss, A5 Sneaks."
    )
    assert refused("activate scrap", IDLE) == (
        "'scrap' is ambiguous: did you mean A1 Scrap Raiders or A2 Scrap Raiders? "
        "Be more specific (ids always work)."
    )
    target = refused("shoot mutant")
    assert "did you mean B1 Mutant Horde or B2 Mutant Brutes?" in target
    assert refused("fight goblins") == (
        "There is no target called 'goblins'. Enemy units: B1 Mutant Horde, B2 Mutant Brutes."
    )


def test_ids_and_objectives_of_the_same_letters_follow_the_case() -> None:
    charlie = unit("C4", "charlie", HORDE, (60, 40), 2)
    counters = (Objective(id="c4", name="Counter 4", x=100, y=100),)
    state = battle(
        [*units(), charlie], PROFILES, WEAPONS, active="A1", objectives=counters,
        seats=("alpha", "bravo", "charlie"),
    )  # fmt: skip
    assert read("move toward C4", state) == act.Move(toward="C4")
    assert read("move toward c4", state) == act.Move(toward="c4")
    assert read("move toward counter", state) == act.Move(toward="c4")


# -- activations ----------------------------------------------------------------------------
def test_end_done_wait() -> None:
    for word in ("end", "done", "wait", "END activation"):
        assert read(word) == act.EndActivation()
    assert "takes nothing more" in refused("end A1")


def test_move_to_and_by() -> None:
    assert read("move to 12,14") == act.Move(to=(1200, 1400))
    assert read("move to 12.5, 14 line facing west") == act.Move(
        to=(1250, 1400), formation="line", facing=180
    )
    assert read("move by -3,2.5") == act.Move(by=(-300, 250))
    assert read("move by (-10.25, -4)") == act.Move(by=(-1025, -400))
    assert read("move A1 to 5,5") == act.Move(to=(500, 500))
    assert read("move Scrap Raiders to 5,5") == act.Move(to=(500, 500))
    assert refused("move A2 to 5,5") == (
        "A2 Scrap Raiders is not activating; A1 Scrap Raiders is, and only it may move."
    )
    assert refused("move A1 to 5,5", IDLE).startswith("None of your units is activating")
    assert "not a vector" in refused("move by north")


def test_move_toward_units_and_objectives() -> None:
    assert read("move toward B1") == act.Move(toward="B1")
    assert read("move towards mutant horde 3") == act.Move(toward="B1", distance=300)
    assert read("move toward salvage 1") == act.Move(toward="o1")
    assert read('move toward o2 4.5"') == act.Move(toward="o2", distance=450)
    assert "Salvage 3" not in refused("move toward salvage 7")
    assert "did you mean o1 Salvage 1 or o2 Salvage 2?" in refused("move toward salvage")


def test_move_model_by_model() -> None:
    found = read("move A1.2 to 11,11; .3 to 12,12 ;A1.5 to (13, 13)")
    assert found == act.Move(
        models={"A1.2": (1100, 1100), "A1.3": (1200, 1200), "A1.5": (1300, 1300)}
    )
    assert refused("move .9 to 1,1") == (
        "A1 has no model A1.9; its models: A1.1, A1.2, A1.3, A1.4, A1.5."
    )
    assert refused("move A2.1 to 1,1") == "A2.1 is not a model of A1 Scrap Raiders."
    assert refused("move .1 to 1,1; .1 to 2,2") == "A1.1 is moved twice."


def test_move_embark_and_disembark() -> None:
    assert read("move embark gun truck") == act.Move(embark="A3")
    assert read("move disembark 30,12") == act.Move(disembark=(3000, 1200))
    assert read("move disembark at 30,12 facing east") == act.Move(disembark=(3000, 1200), facing=0)


def test_move_then_shoot_fills_assault_fire() -> None:
    found = read("move to 10,10 then shoot B1 with rifle")
    assert found == act.Move(to=(1000, 1000), fire=(Fire(target="B1", weapon="rifle"),))
    found = read("move toward B2 2, then fire mutant brutes")
    assert found == act.Move(toward="B2", distance=200, fire=(Fire(target="B2"),))
    assert "belong to a Shoot Action" in refused("move to 10,10 then shoot B1 extend")


# -- shooting and the other actions ---------------------------------------------------------
def test_shoot_forms() -> None:
    assert read("shoot B1") == act.Shoot(fires=(Fire(target="B1"),))
    assert read("shoot mutant horde with rif") == act.Shoot(
        fires=(Fire(target="B1", weapon="rifle"),)
    )
    assert read("fire B2 with launcher extend indirect") == act.Shoot(
        fires=(Fire(target="B2", weapon="launcher"),), extend=True, indirect=True
    )


def test_split_fire() -> None:
    found = read("shoot B1 with rifle; B2 with launcher models 3,4")
    assert found == act.Shoot(
        fires=(
            Fire(target="B1", weapon="rifle"),
            Fire(target="B2", weapon="launcher", models=("A1.3", "A1.4")),
        )
    )
    found = read("shoot B1 models 1-2 with knife; B2 models .5 A1.4")
    assert found == act.Shoot(
        fires=(
            Fire(target="B1", weapon="knife", models=("A1.1", "A1.2")),
            Fire(target="B2", models=("A1.5", "A1.4")),
        )
    )


def test_shooting_mistakes() -> None:
    assert refused("shoot B1 with pistol") == (
        "There is no weapon of A1 called 'pistol'. A1 Scrap Raiders carries: "
        "Rifle, Knife, Launcher."
    )
    assert "A1 has no model A1.8" in refused("shoot B1 models 8")
    assert refused("shoot B1 models 2", IDLE).startswith("None of your units is activating")
    assert "at most 6 parts" in refused("shoot " + "; ".join(["B1"] * 7))


def test_fight_defend_cast() -> None:
    assert read("fight B1, B2") == act.Fight(targets=("B1", "B2"))
    assert read("charge mutant horde and B2") == act.Fight(targets=("B1", "B2"))
    assert read("defend") == act.Defend()
    assert read("cast fury at B1") == act.Cast(power="fury", target="B1")
    assert read("cast psychic fury mutant brutes") == act.Cast(power="fury", target="B2")
    assert read("cast blessing on A2") == act.Cast(power="blessing", target="A2")
    assert read("cast war blessing on gun") == act.Cast(power="blessing", target="A3")
    assert refused("cast lightning at B1").startswith("The powers are Psychic Fury and War")


def test_interact() -> None:
    assert read("interact o1") == act.Interact(objective="o1")
    assert read("interact salvage 2 steady") == act.Interact(objective="o2", mode="steady")
    assert read("interact o1 slow and steady against bravo") == act.Interact(
        objective="o1", mode="steady", against="bravo"
    )
    assert read("interact Salvage 1 go for broke against BRA") == act.Interact(
        objective="o1", against="bravo"
    )
    assert read("interact o2 against bravo steady") == act.Interact(
        objective="o2", mode="steady", against="bravo"
    )
    assert refused("interact o1 against delta") == (
        "There is no seat called 'delta'. Seats: alpha, bravo."
    )
    assert refused("interact o3").startswith("There is no objective called 'o3'. Objectives:")


@pytest.mark.parametrize(
    ("text", "order", "far"),
    [("order A4 push A1", "push", False), ("order war boss push forward! A2 far", "push", True),
     ("order A4 strike harder A1", "strike", False), ("order A4 strike A1", "strike", False),
     ("order A4 regroup A3", "regroup", False), ("order A4 seize A1 far", "seize", True),
     ("order A4 seize the initiative A1", "seize", False)],
)  # fmt: skip
def test_orders(text: str, order: str, far: bool) -> None:
    found = read(text, IDLE)
    assert isinstance(found, act.GiveOrder) and found.leader == "A4"
    assert (found.order, found.far) == (order, far)
    assert found.unit in ("A1", "A2", "A3")


def test_airstrikes_target_enemies() -> None:
    assert read("order A4 call in an airstrike B1 far") == act.GiveOrder(
        leader="A4", order="airstrike", unit="B1", far=True
    )
    assert read("order A4 airstrike mutant brutes") == act.GiveOrder(
        leader="A4", order="airstrike", unit="B2"
    )
    assert refused("order A4 dance A1").startswith("Use `order <leader>")


WINDOW = ReactionWindow(
    seat="alpha",
    unit="A2",
    attacker="B1",
    counter_allowed=True,
    plan=AttackPlan(kind="shoot", unit="B1", fires=(Fire(target="A2"),)),
)
REACTING = fight_state(active="B1", windows=(WINDOW,))


@pytest.mark.parametrize(
    ("text", "reaction"),
    [("react A2 none", None), ("react A2 no", None), ("react A2 withdraw", "withdraw"),
     ("react A2 ground", "ground"), ("react A2 go to ground", "ground"),
     ("react A2 counter", "counter"), ("react A2 counter-attack", "counter"),
     ("react A2 Counter Attack", "counter"), ("react go to ground", "ground")],
)  # fmt: skip
def test_reactions(text: str, reaction: str | None) -> None:
    assert read(text, REACTING) == act.React.model_validate({"unit": "A2", "reaction": reaction})


def test_reaction_mistakes_and_window_verbs() -> None:
    assert refused("react A2 dance", REACTING).startswith("Say which reaction:")
    assert refused("react ground", IDLE).startswith("Name the reacting unit")
    unknown = refused("move to 1,1 quickly", REACTING)
    assert "not a point" in unknown
    verbs = refused("jump", REACTING)
    assert verbs == (
        "Unknown action 'jump'. Now you can: `react <unit> none|withdraw|ground|counter`."
    )


def test_nullify() -> None:
    casting = fight_state(
        active="B1",
        windows=(
            CastWindow(
                seat="alpha", caster="B1", nullifier=None, power="fury", target="A1", cast=True
            ),
        ),
    )
    assert read("nullify A4", casting) == act.Nullify(unit="A4")
    assert read("nullify war boss", casting) == act.Nullify(unit="A4")
    assert read("nullify none", casting) == act.Nullify()
    assert read("nullify stop", casting) == act.Nullify()
    assert refused("nullify", casting).startswith("Name the caster, or stop")
    assert "`nullify <unit> | nullify none`" in refused("pray", casting)


# -- the verbs listed, limits, and garbage ----------------------------------------------------
def test_unknown_verbs_list_what_is_possible_now() -> None:
    busy = refused("jump")
    assert "`move to <x,y>" in busy and "`end`" in busy and "activate" not in busy
    idle = refused("jump", IDLE)
    assert "`activate <unit> [heroic]`" in idle and "`wait`" in idle and "`move" not in idle
    assert "`deploy <unit> at" in refused("jump", DEPLOYING)
    over = BATTLE.model_copy(update={"phase": "over"})
    assert refused("jump", over) == "Unknown action 'jump'. There is nothing to do now."
    empty = parse("   ", BATTLE, CATALOG, "alpha")
    assert isinstance(empty, Rejection) and empty.code == RejectionCode.UNKNOWN_ACTION


def test_long_input_is_refused_plainly() -> None:
    message = refused("shoot " + "B1 " * 200)
    assert message == "That is 606 characters; keep an action under 500."


STATES = [LISTS, drafting(ListEntry(profile="gun-truck", models=1)), DEPLOYING, BATTLE, IDLE]
STATES.append(REACTING)
WORDS = [
    "army", "add", "remove", "clear", "submit", "deploy", "hold", "arrive", "reinforce",
    "activate", "move", "shoot", "fire", "fight", "charge", "defend", "cast", "interact", "order",
    "end", "react", "nullify", "to", "by", "toward", "at", "in", "with", "models", "then", "shoot",
    "far", "push", "airstrike", "seize the initiative", "fury", "blessing", "on", "against",
    "steady", "broke", "line", "facing", "north", "spacing", "x3", "x0", "g2", "in 1", "A1",
    "A1.2", ".3", "B1", "o1", "c4", "scrap", "gun", "mutant", "rifle", "1-99", "36,24", "(1, 2)",
    "-3,-4", "999,999", "1e9", "0.5", ";", ",", "!", "-", "ground", "counter-attack", "none",
    "extend", "indirect", "heroic", "×", "\u0000", "Ω", "", "   ",
]  # fmt: skip


@settings(max_examples=400, derandomize=True, deadline=None)
@given(
    st.sampled_from(STATES),
    st.one_of(
        st.text(max_size=120),
        st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join),
        st.text(alphabet="0123456789.,;-() xgAB", max_size=600),
    ),
)
def test_garbage_never_raises(state: WastelandState, text: str) -> None:
    found = parse(text, state, CATALOG, "alpha")
    assert isinstance(found, Action | Rejection)
    if isinstance(found, Rejection):
        assert found.message
