"""Reading actions typed by players (``/act``): ``deploy A1 at C7``, ``deploy decoy at
D7``, ``face A1 north``, ``redraw`` / ``keep``, ``activate A1 [advance]``, ``assign
advance``, ``move to C9 [face east] [cp 2]``, ``done``, ``pass``, ``buy``, ``take
<tile>``, ``discard <tile>, <tile>``, ``interact stim injector [line 1] [cp 2] [on A2]``,
``ability reanimation [line 1]``, ``radio B1 scrambled, B2 listening`` / ``radio random``.

Characters are named by label (``A3``) or by a unique prefix of their name; squares as on
the picture's ruler (column letter, row number); order tiles by their name.
"""

from __future__ import annotations

import re
from typing import Literal, cast

from rules.core.actions import Action
from rules.core.names import Option, find
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.verbs import Verb, VerbTable, bare
from rules.grid.coordinates import read_square
from rules.grid.facing import read_facing
from rules.grid.squares import Square
from rules.orders import actions as act
from rules.orders import rules_cited as rule
from rules.orders.content.catalog import Catalog
from rules.orders.ips_sources import on_map
from rules.orders.state import OrdersState

DECOY_WORDS = ("decoy", "dummy", "blank")


class Reader:
    def __init__(self, state: OrdersState, catalog: Catalog, seat: str) -> None:
        self.state = state
        self.catalog = catalog
        self.seat = seat

    def fighter(self, text: str, own: bool | None = None) -> str | Rejection:
        options = [Option(f.id, f"{f.id} {f.name}", (f.name,)) for f in self.state.fighters]
        likely = None
        if own is not None:
            likely = {
                f.id for f in self.state.fighters if (f.seat == self.seat) == own and f.standing
            }
        return find(text, options, "character", "Characters", likely=likely)

    def square(self, text: str) -> Square | Rejection:
        if self.state.ground is None:
            return reject(RejectionCode.WRONG_PHASE, "The map is not built yet.")
        return read_square(text, self.state.ground.board.size)

    def tile(self, text: str, among: tuple[str, ...] | None = None) -> str | Rejection:
        names = among if among is not None else tuple(self.state.order_tiles)
        options = [Option(t, t, ()) for t in sorted(set(names))]
        if not options:
            return reject(RejectionCode.ILLEGAL_MOVE, "There is no order tile to name here.")
        return find(text, options, "order tile", "Order tiles")

    def hand(self) -> tuple[str, ...]:
        return self.state.player(self.seat).hand if self.state.players else ()


def _split(text: str, word: str) -> tuple[str, str]:
    parts = re.split(rf"\s+{word}\s+", " " + text.strip() + " ", maxsplit=1, flags=re.IGNORECASE)
    if len(parts) == 2:
        return parts[0].strip(), parts[1].strip()
    return text.strip(), ""


def _deploy(read: Reader, rest: str) -> Action | Rejection:
    name, where = _split(rest, "at")
    if not where:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Use `deploy <character> at <square>` or `deploy decoy at <square>`.",
            rule.DEPLOY,
        )
    square = read.square(where)
    if isinstance(square, Rejection):
        return square
    if name.strip().lower() in DECOY_WORDS:
        return act.Deploy(fighter=None, at=square)
    fighter = read.fighter(name, own=True)
    return fighter if isinstance(fighter, Rejection) else act.Deploy(fighter=fighter, at=square)


def _face(read: Reader, rest: str) -> Action | Rejection:
    words = rest.split()
    if len(words) < 2:
        return reject(
            RejectionCode.BAD_ARGUMENT, "Use `face <character> north|east|south|west`.", rule.FACING
        )
    facing = read_facing(words[-1])
    if isinstance(facing, Rejection):
        return facing
    fighter = read.fighter(" ".join(words[:-1]), own=True)
    return fighter if isinstance(fighter, Rejection) else act.Face(fighter=fighter, facing=facing)


def _activate(read: Reader, rest: str) -> Action | Rejection:
    words = rest.split()
    if not words:
        return reject(
            RejectionCode.BAD_ARGUMENT, "Use `activate <character> [<order tile>]`.", rule.ACTIVATE
        )
    for cut in range(len(words), 0, -1):
        fighter = read.fighter(" ".join(words[:cut]), own=True)
        if isinstance(fighter, str):
            if cut == len(words):
                return act.Activate(fighter=fighter)
            tile = read.tile(" ".join(words[cut:]), read.hand())
            if isinstance(tile, Rejection):
                return tile
            return act.Activate(fighter=fighter, tile=tile)
    found = read.fighter(rest, own=True)
    return found if isinstance(found, Rejection) else act.Activate(fighter=found)


def _assign(read: Reader, rest: str) -> Action | Rejection:
    tile = read.tile(rest, read.hand())
    return tile if isinstance(tile, Rejection) else act.Assign(tile=tile)


_MOVE = re.compile(
    r"^(?:to\s+)?(?P<to>[A-Za-z]{1,2}\d{1,2}(?:@\d)?)"
    r"(?:\s+(?:face|facing)\s+(?P<face>\w+))?"
    r"(?:\s+(?:cp|with)\s+(?P<cp>\d)(?:\s*cp)?)?$",
    re.IGNORECASE,
)


def _move(read: Reader, rest: str) -> Action | Rejection:
    found = _MOVE.match(rest.strip())
    if found is None:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Use `move to <square> [face north|east|south|west] [cp <n>]`.",
            rule.MOVE,
        )
    square = read.square(found.group("to"))
    if isinstance(square, Rejection):
        return square
    facing = None
    if found.group("face"):
        read_face = read_facing(found.group("face"))
        if isinstance(read_face, Rejection):
            return read_face
        facing = read_face
    cp = int(found.group("cp")) if found.group("cp") else None
    return act.Move(to=square, facing=facing, cp=cp)


def _take(read: Reader, rest: str) -> Action | Rejection:
    if not read.state.discard:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "The discard pile is empty, so no tile can be taken from it.",
            rule.ACTIVATION,
        )
    tile = read.tile(rest, read.state.discard)
    return tile if isinstance(tile, Rejection) else act.TakeDiscard(tile=tile)


def _discard(read: Reader, rest: str) -> Action | Rejection:
    text = rest.strip().lower()
    if text in ("", "none", "nothing"):
        return act.Discard()
    tiles: list[str] = []
    for part in (p for p in re.split(r"[\s,]+", text) if p):
        tile = read.tile(part, read.hand())
        if isinstance(tile, Rejection):
            return tile
        tiles.append(tile)
    return act.Discard(tiles=tuple(tiles))


_USE = re.compile(
    r"^(?P<name>.+?)(?:\s+line\s+(?P<line>\d))?(?:\s+(?:cp|with)\s+(?P<cp>\d)(?:\s*cp)?)?"
    r"(?:\s+on\s+(?P<on>\S+(?:\s+\S+)*))?$",
    re.IGNORECASE,
)


def _use_parts(
    read: Reader, rest: str, usage: str
) -> tuple[str, int | None, int | None, str | None] | Rejection:
    found = _USE.match(rest.strip())
    if found is None:
        return reject(RejectionCode.BAD_ARGUMENT, f"Use `{usage}`.", rule.INTERACT)
    on = None
    if found.group("on"):
        fighter = read.fighter(found.group("on"))
        if isinstance(fighter, Rejection):
            return fighter
        on = fighter
    line = int(found.group("line")) if found.group("line") else None
    cp = int(found.group("cp")) if found.group("cp") else None
    return found.group("name"), line, cp, on


def _interact(read: Reader, rest: str) -> Action | Rejection:
    parts = _use_parts(read, rest, INTERACT_USAGE)
    if isinstance(parts, Rejection):
        return parts
    name, line, cp, on = parts
    state = read.state
    active = state.fighter(state.activation.fighter) if state.activation else None
    carried = active.equipment if active is not None else ()
    options = [Option(f"item:{e.id}", e.name, (e.id,)) for e in state.equipment.values() if e.ips]
    options += [Option(s.key, s.name, (s.key.rsplit(":", 1)[-1],)) for s in on_map(state)]
    likely = {f"item:{e}" for e in carried} | {s.key for s in on_map(state)}
    target = find(name, options, "thing to interact with", "Things with IPS lines", likely)
    if isinstance(target, Rejection):
        return target
    return act.Interact(target=target, line=line, cp=cp, on=on)


def _ability(read: Reader, rest: str) -> Action | Rejection:
    parts = _use_parts(read, rest, ABILITY_USAGE)
    if isinstance(parts, Rejection):
        return parts
    name, line, cp, on = parts
    if cp is not None:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "A special ability takes exactly the CP its line asks: leave out `cp`.",
            rule.ABILITY,
        )
    options = [Option(a.id, a.name, ()) for a in read.state.abilities.values() if a.ips]
    ability = find(name, options, "special ability", "Abilities")
    if isinstance(ability, Rejection):
        return ability
    return act.UseAbility(ability=ability, line=line, on=on)


FREQUENCIES = ("clear", "listening", "scrambled")


def _radio(read: Reader, rest: str) -> Action | Rejection:
    text = rest.strip()
    if text.lower() in ("random", "at random", ""):
        return act.RadioMarkers()
    markers: list[tuple[str, Literal["clear", "listening", "scrambled"]]] = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        words = part.split()
        frequency = words[-1].lower() if words else ""
        if len(words) < 2 or frequency not in FREQUENCIES:
            return reject(RejectionCode.BAD_ARGUMENT, f"Use `{RADIO_USAGE}`.", rule.SCRAMBLING)
        fighter = read.fighter(" ".join(words[:-1]), own=False)
        if isinstance(fighter, Rejection):
            return fighter
        markers.append((fighter, cast(Literal["clear", "listening", "scrambled"], frequency)))
    return act.RadioMarkers(markers=tuple(markers))


RADIO_USAGE = "radio random | radio <character> clear|listening|scrambled, ..."
INTERACT_USAGE = "interact <item|element|room> [line <n>] [cp <n>] [on <character>]"
ABILITY_USAGE = "ability <name> [line <n>] [on <character>]"

VERBS: VerbTable[Reader] = VerbTable(
    [
        Verb("deploy", "deploy <character>|decoy at <square>", _deploy),
        Verb("face", "face <character> north|east|south|west", _face),
        bare("redraw", act.Redraw(redraw=True), rule=rule.DRAW),
        bare("keep", act.Redraw(redraw=False), ("tiles",), rule=rule.DRAW),
        Verb("activate", "activate <character> [<order tile>]", _activate, aliases=("reactivate",)),
        Verb("assign", "assign <order tile>", _assign),
        Verb("move", "move to <square> [face <side>] [cp <n>]", _move),
        bare("done", act.EndRound(), ("round",), aliases=("end",), rule=rule.ACTIVATION),
        bare("pass", act.Pass(), rule=rule.ACTIVATION),
        bare("buy", act.BuyTile(), ("tile", "a tile"), aliases=("draw",), rule=rule.ACTIVATION),
        Verb("take", "take <tile from the discard pile>", _take),
        Verb("discard", "discard <tile>, <tile> | discard none", _discard),
        Verb("interact", INTERACT_USAGE, _interact, aliases=("use",)),
        Verb("ability", ABILITY_USAGE, _ability),
        Verb("radio", RADIO_USAGE, _radio),
    ]
)
ROUND_START = ("activate", "buy", "take", "pass")
IN_ROUND = ("assign", "move", "interact", "ability", "done")


def verbs_now(state: OrdersState, seat: str) -> tuple[str, ...]:
    if state.finished or seat not in state.seats_in_play():
        return ()
    if state.phase == "deployment":
        return ("deploy",) if state.deploying == seat else ()
    if state.phase == "facing":
        return ("face",)
    window = state.waiting_window()
    if window is not None:
        if window.seat != seat:
            return ()
        if window.frame == "radio":
            return ("radio",)
        return ("redraw", "keep") if window.frame == "redraw" else ("discard",)
    if state.active != seat:
        return ()
    return IN_ROUND if state.activation is not None else ROUND_START


def parse(text: str, state: OrdersState, catalog: Catalog, seat: str) -> Action | Rejection:
    return VERBS.read(text, Reader(state, catalog, seat), verbs_now(state, seat))
