"""Reading Wasteland actions typed by players (``/act``), e.g. ``deploy A3 at 36,24 line
facing north``, ``move to 30,20 then shoot B1 with pistol``, ``shoot B1 with rifle; B2 with
launcher models 3,4``, ``order A1 push A3``.

Units are named by id (``A3``) or by a unique prefix of their name; points are inches from
the table's top-left corner. Every mistake becomes a refusal that says what would work.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rules.core.actions import Action
from rules.core.names import normal
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.verbs import Verb, VerbTable, bare
from rules.geometry.points import NUMBER, describe_point, read_length, read_placing
from rules.wasteland import actions as act
from rules.wasteland.buildings import find_building
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.names import Names, unit_label
from rules.wasteland.starter_lists import starter_list
from rules.wasteland.state import Fire, ListEntry, WastelandState, WUnit

__all__ = ["VERBS", "describe_point", "parse", "unit_label", "verbs_now"]

MAX_LENGTH = 500
MAX_ENTRIES = 60
MAX_FIRES = 6
MAX_TARGETS = 6


Reader = Callable[[Names, str], Action | Rejection]


def verbs_now(state: WastelandState, seat: str) -> tuple[str, ...]:
    """The verbs that make sense for ``seat`` in the current phase and situation."""
    if state.phase == "lists":
        return ("army", "add", "remove", "clear", "submit")
    if state.phase == "deployment":
        return ("deploy", "hold")
    if state.phase != "battle":
        return ()
    window = state.window()
    if window is not None:
        return ("react",) if window.frame == "reaction" else ("nullify",)
    if state.active is not None and state.active.seat == seat:
        return ("move", "shoot", "fight", "defend", "cast", "interact", "order", "end")
    return ("activate", "arrive", "reinforce", "order", "wait")


def _forms(verbs: Sequence[str]) -> str:
    return VERBS.forms(verbs)


def _bad(message: str, rule: str = "") -> Rejection:
    return reject(RejectionCode.BAD_ARGUMENT, message, rule)


def _usage(verb: str) -> Rejection:
    return VERBS.usage(verb)


def parse(text: str, state: WastelandState, catalog: Catalog, seat: str) -> Action | Rejection:
    """What ``seat`` means by ``text``: an action, or a refusal that says why not."""
    if len(text) > MAX_LENGTH:
        return _bad(f"That is {len(text)} characters; keep an action under {MAX_LENGTH}.")
    try:
        return _parse(text, Names(state, catalog, seat))
    except (ValueError, ArithmeticError):  # pydantic limits the parser did not foresee
        return _bad("That action does not fit the rules' limits; check the numbers and names.")


def _parse(text: str, read: Names) -> Action | Rejection:
    cleaned = " ".join(text.replace("×", " x").split())
    return VERBS.read(cleaned, read, verbs_now(read.state, read.seat))


# -- army lists ---------------------------------------------------------------------------
_MODELS = re.compile(r"(?<!\w)x\s*(\d{1,3})(?!\w)", re.IGNORECASE)
_GROUP = re.compile(r"(?<!\w)(?:g|group)\s*(\d{1,3})(?!\w)", re.IGNORECASE)
_EMBARK = re.compile(r"(?<!\w)in\s+#?(\d{1,3})(?!\w)", re.IGNORECASE)


def _take(pattern: re.Pattern[str], text: str, what: str) -> tuple[int | None, str] | Rejection:
    found = pattern.findall(text)
    if len(found) > 1:
        return _bad(f"'{text[:40]}' gives the {what} twice.")
    if not found:
        return None, text
    return int(found[0]), pattern.sub(" ", text)


def _entry_parts(text: str) -> tuple[str, int | None, int, int | None] | Rejection:
    """``raiders x5 g2 in 3`` → ("raiders", 5, 2, 3)."""
    rest = text
    taken: list[int | None] = []
    for pattern, what in ((_MODELS, "model count"), (_GROUP, "group"), (_EMBARK, "transport")):
        found = _take(pattern, rest, what)
        if isinstance(found, Rejection):
            return found
        taken.append(found[0])
        rest = found[1]
    models, group, embark = taken
    if models is not None and models < 1:
        return _bad(f"'{text[:40]}': a unit has at least one model.")
    if group is not None and group < 1:
        return _bad("Battle Groups are numbered from 1 (g1, g2, …).", "004 Step 1")
    if embark is not None and embark < 1:
        return _bad("`in <n>` names a transport by its entry number, from 1.")
    return rest.strip(), models, group or 1, embark


def _entries(read: Names, parts: Sequence[str], known: set[str]) -> list[ListEntry] | Rejection:
    """List entries; ambiguous profile names are settled by the faction of the others."""
    pieces = []
    for part in parts:
        found = _entry_parts(part)
        if isinstance(found, Rejection):
            return found
        pieces.append(found)
    first = [read.profile(name, set()) for name, *_ in pieces]
    factions = {read.catalog.unit_faction.get(p, "") for p in first if isinstance(p, str)}
    context = (factions - {""}) or known
    entries = []
    for (name, models, group, embark), profile in zip(pieces, first, strict=True):
        if isinstance(profile, Rejection):
            profile = read.profile(name, context)
            if isinstance(profile, Rejection):
                return profile
        count = models if models is not None else read.catalog.units[profile].min_models
        entries.append(ListEntry(profile=profile, models=count, group=group, embark=embark))
    return entries


def _army(read: Names, rest: str) -> Action | Rejection:
    head, _, faction = rest.strip().partition(" ")
    if head.lower() == "starter":
        return _starter(read, faction)
    parts = [p.strip() for p in re.split(r"[,;]", rest) if p.strip()]
    if not parts:
        return _usage("army")
    if len(parts) > MAX_ENTRIES:
        return _bad(f"A list has at most {MAX_ENTRIES} entries, not {len(parts)}.")
    entries = _entries(read, parts, read.profile_factions())
    return entries if isinstance(entries, Rejection) else act.DraftList(entries=tuple(entries))


def _starter(read: Names, text: str) -> Action | Rejection:
    faction = read.faction(text)
    if isinstance(faction, Rejection):
        return faction
    army = starter_list(read.state, read.catalog, read.seat, faction)
    if army is None:
        name = read.catalog.factions[faction].name
        return _bad(f"{name} has no ready-made list for this game size; build one with `add`.")
    return act.DraftList(entries=army.entries)


def _add(read: Names, rest: str) -> Action | Rejection:
    if not rest.strip() or re.search(r"[,;]", rest):
        return _bad(f"Add one unit at a time: {_forms(['add'])} (or write the whole `army`).")
    entries = _entries(read, [rest], read.profile_factions())
    return entries if isinstance(entries, Rejection) else act.AddUnit(entry=entries[0])


def _remove(read: Names, rest: str) -> Action | Rejection:
    wanted = normal(rest).lstrip("#")
    if wanted in ("all", "everything"):
        return act.RemoveUnit(index=0)
    draft = read.state.drafts.get(read.seat)
    entries = draft.entries if draft is not None else ()
    if re.fullmatch(r"\d{1,3}", wanted):
        index = int(wanted)
        if not 1 <= index <= len(entries):
            size = f"entries 1-{len(entries)}" if entries else "no entries"
            return _bad(f"Your draft has {size}; there is no entry {index}.")
        return act.RemoveUnit(index=index)
    if not wanted:
        return _usage("remove")
    profile = read.profile(rest, read.profile_factions())
    if isinstance(profile, Rejection):
        return profile
    places = [i for i, e in enumerate(entries, 1) if e.profile == profile]
    if len(places) != 1:
        where = "is not in your draft" if not places else f"is entries {_join(places)}"
        return _bad(f"{profile} {where}; remove an entry by number ({_forms(['remove'])}).")
    return act.RemoveUnit(index=places[0])


def _join(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


# -- placing units --------------------------------------------------------------------------
def _transports(read: Names) -> Callable[[WUnit], bool]:
    def keep(unit: WUnit) -> bool:
        profile = read.state.profiles.get(unit.profile)
        return profile is not None and profile.has("transport")

    return keep


def _split_at(rest: str, word: str) -> tuple[str, str] | None:
    """``<name> <word> <rest>`` split at the last ``word``."""
    found = list(re.finditer(rf"(?<!\S){word}(?!\S)", rest, re.IGNORECASE))
    if not found:
        return None
    last = found[-1]
    return rest[: last.start()].strip(), rest[last.end() :].strip()


def _placement(
    read: Names, rest: str, verb: str, keep: Callable[[WUnit], bool]
) -> dict[str, Any] | Rejection:
    split = _split_at(rest, "at")
    if split is None or not split[0]:
        return _usage(verb)
    unit = read.own(split[0], keep)
    if isinstance(unit, Rejection):
        return unit
    placing = read_placing(split[1], read.state.table, "004 Units")
    if isinstance(placing, Rejection):
        return placing
    found: dict[str, Any] = {"unit": unit, "at": placing.at}
    if placing.formation is not None:
        found["formation"] = placing.formation
    return found | {"facing": placing.facing, "spacing": placing.spacing}


def _deploy(read: Names, rest: str) -> Action | Rejection:
    def reserve(unit: WUnit) -> bool:
        return unit.status == "reserve"

    if _split_at(rest, "at") is not None:
        found = _placement(read, rest, "deploy", reserve)
        return found if isinstance(found, Rejection) else act.Deploy(**found)
    pieces = list(re.finditer(r"(?<!\S)in(?!\S)", rest, re.IGNORECASE))
    first: Rejection | None = None
    for piece in pieces:
        unit = read.own(rest[: piece.start()], reserve)
        carrier = read.own(rest[piece.end() :], _transports(read), "transport")
        if isinstance(unit, str) and isinstance(carrier, str):
            return act.Deploy(unit=unit, at=(0, 0), embark=carrier)
        problem = unit if isinstance(unit, Rejection) else carrier
        if first is None and isinstance(problem, Rejection):
            first = problem
    return first or _usage("deploy")


def _hold(read: Names, rest: str) -> Action | Rejection:
    text = re.sub(r"^back\s+", "", rest.strip(), flags=re.IGNORECASE)
    unit = read.own(text, lambda u: u.status == "reserve")
    return unit if isinstance(unit, Rejection) else act.HoldBack(unit=unit)


def _arrive(read: Names, rest: str) -> Action | Rejection:
    found = _placement(read, rest, "arrive", lambda u: u.status == "ambush")
    return found if isinstance(found, Rejection) else act.Arrive(**found)


def _reinforce(read: Names, rest: str) -> Action | Rejection:
    found = _placement(read, rest, "reinforce", lambda u: u.status == "destroyed")
    return found if isinstance(found, Rejection) else act.Reinforce(**found)


# -- activations ----------------------------------------------------------------------------
def _activate(read: Names, rest: str) -> Action | Rejection:
    found = re.search(r"(?<!\S)(heroic|heroism|heroically)\s*$", rest, re.IGNORECASE)
    heroic = found is not None
    text = rest[: found.start()] if found is not None else rest

    def ready(unit: WUnit) -> bool:
        return not unit.activated and bool(unit.living) and unit.status in ("table", "embarked")

    unit = read.own(text, ready)
    return unit if isinstance(unit, Rejection) else act.Activate(unit=unit, heroic=heroic)


def _active(read: Names, why: str) -> WUnit | Rejection:
    active = read.state.active
    if active is None or active.seat != read.seat or active.unit not in read.state.units:
        return _bad(f"None of your units is activating, so {why}. Activate a unit first.")
    return read.state.units[active.unit]


# -- shooting -------------------------------------------------------------------------------
_FLAGS = re.compile(
    r"(?<!\S)(extend(?:ed)?|indirect(?:ly)?|focus(?:ed)?(?:\s+fire)?)(?!\S)", re.IGNORECASE
)


def _flag(word: str) -> str:
    """``extended`` → extend, ``indirectly`` → indirect, ``focus fire`` → focus."""
    lowered = word.lower()
    return next(f for f in ("extend", "indirect", "focus") if lowered.startswith(f[:3]))


def _fire(read: Names, clause: str) -> Fire | Rejection:
    pieces = re.split(r"(?<!\S)(with|models?)(?!\S)", clause, flags=re.IGNORECASE)
    target_text, parts = pieces[0], pieces[1:]
    target = read.enemy(target_text, "target")
    if isinstance(target, Rejection):
        return target
    weapon: str | None = None
    models: tuple[str, ...] = ()
    for word, text in zip(parts[::2], parts[1::2], strict=True):
        key = "with" if word.lower() == "with" else "models"
        if (key == "with" and weapon is not None) or (key == "models" and models):
            return _bad(f"`{key}` is given twice for {target}.")
        if key == "with":
            found = read.weapon(text)
            if isinstance(found, Rejection):
                return found
            weapon = found
        else:
            owner = _active(read, "there are no models to pick")
            if isinstance(owner, Rejection):
                return owner
            chosen = read.models(text, owner)
            if isinstance(chosen, Rejection):
                return chosen
            models = chosen
    return Fire(target=target, weapon=weapon, models=models)


def _fires(read: Names, text: str) -> tuple[tuple[Fire, ...], set[str]] | Rejection:
    flags = {_flag(f) for f in _FLAGS.findall(text)}
    clauses = [c.strip() for c in _FLAGS.sub(" ", text).split(";") if c.strip()]
    if not clauses:
        return _usage("shoot")
    if len(clauses) > MAX_FIRES:
        return _bad(f"A Shoot Action has at most {MAX_FIRES} parts, not {len(clauses)}.")
    fires = []
    for clause in clauses:
        fire = _fire(read, clause)
        if isinstance(fire, Rejection):
            return fire
        fires.append(fire)
    return tuple(fires), flags


def _shoot(read: Names, rest: str) -> Action | Rejection:
    found = _fires(read, rest)
    if isinstance(found, Rejection):
        return found
    fires, flags = found
    return act.Shoot(
        fires=fires,
        extend="extend" in flags,
        indirect="indirect" in flags,
        focus="focus" in flags,
    )


# -- moving ---------------------------------------------------------------------------------
_KEYWORD = re.compile(r"(?<!\S)(to|by|towards?|embark|disembark|occupy)(?!\S)", re.IGNORECASE)
_MODEL_START = re.compile(r"^([A-Za-z]+\d+)?\.\d{1,3}\s+to(?!\S)", re.IGNORECASE)
_THEN = re.compile(r"(?:^|[\s,;])then\s+(?:shoot|fire)(?!\S)", re.IGNORECASE)


def _move(read: Names, rest: str) -> Action | Rejection:
    then = _THEN.search(rest)
    body = rest[: then.start()] if then is not None else rest
    found = _move_body(read, body.strip().rstrip(",;").strip())
    if isinstance(found, Rejection) or then is None:
        return found if isinstance(found, Rejection) else act.Move.model_validate(found)
    fired = _fires(read, rest[then.end() :])
    if isinstance(fired, Rejection):
        return fired
    if fired[1] - {"focus"}:
        return _bad("`extend` and `indirect` belong to a Shoot Action, not fire after a Move.")
    return act.Move.model_validate(found | {"fire": fired[0], "focus": "focus" in fired[1]})


def _move_body(read: Names, text: str) -> dict[str, Any] | Rejection:
    if _MODEL_START.match(text):
        return _move_models(read, text)
    keyword = _KEYWORD.search(text)
    if keyword is None:
        return _usage("move")
    lead = text[: keyword.start()].strip()
    if lead:
        problem = _leading_unit(read, lead)
        if problem is not None:
            return problem
    word, body = keyword.group(1).lower(), text[keyword.end() :].strip()
    if word in ("to", "by", "disembark"):
        if word == "disembark":
            body = re.sub(r"^(?:at|to)\s+", "", body, flags=re.IGNORECASE)
        placing = read_placing(body, None if word == "by" else read.state.table, "004 Units")
        if isinstance(placing, Rejection):
            return placing
        if placing.spacing is not None:
            return _bad("Spacing is only chosen when a unit is placed (deploy, arrive).")
        key = {"to": "to", "by": "by", "disembark": "disembark"}[word]
        return {key: placing.at, "formation": placing.formation, "facing": placing.facing}
    if word in ("embark", "occupy"):
        carrier = read.own(body, _transports(read), "transport")
        if isinstance(carrier, Rejection):
            building = _building(read, body)
            return carrier if building is None else {"embark": building}
        return {"embark": carrier}
    return _toward(read, body)


def _building(read: Names, text: str) -> str | None:
    """An intact building by its area id, or an occupied one by its id (004 Occupying
    buildings)."""
    unit = read.state.units.get(text.strip())
    if unit is not None and unit.building is not None:
        return unit.id
    area = find_building(read.state, text)
    return area.id if area is not None else None


def _leading_unit(read: Names, lead: str) -> Rejection | None:
    active = _active(read, f"'{lead[:30]}' cannot move")
    if isinstance(active, Rejection):
        return active
    unit = read.own(lead, lambda u: u.id == active.id)
    if isinstance(unit, Rejection):
        return unit
    if unit != active.id:
        return _bad(
            f"{unit_label(read.state, unit)} is not activating; "
            f"{unit_label(read.state, active.id)} is, and only it may move."
        )
    return None


def _toward(read: Names, body: str) -> dict[str, Any] | Rejection:
    whole = read.named_standing(body)
    if whole is not None:
        return {"toward": whole}
    tail = re.fullmatch(rf"(.*?)\s+({NUMBER}\s*(?:\"|in|inch|inches)?)", body, re.IGNORECASE)
    target = read.named_standing(tail.group(1)) if tail is not None else None
    if tail is None or target is None:
        refused = read.unit_or_objective(body)  # the whole text names nothing: say why
        assert isinstance(refused, Rejection)
        return refused
    distance = read_length(tail.group(2))
    if isinstance(distance, Rejection):
        return distance
    if distance == 0:
        return _bad("Move some distance toward it (more than 0 inches).")
    return {"toward": target, "distance": distance}


def _move_models(read: Names, text: str) -> dict[str, Any] | Rejection:
    active = read.state.active
    owner = read.state.units.get(active.unit) if active and active.seat == read.seat else None
    models: dict[str, tuple[int, int]] = {}
    for part in (p.strip() for p in text.split(";") if p.strip()):
        found = re.fullmatch(r"(\S+)\s+to\s+(.+)", part, re.IGNORECASE)
        if found is None:
            return _bad(f"'{part[:40]}': write `<model> to <x,y>`, e.g. `A3.2 to 36,24`.")
        model = read.model(found.group(1), owner)
        if isinstance(model, Rejection):
            return model
        if model in models:
            return _bad(f"{model} is moved twice.")
        placing = read_placing(found.group(2), read.state.table, "004 Units")
        if isinstance(placing, Rejection):
            return placing
        if (placing.formation, placing.facing, placing.spacing) != (None, None, None):
            return _bad("Model by model moves take only points; formations are for the unit.")
        models[model] = placing.at
    return {"models": models}


# -- other actions ------------------------------------------------------------------------
def _fight(read: Names, rest: str) -> Action | Rejection:
    targets: list[str] = []
    for part in (p.strip() for p in re.split(r"[,;]|(?<!\S)and(?!\S)", rest) if p.strip()):
        target = read.enemy(part, "target")
        if isinstance(target, Rejection):
            return target
        if target not in targets:
            targets.append(target)
    if not targets:
        return _usage("fight")
    if len(targets) > MAX_TARGETS:
        return _bad(f"A Fight Action has at most {MAX_TARGETS} targets.")
    return act.Fight(targets=tuple(targets))


_POWER = re.compile(
    r"^(psychic\s+fury|fury|war\s+blessing|blessing)(?!\S)\s*(?:(?:at|on|onto|upon)\s+)?(.*)$",
    re.IGNORECASE,
)


def _cast(read: Names, rest: str) -> Action | Rejection:
    found = _POWER.match(rest.strip())
    if found is None:
        return _bad(
            f"The powers are Psychic Fury and War Blessing: {_forms(['cast'])}.", "004 Caster"
        )
    if "fury" in found.group(1).lower():
        target = read.enemy(found.group(2), "target")
        return target if isinstance(target, Rejection) else act.Cast(power="fury", target=target)
    unit = read.own(found.group(2), lambda u: u.on_table)
    return unit if isinstance(unit, Rejection) else act.Cast(power="blessing", target=unit)


_MODE = re.compile(
    r"(?<!\S)(slow\s+and\s+steady|steady|slow|go\s+for\s+broke|for\s+broke|broke)\s*$",
    re.IGNORECASE,
)


def _interact(read: Names, rest: str) -> Action | Rejection:
    mode = _MODE.search(rest)  # the mode may come last ...
    text = rest[: mode.start()] if mode is not None else rest
    against: str | None = None
    split = _split_at(text, "against")
    if split is not None:
        seat = read.seat_id(split[1])
        if isinstance(seat, Rejection):
            return seat
        text, against = split[0], seat
    if mode is None:  # ... or before "against"
        mode = _MODE.search(text)
        text = text[: mode.start()] if mode is not None else text
    steady = mode is not None and "broke" not in mode.group(1).lower()
    objective = read.objective(text)
    if isinstance(objective, Rejection):
        return objective
    return act.Interact(objective=objective, mode="steady" if steady else "broke", against=against)


ORDERS: tuple[tuple[str, str], ...] = (
    ("call in an airstrike", "airstrike"),
    ("call in airstrike", "airstrike"),
    ("call an airstrike", "airstrike"),
    ("air strike", "airstrike"),
    ("airstrike", "airstrike"),
    ("seize the initiative", "seize"),
    ("seize initiative", "seize"),
    ("seize", "seize"),
    ("push forward", "push"),
    ("push", "push"),
    ("strike harder", "strike"),
    ("strike", "strike"),
    ("regroup", "regroup"),
)
_ORDER = re.compile(
    r"(?<!\S)(" + "|".join(p.replace(" ", r"\s+") for p, _ in ORDERS) + r")(?!\S)", re.IGNORECASE
)


def _order(read: Names, rest: str) -> Action | Rejection:
    text = rest.replace("!", " ")
    far = re.search(r"(?<!\S)far\s*$", text, re.IGNORECASE)
    text = text[: far.start()] if far is not None else text

    def leads(unit: WUnit) -> bool:
        profile = read.state.profiles.get(unit.profile)
        return unit.on_table and profile is not None and profile.has("leadership")

    first: Rejection | None = None
    for found in _ORDER.finditer(text):
        leader_text, unit_text = text[: found.start()].strip(), text[found.end() :].strip()
        if not leader_text or not unit_text:
            continue
        order = dict(ORDERS)[" ".join(found.group(1).lower().split())]
        leader = read.own(leader_text, leads, "leader")
        unit = (
            read.enemy(unit_text)
            if order == "airstrike"
            else read.own(unit_text, lambda u: u.on_table)
        )
        if isinstance(leader, str) and isinstance(unit, str):
            return act.GiveOrder.model_validate(
                {"leader": leader, "order": order, "unit": unit, "far": far is not None}
            )
        problem = leader if isinstance(leader, Rejection) else unit
        if first is None and isinstance(problem, Rejection):
            first = problem
    return first or _usage("order")


REACTIONS: tuple[tuple[str, str | None], ...] = (
    ("go to ground", "ground"),
    ("to ground", "ground"),
    ("ground", "ground"),
    ("counter attack", "counter"),
    ("counterattack", "counter"),
    ("counter", "counter"),
    ("withdraw", "withdraw"),
    ("retreat", "withdraw"),
    ("none", None),
    ("no", None),
    ("nothing", None),
    ("pass", None),
)
_REACTION = re.compile(
    r"(?<!\S)(" + "|".join(p.replace(" ", r"\s+") for p, _ in REACTIONS) + r")\s*$"
)


def _react(read: Names, rest: str) -> Action | Rejection:
    text = " ".join(rest.lower().replace("-", " ").split())
    found = _REACTION.search(text)
    if found is None:
        return _bad(f"Say which reaction: {_forms(['react'])}.", "004 Reactions")
    reaction = dict(REACTIONS)[" ".join(found.group(1).split())]
    unit_text = _strip_words(rest, len(found.group(1).split()))
    if not unit_text.strip():
        window = read.state.window()
        if window is None or window.frame != "reaction" or window.seat != read.seat:
            return _bad(f"Name the reacting unit: {_forms(['react'])}.")
        return act.React.model_validate({"unit": window.unit, "reaction": reaction})
    unit = read.own(unit_text, lambda u: u.on_table)
    if isinstance(unit, Rejection):
        return unit
    return act.React.model_validate({"unit": unit, "reaction": reaction})


def _strip_words(text: str, count: int) -> str:
    """``text`` without its last ``count`` words (hyphens split words)."""
    words = text.replace("-", " ").split()
    return " ".join(words[: len(words) - count])


def _nullify(read: Names, rest: str) -> Action | Rejection:
    if normal(rest) in ("none", "no", "stop", "pass", "nothing", "let it be"):
        return act.Nullify(unit=None)
    if not normal(rest):
        return _bad(f"Name the caster, or stop: {_forms(['nullify'])}.", "004 Cast")

    def casts(unit: WUnit) -> bool:
        profile = read.state.profiles.get(unit.profile)
        return unit.on_table and profile is not None and profile.has("caster")

    unit = read.own(rest, casts, "caster")
    return unit if isinstance(unit, Rejection) else act.Nullify(unit=unit)


VERBS: VerbTable[Names] = VerbTable(
    [
        Verb(
            "army",
            "army <profile> x<models> [g<group>] [in <n>], <profile> x<models>, ... | "
            "army starter <faction>",
            _army,
        ),
        Verb("add", "add <profile> [x<models>] [g<group>] [in <n>]", _add),
        Verb("remove", "remove <n>", _remove),
        bare("clear", act.RemoveUnit(index=0), ("all", "list", "draft")),
        bare("submit", act.SubmitList(), ("list", "army", "draft")),
        Verb(
            "deploy",
            "deploy <unit> at <x,y> [line|column|blob] [facing <deg|north|…>] "
            "[spacing <inches>] | deploy <unit> in <transport>",
            _deploy,
        ),
        Verb("hold", "hold <unit>", _hold),
        Verb("arrive", "arrive <unit> at <x,y> [line|column|blob] [facing …]", _arrive),
        Verb("reinforce", "reinforce <unit> at <x,y> [line|column|blob] [facing …]", _reinforce),
        Verb("activate", "activate <unit> [heroic]", _activate),
        Verb(
            "move",
            "move to <x,y> | by <dx,dy> | toward <unit|objective> [<inches>] | "
            "<model> to <x,y>; <model> to <x,y> | embark <transport|building> | "
            "disembark <x,y> [then shoot <target> [with <weapon>] [focus]]",
            _move,
        ),
        Verb(
            "shoot",
            "shoot <target> [with <weapon>] [models 3,4] [; <target> …] [extend] "
            "[indirect] [focus]",
            _shoot,
            aliases=("fire",),
        ),
        Verb("fight", "fight <target>[, <target>…]", _fight, aliases=("charge",)),
        bare("defend", act.Defend()),
        Verb("cast", "cast fury at <target> | cast blessing on <unit>", _cast),
        Verb("interact", "interact <objective> [steady|broke] [against <seat>]", _interact),
        Verb("order", "order <leader> push|strike|regroup|seize|airstrike <unit> [far]", _order),
        bare("end", act.EndActivation(), ("activation", "turn"), aliases=("done",)),
        bare("wait", act.EndActivation()),
        Verb("react", "react <unit> none|withdraw|ground|counter", _react),
        Verb("nullify", "nullify <unit> | nullify none", _nullify),
    ]
)
