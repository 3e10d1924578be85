"""Small hand-made content and board positions for the Tannhäuser rule tests.

The test map ("testmap")::

    r1 ─ r2 ─ r3 ─ r4 ─ r5 ─ r6 ─ r7 ─ r8 ─ r9 ─ o1        red path: r1 … r9
    ═════════    │    │                                    blue path: r4, b1, b2, o1
    g1 ─ g2 ─── g3 ─ b1                                    green path: g1, g2, g3
                      │
                      b2

* a wall (═) runs between r1/r2 and g1/g2, so those are not adjacent;
* r4 lies on the red and the blue path; g3 is adjacent to r3 and b1 (other paths);
* modifier circles: r5 +1 Combat, r7 −1 Stamina, b2 +1 Mental, and Movement circles
  g1 (two green icons), g2 (one red icon) and g3 (one green icon);
* entry points r1 ("West gate") and o1 ("East gate");
* an Action circle "lever" next to r2 and r3, an Objective circle "vault" next to b2.

Characters are made for the tests: "captain" and "warden" share the same rows (Combat 5,
Stamina 5 on top; the second row has Stamina 4), "golem" has null Stamina and Mental,
"phantom" has a null Combat and "recruit" a Combat of 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from rules.core import engine
from rules.core.actions import Action
from rules.core.events import Event
from rules.core.rejection import Rejection
from rules.tannhauser.content.catalog import build_catalog
from rules.tannhauser.content.characters import CharacterDef
from rules.tannhauser.content.maps import MapDef
from rules.tannhauser.content.pack import ContentPack
from rules.tannhauser.state import (
    Activation,
    RerollWindow,
    Smoke,
    TannhauserOptions,
    TannhauserState,
    Token,
)
from rules.tannhauser.system import TannhauserSystem
from rules.tannhauser.turns import movement_points, waiting_to_act
from tests.event_picks import of as of  # re-exported for the tests
from tests.event_picks import one as one
from tests.scripted_dice import as_action, scripted_attempt

ALPHA, BRAVO = "alpha", "bravo"
SEATS = (ALPHA, BRAVO)

# -- the map ------------------------------------------------------------------------------
_RED = ("r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9")


def _circle(cid: str, x: int, y: int, *paths: str, **more: Any) -> dict[str, Any]:
    return {"id": cid, "x": x, "y": y, "paths": list(paths), **more}


TEST_MAP_DATA: dict[str, Any] = {
    "id": "testmap",
    "name": "Test Map",
    "width": 1200,
    "height": 600,
    "paths": [
        {"id": "red", "name": "Red hall", "colour": "#d62728"},
        {"id": "blue", "name": "Blue stair", "colour": "#1f77b4"},
        {"id": "green", "name": "Green yard", "colour": "#2ca02c"},
    ],
    "circles": [
        _circle("r1", 100, 100, "red", entry="West gate"),
        _circle("r2", 200, 100, "red"),
        _circle("r3", 300, 100, "red"),
        _circle("r4", 400, 100, "red", "blue"),
        _circle("r5", 500, 100, "red", modifier={"stat": "combat", "colour": "green", "icons": 1}),
        _circle("r6", 600, 100, "red"),
        _circle("r7", 700, 100, "red", modifier={"stat": "stamina", "colour": "red", "icons": 1}),
        _circle("r8", 800, 100, "red"),
        _circle("r9", 900, 100, "red"),
        _circle("o1", 1000, 100, "blue", entry="East gate"),
        _circle("b1", 400, 250, "blue"),
        _circle("b2", 400, 400, "blue", modifier={"stat": "mental", "colour": "green", "icons": 1}),
        _circle(
            "g1", 100, 250, "green", modifier={"stat": "movement", "colour": "green", "icons": 2}
        ),
        _circle(
            "g2", 200, 250, "green", modifier={"stat": "movement", "colour": "red", "icons": 1}
        ),
        _circle(
            "g3", 300, 250, "green", modifier={"stat": "movement", "colour": "green", "icons": 1}
        ),
    ],
    "adjacency": [
        *([a, b] for a, b in pairwise(_RED)),
        ["r9", "o1"],
        ["r4", "b1"],
        ["b1", "b2"],
        ["g1", "g2"],
        ["g2", "g3"],
        ["g3", "r3"],
        ["g3", "b1"],
    ],
    "features": [
        {"id": "lever", "kind": "action", "x": 250, "y": 40, "adjacent": ["r2", "r3"]},
        {
            "id": "vault",
            "kind": "objective",
            "x": 300,
            "y": 450,
            "adjacent": ["b2"],
            "grade": "primary",
            "skill": "mechanics",
        },
    ],
    "walls": [{"points": [[50, 175], [250, 175]]}],
}

CROSSROADS_DATA: dict[str, Any] = {
    "id": "crossroads",
    "name": "Crossroads",
    "width": 400,
    "height": 400,
    "paths": [{"id": "road", "name": "Road", "colour": "#7f7f7f"}],
    "circles": [
        _circle("hub", 200, 200, "road"),
        _circle("n", 200, 50, "road", entry="North"),
        _circle("s", 200, 350, "road", entry="South"),
        _circle("e", 350, 200, "road", entry="East"),
        _circle("w", 50, 200, "road", entry="West"),
    ],
    "adjacency": [["hub", "n"], ["hub", "s"], ["hub", "e"], ["hub", "w"]],
}

# -- equipment ------------------------------------------------------------------------------


def _weapon(eid: str, *traits: str, **more: Any) -> dict[str, Any]:
    return {"id": eid, "name": eid.replace("-", " ").title(), "traits": ["Weapon", *traits], **more}


def _attack(kind: str, **more: Any) -> dict[str, Any]:
    return {"kind": kind, "trigger": "attack", **more}


EQUIPMENT: list[dict[str, Any]] = [
    _weapon("knife", "Hand-to-Hand"),
    _weapon("pistol", "Pistol"),
    _weapon("rifle", "Automatic"),
    _weapon("psi-lance", "Mental"),
    _weapon("cannon", "Automatic", "Heavy"),
    _weapon("hex-rod", "Mental", effects=[_attack("out_of_path", range=3)]),
    _weapon("keen-pistol", "Pistol", effects=[_attack("die_modifier", roll="attack", amount=2)]),
    _weapon("rusty-pistol", "Pistol", effects=[_attack("die_modifier", roll="attack", amount=-3)]),
    _weapon("burst-pistol", "Pistol", effects=[_attack("extra_dice", roll="attack", amount=1)]),
    _weapon("shock-gauntlet", "Hand-to-Hand", effects=[_attack("auto_successes", amount=1)]),
    _weapon("wrench", "Hand-to-Hand", requires_skill="mechanics"),
    {
        "id": "tracer",
        "name": "Tracer Rounds",
        "traits": ["Ammunition"],
        "disposable": True,
        "effects": [{"kind": "extra_dice", "trigger": "passive", "roll": "attack", "amount": 1}],
    },
    {"id": "grenade", "name": "Grenade", "traits": ["Grenade"], "disposable": True},
    {"id": "smoke", "name": "Smoke Grenade", "traits": ["Smoke Grenade"], "disposable": True},
    {
        "id": "medkit",
        "name": "Medkit",
        "traits": ["Medical"],
        "disposable": True,
        "single_use": True,
        "effects": [{"kind": "heal", "amount": 1, "reach": "self_or_adjacent"}],
    },
    {
        "id": "salve",
        "name": "Salve",
        "traits": ["Medical"],
        "disposable": True,
        "single_use": True,
        "effects": [{"kind": "heal", "amount": 2, "reach": "adjacent"}],
    },
    {
        "id": "medal",
        "name": "Medal",
        "traits": ["Medal"],
        "single_use": True,
        "effects": [{"kind": "gain_cp", "amount": 2}],
    },
    {
        "id": "stim",
        "name": "Stimulant",
        "traits": ["Drug"],
        "disposable": True,
        "single_use": True,
        "effects": [{"kind": "stat_bonus", "trigger": "use", "stat": "combat", "amount": 1}],
    },
    {
        "id": "vest",
        "name": "Vest",
        "traits": ["Armour"],
        "effects": [{"kind": "stat_bonus", "trigger": "passive", "stat": "stamina", "amount": 1}],
    },
    {
        "id": "greatcoat",
        "name": "Greatcoat",
        "traits": ["Armour"],
        "effects": [{"kind": "extra_dice", "trigger": "passive", "roll": "shock", "amount": 1}],
    },
    {
        "id": "charm",
        "name": "Charm",
        "traits": ["Trinket"],
        "effects": [{"kind": "initiative", "amount": 1}],
    },
    {
        "id": "toolkit",
        "name": "Toolkit",
        "traits": ["Tool"],
        "requires_skill": "mechanics",
        "single_use": True,
        "effects": [{"kind": "gain_cp", "amount": 1}],
    },
    {
        "id": "whistle",
        "name": "Whistle",
        "traits": ["Tool"],
        "effects": [{"kind": "stat_bonus", "trigger": "passive", "stat": "movement", "amount": 1}],
    },
    {"id": "banner", "name": "Banner", "traits": ["Relic"]},
]

# -- characters ------------------------------------------------------------------------------
HERO_ROWS = [
    {"combat": 5, "stamina": 5, "mental": 5, "movement": 6},
    {"combat": 5, "stamina": 4, "mental": 4, "movement": 5},
    {"combat": 4, "stamina": 4, "mental": 4, "movement": 5},
    {"combat": 3, "stamina": 3, "mental": 3, "movement": 4},
]
TROOPER_ROWS = [
    {"combat": 4, "stamina": 4, "mental": 3, "movement": 5},
    {"combat": 4, "stamina": 3, "mental": 3, "movement": 5},
    {"combat": 3, "stamina": 3, "mental": 2, "movement": 4},
]
GOLEM_ROWS = [
    {"combat": 4, "stamina": None, "mental": None, "movement": 4},
    {"combat": 4, "stamina": None, "mental": None, "movement": 4},
    {"combat": 3, "stamina": None, "mental": None, "movement": 3},
]
RECRUIT_ROWS = [
    {"combat": 1, "stamina": 4, "mental": 3, "movement": 5},
    {"combat": 1, "stamina": 3, "mental": 3, "movement": 5},
    {"combat": 1, "stamina": 3, "mental": 2, "movement": 4},
]
PHANTOM_ROWS = [
    {"combat": None, "stamina": 4, "mental": 6, "movement": 6},
    {"combat": None, "stamina": 4, "mental": 5, "movement": 6},
    {"combat": None, "stamina": 3, "mental": 5, "movement": 5},
    {"combat": None, "stamina": 3, "mental": 4, "movement": 5},
]
PACKS = {
    "combat": ["pistol", "grenade", "smoke"],
    "stamina": ["vest", "medkit", "stim"],
    "command": ["medal", "charm"],
}


def _character(
    cid: str,
    kind: str,
    rows: list[dict[str, Any]],
    faction: str | None = None,
    skills: Sequence[str] = (),
    **more: Any,
) -> dict[str, Any]:
    return {
        "id": cid,
        "name": cid.replace("-", " ").title(),
        "kind": kind,
        "faction": faction,
        "rows": rows,
        "skills": list(skills),
        "affiliations": ["guard"],
        "special_object": "banner",
        "packs": PACKS,
        **more,
    }


CHARACTERS: list[dict[str, Any]] = [
    # the north: three heroes, a fourth to swap in, two troopers
    _character("captain", "hero", HERO_ROWS, "north", ("command", "mechanics")),
    _character("medic", "hero", HERO_ROWS, "north", ("reasoning",)),
    _character("sniper", "hero", HERO_ROWS, "north", ("sneak",)),
    _character("ranger", "hero", HERO_ROWS, "north"),
    _character("rifleman", "trooper", TROOPER_ROWS, "north", ("weaponry",)),
    _character("scout", "trooper", TROOPER_ROWS, "north"),
    # the south
    _character("warden", "hero", HERO_ROWS, "south"),
    _character("phantom", "hero", PHANTOM_ROWS, "south"),
    _character("duchess", "hero", HERO_ROWS, "south"),
    _character("marshal", "hero", HERO_ROWS, "south"),
    _character("golem", "trooper", GOLEM_ROWS, "south"),
    _character("grunt", "trooper", TROOPER_ROWS, "south"),
    # the east only fields a raw recruit (Combat 1)
    _character("recruit", "trooper", RECRUIT_ROWS, "east"),
    # mercenaries
    _character("drifter", "hero", HERO_ROWS, mercenary=True),
    _character("hound", "trooper", TROOPER_ROWS, mercenary=True),
    _character("zealot", "hero", HERO_ROWS, mercenary=True, loyal_to="north"),
]

PACK_DATA: dict[str, Any] = {
    "format": "umpire-tannhauser-pack/1",
    "id": "rule-tests",
    "name": "Rule tests",
    "maps": [TEST_MAP_DATA, CROSSROADS_DATA],
    "factions": [
        {"id": "north", "name": "The North", "colour": "#3366cc"},
        {"id": "south", "name": "The South", "colour": "#cc3333"},
        {"id": "east", "name": "The East", "colour": "#33aa33"},
    ],
    "affiliations": [{"id": "guard", "name": "The Guard"}],
    "characters": CHARACTERS,
    "equipment": EQUIPMENT,
    "bonus_tokens": [
        {"id": "bonus-charm", "equipment": "charm", "restriction": {"kinds": ["hero"]}},
        {"id": "bonus-whistle", "equipment": "whistle", "restriction": {"kinds": ["trooper"]}},
        {"id": "bonus-rifle", "equipment": "rifle", "restriction": {"factions": ["north"]}},
        {"id": "bonus-toolkit", "equipment": "toolkit", "restriction": {"skills": ["mechanics"]}},
        {"id": "bonus-cannon", "equipment": "cannon", "restriction": {"characters": ["captain"]}},
        {"id": "bonus-greatcoat", "equipment": "greatcoat"},
    ],
    "crates": [
        {"id": "crate-cp", "command_points": 2},
        {"id": "crate-grenade", "equipment": "grenade"},
        {"id": "crate-medkit", "equipment": "medkit"},
    ],
}

PACK = ContentPack.model_validate(PACK_DATA)
CATALOG = build_catalog([(Path("rule-tests.json"), PACK)])
SYSTEM = TannhauserSystem(CATALOG)
TEST_MAP: MapDef = CATALOG.maps["testmap"]


def sheet(character: str) -> CharacterDef:
    return CATALOG.characters[character]


# -- board positions -----------------------------------------------------------------------
def token(
    key: str,
    seat: str,
    circle: str | None,
    *equipment: str,
    character: str | None = None,
    row: int = 0,
    dead: bool = False,
) -> Token:
    """A character on the board (``circle`` None: waiting off the board, or dead)."""
    return Token(
        key=key,
        seat=seat,
        character=character or ("captain" if seat == ALPHA else "warden"),
        circle=None if dead else circle,
        equipment=() if dead else tuple(equipment),
        row=row,
        dead=dead,
    )


def a(key: str, circle: str | None, *equipment: str, **more: Any) -> Token:
    return token(key, ALPHA, circle, *equipment, **more)


def b(key: str, circle: str | None, *equipment: str, **more: Any) -> Token:
    return token(key, BRAVO, circle, *equipment, **more)


def game(
    *tokens: Token,
    cp: int | dict[str, int] = 2,
    turn: int = 2,
    active: str | None = None,
    points: int | None = None,
    next_seat: str | None = None,
    initiative: str = ALPHA,
    overwatch: Iterable[str] = (),
    activated: Iterable[str] = (),
    smoke: Iterable[Smoke] = (),
    rubble: Iterable[str] = (),
    ground: dict[str, tuple[str, ...]] | None = None,
    crates: dict[str, str] | None = None,
    starting_troopers: dict[str, dict[str, int]] | None = None,
    map_id: str = "testmap",
    **update: Any,
) -> TannhauserState:
    """A game in the activation step with ``tokens`` placed, without playing the setup.

    ``active`` starts that character's activation with ``points`` movement points (its
    current Movement if not given); otherwise ``next_seat`` (default: ``initiative``) is
    about to choose a character to activate.
    """
    state = SYSTEM.initial_state(TannhauserOptions(map=map_id), SEATS)
    pieces = {t.key: t for t in tokens}
    characters = {t.character for t in tokens}
    troopers: dict[str, dict[str, int]] = {}
    for t in tokens:
        if sheet(t.character).kind == "trooper":
            counts = troopers.setdefault(t.seat, {})
            counts[t.character] = counts.get(t.character, 0) + 1
    points_by_seat = cp if isinstance(cp, dict) else dict.fromkeys(SEATS, cp)
    fields: dict[str, Any] = {
        "phase": "activations",
        "map": CATALOG.maps[map_id],
        "factions": {ALPHA: "north", BRAVO: "south"},
        "packs_revealed": True,
        "entries": {ALPHA: ("r1",), BRAVO: ("o1",)} if map_id == "testmap" else {},
        "sheets": {c: sheet(c) for c in characters},
        "gear": dict(CATALOG.equipment),
        "starting_troopers": starting_troopers if starting_troopers is not None else troopers,
        "tokens": pieces,
        "command_points": points_by_seat,
        "turn": turn,
        "initiative": initiative,
        "first_activator": initiative,
        "overwatch": tuple(overwatch),
        "activated": tuple(activated) + tuple(k for k in overwatch if k not in activated),
        "next_seat": next_seat or initiative,
        "smoke": tuple(smoke),
        "rubble": tuple(rubble),
        "ground": dict(ground or {}),
        "crates": dict(crates or {}),
        "crate_defs": {c: CATALOG.crates[c] for c in (crates or {}).values()},
    }
    if active is not None:
        mover = pieces[active]
        if points is None:
            points = movement_points(state.model_copy(update=fields), mover)
        fields["activation"] = Activation(key=active, seat=mover.seat, points=points)
        fields["next_seat"] = mover.seat
    fields.update(update)
    return state.model_copy(update=fields)


# -- deciding actions ------------------------------------------------------------------------
def to_action(state: TannhauserState, seat: str, action: str | Action) -> Action:
    return as_action(SYSTEM, state, seat, action)


def attempt(
    state: TannhauserState, seat: str, action: str | Action, faces: Sequence[int] = ()
) -> list[Event] | Rejection:
    """Decide ``action`` with scripted dice (see :func:`tests.scripted_dice.scripted_attempt`)."""
    return scripted_attempt(SYSTEM, state, seat, action, faces)


def decide(
    state: TannhauserState, seat: str, action: str | Action, faces: Sequence[int] = ()
) -> list[Event]:
    outcome = attempt(state, seat, action, faces)
    assert not isinstance(outcome, Rejection), outcome.explain()
    return outcome


def fold(state: TannhauserState, events: Iterable[Event]) -> TannhauserState:
    folded = engine.fold(SYSTEM, state, events)
    assert isinstance(folded, TannhauserState)
    return folded


def play(
    state: TannhauserState, seat: str, action: str | Action, faces: Sequence[int] = ()
) -> tuple[TannhauserState, list[Event]]:
    """Decide and fold: the state afterwards and the events."""
    events = decide(state, seat, action, faces)
    return fold(state, events), events


def refuse(
    state: TannhauserState,
    seat: str,
    action: str | Action,
    *,
    rule: bool = True,
) -> Rejection:
    """The action is refused with a message (and, unless ``rule`` is False, a rule)."""
    outcome = attempt(state, seat, action)
    assert isinstance(outcome, Rejection), f"expected a refusal, got {outcome}"
    assert outcome.message.strip()
    if rule:
        assert outcome.rule.startswith("000"), f"no rule reference: {outcome.message}"
    return outcome


def types(events: Iterable[Event]) -> list[str]:
    return [e.type for e in events]


def finish_turn(
    state: TannhauserState, initiative: Sequence[int] = (8, 3)
) -> tuple[TannhauserState, list[Event]]:
    """Play out the rest of the turn (each waiting character is activated and ended at
    once), roll ``initiative`` (alpha's die, bravo's die), keep the roll and decline
    overwatch, up to the activation step of the next turn."""
    events: list[Event] = []
    turn = state.turn
    for _ in range(40):
        if state.turn != turn:
            break
        if state.activation is None:
            assert state.next_seat is not None
            key = waiting_to_act(state, state.next_seat)[0].key
            state, more = play(state, state.next_seat, f"activate {key}")
        else:
            active = state.activation.key
            others = [t for s in SEATS for t in waiting_to_act(state, s) if t.key != active]
            state, more = play(state, state.activation.seat, "end", () if others else initiative)
        events += more
    for _ in range(10):
        window = state.windows[-1] if state.windows else None
        if isinstance(window, RerollWindow):
            state, more = play(state, window.seat, "keep")
        elif state.phase == "overwatch" and state.overwatch_next is not None:
            state, more = play(state, state.overwatch_next, "decline")
        else:
            break
        events += more
    assert state.phase == "activations", state.phase
    return state, events
