"""Reading actions typed by players (``/act``): ``deploy A1 at C7``, ``deploy decoy at
D7``, ``face A1 north``, ``redraw`` / ``keep``, ``activate A1 [advance]``, ``assign
advance``, ``move to C9 [face east] [cp 2]``, ``shoot B1 [with carbine] [aim 1] [pour
1] [joined by A2, A3]`` (also ``shoot at C4`` for a floor element or where an explosive
lands, ``shoot D3|E3`` for a door or wall section), ``fight B1 [cp 2] [with A2, A3]``,
``fight door east``, ``fight wall north [at C3]``, ``fight <floor element>``, ``capture B1``,
``torture [B1] [cp 2]``, ``done``, ``pass``, ``buy``, ``take <tile>``, ``discard <tile>,
<tile>``; ``search [in <tile or square>] [cp 2]``, then ``cycle [n]``, ``flip``,
``shuffle``, ``take``, ``stop``; ``spy mp|deck|mission [n]``, ``spy order 2 1 3 [flip
1]``; ``drop <item>``; ``give <item> to A2``, ``pick up <item>``; ``exit [via <square>]
[cp <n>]`` (or ``move to off``); in duels ``interrupt B2 bid 2``, ``demand
initiative bid 1``, ``bid 3 [face north]``, ``let pass``.
advance``, ``move to C9 [face east] [cp 2]``, ``done``, ``pass``, ``buy``, ``take
<tile>``, ``discard <tile>, <tile>``, ``interact stim injector [line 1] [cp 2] [on A2]``,
``ability reanimation [line 1]``, ``radio B1 scrambled, B2 listening`` / ``radio random``.

Characters are named by label (``A3``) or by a unique prefix of their name; squares as on
the picture's ruler (column letter, row number); order tiles by their name. A combined
move names each helper's square: ``move to C9 with A2 to C8, A3 to D8``; a combined
search its helpers, ``search with A2 [cp 2]``, and ``take for A2`` gives the card to one;
so does a combined interact: ``interact flare pack with A2, A3``.
"""

from __future__ import annotations

import re
from typing import Literal, cast

from rules.core.actions import Action
from rules.core.names import Option, find, normal
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.verbs import Verb, VerbTable, bare
from rules.grid.coordinates import read_square
from rules.grid.facing import read_facing
from rules.grid.squares import Square
from rules.orders import actions as act
from rules.orders import rules_cited as rule
from rules.orders.barriers import adjacent_elements
from rules.orders.content.catalog import Catalog
from rules.orders.ips_sources import on_map
from rules.orders.state import DropWindow, OrdersState, SearchWindow

DECOY_WORDS = ("decoy", "dummy", "blank")
MAGNETIC_WORDS = ("magnetic card", "magnetic", "card", "magnetic cards")


def normal_words(text: str) -> str:
    return " ".join(text.lower().split())


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

    def item(
        self,
        text: str,
        among: tuple[str, ...] | None = None,
        none: str = "There is no equipment to name here.",
    ) -> str | Rejection | None:
        """An equipment item by id or name (None: a magnetic card); ``none`` says why
        there is nothing to name."""
        if normal_words(text) in MAGNETIC_WORDS:
            return None
        names = among if among is not None else tuple(self.state.equipment)
        options = [
            Option(i, self.state.equipment[i].name if i in self.state.equipment else i, ())
            for i in sorted(set(names))
        ]
        if not options:
            return reject(RejectionCode.ILLEGAL_MOVE, none, rule.WEIGHT)
        return find(text, options, "item", "Items")

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


_SQ = r"[A-Za-z]{1,2}\d{1,2}(?:@\d)?"
_MOVE_JOINED = re.compile(r"\s+with\s+(?P<who>[^\d\s].*)$", re.IGNORECASE)
_JOINED_TO = re.compile(rf"^(?P<who>.+?)\s+to\s+(?P<to>{_SQ})$", re.IGNORECASE)
MOVE_USAGE = (
    "move to <square> [face north|east|south|west] [cp <n>] [with <character> to <square>, ...]"
)


def _move(read: Reader, rest: str) -> Action | Rejection:
    off = re.fullmatch(r"(?:to\s+)?off(?:\s+the\s+map)?(?P<more>\s+.*)?", rest.strip(), re.I)
    if off is not None:
        return _exit(read, off.group("more") or "")
    joined: list[tuple[str, Square]] = []
    text = " " + rest.strip()
    helpers = _MOVE_JOINED.search(text)
    if helpers is not None:
        for part in (p.strip() for p in helpers.group("who").split(",") if p.strip()):
            pair = _JOINED_TO.match(part)
            if pair is None:
                return reject(RejectionCode.BAD_ARGUMENT, f"Use `{MOVE_USAGE}`.", rule.MOVE)
            helper = read.fighter(pair.group("who"), own=True)
            if isinstance(helper, Rejection):
                return helper
            to = read.square(pair.group("to"))
            if isinstance(to, Rejection):
                return to
            joined.append((helper, to))
        text = text[: helpers.start()]
    found = _MOVE.match(text.strip())
    if found is None:
        return reject(RejectionCode.BAD_ARGUMENT, f"Use `{MOVE_USAGE}`.", rule.MOVE)
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
    return act.Move(to=square, facing=facing, cp=cp, joined=tuple(joined))


_EDGE = re.compile(rf"^(?:(?:door|wall)\s+)?(?P<a>{_SQ})\s*[|/-]\s*(?P<b>{_SQ})$", re.IGNORECASE)
_AT = re.compile(rf"^(?:at|square)\s+(?P<at>{_SQ})$", re.IGNORECASE)
_SHOOT_CP = re.compile(r"\s+(?P<what>aim|pour(?:\s+it\s+on)?)\s+(?P<cp>\d+)\b", re.IGNORECASE)
_JOINED = re.compile(r"\s+joined\s+by\s+(?P<who>.+)$", re.IGNORECASE)
SHOOT_USAGE = (
    "shoot <character> | at <square> | <square>|<square> [with <weapon>] [aim <n>]"
    " [pour <n>] [joined by <character>, ...]"
)


def _shoot(read: Reader, rest: str) -> Action | Rejection:
    text = " " + rest.strip()
    joined: list[str] = []
    helpers = _JOINED.search(text)
    if helpers is not None:
        for name in (n for n in re.split(r"\s*(?:,|\band\b)\s*", helpers.group("who")) if n):
            helper = read.fighter(name.strip(), own=True)
            if isinstance(helper, Rejection):
                return helper
            joined.append(helper)
        text = text[: helpers.start()]
    cp = {"aim": 0, "pour": 0}
    for found in list(_SHOOT_CP.finditer(text)):
        cp[found.group("what").split()[0].lower()] = int(found.group("cp"))
    text = _SHOOT_CP.sub(" ", text).strip()
    target, weapon_text = _split(text, "with")
    if not target:
        return reject(RejectionCode.BAD_ARGUMENT, f"Use `{SHOOT_USAGE}`.", rule.SHOOT)
    weapon = None
    if weapon_text:
        options = [
            Option(e.id, e.name, (e.name,))
            for e in read.state.equipment.values()
            if e.fire is not None
        ]
        shooter = read.state.activation.fighter if read.state.activation else None
        carried = read.state.fighter(shooter).equipment if shooter else None
        found_weapon = find(weapon_text, options, "firing weapon", "Firing weapons", carried)
        if isinstance(found_weapon, Rejection):
            return found_weapon
        weapon = found_weapon
    edge = _EDGE.match(target)
    if edge is not None:
        a, b = read.square(edge.group("a")), read.square(edge.group("b"))
        if isinstance(a, Rejection):
            return a
        if isinstance(b, Rejection):
            return b
        return act.Shoot(edge=(a, b), weapon=weapon, joined=tuple(joined), **cp)
    at = _AT.match(target)
    if at is not None:
        square = read.square(at.group("at"))
        if isinstance(square, Rejection):
            return square
        return act.Shoot(at=square, weapon=weapon, joined=tuple(joined), **cp)
    fighter = read.fighter(target, own=False)
    if isinstance(fighter, Rejection):
        return fighter
    return act.Shoot(fighter=fighter, weapon=weapon, joined=tuple(joined), **cp)


def _take(read: Reader, rest: str) -> Action | Rejection:
    window = read.state.waiting_window()
    if window is not None:
        # a window waits: `take` can only mean the visible search card (the window
        # itself refuses it when it is not a search)
        if normal_words(rest) in ("", "it", "card", "the card") or not isinstance(
            window, SearchWindow
        ):
            return act.SearchTake()
        receiver = re.fullmatch(r"(?:it\s+|the\s+card\s+)?for\s+(?P<who>.+)", rest.strip(), re.I)
        if receiver is not None:
            who = read.fighter(receiver.group("who"), own=True)
            return who if isinstance(who, Rejection) else act.SearchTake(receiver=who)
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "`take` takes the visible card: say `take` (or `take for A2` in a combined search).",
            rule.SEARCH_ORDER,
        )
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


_CP = re.compile(r"^(?P<rest>.*?)(?:(?:^|\s+)cp\s+(?P<cp>\d{1,2})(?:\s*cp)?)?$", re.IGNORECASE)
BARRIER_WORDS = ("door", "wall")


def _with_cp(rest: str) -> tuple[str, int]:
    """The text before a trailing ``cp <n>`` and the CP it names (1 without it)."""
    found = _CP.match(rest.strip())
    assert found is not None  # the pattern matches any text
    return found.group("rest").strip(), int(found.group("cp") or 1)


def _fight(read: Reader, rest: str) -> Action | Rejection:
    named, joined = _split(rest, "with")
    text, cp = _with_cp(named)
    helpers: list[str] = []
    for name in (p for p in re.split(r"\s*(?:,|\band\b)\s*", joined) if p.strip()):
        helper = read.fighter(name.strip(), own=True)
        if isinstance(helper, Rejection):
            return helper
        helpers.append(helper)
    usage = (
        "Use `fight <enemy> [cp <n>]`, `fight door|wall <side> [at <square>] [cp <n>]` or"
        " `fight <floor element> [cp <n>]`."
    )
    if not text:
        return reject(RejectionCode.BAD_ARGUMENT, usage, rule.CLOSE_COMBAT)
    words = text.split()
    if helpers and words[0].lower() in BARRIER_WORDS:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Only a close combat against an enemy character is combined (`with ...`).",
            rule.COMBINED_CLOSE_COMBAT,
        )
    if words[0].lower() in BARRIER_WORDS:
        if len(words) not in (2, 4) or (len(words) == 4 and words[2].lower() != "at"):
            return reject(RejectionCode.BAD_ARGUMENT, usage, rule.CLOSE_COMBAT)
        side = read_facing(words[1])
        if isinstance(side, Rejection):
            return side
        at: Square | None = None
        if len(words) == 4:
            square = read.square(words[3])
            if isinstance(square, Rejection):
                return square
            at = square
        part: Literal["door", "wall"] = "door" if words[0].lower() == "door" else "wall"
        return act.Smash(part=part, side=side, cp=cp, at=at)
    enemy = read.fighter(text, own=False)
    if isinstance(enemy, str):
        return act.Fight(enemy=enemy, cp=cp, helpers=tuple(helpers))
    if helpers:
        return enemy
    if read.state.activation is not None:
        fighter = read.state.fighter(read.state.activation.fighter)
        if fighter.square is not None and read.state.ground is not None:
            near = adjacent_elements(read.state, read.state.squares_of(fighter))
            if any(normal(t.name).startswith(normal(text)) for t in near):
                return act.Smash(part="element", element=text, cp=cp)
    return enemy


def _capture(read: Reader, rest: str) -> Action | Rejection:
    text, cp = _with_cp(rest)
    if not text:
        return reject(
            RejectionCode.BAD_ARGUMENT, "Use `capture <wounded enemy> [cp <n>]`.", rule.CAPTURE
        )
    enemy = read.fighter(text, own=False)
    return enemy if isinstance(enemy, Rejection) else act.Capture(enemy=enemy, cp=cp)


def _helpers_named(read: Reader, rest: str) -> tuple[str, tuple[str, ...]] | Rejection:
    """The text before a trailing ``with A2, A3`` (a combined order's helpers) and the
    helpers it names."""
    text = " " + rest.strip()
    helpers = _MOVE_JOINED.search(text)
    if helpers is None:
        return rest, ()
    joined: list[str] = []
    for name in (n for n in re.split(r"\s*(?:,|\band\b)\s*", helpers.group("who")) if n):
        helper = read.fighter(name.strip(), own=True)
        if isinstance(helper, Rejection):
            return helper
        joined.append(helper)
    return text[: helpers.start()], tuple(joined)


def _torture(read: Reader, rest: str) -> Action | Rejection:
    named = _helpers_named(read, rest)
    if isinstance(named, Rejection):
        return named
    rest, joined = named
    text, cp = _with_cp(rest)
    if not text:
        return act.Torture(cp=cp, joined=joined)
    prisoner = read.fighter(text, own=False)
    if isinstance(prisoner, Rejection):
        return prisoner
    return act.Torture(prisoner=prisoner, cp=cp, joined=joined)


def _count(rest: str, usage: str, code: str) -> int | Rejection | None:
    text = normal_words(rest)
    if not text:
        return None
    if text.isdigit() and 0 < int(text) < 100:
        return int(text)
    return reject(RejectionCode.BAD_ARGUMENT, f"Use `{usage}`.", code)


SEARCH_USAGE = "search [in <tile or square>] [with <character>, ...] [cp <n>]"
_SEARCH_WITH = re.compile(r"^with\s+(?P<who>.+?)(?P<cp>\s+cp\s+\d+\s*(?:cp)?)?$", re.IGNORECASE)


_SEARCH_IN = re.compile(r"^in\s+(?P<where>.+?)(?=\s+with\s|\s+cp\s|\s*$)", re.IGNORECASE)


def _search(read: Reader, rest: str) -> Action | Rejection:
    joined: list[str] = []
    where: str | None = None
    named = _SEARCH_IN.match(rest.strip())
    if named is not None:
        where = named.group("where").strip()
        rest = rest.strip()[named.end() :]
    helpers = _SEARCH_WITH.match(rest.strip())
    if helpers is not None:
        for name in (n for n in re.split(r"\s*(?:,|\band\b)\s*", helpers.group("who")) if n):
            helper = read.fighter(name.strip(), own=True)
            if isinstance(helper, Rejection):
                return helper
            joined.append(helper)
        rest = helpers.group("cp") or ""
    text = normal_words(rest).removeprefix("cp").removesuffix("cp").strip()
    cp = _count(text, SEARCH_USAGE, rule.SEARCH_ORDER)
    if isinstance(cp, Rejection):
        return cp
    return act.Search(cp=cp, joined=tuple(joined), where=where)


def _cycle(read: Reader, rest: str) -> Action | Rejection:
    count = _count(rest, "cycle [<number of cards>]", rule.SEARCH_ORDER)
    return count if isinstance(count, Rejection) else act.SearchCycle(count=count or 1)


def _spy(read: Reader, rest: str) -> Action | Rejection:
    words = normal_words(rest).split()
    if words and words[0] == "order":
        numbers: list[int] = []
        flips: list[int] = []
        into = numbers
        for word in words[1:]:
            if word == "flip":
                into = flips
            elif word.isdigit() and int(word) < 100:
                into.append(int(word))
            else:
                return reject(
                    RejectionCode.BAD_ARGUMENT,
                    "Use `spy order 2 1 3 [flip 1]`: the cards as you saw them, top first.",
                    rule.SPY,
                )
        return act.SpyOrder(positions=tuple(numbers), flips=tuple(flips))
    hows = {
        "mp": "mp",
        "deck": "deck",
        "cards": "deck",
        "mission": "mission",
        "missions": "mission",
    }
    if not words or words[0] not in hows or len(words) > 2:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Use `spy mp [n]`, `spy deck [n]`, `spy mission [n]` or `spy order 2 1 3 [flip 1]`.",
            rule.SPY,
        )
    count = _count(" ".join(words[1:]), f"spy {words[0]} [n]", rule.SPY)
    if isinstance(count, Rejection):
        return count
    how = hows[words[0]]
    assert how in ("mp", "deck", "mission")
    return act.Spy(how=how, count=count)


def _carried(read: Reader) -> tuple[str, ...]:
    window = read.state.waiting_window()
    if isinstance(window, DropWindow):
        return read.state.fighter(window.fighter).equipment
    active = read.state.activation
    return read.state.fighter(active.fighter).equipment if active is not None else ()


def _drop(read: Reader, rest: str) -> Action | Rejection:
    if not normal_words(rest):
        return reject(RejectionCode.BAD_ARGUMENT, "Use `drop <item>`.", rule.WEIGHT)
    item = read.item(rest, _carried(read))
    if item is None:
        return reject(RejectionCode.BAD_ARGUMENT, "A magnetic card weighs nothing.", rule.WEIGHT)
    return item if isinstance(item, Rejection) else act.Drop(item=item)


def _give(read: Reader, rest: str) -> Action | Rejection:
    what, who = _split(rest, "to")
    if not what or not who:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Use `give <item> to <character>` or `give magnetic card to <character>`.",
            rule.WEIGHT,
        )
    item = read.item(what, _carried(read), "The activated character carries no equipment.")
    if isinstance(item, Rejection):
        return item
    friend = read.fighter(who, own=True)
    return friend if isinstance(friend, Rejection) else act.Give(item=item, to=friend)


def _pick(read: Reader, rest: str) -> Action | Rejection:
    text = rest.strip()
    if text.lower().startswith("up "):
        text = text[3:]
    if not text.strip():
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Use `pick up <item>` or `pick up magnetic card`.",
            rule.WEIGHT,
        )
    bodies = tuple(i for f in read.state.fighters if f.condition == "dead" for i in f.equipment)
    item = read.item(text, bodies, "No dead character's marker carries equipment.")
    return item if isinstance(item, Rejection) else act.PickUp(item=item)


_EXIT = re.compile(
    r"^(?:(?:via|by|from)\s+(?P<via>[A-Za-z]{1,2}\d{1,2}))?"
    r"\s*(?:(?:cp|with)\s+(?P<cp>\d)(?:\s*cp)?)?$",
    re.IGNORECASE,
)
_USE = re.compile(
    r"^(?P<name>.+?)(?:\s+line\s+(?P<line>\d))?(?:\s+(?:cp|with)\s+(?P<cp>\d)(?:\s*cp)?)?"
    r"(?:\s+on\s+(?P<on>\S+(?:\s+\S+)*))?$",
    re.IGNORECASE,
)


def _exit(read: Reader, rest: str) -> Action | Rejection:
    found = _EXIT.match(rest.strip())
    if found is None:
        return reject(RejectionCode.BAD_ARGUMENT, "Use `exit [via <square>] [cp <n>]`.", rule.EXIT)
    via = None
    if found.group("via"):
        square = read.square(found.group("via"))
        if isinstance(square, Rejection):
            return square
        via = square
    cp = int(found.group("cp")) if found.group("cp") else None
    return act.Exit(via=via, cp=cp)


_BID = re.compile(r"^(?:bid\s+)?(?P<cp>\d{1,2})(?:\s*cp)?$", re.IGNORECASE)


def _cp(text: str, usage: str) -> int | Rejection:
    found = _BID.match(text.strip())
    if found is None:
        return reject(RejectionCode.BAD_ARGUMENT, f"Use `{usage}`.", rule.DUEL)
    return int(found.group("cp"))


def _interrupt(read: Reader, rest: str) -> Action | Rejection:
    usage = "interrupt <character> bid <n>"
    words = rest.split()
    cut = next((i for i, w in enumerate(words) if w.lower() == "bid" or w.isdigit()), None)
    if not cut:
        return reject(RejectionCode.BAD_ARGUMENT, f"Use `{usage}`.", rule.INTERRUPT)
    cp = _cp(" ".join(words[cut:]), usage)
    if isinstance(cp, Rejection):
        return cp
    fighter = read.fighter(" ".join(words[:cut]), own=True)
    return fighter if isinstance(fighter, Rejection) else act.AskInterrupt(fighter=fighter, cp=cp)


def _demand(read: Reader, rest: str) -> Action | Rejection:
    text = re.sub(r"^\s*(?:the\s+)?initiative\b", "", rest, flags=re.IGNORECASE)
    cp = _cp(text, "demand initiative bid <n>")
    return cp if isinstance(cp, Rejection) else act.DemandInitiative(cp=cp)


def _bid(read: Reader, rest: str) -> Action | Rejection:
    amount, side = _split(rest, "face")
    cp = _cp(amount, "bid <n> [face <side>]")
    if isinstance(cp, Rejection):
        return cp
    if not side:
        return act.Bid(cp=cp)
    facing = read_facing(side)
    return facing if isinstance(facing, Rejection) else act.Bid(cp=cp, facing=facing)


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
    named = _helpers_named(read, rest)
    if isinstance(named, Rejection):
        return named
    rest, joined = named
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
    return act.Interact(target=target, line=line, cp=cp, on=on, joined=joined)


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
INTERACT_USAGE = (
    "interact <item|element|room> [line <n>] [cp <n>] [on <character>] [with <character>, ...]"
)
ABILITY_USAGE = "ability <name> [line <n>] [on <character>]"

VERBS: VerbTable[Reader] = VerbTable(
    [
        Verb("deploy", "deploy <character>|decoy at <square>", _deploy),
        Verb("face", "face <character> north|east|south|west", _face),
        bare("redraw", act.Redraw(redraw=True), rule=rule.DRAW),
        bare("keep", act.Redraw(redraw=False), ("tiles",), rule=rule.DRAW),
        Verb("activate", "activate <character> [<order tile>]", _activate, aliases=("reactivate",)),
        Verb("assign", "assign <order tile>", _assign),
        Verb("move", "move to <square> [face <side>] [cp <n>] [with A2 to <square>]", _move),
        Verb("shoot", SHOOT_USAGE, _shoot, aliases=("fire", "throw")),
        bare("done", act.EndRound(), ("round",), aliases=("end",), rule=rule.ACTIVATION),
        bare("pass", act.Pass(), rule=rule.ACTIVATION),
        bare("buy", act.BuyTile(), ("tile", "a tile"), aliases=("draw",), rule=rule.ACTIVATION),
        Verb("take", "take <tile from the discard pile>", _take),
        Verb("discard", "discard <tile>, <tile> | discard none", _discard),
        Verb(
            "fight",
            "fight <enemy> [cp <n>] [with <helpers>] | fight door|wall <side> [at <square>]"
            " | fight <element>",
            _fight,
        ),
        Verb("capture", "capture <wounded enemy> [cp <n>]", _capture),
        Verb("torture", "torture [<prisoner>] [cp <n>] [with <character>, ...]", _torture),
        Verb("search", SEARCH_USAGE, _search),
        Verb("cycle", "cycle [<n>]", _cycle),
        bare("flip", act.SearchIcon(icon="flip"), ("deck", "the deck"), rule=rule.SEARCH_ICONS),
        bare(
            "shuffle", act.SearchIcon(icon="shuffle"), ("deck", "the deck"), rule=rule.SEARCH_ICONS
        ),
        bare("stop", act.SearchStop(), ("search", "searching"), rule=rule.SEARCH_ORDER),
        Verb("spy", "spy mp|deck|mission [n] | spy order 2 1 3 [flip 1]", _spy),
        Verb("drop", "drop <item>", _drop),
        Verb("give", "give <item>|magnetic card to <character>", _give),
        Verb("pick", "pick up <item>|magnetic card", _pick),
        Verb("exit", "exit [via <square>] [cp <n>]", _exit, aliases=("leave",)),
        Verb("interrupt", "interrupt <character> bid <n>", _interrupt),
        Verb("demand", "demand initiative bid <n>", _demand),
        Verb("bid", "bid <n> [face <side>]", _bid),
        bare("let", act.Decline(), ("pass", "it pass", "them pass"), ("decline",), rule.DUEL),
        Verb("interact", INTERACT_USAGE, _interact, aliases=("use",)),
        Verb("ability", ABILITY_USAGE, _ability),
        Verb("radio", RADIO_USAGE, _radio),
    ]
)
ROUND_START = ("activate", "buy", "take", "pass")
IN_ROUND = (
    "assign",
    "move",
    "shoot",
    "fight",
    "capture",
    "torture",
    "search",
    "give",
    "pick",
    "exit",
    "interact",
    "ability",
    "done",
)
SEARCHING = ("cycle", "flip", "shuffle", "take", "stop")
WINDOW_VERBS = {
    "interrupt_offer": ("interrupt", "let"),
    "initiative_offer": ("demand", "let"),
    "duel_bid": ("bid",),
    "interrupting": IN_ROUND,
}


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
        if window.frame == "search":
            return SEARCHING
        if window.frame in ("spy", "drop"):
            return (window.frame,)
        if window.frame in WINDOW_VERBS:
            return WINDOW_VERBS[window.frame]
        if window.frame == "radio":
            return ("radio",)
        return ("redraw", "keep") if window.frame == "redraw" else ("discard",)
    if state.active != seat:
        return ()
    return IN_ROUND if state.activation is not None else ROUND_START


def parse(text: str, state: OrdersState, catalog: Catalog, seat: str) -> Action | Rejection:
    return VERBS.read(text, Reader(state, catalog, seat), verbs_now(state, seat))
