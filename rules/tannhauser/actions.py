"""Tannhäuser actions: what players submit, typed by ``/act`` or chosen from prompts.

Secret setup choices (faction, team, packs, bonus tokens) and crate decisions are private:
their action records are visible to the acting seat only.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core.actions import Action
from rules.tannhauser.content.characters import PackKind
from rules.tannhauser.content.stats import Stat


class PrivateAction(Action):
    @property
    def private(self) -> bool:
        return True


class ChooseFaction(PrivateAction):
    type: Literal["faction"] = "faction"
    faction: str


class Recruit(PrivateAction):
    type: Literal["recruit"] = "recruit"
    characters: tuple[str, ...]


class Dismiss(PrivateAction):
    type: Literal["dismiss"] = "dismiss"
    character: str | None = None  # None: start the team over


class ReplaceMercenary(Action):
    type: Literal["replace"] = "replace"
    character: str


class ChoosePack(PrivateAction):
    type: Literal["pack"] = "pack"
    character: str
    pack: PackKind


class ChooseBonus(PrivateAction):
    type: Literal["bonus"] = "bonus"
    token: str
    character: str
    replacing: str | None = None


class DropBonus(PrivateAction):
    type: Literal["bonus_drop"] = "bonus_drop"
    token: str | None = None


class BonusDone(Action):
    type: Literal["bonus_done"] = "bonus_done"


class ChooseEntry(Action):
    type: Literal["entry"] = "entry"
    circle: str


class Reroll(Action):
    type: Literal["reroll"] = "reroll"


class KeepRoll(Action):
    type: Literal["keep"] = "keep"


class SetOverwatch(Action):
    type: Literal["overwatch"] = "overwatch"
    key: str


class Decline(Action):
    """Decline whatever is offered: setting overwatch, or a reaction window."""

    type: Literal["decline"] = "decline"


class Activate(Action):
    type: Literal["activate"] = "activate"
    key: str


class Reinforce(Action):
    type: Literal["reinforce"] = "reinforce"
    character: str
    pack: PackKind


class Move(Action):
    """Move to ``to``; by the given ``route`` if there is one, else the best legal route."""

    type: Literal["move"] = "move"
    to: str
    route: tuple[str, ...] = ()


class BullRush(Action):
    type: Literal["rush"] = "rush"
    through: str
    to: str


class BuyMove(Action):
    type: Literal["buy_move"] = "buy_move"


class Boost(Action):
    type: Literal["boost"] = "boost"
    key: str
    stat: Stat


class Attack(Action):
    type: Literal["attack"] = "attack"
    target: str
    weapon: str | None = None


class Throw(Action):
    type: Literal["throw"] = "throw"
    item: str
    circle: str


class PickUp(Action):
    """Take items from your circle or an adjacent one, and/or drop disposable items."""

    type: Literal["pick_up"] = "pick_up"
    take: tuple[tuple[str, str], ...] = ()  # (item, circle)
    drop: tuple[str, ...] = ()


class PassItems(Action):
    type: Literal["give"] = "give"
    to: str
    give: tuple[str, ...]
    take: tuple[str, ...] = ()
    drop: tuple[str, ...] = ()


class UseItem(Action):
    type: Literal["use"] = "use"
    item: str
    target: str | None = None


class Search(Action):
    type: Literal["search"] = "search"
    feature: str


class OperateCircle(Action):
    type: Literal["operate"] = "operate"
    feature: str


class EndActivation(Action):
    type: Literal["end"] = "end"


class OverwatchFire(Action):
    """Fire from overwatch; no weapon named means the first one that can reach."""

    type: Literal["fire"] = "fire"
    shooter: str
    weapon: str | None = None
    unarmed: bool = False


class ShakeOff(Action):
    type: Literal["shake"] = "shake"


class CounterAttack(Action):
    type: Literal["counter"] = "counter"
    weapon: str | None = None
    unarmed: bool = False


class FreeMelee(Action):
    type: Literal["strike"] = "strike"
    weapon: str | None = None
    unarmed: bool = False


class CrateChoice(PrivateAction):
    type: Literal["crate"] = "crate"
    choice: Literal["return", "take", "points"]
    drop: str | None = None


TannhauserAction = Annotated[
    ChooseFaction
    | Recruit
    | Dismiss
    | ReplaceMercenary
    | ChoosePack
    | ChooseBonus
    | DropBonus
    | BonusDone
    | ChooseEntry
    | Reroll
    | KeepRoll
    | SetOverwatch
    | Decline
    | Activate
    | Reinforce
    | Move
    | BullRush
    | BuyMove
    | Boost
    | Attack
    | Throw
    | PickUp
    | PassItems
    | UseItem
    | Search
    | OperateCircle
    | EndActivation
    | OverwatchFire
    | ShakeOff
    | CounterAttack
    | FreeMelee
    | CrateChoice,
    Field(discriminator="type"),
]

ACTIONS: TypeAdapter[TannhauserAction] = TypeAdapter(TannhauserAction)
ANNOUNCED = (Attack, Throw, PickUp, PassItems, UseItem, Search, OperateCircle)
