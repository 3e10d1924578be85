"""One verb table gives /act its parsing, its refusals and its typing hints, in every
registered system."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.actions import Action
from rules.core.registry import available_systems
from rules.core.rejection import Rejection, RejectionCode
from rules.core.system import GameSystem
from rules.core.verbs import Verb, VerbTable, bare


class Said(Action):
    type: str = "said"
    rest: str = ""


def _say(reader: object, rest: str) -> Action | Rejection:
    return Said(rest=rest)


TABLE: VerbTable[object] = VerbTable(
    [
        Verb("move", "move <circle>", _say, aliases=("go",)),
        Verb("end", "end", _say),
        Verb("shoot", "shoot <target> [with <weapon>]", _say),
    ]
)


def test_a_verb_or_its_alias_reads_the_rest_of_the_line() -> None:
    assert TABLE.read("MOVE  c14 ", None, ("move",)) == Said(rest="c14")
    assert TABLE.read("go c14", None, ("move",)) == Said(rest="c14")


def test_refusals_show_the_forms_that_apply_now() -> None:
    empty = TABLE.read("  ", None, ("move", "end"))
    assert isinstance(empty, Rejection) and empty.code is RejectionCode.UNKNOWN_ACTION
    assert empty.message == "Say what to do. Now: `move <circle>`; `end`."
    unknown = TABLE.read("jump over", None, ("end",))
    assert isinstance(unknown, Rejection)
    assert unknown.message == "Unknown action 'jump'. Now you can: `end`."
    idle = TABLE.read("jump", None, ())
    assert isinstance(idle, Rejection)
    assert idle.message == "Unknown action 'jump'. There is nothing to do now."
    assert TABLE.usage("shoot").message == "Use `shoot <target> [with <weapon>]`."


def test_hints_follow_what_is_typed() -> None:
    now = ("move", "end", "shoot")
    assert TABLE.hints("", now) == ["move <circle>", "end", "shoot <target> [with <weapon>]"]
    assert TABLE.hints("sh", now) == ["shoot <target> [with <weapon>]"]
    assert TABLE.hints("shoot B2 with", now) == ["shoot <target> [with <weapon>]"]
    assert TABLE.hints("go c1", now) == ["move <circle>"]
    assert TABLE.hints("sh", ("end",)) == []


def test_a_word_declared_twice_is_a_mistake() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        VerbTable([Verb("end", "end", _say), Verb("stop", "stop", _say, aliases=("end",))])


@pytest.mark.parametrize("system", available_systems(), ids=lambda s: s.id)
def test_every_system_declares_its_verbs(system: GameSystem[Any]) -> None:
    assert system.verbs is not None, f"{system.id} declares no verb table"
    seats = tuple(spec.id for spec in system.seat_specs[: system.min_seats])
    state = system.initial_state(system.options_model(), seats)
    for seat in seats:
        now = system.verbs_now(state, seat)
        assert set(now) <= set(system.verbs.words()), f"{system.id}: {now}"
        refused = system.parse_notation("xyzzy", state, seat)
        assert isinstance(refused, Rejection) and refused.code is RejectionCode.UNKNOWN_ACTION
        assert refused.message.startswith("Unknown action 'xyzzy'.")


def test_a_bare_verb_refuses_anything_after_it_but_its_fillers() -> None:
    table: VerbTable[object] = VerbTable([bare("submit", Said(rest="all"), ("list",))])
    assert table.read("submit", None, ("submit",)) == Said(rest="all")
    assert table.read("submit  List", None, ("submit",)) == Said(rest="all")
    refused = table.read("submit my army now", None, ("submit",))
    assert isinstance(refused, Rejection) and refused.code is RejectionCode.BAD_ARGUMENT
    assert refused.message == "`submit` takes nothing more; 'my army now' is not understood."
