"""The black-powder figures: spotting against hidden markers, one volley and the picture.

The game is set up by the engine on the mill clearing (woods, a cornfield and a log
cabin, all high; a road; a fence, hay bales, a low wall and a cart as obstacles), then the
units are laid out by hand: Alpha's line company (A2, twelve models) in a row across the
middle, the rest of Alpha behind it, Bravo's rangers (B4, six muskets) facing it 8" away,
and ten more Bravo units under hidden-movement markers through the woods, the field and
round the cabin (the force's five others and five more of its profiles).

* ``bp_spot_p50_ms``: A2 checks spotting against all ten markers (the nearest models'
  line, the high areas that block it, the obstacles it crosses and the cover on the way),
  on a fresh position each time (A2 nudged, so nothing is reused from the last sample).
* ``bp_volley_p50_ms``: B4 fires at A2, decided by the engine with fresh dice each time
  (hits, kills, casualties, the reaction test and its outcome) and its events folded.
* ``bp_render_p50_ms`` / ``bp_png_kb``: drawing that table after a volley (powder smoke,
  the ten markers, units in their formations and states) from the public view.
"""

from __future__ import annotations

import statistics
import time

from renderers import draw
from rules.blackpowder.actions import Shoot
from rules.blackpowder.options import BlackPowderOptions
from rules.blackpowder.sighting import spotting
from rules.blackpowder.state import Activation, BPState, BPUnit, Marker, Trooper
from rules.blackpowder.system import BlackPowderSystem
from rules.core import engine
from rules.core.rejection import Rejection
from rules.core.visibility import Viewer
from rules.geometry.units import inches

SEATS = ("alpha", "bravo")
SAMPLES = 60
RENDERS = 40
SHOWN = {
    "A1": (4.0, 44.0),
    "A2": (10.0, 27.0),
    "A3": (30.0, 33.0),
    "A4": (20.0, 40.0),
    "A5": (36.0, 42.0),
    "A6": (6.0, 36.0),
    "B4": (10.0, 19.0),
}
HIDDEN = {
    "B1": ((4.0, 4.0), "thornbury-colonel"),
    "B2": ((12.0, 8.0), "thornbury-provincials"),
    "B3": ((20.0, 4.0), "thornbury-muster"),
    "B5": ((32.0, 8.0), "thornbury-ranger-captain"),
    "B6": ((38.0, 11.0), "thornbury-riflemen"),
    "B7": ((44.0, 4.0), "thornbury-boatmen"),
    "B8": ((24.0, 10.0), "thornbury-mounted-rangers"),
    "B9": ((44.0, 18.0), "thornbury-provincials"),
    "B10": ((4.0, 15.0), "thornbury-muster"),
    "B11": ((17.0, 14.0), "thornbury-rangers"),
}
"""Bravo's units under markers: where each marker stands and the unit's profile."""


def _row(count: int, at: tuple[float, float], step: float = 1.5) -> tuple[Trooper, ...]:
    x, y = at
    return tuple(Trooper(id=str(i + 1), x=inches(x + i * step), y=inches(y)) for i in range(count))


def busy_table(system: BlackPowderSystem) -> BPState:
    """The position described above, with Bravo's rangers activated by a Command."""
    options = BlackPowderOptions(table="mill-clearing")
    state = system.initial_state(options, SEATS)
    state = engine.fold(system, state, engine.begin(system, state, b"bench-bp"))
    units: list[BPUnit] = []
    markers: list[Marker] = []
    for unit in state.units:
        if unit.id in SHOWN:
            models = _row(len(unit.models) or 1, SHOWN[unit.id])
            units.append(
                unit.model_copy(update={"models": models, "marker": None, "spotted": True})
            )
    template = next(u for u in state.units if u.seat == "bravo")
    for number, (unit_id, ((x, y), profile_id)) in enumerate(HIDDEN.items(), start=1):
        profile = system.catalog.units[profile_id]
        marker = f"HB{number}"
        models = _row(profile.models, (x - 0.75 * (profile.models - 1), y), step=1.5)
        units.append(
            template.model_copy(
                update={
                    "id": unit_id,
                    "profile": profile_id,
                    "name": profile.name,
                    "models": models,
                    "starting": profile.models,
                    "marker": marker,
                    "spotted": False,
                }
            )
        )
        markers.append(Marker(id=marker, seat="bravo", x=inches(x), y=inches(y)))
    profiles = dict(state.profiles)
    for _, profile_id in HIDDEN.values():
        profiles[profile_id] = system.catalog.units[profile_id]
    return state.model_copy(
        update={
            "units": tuple(units),
            "markers": tuple(markers),
            "profiles": profiles,
            "go": "bravo",
            "played": True,
            "activation": Activation(source="command", seat="bravo", unit="B4"),
            "windows": (),
        }
    )


def _nudged(state: BPState, unit_id: str, step: int) -> BPState:
    units = tuple(
        u.model_copy(
            update={"models": tuple(m.model_copy(update={"x": m.x + step}) for m in u.models)}
        )
        if u.id == unit_id
        else u
        for u in state.units
    )
    return state.model_copy(update={"units": units})


def blackpowder_figures() -> dict[str, float]:
    system = BlackPowderSystem()
    table = busy_table(system)
    hidden = [u for u in table.units if u.marker is not None]
    assert len(hidden) == 10
    spotting_ms = []
    for i in range(SAMPLES):
        position = _nudged(table, "A2", (i % 7 - 3) * 5)
        spotter = position.unit("A2")
        start = time.perf_counter()
        for target in hidden:
            spotting(position, spotter, target)
        spotting_ms.append((time.perf_counter() - start) * 1000)
    volley_ms = []
    after = table
    for i in range(SAMPLES):
        position = table.model_copy(update={"dice_counter": table.dice_counter + 40 * i})
        start = time.perf_counter()
        events = engine.decide(
            system, position, b"bench-bp", "bravo", Shoot(unit="B4", target="A2")
        )
        assert not isinstance(events, Rejection), events.message
        after = engine.fold(system, position, events)
        volley_ms.append((time.perf_counter() - start) * 1000)
    assert after.unit("B4").smoke
    view = system.view(after, Viewer.spectator())
    renders = []
    png = b""
    for _ in range(RENDERS):
        start = time.perf_counter()
        png = draw(system.scene(view)) or b""
        renders.append((time.perf_counter() - start) * 1000)
    return {
        "bp_spot_p50_ms": statistics.median(spotting_ms),
        "bp_volley_p50_ms": statistics.median(volley_ms),
        "bp_render_p50_ms": statistics.median(renders),
        "bp_png_kb": len(png) / 1024,
    }
