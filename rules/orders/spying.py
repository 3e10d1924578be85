"""Spy points ([12.2]): used at once, never saved.

This is the smallest use: each spy point becomes 1 MP. The search deck's and the missions'
uses replace it with a choice, through this same entry point.
"""

from __future__ import annotations

from rules.orders import events as ev
from rules.orders.flow import Flow


def spend_spy_points(flow: Flow, seat: str, points: int) -> None:
    if points > 0:
        flow.emit(ev.MpChanged(seat=seat, amount=points, why=f"{points} spy point(s)"))
