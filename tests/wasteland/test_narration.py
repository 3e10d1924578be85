"""Each narrated fact is told in the words the channel has always used: one case per line
and per branch, for the facts a short game rarely shows."""

from __future__ import annotations

import pytest

from rules.core.events import Event
from rules.wasteland.facts import battle as fb
from rules.wasteland.facts import combat as fc
from rules.wasteland.facts import command as fm
from rules.wasteland.facts import setup as fs
from rules.wasteland.facts import units as fu
from rules.wasteland.facts.base import Check
from rules.wasteland.narrate import describe

PASS = Check(need=6, raw=8, passed=True)
FAIL = Check(need=6, raw=2, passed=False)

CASES: list[tuple[Event, str]] = [
    (
        fu.Activated(unit="A1", name="Sluice Captain", actions=1, suppressed=1),
        "A1 Sluice Captain activates (1 Action, 1 lost to suppression).",
    ),
    (fu.Heroism(unit="A1", check=PASS), "A1 is gripped by heroism (8 vs 6+ ✓): markers ignored."),
    (fu.Heroism(unit="A1", check=FAIL), "A1 tries heroism: 2 vs 6+ ✗, fails and freezes."),
    (fu.BreakAway(unit="A3", check=PASS), "A3 breaks away: Will 8 vs 6+ ✓."),
    (
        fu.BreakAway(unit="A3", check=FAIL),
        "A3 tries to break away: Will 2 vs 6+ ✗, the Move is wasted.",
    ),
    (
        fu.FearlessStood(unit="B4", reason="failed morale", instead_of="marker"),
        "B4 is Fearless: a model falls instead of a marker (failed morale).",
    ),
    (
        fu.FearlessStood(unit="B4", reason="reaction", instead_of="withdraw"),
        "B4 is Fearless and stands: a model falls instead (reaction).",
    ),
    (
        fu.Withdrew(unit="A2", reason="reaction", enemy="B1", blocked="contact with B1-1"),
        "A2 withdraws (reaction) but the way is blocked: contact with B1-1.",
    ),
    (
        fu.Withdrew(unit="A2", reason="reaction", enemy="B1", distance=600),
        'A2 withdraws 6.0" away from B1 (reaction).',
    ),
    (fu.DeathThroes(unit="V1", roll=4, x=6), "V1 death throes: 4 vs 6+, nothing happens."),
    (
        fu.DeathThroes(unit="V1", roll=7, x=6),
        'V1 explodes (7 vs 6+): everything within 4" rolls Life at -1.',
    ),
    (fu.LifeRollsLost(unit="B1", dice=(2, 8), need=5, lost=1), "B1: Life 2 8 vs 5+ → 1 lost."),
    (fu.Disembarked(unit="A3", carrier="A5"), "A3 disembarks from A5."),
    (fu.BuildingEmptied(building="X1"), "X1 stands empty."),
    (
        fu.Tended(unit="A5", kind="Medic", x=6, roll=3, outcome="failed"),
        "A5 Medic 6+: 3 → no help this round.",
    ),
    (
        fu.Tended(unit="A5", kind="Medic", x=6, roll=7, outcome="no_room"),
        "A5 Medic 6+: 7 → no room to bring anyone back.",
    ),
    (
        fu.Tended(
            unit="A5", kind="Medic", x=6, roll=7, outcome="revived", patient="A2", model="A2-3"
        ),
        "A5 Medic 6+: 7 → A2-3 returns to A2 with one wound.",
    ),
    (
        fu.Tended(
            unit="V2",
            kind="Repair",
            x=5,
            roll=8,
            outcome="healed",
            patient="V1",
            model="V1-1",
            wounds=3,
            full=4,
        ),
        "V2 Repair 5+: 8 → V1-1 regains a wound (3/4).",
    ),
    (
        fc.BodyguardsSaved(guard="A2", dice=(7, 3, 9), x=6, saved=2),
        "A2 Bodyguards 7 3 9 vs 6+: 2 take the hits.",
    ),
    (
        fc.Backfired(unit="A2", weapon="Plasma Gun", x=2, blows=1, model="A2-1"),
        "A2 Plasma Gun is Unstable 2: 1 backfire(s) on A2-1.",
    ),
    (fc.NoStrikers(unit="B2"), "B2 has no model able to strike."),
    (fc.FightStopped(unit="A3", reason="gone"), "A3 is gone: the Fight Action ends."),
    (
        fc.FightStopped(unit="A3", reason="no_target"),
        "A3 has no target left: the Fight Action ends.",
    ),
    (fc.Overrun(unit="A2", attacker="B5"), "A2's Counter-Attack did not stop B5: it is overrun."),
    (
        fc.TerrorTested(unit="B2", rule="Terrifying", noun="fire", check=PASS, penalty=2),
        "B2 holds against Terrifying fire: 8 vs 6+ ✓ (-2).",
    ),
    (
        fc.TerrorTested(unit="B2", rule="Suppressive", noun="blows", check=FAIL, penalty=1),
        "B2 fails against Suppressive blows: 2 vs 6+ ✗ (-1).",
    ),
    (
        fc.RuleWill(unit="B2", rule="Suppressive", x=1, check=PASS),
        "B2 Will 8 vs 6+ ✓ (Suppressive -1): holds.",
    ),
    (
        fc.RuleWill(unit="B2", rule="Terrifying", x=2, check=FAIL),
        "B2 Will 2 vs 6+ ✗ (Terrifying -2).",
    ),
    (
        fm.OrderReached(leader="A1", target="A3", gap=800, order="push", check=PASS),
        'A1 reaches A3 at 8.0": Will 8 vs 6+ ✓.',
    ),
    (
        fm.OrderReached(leader="A1", target="A3", gap=800, order="push", check=FAIL),
        'A1 orders A3 (8.0"): Push forward! — Will 2 vs 6+ ✗, the order is lost.',
    ),
    (
        fm.AirstrikeCalled(leader="A1", target="B2", gap=2500, roll=5, penalty=2),
        'A1 calls in an airstrike on B2 (25.0"): 5 -2 (distance) = 3, 3+ → on target.',
    ),
    (
        fm.AirstrikeCalled(leader="A1", target="B2", gap=1200, roll=2, penalty=1),
        'A1 calls in an airstrike on B2 (12.0"): 2 -1 (distance) = 1, 1 or less → it goes '
        "astray, but no friendly unit is near.",
    ),
    (
        fm.AirstrikeCalled(leader="A1", target="B2", gap=800, roll=1, penalty=0, victim="A3"),
        'A1 calls in an airstrike on B2 (8.0"): 1, 1 or less → it hits the nearest friendly '
        "unit, A3!",
    ),
    (
        fm.AirstrikeCalled(leader="A1", target="B2", gap=800, roll=2, penalty=0),
        'A1 calls in an airstrike on B2 (8.0"): 2 → it misses.',
    ),
    (
        fm.AirstrikeRolled(target="B2", dice=(6, 2, 9, 1), need=6, hits=2),
        "Airstrike on B2 ×4: 6 2 9 1 vs 6+ → 2 hits",
    ),
    (fm.PowerFizzled(power="fury", target="B1"), "Psychic Fury finds no target: B1 is gone."),
    (
        fm.PriceOfFailure(enforcer="B1", x=1, unit="B2", victims=("B2-3",)),
        "B1 Price of Failure 1: B2 loses 1 model(s) (B2-3) and counts as passing.",
    ),
    (
        fm.PriceOfFailure(enforcer="B1", x=2, unit="B2", victims=()),
        "B1 Price of Failure 2: B2 loses 0 model(s) (none) and counts as passing.",
    ),
    (
        fs.Crippled(unit="V1", roll=5, wounds=3),
        "V1 crippling damage: 5 + 3 wounds = 8 → no additional effect.",
    ),
    (
        fs.Crippled(unit="V1", roll=9, wounds=4),
        "V1 crippling damage: 9 + 4 wounds = 13 → immobilized: its Move is 0 for the rest of "
        "the game.",
    ),
    (
        fs.Crippled(unit="V1", roll=10, wounds=6),
        "V1 crippling damage: 10 + 6 wounds = 16 → weapon destroyed, but it has none left.",
    ),
    (
        fs.Crippled(unit="V1", roll=10, wounds=6, weapon="Autocannon"),
        "V1 crippling damage: 10 + 6 wounds = 16 → weapon destroyed: Autocannon may not be used "
        "for the rest of the game.",
    ),
    (
        fs.Crippled(unit="V1", roll=10, wounds=9),
        "V1 crippling damage: 10 + 9 wounds = 19 → it explodes!",
    ),
    (fs.EmbarkedAtStart(unit="A3", carrier="A5"), "A3 starts the game embarked on A5."),
    (fs.HeldBack(unit="B6", why="ambush"), "B6 lies in ambush off the table."),
    (
        fs.HeldBack(unit="B6", why="scouts"),
        "B6 is held back to scout ahead after everyone has deployed.",
    ),
    (
        fs.HeldBack(unit="B6", why="no_room"),
        'B6 finds no room in its zone 25" from the enemy; it waits off the table and may enter '
        "its zone in any later activation.",
    ),
    (fs.Arrived(unit="B6", at=(1200, 4550), late=True), "B6 enters its zone at 12.0,45.5."),
    (fs.Arrived(unit="B6", at=(1200, 4550), late=False), "B6 springs its ambush at 12.0,45.5."),
    (
        fs.Reinforced(unit="A4", name="Well Militia"),
        "Reinforcements: A4 Well Militia returns to the fight.",
    ),
    (
        fb.BrokeDown(unit="B3", name="Rust Bikers"),
        "B3 Rust Bikers breaks down: its Move is 0 for the rest of the game.",
    ),
    (
        fb.CounterTurned(objective="Counter 3", number=4, seat="alpha"),
        "Counter 3 shows 4: the captive! Alpha takes control.",
    ),
    (fb.CounterTurned(objective="Counter 2", number=1), "Counter 2 shows 1: nobody there."),
    (
        fb.SalvageSecured(seat="alpha", objective="Salvage 2", count=2),
        "Alpha secures Salvage 2 (2/3).",
    ),
    (fb.CaptiveEscorted(unit="A1", x=1250, y=300), "A1 escorts the captive to 12.5,3.0."),
    (fb.Escaped(unit="A3"), "A3 slips off the table and escapes."),
]


@pytest.mark.parametrize(("event", "line"), CASES, ids=[type(e).__name__ for e, _ in CASES])
def test_a_fact_is_told_in_its_usual_words(event: Event, line: str) -> None:
    assert describe(event) == line


def test_a_fact_is_public_like_the_line_it_replaces() -> None:
    assert all(event.visibility.scope == "public" for event, _ in CASES)
