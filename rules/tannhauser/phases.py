"""The setup phases as a table: the verbs each phase allows and what decides them (000 Setup).

Play itself (the set-overwatch step, activations and reaction windows) is decided in
:mod:`rules.tannhauser.play`.
"""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.phases import Handler, Phase
from rules.core.rejection import Rejection
from rules.tannhauser import actions as act
from rules.tannhauser import setup_phase as setup
from rules.tannhauser.flow import Flow


def _bonus_done(flow: Flow, seat: str, action: Action) -> Rejection | None:
    return setup.bonus_done(flow, seat)


def _setup(name: str, verbs: dict[type[Action], Handler[Flow]]) -> Phase[Flow]:
    return Phase(
        name=name,
        rule="000 Setup",
        verbs=verbs,
        refusal=f"The game is in setup ({name}); that action is not possible now.",
    )


SETUP: dict[str, Phase[Flow]] = {
    phase.name: phase
    for phase in (
        _setup("factions", {act.ChooseFaction: setup.choose_faction}),
        _setup("teams", {act.Recruit: setup.recruit, act.Dismiss: setup.dismiss}),
        _setup("mercenaries", {act.ReplaceMercenary: setup.replace_mercenary}),
        _setup("packs", {act.ChoosePack: setup.choose_pack}),
        _setup(
            "bonus",
            {
                act.ChooseBonus: setup.choose_bonus,
                act.DropBonus: setup.drop_bonus,
                act.BonusDone: _bonus_done,
            },
        ),
        _setup("entry", {act.ChooseEntry: setup.choose_entry}),
    )
}
