"""Every Wasteland event is folded by name, an unknown one is refused, and the prose lines
games saved by earlier releases hold are still read and told."""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any, ClassVar, Literal, Union, get_args, get_origin

import pytest
from pydantic import BaseModel

from rules.core.events import Event, UnknownEvent
from rules.wasteland import events as ev
from rules.wasteland.facts.base import Fact
from rules.wasteland.fold import evolve
from rules.wasteland.narrate import LINES, describe
from rules.wasteland.options import WastelandOptions
from rules.wasteland.state import WastelandState
from rules.wasteland.system import WastelandSystem

MEMBERS: tuple[type[Event], ...] = get_args(ev.WastelandEvent)
RULES = Path(__file__).resolve().parents[2] / "rules" / "wasteland"


def _sample(annotation: Any) -> Any:
    """A plain value of ``annotation`` (enough for the fold to read the field)."""
    origin = get_origin(annotation)
    if origin is Literal:
        return get_args(annotation)[0]
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(annotation) if a is not type(None)]
        return None if len(options) < len(get_args(annotation)) else _sample(options[0])
    if origin is tuple or annotation is tuple:
        return ()
    if origin is dict or annotation is dict:
        return {}
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _instance(annotation)
    return {str: "x", int: 0, float: 0.0, bool: False}.get(annotation)


def _instance(model: type[BaseModel]) -> Any:
    fields = {
        name: _sample(info.annotation)
        for name, info in model.model_fields.items()
        if info.is_required()
    }
    return model.model_construct(**fields)


def _state() -> WastelandState:
    return WastelandState(seats=("alpha", "bravo"), options=WastelandOptions())


def test_the_union_has_no_duplicate_type() -> None:
    types_ = [m.model_fields["type"].default for m in MEMBERS]
    assert len(types_) == len(set(types_))


@pytest.mark.parametrize("member", MEMBERS, ids=lambda m: m.__name__)
def test_the_fold_names_every_event(member: type[Event]) -> None:
    event = _instance(member)
    assert isinstance(evolve(_state(), event), WastelandState)


def test_every_narrated_fact_is_an_event_of_the_game_and_has_a_line() -> None:
    facts = set(Fact.__subclasses__())
    assert facts <= set(MEMBERS), facts - set(MEMBERS)
    assert all(fact in LINES for fact in facts), [f for f in facts if f not in LINES]


def test_an_unknown_event_is_refused() -> None:
    class Stray(Event):
        type: Literal["stray"] = "stray"
        reveals: ClassVar[bool] = False

    with pytest.raises(UnknownEvent, match="stray"):
        evolve(_state(), Stray())


def test_a_saved_report_is_read_folded_and_told_as_written() -> None:
    line = "A3 Well Militia activates (2 Actions)."
    saved = {"type": "wt_report", "text": line, "visibility": {"scope": "public"}}
    event = WastelandSystem.event_adapter.validate_python(saved)
    assert isinstance(event, ev.Report)
    state = _state()
    assert evolve(state, event) == state
    assert describe(event, state) == line
    assert WastelandSystem().describe(event) == line


def test_no_rules_module_writes_prose_reports() -> None:
    writers = [
        path.name
        for path in RULES.rglob("*.py")
        if "Report(text" in path.read_text() and path.name != "events.py"
    ]
    assert writers == []
