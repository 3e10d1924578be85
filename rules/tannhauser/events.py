"""Tannhäuser events: the facts a game is folded from.

Events carry the results decided by the rules (totals, new rows, resulting inventories), so
folding them needs no rules knowledge and replaying never re-decides anything.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from rules.core.events import Event
from rules.tannhauser.content.characters import CharacterDef, PackKind
from rules.tannhauser.content.equipment import CrateDef, EquipmentDef
from rules.tannhauser.content.maps import MapDef
from rules.tannhauser.state import BonusPick, Phase, Smoke, Token


class PhaseBegan(Event):
    type: Literal["th_phase"] = "th_phase"
    reveals: ClassVar[bool] = False
    phase: Phase


class MapChosen(Event):
    type: Literal["th_map"] = "th_map"
    reveals: ClassVar[bool] = False
    map: MapDef
    rolled: bool = False


class RollOff(Event):
    """Both sides rolled for something (faction, mercenary, bonus token, entry points)."""

    type: Literal["th_rolloff"] = "th_rolloff"
    reveals: ClassVar[bool] = False
    purpose: str
    totals: dict[str, int]
    winner: str | None  # None: a tie, rolled again


class FactionLocked(Event):
    type: Literal["th_faction_locked"] = "th_faction_locked"
    reveals: ClassVar[bool] = False
    seat: str


class FactionPicked(Event):
    """Private: which faction a seat wants."""

    type: Literal["th_faction_picked"] = "th_faction_picked"
    reveals: ClassVar[bool] = False
    seat: str
    faction: str


class FactionsRevealed(Event):
    type: Literal["th_factions_revealed"] = "th_factions_revealed"
    reveals: ClassVar[bool] = True
    picks: dict[str, str]


class FactionSet(Event):
    type: Literal["th_faction_set"] = "th_faction_set"
    reveals: ClassVar[bool] = False
    seat: str
    faction: str


class TeamLocked(Event):
    type: Literal["th_team_locked"] = "th_team_locked"
    reveals: ClassVar[bool] = False
    seat: str


class TeamPicked(Event):
    """Private: the characters a seat has chosen so far, and how many of each kind (hero,
    trooper) that is (None in games saved before the kinds were told)."""

    type: Literal["th_team_picked"] = "th_team_picked"
    reveals: ClassVar[bool] = False
    seat: str
    characters: tuple[str, ...]
    kinds: dict[str, int] | None = None


class TeamsRevealed(Event):
    type: Literal["th_teams_revealed"] = "th_teams_revealed"
    reveals: ClassVar[bool] = True
    teams: dict[str, tuple[str, ...]]


class MercenaryLost(Event):
    type: Literal["th_merc_lost"] = "th_merc_lost"
    reveals: ClassVar[bool] = False
    seat: str
    character: str


class MercenaryReplaced(Event):
    type: Literal["th_merc_replaced"] = "th_merc_replaced"
    reveals: ClassVar[bool] = False
    seat: str
    old: str
    new: str


class PackLocked(Event):
    type: Literal["th_pack_locked"] = "th_pack_locked"
    reveals: ClassVar[bool] = False
    seat: str
    character: str


class PackPicked(Event):
    """Private: the pack a seat chose for one character."""

    type: Literal["th_pack_picked"] = "th_pack_picked"
    reveals: ClassVar[bool] = False
    seat: str
    character: str
    pack: PackKind


class PacksRevealed(Event):
    """Packs flipped face up: the characters enter the game with their equipment."""

    type: Literal["th_packs_revealed"] = "th_packs_revealed"
    reveals: ClassVar[bool] = True
    packs: dict[str, dict[str, PackKind]]
    tokens: dict[str, Token]
    sheets: dict[str, CharacterDef]
    gear: dict[str, EquipmentDef]


class BonusPicked(Event):
    """Private: a bonus token a seat means to use (or all of them cleared)."""

    type: Literal["th_bonus_picked"] = "th_bonus_picked"
    reveals: ClassVar[bool] = False
    seat: str
    picks: tuple[BonusPick, ...]


class BonusReady(Event):
    type: Literal["th_bonus_ready"] = "th_bonus_ready"
    reveals: ClassVar[bool] = False
    seat: str


class BonusRevealed(Event):
    type: Literal["th_bonus_revealed"] = "th_bonus_revealed"
    reveals: ClassVar[bool] = True
    picks: dict[str, tuple[BonusPick, ...]]


class BonusApplied(Event):
    type: Literal["th_bonus_applied"] = "th_bonus_applied"
    reveals: ClassVar[bool] = False
    seat: str
    pick: BonusPick
    key: str
    equipment: tuple[str, ...]
    gear: EquipmentDef


class BonusLost(Event):
    type: Literal["th_bonus_lost"] = "th_bonus_lost"
    reveals: ClassVar[bool] = False
    seat: str
    pick: BonusPick


class EntryOrder(Event):
    type: Literal["th_entry_order"] = "th_entry_order"
    reveals: ClassVar[bool] = False
    order: tuple[str, ...]


class EntryChosen(Event):
    type: Literal["th_entry"] = "th_entry"
    reveals: ClassVar[bool] = False
    seat: str
    circle: str


class CommandPointsSet(Event):
    type: Literal["th_cp_set"] = "th_cp_set"
    reveals: ClassVar[bool] = False
    points: dict[str, int]


class CratesPlaced(Event):
    """Public: a face-down crate lies on each of these Action and Objective circles."""

    type: Literal["th_crates_placed"] = "th_crates_placed"
    reveals: ClassVar[bool] = False
    features: tuple[str, ...]


class CratesDealt(Event):
    """Referee only: which crate lies where. Revealed to nobody at the table."""

    type: Literal["th_crates_dealt"] = "th_crates_dealt"
    reveals: ClassVar[bool] = False
    crates: dict[str, str]
    defs: dict[str, CrateDef]
    gear: dict[str, EquipmentDef]


class RollMade(Event):
    """A setup or initiative roll: the die, the bonus and the total."""

    type: Literal["th_roll"] = "th_roll"
    reveals: ClassVar[bool] = False
    purpose: Literal["setup", "initiative"]
    seat: str
    die: int
    bonus: int
    total: int
    reroll: bool = False


class RollStarted(Event):
    type: Literal["th_roll_started"] = "th_roll_started"
    reveals: ClassVar[bool] = False
    purpose: Literal["setup", "initiative"]


class RollWon(Event):
    type: Literal["th_roll_won"] = "th_roll_won"
    reveals: ClassVar[bool] = False
    purpose: Literal["setup", "initiative"]
    seat: str


class TurnStarted(Event):
    """Refresh tokens: Command Points (except turn 1), marks, overwatch and smoke."""

    type: Literal["th_turn"] = "th_turn"
    reveals: ClassVar[bool] = False
    turn: int
    command_points: dict[str, int]
    smoke: tuple[Smoke, ...]
    cleared_smoke: tuple[str, ...] = ()


class OverwatchStep(Event):
    type: Literal["th_ow_step"] = "th_ow_step"
    reveals: ClassVar[bool] = False
    seat: str | None  # who chooses next; None ends the step


class OverwatchSet(Event):
    type: Literal["th_ow_set"] = "th_ow_set"
    reveals: ClassVar[bool] = False
    seat: str
    key: str


class OverwatchDeclined(Event):
    type: Literal["th_ow_declined"] = "th_ow_declined"
    reveals: ClassVar[bool] = False
    seat: str


class NextActivation(Event):
    type: Literal["th_next"] = "th_next"
    reveals: ClassVar[bool] = False
    seat: str | None


class Reinforced(Event):
    type: Literal["th_reinforced"] = "th_reinforced"
    reveals: ClassVar[bool] = False
    seat: str
    token: Token
    sheet: CharacterDef
    pack: PackKind
    gear: dict[str, EquipmentDef]


class ActivationStarted(Event):
    type: Literal["th_activation"] = "th_activation"
    reveals: ClassVar[bool] = False
    key: str
    seat: str
    points: int


class Moved(Event):
    type: Literal["th_moved"] = "th_moved"
    reveals: ClassVar[bool] = False
    key: str
    route: tuple[str, ...]
    points_left: int
    entered: bool = False


class BullRushed(Event):
    type: Literal["th_bull_rush"] = "th_bull_rush"
    reveals: ClassVar[bool] = False
    key: str
    target: str
    won: bool
    attacker_successes: int
    defender_successes: int
    attacker_dice: tuple[int, ...] = ()
    defender_dice: tuple[int, ...] = ()
    attacker_difficulty: int = 0
    defender_difficulty: int = 0


class CommandPointsSpent(Event):
    type: Literal["th_cp_spent"] = "th_cp_spent"
    reveals: ClassVar[bool] = False
    seat: str
    amount: int
    effect: str
    label: str


class CommandPointsGained(Event):
    type: Literal["th_cp_gained"] = "th_cp_gained"
    reveals: ClassVar[bool] = False
    seat: str
    amount: int
    source: str


class MovementBought(Event):
    type: Literal["th_move_bought"] = "th_move_bought"
    reveals: ClassVar[bool] = False
    key: str


class Boosted(Event):
    """A characteristic raised until the end of the activation (Command Point or item)."""

    type: Literal["th_boost"] = "th_boost"
    reveals: ClassVar[bool] = False
    key: str
    stat: str
    amount: int
    source: str


class Announced(Event):
    type: Literal["th_announced"] = "th_announced"
    reveals: ClassVar[bool] = False
    key: str
    action: str


class AttackDeclared(Event):
    type: Literal["th_attack"] = "th_attack"
    reveals: ClassVar[bool] = False
    attacker: str
    target: str
    weapon: str | None
    kind: Literal["normal", "overwatch", "counter", "free"]


class AttackRolled(Event):
    type: Literal["th_attack_roll"] = "th_attack_roll"
    reveals: ClassVar[bool] = False
    attacker: str
    pool: int
    difficulty: int
    per_die: int
    automatic: int
    raw: tuple[int, ...]
    successes: int


class ShockRolled(Event):
    type: Literal["th_shock_roll"] = "th_shock_roll"
    reveals: ClassVar[bool] = False
    key: str
    against: int
    pool: int
    difficulty: int
    per_die: int
    raw: tuple[int, ...]
    successes: int
    wounds: int


class WoundShaken(Event):
    type: Literal["th_shaken"] = "th_shaken"
    reveals: ClassVar[bool] = False
    key: str


class Wounded(Event):
    type: Literal["th_wounded"] = "th_wounded"
    reveals: ClassVar[bool] = False
    key: str
    wounds: int
    row_before: int
    row_after: int
    rows: int = 0  # the sheet's rows; row_after == rows means below the last row


class Killed(Event):
    """A character died: its disposable equipment stays on its circle."""

    type: Literal["th_killed"] = "th_killed"
    reveals: ClassVar[bool] = False
    key: str
    circle: str | None
    dropped: tuple[str, ...]


class Healed(Event):
    type: Literal["th_healed"] = "th_healed"
    reveals: ClassVar[bool] = False
    key: str
    row_before: int
    row_after: int


class GrenadeThrown(Event):
    type: Literal["th_grenade"] = "th_grenade"
    reveals: ClassVar[bool] = False
    thrower: str
    item: str
    circle: str
    smoke: bool
    victims: tuple[str, ...] = ()


class RubblePlaced(Event):
    type: Literal["th_rubble"] = "th_rubble"
    reveals: ClassVar[bool] = False
    circle: str


class SmokePlaced(Event):
    type: Literal["th_smoke"] = "th_smoke"
    reveals: ClassVar[bool] = False
    circle: str


class InventoryChanged(Event):
    """Equipment moved between characters and circles; carries the resulting contents."""

    type: Literal["th_inventory"] = "th_inventory"
    reveals: ClassVar[bool] = False
    what: Literal["pick_up", "pass", "drop", "crate", "used", "thrown"]
    summary: str
    inventories: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    ground: dict[str, tuple[str, ...]] = Field(default_factory=dict)


class EquipmentUsed(Event):
    type: Literal["th_used"] = "th_used"
    reveals: ClassVar[bool] = False
    key: str
    item: str
    target: str | None = None


class CrateSearched(Event):
    type: Literal["th_crate_searched"] = "th_crate_searched"
    reveals: ClassVar[bool] = False
    key: str
    feature: str


class CrateSeen(Event):
    """Private to the searcher's seat: what the crate holds."""

    type: Literal["th_crate_seen"] = "th_crate_seen"
    reveals: ClassVar[bool] = True  # the searcher looks inside a face-down crate
    seat: str
    feature: str
    crate: str
    contents: str


class CrateTaken(Event):
    type: Literal["th_crate_taken"] = "th_crate_taken"
    reveals: ClassVar[bool] = True
    key: str
    feature: str
    contents: str


class CrateReturned(Event):
    type: Literal["th_crate_returned"] = "th_crate_returned"
    reveals: ClassVar[bool] = False
    key: str
    feature: str


class ActionCircleUsed(Event):
    type: Literal["th_action_circle"] = "th_action_circle"
    reveals: ClassVar[bool] = False
    key: str
    feature: str


class ActivationEnded(Event):
    type: Literal["th_activation_ended"] = "th_activation_ended"
    reveals: ClassVar[bool] = False
    key: str
    reason: str = ""


TannhauserEvent = Annotated[
    PhaseBegan
    | MapChosen
    | RollOff
    | FactionLocked
    | FactionPicked
    | FactionsRevealed
    | FactionSet
    | TeamLocked
    | TeamPicked
    | TeamsRevealed
    | MercenaryLost
    | MercenaryReplaced
    | PackLocked
    | PackPicked
    | PacksRevealed
    | BonusPicked
    | BonusReady
    | BonusRevealed
    | BonusApplied
    | BonusLost
    | EntryOrder
    | EntryChosen
    | CommandPointsSet
    | CratesPlaced
    | CratesDealt
    | RollMade
    | RollStarted
    | RollWon
    | TurnStarted
    | OverwatchStep
    | OverwatchSet
    | OverwatchDeclined
    | NextActivation
    | Reinforced
    | ActivationStarted
    | Moved
    | BullRushed
    | CommandPointsSpent
    | CommandPointsGained
    | MovementBought
    | Boosted
    | Announced
    | AttackDeclared
    | AttackRolled
    | ShockRolled
    | WoundShaken
    | Wounded
    | Killed
    | Healed
    | GrenadeThrown
    | RubblePlaced
    | SmokePlaced
    | InventoryChanged
    | EquipmentUsed
    | CrateSearched
    | CrateSeen
    | CrateTaken
    | CrateReturned
    | ActionCircleUsed
    | ActivationEnded,
    Field(discriminator="type"),
]
