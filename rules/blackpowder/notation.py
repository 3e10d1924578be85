"""Reading actions typed by players (``/act``): ``play <card> [decline]``, ``hold <card>``,
``stand fast <unit>``, ``command <unit>``, ``prepare <card>``, ``move <unit> to x,y``,
``shoot <unit> at <enemy> [with <weapon>]``, ``move <unit> to x,y then shoot at <enemy>
[with <weapon>]``, ``charge <unit> [at] <enemy> [to x,y]``, ``reload <unit>``,
``rally <unit>``, ``done``, ``end``, ``form <unit> close|open|loose|column [towards x,y]``;
when an enemy unit ends an action in sight, ``fire <unit> [with <weapon>]`` (*Enemy
sighted!*) or ``pass``; on row 2 of the reaction table, ``fall back`` or ``shaken``; when
fire kills models of an own unit, ``remove <model> ...`` or ``nearest``.

Every verb also reads in German, with the sheet's words where it has them
(``bewege B2 nach 30,20``, ``bewege B2 nach 30,20 dann schieße auf A3``, ``schieße B2 auf
A3 mit Muskete``, ``formiere B2 locker``, ``haltet stand B2``, ``zurückweichen``), and
cards, units and weapons are found by their German names too.

Cards are named by their name or id among those the action can use (the hand and reserve,
the discard pile); units by id, marker or name. An own unit under a marker is always
written down as its marker, so the action logged in public names no hidden unit. Points
are inches from the table's top-left corner.
"""

from __future__ import annotations

import re

from rules.blackpowder import actions as act
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.naming import card_name, weapon_name
from rules.blackpowder.phrasebook import say
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.state import BPState, Formation
from rules.core.actions import Action
from rules.core.language import Language, Phrase
from rules.core.names import Option, find
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.verbs import Verb, VerbTable, bare
from rules.geometry.points import read_point

_TO = re.compile(r"^(.*?)\s+(?:to|nach)\s+(.+)$", re.IGNORECASE)
_DECLINE = re.compile(r"^(.*?)\s+(?:decline|ablehnen)$", re.IGNORECASE)
_FAST = re.compile(r"^(?:fast|stand)\s+", re.IGNORECASE)
DE = Language.GERMAN
_CARD = Phrase("card", "Karte")
_UNIT = Phrase("unit", "Einheit")
_WEAPON = Phrase("weapon", "Waffe")


class Reader:
    """Resolves names against the state as ``seat`` sees it."""

    def __init__(self, state: BPState, seat: str) -> None:
        self.state = state
        self.seat = seat

    def card(self, text: str, among: tuple[str, ...], where: Phrase) -> str | Rejection:
        options = []
        for c in dict.fromkeys(among):
            name = card_name(self.state, c)  # either language names it
            options.append(
                Option(
                    c,
                    f"{name.english} (`{c}`)",
                    (name.english, name.in_(DE)),
                    f"{name.in_(DE)} (`{c}`)",
                )
            )
        if not options:
            return reject(
                RejectionCode.BAD_ARGUMENT, say("no-card-where", where=where), cited(rule.GO)
            )
        if not text.strip():
            listed = Phrase(
                "; ".join(o.label for o in options), "; ".join(o.german or o.label for o in options)
            )
            return reject(
                RejectionCode.BAD_ARGUMENT,
                say("name-a-card", where=where, cards=listed),
                cited(rule.GO),
                [o.id for o in options],
            )
        return find(text, options, _CARD, say("cards-where", where=where))

    def unit(self, text: str) -> str | Rejection:
        """A unit as the seat may name it: its own units (hidden ones as their marker),
        enemy units on show, and markers. An enemy unit named by its id while it hides,
        or a unit gone from the table, is refused with what is the matter with it."""
        gone = self._not_there(text.strip())
        if gone is not None:
            return gone
        options: list[Option] = []
        for unit in self.state.on_table():
            german = self.state.profile(unit).name_de  # the unit's German name names it too
            if unit.seat == self.seat and unit.marker is not None:
                options.append(
                    Option(
                        unit.marker,
                        f"{unit.marker} ({unit.id} {unit.name})",
                        (unit.id, unit.name, german),
                        f"{unit.marker} ({unit.id} {german})",
                    )
                )
            elif unit.marker is None:
                options.append(
                    Option(
                        unit.id,
                        f"{unit.id} {unit.name}",
                        (unit.name, german),
                        f"{unit.id} {german}",
                    )
                )
        options.extend(Option(m.id, m.id) for m in self.state.markers if m.seat != self.seat)
        options.extend(
            Option(m.id, f"{m.id} (dummy)", (), f"{m.id} (Blindmarker)")
            for m in self.state.dummies_of(self.seat)
        )
        own = {u.piece for u in self.state.on_table(self.seat)}
        own |= {m.id for m in self.state.dummies_of(self.seat)}
        return find(text, options, _UNIT, Phrase("Units", "Einheiten"), likely=own)

    def _not_there(self, text: str) -> Rejection | None:
        unit = next((u for u in self.state.units if u.id.lower() == text.lower()), None)
        if unit is None:
            return None
        if not unit.on_table:
            return reject(
                RejectionCode.BAD_ARGUMENT, say("unit-gone", unit=unit.id), cited(rule.ACTIONS)
            )
        if unit.seat != self.seat and unit.hidden:
            return reject(
                RejectionCode.NO_LINE_OF_SIGHT,
                say("unit-not-on-show", unit=unit.id),
                cited(rule.HIDDEN),
            )
        return None

    def hand(self) -> tuple[str, ...]:
        player = self.state.player(self.seat)
        return (*player.hand, *player.reserve)


def _play(read: Reader, rest: str) -> Action | Rejection:
    decline = _DECLINE.match(rest.strip())
    text = decline.group(1) if decline else rest
    card = read.card(text, read.hand(), say("in-hand-or-reserve"))
    if isinstance(card, Rejection):
        return card
    return act.PlayCard(card=card, decline=decline is not None)


def _hold(read: Reader, rest: str) -> Action | Rejection:
    card = read.card(rest, read.state.player(read.seat).hand, say("in-hand"))
    return card if isinstance(card, Rejection) else act.HoldBack(card=card)


def _prepare(read: Reader, rest: str) -> Action | Rejection:
    card = read.card(rest, read.state.discard, say("on-discard"))
    return card if isinstance(card, Rejection) else act.Prepare(card=card)


def _stand(read: Reader, rest: str) -> Action | Rejection:
    unit = read.unit(_FAST.sub("", rest.strip()))
    return unit if isinstance(unit, Rejection) else act.StandFast(unit=unit)


def _command(read: Reader, rest: str) -> Action | Rejection:
    unit = read.unit(rest)
    return unit if isinstance(unit, Rejection) else act.Command(unit=unit)


def _move(read: Reader, rest: str) -> Action | Rejection:
    then = _THEN.match(rest.strip())
    if then is not None:
        return _move_shoot(read, then.group(1), then.group(2))
    found = _TO.match(rest.strip())
    if found is None:
        return VERBS.usage("move", cited(rule.MOVEMENT))
    unit = read.unit(found.group(1))
    if isinstance(unit, Rejection):
        return unit
    if read.state.table is None:
        return reject(RejectionCode.WRONG_PHASE, say("table-not-laid"), cited(rule.SETUP))
    point = read_point(found.group(2), read.state.table)
    if isinstance(point, Rejection):
        return point
    return act.Move(unit=unit, to=point)


_THEN = re.compile(
    r"^(.*?)\s+(?:then|dann)\s+(?:shoot|schiesse|schieße|schiesze)\s+(.+)$", re.IGNORECASE
)


def _move_shoot(read: Reader, moving: str, shooting: str) -> Action | Rejection:
    """``move <unit> to x,y then shoot at <enemy> [with <weapon>]`` (reading 61)."""
    move = _move(read, moving)
    if not isinstance(move, act.Move):
        return move
    shot = _shoot(read, f"{move.unit} {shooting}")
    if not isinstance(shot, act.Shoot):
        return shot
    return act.MoveShoot(unit=move.unit, to=move.to, target=shot.target, weapon=shot.weapon)


_AT = re.compile(r"^(.*?)\s+(?:at|auf)\s+(.+?)(?:\s+(?:with|mit)\s+(.+))?$", re.IGNORECASE)


def _weapon(read: Reader, unit: str, text: str) -> str | Rejection:
    """A weapon the unit ``unit`` carries, by id or name."""
    shooter = read.state.by_piece(unit)
    carried = read.state.profile(shooter).ranged if shooter is not None else ()
    options = []
    for w in carried:
        name = weapon_name(read.state, w)
        options.append(Option(w, name.english, (name.english, name.in_(DE)), name.in_(DE)))
    return find(text, options, _WEAPON, Phrase("Weapons", "Waffen"))


def _shoot(read: Reader, rest: str) -> Action | Rejection:
    found = _AT.match(rest.strip())
    if found is None:
        return VERBS.usage("shoot", cited(rule.RANGED_FIRE))
    unit = read.unit(found.group(1))
    if isinstance(unit, Rejection):
        return unit
    target = read.unit(found.group(2))
    if isinstance(target, Rejection):
        return target
    weapon = None
    if found.group(3):
        named = _weapon(read, unit, found.group(3))
        if isinstance(named, Rejection):
            return named
        weapon = named
    return act.Shoot(unit=unit, target=target, weapon=weapon)


def _reload(read: Reader, rest: str) -> Action | Rejection:
    unit = read.unit(rest)
    return unit if isinstance(unit, Rejection) else act.Reload(unit=unit)


def _rally(read: Reader, rest: str) -> Action | Rejection:
    unit = read.unit(rest)
    return unit if isinstance(unit, Rejection) else act.Rally(unit=unit)


_WITH = re.compile(r"^(.*?)(?:\s+(?:with|mit)\s+(.+))?$", re.IGNORECASE)


def _fire(read: Reader, rest: str) -> Action | Rejection:
    found = _WITH.match(rest.strip())
    assert found is not None  # the pattern matches any text
    unit = read.unit(found.group(1))
    if isinstance(unit, Rejection):
        return unit
    if not found.group(2):
        return act.ReadyFire(unit=unit)
    weapon = _weapon(read, unit, found.group(2))
    return weapon if isinstance(weapon, Rejection) else act.ReadyFire(unit=unit, weapon=weapon)


_FORM = re.compile(r"^(.*?)\s+(\S+)(?:\s+(?:towards|richtung)\s+(.+))?$", re.IGNORECASE)
FORMATION_WORDS: dict[str, Formation] = {
    "close": "close",
    "geschlossen": "close",
    "open": "open",
    "offen": "open",
    "loose": "loose",
    "locker": "loose",
    "column": "column",
    "kolonne": "column",
}


def _form(read: Reader, rest: str) -> Action | Rejection:
    found = _FORM.match(rest.strip())
    if found is None:
        return VERBS.usage("form", cited(rule.FORMATIONS))
    formation = FORMATION_WORDS.get(found.group(2).lower())
    if formation is None:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            say("no-formation", word=found.group(2)),
            cited(rule.FORMATIONS),
        )
    unit = read.unit(found.group(1))
    if isinstance(unit, Rejection):
        return unit
    towards = None
    if found.group(3):
        if read.state.table is None:
            return reject(RejectionCode.WRONG_PHASE, say("table-not-laid"), cited(rule.SETUP))
        point = read_point(found.group(3), read.state.table)
        if isinstance(point, Rejection):
            return point
        towards = point
    return act.Form(unit=unit, formation=formation, towards=towards)


_CHARGE_AT = re.compile(r"^(.*?)\s+(?:at|auf)\s+(.+)$", re.IGNORECASE)


def _charge(read: Reader, rest: str) -> Action | Rejection:
    text = rest.strip()
    to = None
    found = _TO.match(text)
    if found is not None:
        text = found.group(1).strip()
        if read.state.table is None:
            return reject(RejectionCode.WRONG_PHASE, say("table-not-laid"), cited(rule.SETUP))
        point = read_point(found.group(2), read.state.table)
        if isinstance(point, Rejection):
            return point
        to = point
    named = _CHARGE_AT.match(text)
    parts = (named.group(1), named.group(2)) if named else tuple(text.split(None, 1))
    if len(parts) != 2:
        return VERBS.usage("charge", cited(rule.MELEE))
    unit = read.unit(parts[0])
    if isinstance(unit, Rejection):
        return unit
    target = read.unit(parts[1])
    if isinstance(target, Rejection):
        return target
    return act.Charge(unit=unit, target=target, to=to)


def _remove(read: Reader, rest: str) -> Action | Rejection:
    models = tuple(m for m in re.split(r"[\s,]+", rest.strip()) if m)
    if not models:
        return VERBS.usage("remove", cited(rule.RANGED_FIRE))
    return act.PickCasualties(models=models)


_SHAKEN = ("erschüttert", "erschuttert", "erschuettert")
_FALL_BACK = ("zurückweichen", "zuruckweichen", "zurueckweichen")

VERBS: VerbTable[Reader] = VerbTable(
    [
        Verb("play", "play <card> [decline]", _play, ("spiele",), "spiele <Karte> [ablehnen]"),
        Verb(
            "hold",
            "hold <troop card>",
            _hold,
            ("zuruckhalten", "zurückhalten", "zurueckhalten"),
            "zurückhalten <Truppenkarte>",
        ),
        Verb("stand", "stand fast <unit>", _stand, ("haltet",), "haltet stand <Einheit>"),
        Verb("command", "command <unit>", _command, ("befehl",), "befehl <Einheit>"),
        Verb(
            "prepare",
            "prepare <troop card>",
            _prepare,
            ("vorbereitung",),
            "vorbereitung <Truppenkarte>",
        ),
        Verb(
            "move",
            "move <unit> to x,y [then shoot at <enemy unit> [with <weapon>]]",
            _move,
            ("bewege",),
            "bewege <Einheit> nach x,y [dann schieße auf <feindliche Einheit> [mit <Waffe>]]",
        ),
        Verb(
            "shoot",
            "shoot <unit> at <enemy unit> [with <weapon>]",
            _shoot,
            ("schiesse", "schieße"),
            "schieße <Einheit> auf <feindliche Einheit> [mit <Waffe>]",
        ),
        Verb("reload", "reload <unit>", _reload, ("nachladen",), "nachladen <Einheit>"),
        Verb(
            "charge",
            "charge <unit> <enemy unit> [to x,y]",
            _charge,
            ("angriff", "angreifen", "nahkampf"),
            "angriff <Einheit> <feindliche Einheit> [nach x,y]",
        ),
        Verb("rally", "rally <unit>", _rally, ("sammeln",), "sammeln <Einheit>"),
        Verb(
            "fire",
            "fire <unit> [with <weapon>]",
            _fire,
            ("feindsichtung",),
            "feindsichtung <Einheit> [mit <Waffe>]",
        ),
        bare(
            "pass", act.HoldFire(), aliases=("passen",), rule=cited(rule.ABILITIES), german="passen"
        ),
        bare(
            "fall",
            act.ChooseReaction(choice="fall-back"),
            ("back",),
            _FALL_BACK,
            cited(rule.REACTION_TESTS),
            "zurückweichen",
        ),
        bare(
            "shaken",
            act.ChooseReaction(choice="shaken"),
            aliases=_SHAKEN,
            rule=cited(rule.REACTION_TESTS),
            german="erschüttert",
        ),
        Verb(
            "remove",
            "remove <model> [<model> ...]",
            _remove,
            ("entferne",),
            "entferne <Modell> [<Modell> ...]",
        ),
        bare(
            "nearest",
            act.PickCasualties(nearest=True),
            aliases=("nächste", "nachste", "naechste"),
            rule=cited(rule.RANGED_FIRE),
            german="nächste",
        ),
        bare(
            "done",
            act.EndActivation(),
            aliases=("fertig",),
            rule=cited(rule.ACTIONS),
            german="fertig",
        ),
        bare("end", act.EndGo(), aliases=("ende",), rule=cited(rule.GO), german="ende"),
        bare(
            "hand",
            act.ShowHand(),
            aliases=("kartenhand", "karten"),
            rule=cited(rule.GO),
            german="kartenhand",
        ),
        Verb(
            "form",
            "form <unit> close|open|loose|column [towards x,y]",
            _form,
            ("formiere", "formation"),
            "formiere <Einheit> geschlossen|offen|locker|kolonne [richtung x,y]",
        ),
    ]
)


def verbs_now(state: BPState, seat: str) -> tuple[str, ...]:
    """What ``seat`` may type now; ``hand`` (its own cards, told to it alone) at any time
    in play."""
    if state.finished or seat not in state.seats:
        return ()
    found = _verbs_now(state, seat)
    return (*found, "hand") if state.phase == "play" else found


def _verbs_now(state: BPState, seat: str) -> tuple[str, ...]:
    picking = state.casualty_choice()
    if picking is not None:
        return ("remove", "nearest") if picking.seat == seat else ()
    choosing = state.reaction_choice()
    if choosing is not None:
        return ("fall", "shaken") if choosing.seat == seat else ()
    window = state.ready_fire()
    if window is not None:
        return ("fire", "pass") if window.seat == seat else ()
    if state.go != seat:
        return ()
    if state.activation is not None:
        return ("move", "shoot", "charge", "reload", "rally", "done", "end", "form")
    words = ["hold", "stand", "command", "prepare", "end"]
    return ("play", *words) if not state.played else tuple(words)


def parse(text: str, state: BPState, seat: str) -> Action | Rejection:
    return VERBS.read(text, Reader(state, seat), verbs_now(state, seat))
