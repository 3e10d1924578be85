"""The state of a Tannhäuser game: setup choices, the board, the turn and pending windows.

Content is copied into the state when it enters the game (the map when chosen, sheets and
equipment when teams and packs are revealed), so a game in progress never depends on packs
that may later change on disk.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.frames import Frame, StagedState, Window
from rules.core.names import pretty
from rules.tannhauser.content.characters import CharacterDef, PackKind
from rules.tannhauser.content.equipment import CrateDef, EquipmentDef
from rules.tannhauser.content.maps import MapDef
from rules.tannhauser.content.modes import DEATHMATCH, ModeDef

Phase = Literal[
    "factions",
    "teams",
    "mercenaries",
    "packs",
    "bonus",
    "entry",
    "setup_roll",
    "initiative",
    "overwatch",
    "activations",
]
RollPurpose = Literal["setup", "initiative"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class TannhauserOptions(BaseModel):
    """Chosen at ``/game new``: mode, map (or random), rush-and-go, and the answer deadline
    for overwatch and other reaction prompts."""

    model_config = ConfigDict(extra="forbid")

    mode: str = Field(default="deathmatch", max_length=40, description="The game mode.")
    map: str = Field(
        default="random", max_length=40, description="The map, or random (rolled for)."
    )
    rush: bool = Field(
        default=False, description="The rush-and-go variant (maps with four entry points)."
    )
    reaction_minutes: int = Field(
        default=720,
        ge=1,
        le=20160,
        description="Minutes to answer an overwatch chance, shake-off, counterattack or crate.",
    )


class Token(Frozen):
    """One character in the game. ``row`` counts from 0 (the top row); a row equal to the
    sheet's row count means dead."""

    key: str
    seat: str
    character: str
    row: int = 0
    circle: str | None = None
    dead: bool = False
    equipment: tuple[str, ...] = ()
    reinforcement: bool = False


class Smoke(Frozen):
    """A Smoke Grenade token on ``circle`` with ``counters`` smoke tokens on top of it."""

    circle: str
    counters: int = 2


class Trail(Frozen):
    """What the current activation did where, for the close-up picture of it: the
    circles its character walked (from where it stood), each attack and throw as the
    attacker's and the target's circles, and the circles grenades burst on; ``seat`` is
    the acting side's."""

    seat: str | None = None
    route: tuple[str, ...] = ()
    shots: tuple[tuple[str, str], ...] = ()
    blasts: tuple[str, ...] = ()


class Roll(Frozen):
    """A setup or initiative roll in progress: each side's modified total."""

    purpose: RollPurpose
    totals: dict[str, int]
    rerolled: bool = False


class Activation(Frozen):
    key: str
    seat: str
    points: int
    acted: bool = False
    bull_rushed: bool = False
    bought_move: bool = False
    through: str | None = None  # the enemy circle a won bull rush lets this move pass


class BonusPick(Frozen):
    token: str
    character: str
    replacing: str


# -- pending windows: someone must answer before play goes on ---------------------------
class AttackPlan(Frozen):
    """An attack being resolved. ``kind`` is normal, overwatch, counter or free (melee)."""

    attacker: str
    target: str
    weapon: str | None
    kind: Literal["normal", "overwatch", "counter", "free"] = "normal"
    successes: int = 0


class OverwatchWindow(Window):
    frame: Literal["overwatch"] = "overwatch"
    seat: str
    target: str
    trigger: Literal["move", "announce"]
    shooters: tuple[str, ...]


class GrenadePlan(Frozen):
    thrower: str
    circle: str
    victims: tuple[str, ...]


class ShakeOffWindow(Window):
    frame: Literal["shake_off"] = "shake_off"
    seat: str
    victim: str
    wounds: int
    floor: int  # the row before the attack: shaking off never heals past it
    attack: AttackPlan | None = None  # None for grenade damage


class CounterWindow(Window):
    frame: Literal["counter"] = "counter"
    seat: str
    counter: str  # the attacked character, who may strike back
    target: str  # the original attacker


class FreeMeleeWindow(Window):
    frame: Literal["free_melee"] = "free_melee"
    seat: str
    striker: str
    target: str


class CrateWindow(Window):
    frame: Literal["crate"] = "crate"
    seat: str
    searcher: str
    feature: str


class RerollWindow(Window):
    frame: Literal["reroll"] = "reroll"
    seat: str


# -- pending steps: work that resumes once the windows above it are answered ------------
class PendingAction(Frame):
    """An announced action, carried out after the overwatch window it triggered."""

    frame: Literal["pending_action"] = "pending_action"
    key: str
    action: dict[str, Any]


class PendingRoute(Frame):
    """The rest of a move; continued if an overwatch window on the way is declined."""

    frame: Literal["pending_route"] = "pending_route"
    key: str
    route: tuple[str, ...]


class PendingGrenade(Frame):
    """Grenade victims still to make their shock rolls; rubble follows the last."""

    frame: Literal["pending_grenade"] = "pending_grenade"
    plan: GrenadePlan


PendingFrame = Annotated[
    OverwatchWindow
    | ShakeOffWindow
    | CounterWindow
    | FreeMeleeWindow
    | CrateWindow
    | RerollWindow
    | PendingAction
    | PendingRoute
    | PendingGrenade,
    Field(discriminator="frame"),
]


class TannhauserState(StagedState):
    options: TannhauserOptions = TannhauserOptions()
    mode: ModeDef = DEATHMATCH
    phase: Phase = "factions"
    map: MapDef | None = None
    # setup, secret until revealed (views redact them)
    faction_picks: dict[str, str] = Field(default_factory=dict)
    factions: dict[str, str] = Field(default_factory=dict)
    team_picks: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    teams: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    # seat -> the mercenary it lost to a roll and must replace
    mercenary_loser: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    pack_picks: dict[str, dict[str, PackKind]] = Field(default_factory=dict)
    packs_revealed: bool = False
    bonus_picks: dict[str, tuple[BonusPick, ...]] = Field(default_factory=dict)
    bonus_ready: tuple[str, ...] = ()
    entry_order: tuple[str, ...] = ()
    entries: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    # content in play
    sheets: dict[str, CharacterDef] = Field(default_factory=dict)
    gear: dict[str, EquipmentDef] = Field(default_factory=dict)
    starting_troopers: dict[str, dict[str, int]] = Field(default_factory=dict)
    # the board
    tokens: dict[str, Token] = Field(default_factory=dict)
    # feature id -> crate id, face down: views never show which crate lies where
    crates: dict[str, str] = Field(default_factory=dict)
    crate_defs: dict[str, CrateDef] = Field(default_factory=dict)  # crate id -> what it holds
    smoke: tuple[Smoke, ...] = ()
    rubble: tuple[str, ...] = ()
    ground: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    command_points: dict[str, int] = Field(default_factory=dict)
    # the turn
    turn: int = 0
    roll: Roll | None = None
    initiative: str | None = None
    first_activator: str | None = None
    overwatch_next: str | None = None
    overwatch_passes: int = 0
    overwatch: tuple[str, ...] = ()
    activated: tuple[str, ...] = ()
    next_seat: str | None = None
    activation: Activation | None = None
    # seat -> Command Point effects spent during the current activation
    cp_effects: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    # token key -> characteristic -> bonus until the end of the current activation
    boosts: dict[str, dict[str, int]] = Field(default_factory=dict)
    windows: tuple[PendingFrame, ...] = ()
    trail: Trail = Trail()

    def token(self, key: str) -> Token:
        return self.tokens[key]

    def sheet(self, key: str) -> CharacterDef:
        return self.sheets[self.tokens[key].character]

    def called(self, ident: str) -> str:
        """What players call a character or an item in play: its sheet's or its own name
        (``Brass Hussar #2``, ``Service Pistol``), never its id."""
        token = self.tokens.get(ident)
        if token is not None and token.character in self.sheets:
            suffix = ident.removeprefix(token.character).lstrip("-")
            return self.sheets[token.character].name + (f" #{suffix}" if suffix else "")
        if ident in self.gear:
            return self.gear[ident].name
        return pretty(ident)

    def opponent(self, seat: str) -> str:
        return next(s for s in self.seats if s != seat)

    def living(self, seat: str | None = None) -> list[Token]:
        return [t for t in self.tokens.values() if not t.dead and (seat is None or t.seat == seat)]

    def on_board(self, seat: str | None = None) -> list[Token]:
        return [t for t in self.living(seat) if t.circle is not None]

    def occupant(self, circle: str) -> list[Token]:
        return [t for t in self.on_board() if t.circle == circle]
