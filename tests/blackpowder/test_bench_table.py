"""The black-powder bench's table stays a position the engine plays: ten units under
markers for spotting, a volley it accepts, and a picture that shows only the markers."""

from __future__ import annotations

from bench.blackpowder import busy_table
from rules.blackpowder.actions import Shoot
from rules.blackpowder.sighting import spotting
from rules.blackpowder.system import BlackPowderSystem
from rules.core import engine
from rules.core.events import DiceRolled
from rules.core.rejection import Rejection
from rules.core.visibility import Viewer
from tests.blackpowder.engine import catalog


def test_the_bench_table_has_ten_markers_a_volley_and_a_picture() -> None:
    system = BlackPowderSystem(catalog())
    table = busy_table(system)
    hidden = [u for u in table.units if u.marker is not None]
    assert len(hidden) == 10 and len(table.markers) == 10
    spotter = table.unit("A2")
    judged = [spotting(table, spotter, target) for target in hidden]
    assert any(j is None for j in judged), "a high area blocks some lines"
    assert any(j is not None for j in judged)
    events = engine.decide(system, table, b"test", "bravo", Shoot(unit="B4", target="A2"))
    assert not isinstance(events, Rejection), events.message
    assert sum(len(e.values) for e in events if isinstance(e, DiceRolled)) >= 6
    after = engine.fold(system, table, events)
    assert after.unit("B4").smoke
    scene = system.scene(system.view(after, Viewer.spectator()))
    assert len(scene.counters) == 10
    assert not {u.id for u in hidden} & {u.id for u in scene.units}
