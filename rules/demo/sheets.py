"""Cards for ``/game sheet`` in the demo race: each runner in the race (its place and its
stance once the reader may know it), then the three stances."""

from __future__ import annotations

from rules.core.sheets import Sheet, SheetEntry, SheetRow, section, sections
from rules.demo.model import STANCES, STEP_LIMIT, DemoState
from rules.demo.view import DemoView

SYSTEM = "demo"
STANCE = "stance:"
WHAT_IT_DOES = {
    "attack": "A dash goes 1 further.",
    "defend": "One more step a turn.",
    "feint": "The first step of a turn goes 2.",
}


def entries(
    state: DemoState | None, seen: DemoView | None, label: dict[str, str]
) -> list[SheetEntry]:
    found = []
    if state is not None and seen is not None:
        for seat in state.seats:
            found.append(
                SheetEntry(
                    key=seat,
                    name=f"{label.get(seat, seat)} runner",
                    detail=f"at {seen.positions.get(seat, 0)} of {seen.goal}",
                    names=(label.get(seat, seat),),
                    in_game=True,
                )
            )
    for stance in STANCES:
        found.append(
            SheetEntry.of_content(
                STANCE,
                stance,
                f"{stance.title()} stance",
                f"up to {STEP_LIMIT[stance]} steps a turn",
            )
        )
    return found


def sheet(key: str, seen: DemoView | None, label: dict[str, str]) -> Sheet | None:
    if key.startswith(STANCE):
        stance = key.removeprefix(STANCE)
        if stance not in STEP_LIMIT:
            return None
        return _stance_card(key, stance)
    if seen is None or key not in label or key not in seen.positions:
        return None
    shown = seen.stances.get(key)
    rows = [
        SheetRow(name="Position", value=f"{seen.positions.get(key, 0)} of {seen.goal}"),
        SheetRow(name="Stance", value=shown or "not picked yet"),
    ]
    return Sheet(
        system=SYSTEM,
        key=key,
        title=f"{label[key]} runner",
        subtitle="A runner in the race",
        sections=sections(section("in_game", rows=rows)),
        in_game=True,
    )


def _stance_card(key: str, stance: str) -> Sheet:
    return Sheet(
        system=SYSTEM,
        key=key,
        title=f"{stance.title()} stance",
        subtitle="A stance picked in secret before the race",
        facts=(SheetRow(name="Steps a turn", value=str(STEP_LIMIT[stance])),),
        sections=sections(
            section(
                "rules",
                lines=[WHAT_IT_DOES[stance], "A dash rolls a D5 and ends the turn."],
            )
        ),
    )
