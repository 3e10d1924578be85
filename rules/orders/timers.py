"""The Final phase's counters ([11.5], [24.2]): lines with the ``final`` timing are used,
one time counter comes off each timer (its effect happens when the last one does), and
the mines laid this turn become live. The Initiative phase's own lines and the radio
scrambling markers come in :func:`initiative_effects`."""

from __future__ import annotations

from rules.orders import events as ev
from rules.orders.flow import Flow
from rules.orders.ips_effects import apply_effect
from rules.orders.ips_sources import find
from rules.orders.ips_triggers import run_timing
from rules.orders.scrambling import assign_markers, power_check


def initiative_effects(flow: Flow) -> None:
    """Initiative phase step 03: lines of that timing, then the scrambling markers."""
    run_timing(flow, "initiative")
    assign_markers(flow)


def final_effects(flow: Flow) -> None:
    """Final phase: ``final`` lines, timers, then mines laid this turn are armed."""
    run_timing(flow, "final")
    for timer in flow.state.ips.timers:
        source = find(flow.state, timer.component)
        name = source.name if source is not None else timer.component
        left = timer.left - 1
        flow.emit(ev.TimerTicked(component=timer.component, line=timer.line, left=left, name=name))
        fighter = flow.state.find(timer.fighter)
        if left == 0 and source is not None and fighter is not None:
            apply_effect(flow, fighter, source, source.lines[timer.line].effect)
    unarmed = tuple(m.key for m in flow.state.ips.laid if not m.armed)
    if unarmed:
        flow.emit(ev.MinesArmed(markers=unarmed))
    power_check(flow)
