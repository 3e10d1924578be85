"""Reading actions typed by players (``/act``): ``force line-company``, ``deploy A2 at
30,6``, ``first me``, ``move A1 to 30,20``, ``rush A3 toward B2``, ``hold A4``, ``shoot A1
at B2``, ``assault A2 B1``, ``end``, ``allocate 3, 5``.

Units are named by id (``A3``) or by a unique prefix of their name; points are inches
from the table's top-left corner, as on the picture's ruler.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules.core.actions import Action
from rules.core.names import Option, find
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.verbs import Verb, VerbTable, bare
from rules.geometry.points import read_placing, read_point
from rules.squad import actions as act
from rules.squad import rules_cited as rule
from rules.squad.content.catalog import Catalog
from rules.squad.seats import seat_label
from rules.squad.state import SquadState

_TIMES = re.compile(r"^(.*?)\s*(?:x|×|\*)\s*(\d{1,2})$", re.IGNORECASE)


class Reader:
    """Resolves names against the state (and the catalog while forces are chosen)."""

    def __init__(self, state: SquadState, catalog: Catalog, seat: str) -> None:
        self.state = state
        self.catalog = catalog
        self.seat = seat

    def unit(self, text: str, own: bool | None = None) -> str | Rejection:
        """A unit on the table or in reserve; ``own`` True prefers the seat's own units,
        False the enemy's."""
        options = [Option(u.id, f"{u.id} {u.name}", (u.name,)) for u in self.state.units]
        likely = None
        if own is not None:
            likely = {
                u.id
                for u in self.state.units
                if (u.seat == self.seat) == own and u.status in ("table", "reserve")
            }
        return find(text, options, "unit", "Units", likely=likely)

    def profile(self, text: str) -> str | Rejection:
        options = [Option(u.id, u.name, (u.name,)) for u in self.catalog.units.values()]
        return find(text, options, "unit profile", "Unit profiles")

    def point(self, text: str) -> tuple[int, int] | Rejection:
        if self.state.table is None:
            return reject(RejectionCode.WRONG_PHASE, "The battlefield is not set yet.")
        return read_point(text, self.state.table)


def _force(read: Reader, rest: str) -> Action | Rejection:
    forces = [
        Option(f.id, f.name, (f.name,))
        for faction in read.catalog.factions.values()
        for f in faction.forces
    ]
    if "," not in rest and not _TIMES.match(rest.strip()):
        found = find(rest, forces, "force", "Ready-made forces")
        if isinstance(found, str):
            return act.ChooseForce(force=found)
        single = read.profile(rest)
        if isinstance(single, Rejection):
            return found
        return act.ChooseForce(units=(single,))
    units: list[str] = []
    for part in (p.strip() for p in rest.split(",")):
        if not part:
            continue
        count = 1
        times = _TIMES.match(part)
        if times is not None:
            part, count = times.group(1), int(times.group(2))
        profile = read.profile(part)
        if isinstance(profile, Rejection):
            return profile
        units.extend([profile] * count)
    if not units:
        return reject(RejectionCode.BAD_ARGUMENT, "Name the units of your force.", rule.FORCES)
    return act.ChooseForce(units=tuple(units))


def _deploy(read: Reader, rest: str) -> Action | Rejection:
    name, _, where = _split(rest, "at")
    unit = read.unit(name, own=True)
    if isinstance(unit, Rejection):
        return unit
    if not where:
        return act.Deploy(unit=unit)
    if read.state.table is None:
        return reject(RejectionCode.WRONG_PHASE, "The battlefield is not set yet.")
    placing = read_placing(where, read.state.table)
    if isinstance(placing, Rejection):
        return placing
    return act.Deploy(unit=unit, at=placing.at, formation=placing.formation)


def _split(text: str, word: str) -> tuple[str, str, str]:
    """``A1 at 3,4`` → (``A1``, ``at``, ``3,4``); no ``word``: (text, "", "")."""
    parts = re.split(rf"\s+({word})\s+", text.strip(), maxsplit=1, flags=re.IGNORECASE)
    if len(parts) == 3:
        return parts[0], parts[1].lower(), parts[2]
    return text.strip(), "", ""


def _first(read: Reader, rest: str) -> Action | Rejection:
    word = rest.strip().lower()
    if word in ("me", "myself", "i", "self"):
        return act.ChooseFirst(seat=read.seat)
    options = [Option(s, seat_label(s), (seat_label(s),)) for s in read.state.seats]
    found = find(rest, options, "player", "Players")
    return found if isinstance(found, Rejection) else act.ChooseFirst(seat=found)


def _moving(rush: bool) -> Callable[[Reader, str], Action | Rejection]:
    word = "rush" if rush else "move"

    def read_move(read: Reader, rest: str) -> Action | Rejection:
        for joint in ("toward", "towards", "to"):
            name, found, where = _split(rest, joint)
            if found:
                break
        if not found:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"Use `{word} <unit> to x,y` or `{word} <unit> toward <enemy unit>`.",
                rule.ORDERS,
            )
        unit = read.unit(name, own=True)
        if isinstance(unit, Rejection):
            return unit
        if found.startswith("toward"):
            enemy = read.unit(where, own=False)
            if isinstance(enemy, Rejection):
                return enemy
            return act.MoveOrder(unit=unit, rush=rush, toward=enemy)
        point = read.point(where)
        if isinstance(point, Rejection):
            return point
        return act.MoveOrder(unit=unit, rush=rush, to=point)

    return read_move


def _hold(read: Reader, rest: str) -> Action | Rejection:
    unit = read.unit(rest, own=True)
    return unit if isinstance(unit, Rejection) else act.HoldOrder(unit=unit)


def _acting(read: Reader) -> str | None:
    activation = read.state.activation
    if activation is not None and read.state.unit(activation.unit).seat == read.seat:
        return activation.unit
    return None


def _shoot(read: Reader, rest: str) -> Action | Rejection:
    name, found, target_text = _split(rest, "at")
    if not found and rest.strip().lower().startswith("at "):
        name, target_text = "", rest.strip()[3:]
    target = None
    if target_text:
        enemy = read.unit(target_text, own=False)
        if isinstance(enemy, Rejection):
            return enemy
        target = enemy
    if not name.strip():
        if _acting(read) is None:
            return reject(
                RejectionCode.BAD_ARGUMENT, "Use `shoot <unit> [at <enemy unit>]`.", rule.SHOOTING
            )
        return act.ShootOrder(target=target)
    unit = read.unit(name, own=True)
    return unit if isinstance(unit, Rejection) else act.ShootOrder(unit=unit, target=target)


def _assault(read: Reader, rest: str) -> Action | Rejection:
    words = re.sub(r"\s+(?:at|on|into)\s+", " ", rest.strip(), flags=re.IGNORECASE).split()
    acting = _acting(read)
    if len(words) == 1 and acting is not None:
        enemy = read.unit(words[0], own=False)
        return enemy if isinstance(enemy, Rejection) else act.AssaultOrder(target=enemy)
    for cut in range(1, len(words)):
        unit = read.unit(" ".join(words[:cut]), own=True)
        enemy = read.unit(" ".join(words[cut:]), own=False)
        if isinstance(unit, str) and isinstance(enemy, str):
            return act.AssaultOrder(unit=unit, target=enemy)
    if len(words) >= 2:
        unit = read.unit(words[0], own=True)
        if isinstance(unit, Rejection):
            return unit
        enemy = read.unit(" ".join(words[1:]), own=False)
        if isinstance(enemy, Rejection):
            return enemy
    return reject(
        RejectionCode.BAD_ARGUMENT, "Use `assault <unit> <enemy unit>`.", rule.CLOSE_COMBAT
    )


def _allocate(read: Reader, rest: str) -> Action | Rejection:
    text = rest.strip().lower()
    if text in ("closest", "nearest", "default", "auto"):
        return act.Allocate()
    parts = [p for p in re.split(r"[\s,]+", text) if p]
    if not parts or not all(p.isdigit() for p in parts):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Use `allocate 3, 5, 1` (model numbers in the order they take hits) or"
            " `allocate closest`.",
            rule.ALLOCATE,
        )
    return act.Allocate(models=tuple(str(int(p)) for p in parts))


VERBS: VerbTable[Reader] = VerbTable(
    [
        Verb("force", "force <ready-made force> | force <unit>, <unit> x2, ...", _force),
        Verb("deploy", "deploy <unit> [at x,y [line|column|blob]]", _deploy),
        Verb("first", "first me|<player>", _first),
        Verb("move", "move <unit> to x,y | move <unit> toward <enemy>", _moving(False)),
        Verb("rush", "rush <unit> to x,y | rush <unit> toward <enemy>", _moving(True)),
        Verb("hold", "hold <unit>", _hold),
        Verb("shoot", "shoot <unit> [at <enemy>]", _shoot),
        Verb("assault", "assault <unit> <enemy>", _assault, aliases=("charge",)),
        bare("end", act.EndActivation(), ("activation",), rule=rule.ACTIVATION),
        Verb("allocate", "allocate <model>, <model>, ... | allocate closest", _allocate),
    ]
)
ACTIVATION_VERBS = ("move", "rush", "hold", "shoot", "assault")
FOLLOW_UP_VERBS = ("shoot", "assault", "end")


def verbs_now(state: SquadState, seat: str) -> tuple[str, ...]:
    if state.finished or seat not in state.seats_in_play():
        return ()
    if state.phase == "forces":
        return ("force",)
    if state.phase == "deployment":
        return ("deploy",) if state.deploying == seat else ()
    window = state.waiting_window()
    if window is not None:
        if window.seat != seat:
            return ()
        return ("allocate",) if window.frame == "allocate" else ("first",)
    if state.activation is not None:
        return FOLLOW_UP_VERBS if state.unit(state.activation.unit).seat == seat else ()
    return ACTIVATION_VERBS if state.to_act == seat else ()


def force_total(text: str, state: SquadState, catalog: Catalog, seat: str) -> str | None:
    """While a force is typed unit by unit (``force rifle squad x2, sniper``), what the
    units named so far cost against the game's limit; the unit still being typed after the
    last comma counts once it names one. None when ``text`` is not such a force."""
    verb, _, rest = text.strip().partition(" ")
    if state.phase != "forces" or VERBS.get(verb) is not VERBS.get("force") or "," not in rest:
        return None
    read = Reader(state, catalog, seat)
    parts = [p.strip() for p in rest.split(",")]
    units: list[str] = []
    for n, part in enumerate(parts):
        count = 1
        times = _TIMES.match(part)
        if times is not None:
            part, count = times.group(1), int(times.group(2))
        profile = read.profile(part) if part else None
        if isinstance(profile, str):
            units.extend([profile] * count)
        elif n < len(parts) - 1:
            return None  # an earlier unit names nothing: the usual hints say what to type
    points = sum(catalog.units[u].points for u in units)
    limit = state.options.points
    total = f"so far {points} of {limit} points, {len(units)} units"
    if points > limit:
        total += f": {points - limit} over"
    return f"{text.strip()[:50]} — {total}"


def parse(text: str, state: SquadState, catalog: Catalog, seat: str) -> Action | Rejection:
    words = text.split()
    verb = VERBS.get(words[0]) if words else None
    if state.phase == "forces" and verb is not None and verb.word != "force":
        # no unit exists before the forces are revealed: say so rather than miss its name
        return reject(
            RejectionCode.WRONG_PHASE,
            "First every player chooses a force: " + VERBS.forms(("force",)) + ".",
            rule.FORCES,
        )
    return VERBS.read(text, Reader(state, catalog, seat), verbs_now(state, seat))
