"""Reading actions typed by players (``/act``), e.g. ``move c14``, ``attack vasquez with
arc-pistol``, ``throw frag-grenade at c20``, ``pack marchetti combat``.

Characters, equipment, circles and features are matched by id or name (a unique prefix is
enough). Every mistake becomes a refusal that shows the accepted forms.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import partial

from rules.core.actions import Action
from rules.core.frames import Window
from rules.core.names import Option, find
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.verbs import Verb, VerbTable, bare
from rules.tannhauser import actions as act
from rules.tannhauser.content.catalog import Catalog
from rules.tannhauser.content.characters import PACK_KINDS, PackKind
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.sight import attack_options
from rules.tannhauser.state import (
    CounterWindow,
    CrateWindow,
    FreeMeleeWindow,
    OverwatchWindow,
    RerollWindow,
    ShakeOffWindow,
    TannhauserState,
)


def _option(ident: str, *names: str) -> Option:
    """Ids are what players see listed; names and prefixes work as well."""
    return Option(ident, ident, names)


class Reader:
    """Resolves names against the state (and the catalog during setup), among what the
    action at hand can refer to first: the enemies for an attack, the seat's own
    characters for an activation, the weapons the acting character carries."""

    def __init__(self, state: TannhauserState, catalog: Catalog, seat: str) -> None:
        self.state = state
        self.catalog = catalog
        self.seat = seat

    def character(self, text: str, likely: Collection[str] | None = None) -> str | Rejection:
        if self.state.tokens:
            options = [
                _option(t.key, self.state.sheets[t.character].name)
                for t in self.state.tokens.values()
            ]
            return find(text, options, "character", likely=likely)
        return self.catalog_character(text)

    def own(self, text: str) -> str | Rejection:
        """One of the seat's own living characters, if the name fits one."""
        return self.character(text, {t.key for t in self.state.living(self.seat)})

    def enemy(self, text: str) -> str | Rejection:
        """An enemy on the board, if the name fits one."""
        return self.character(text, {t.key for t in self.state.on_board() if t.seat != self.seat})

    def carried(self, text: str, key: str | None) -> str | Rejection:
        """An item, among those ``key`` carries first."""
        token = self.state.tokens.get(key) if key is not None else None
        return self.item(text, set(token.equipment) if token is not None else None)

    def held(self, text: str) -> str | Rejection:
        """An item, among those the acting character carries first."""
        return self.carried(text, self.acting())

    def acting(self) -> str | None:
        """The character whose activation or reaction this is."""
        window = self.state.waiting_window()
        if isinstance(window, CounterWindow):
            return window.counter
        if isinstance(window, FreeMeleeWindow):
            return window.striker
        return self.state.activation.key if self.state.activation else None

    def catalog_character(self, text: str) -> str | Rejection:
        """Any character of the catalog, the seat's own team first."""
        options = [_option(c.id, c.name) for c in self.catalog.characters.values()]
        team = self.state.teams.get(self.seat) or self.state.team_picks.get(self.seat)
        return find(text, options, "character", likely=team)

    def item(self, text: str, likely: Collection[str] | None = None) -> str | Rejection:
        gear = {**self.catalog.equipment, **self.state.gear}
        options = [_option(g.id, g.name) for g in gear.values()]
        return find(text, options, "equipment token", likely=likely)

    def bonus(self, text: str) -> str | Rejection:
        options = [
            _option(b.id, self.catalog.equipment[b.equipment].name, b.equipment)
            for b in self.catalog.bonus_tokens.values()
            if b.equipment in self.catalog.equipment
        ]
        return find(text, options, "bonus token")

    def circle(self, text: str) -> str | Rejection:
        if self.state.map is None:
            return reject(RejectionCode.WRONG_PHASE, "No map has been chosen yet.")
        options = [
            _option(c.id, *(n for n in (c.label, c.entry) if n)) for c in self.state.map.circles
        ]
        return find(text, options, "circle")

    def feature(self, text: str) -> str | Rejection:
        if self.state.map is None:
            return reject(RejectionCode.WRONG_PHASE, "No map has been chosen yet.")
        options = [_option(f.id, *([f.label] if f.label else [])) for f in self.state.map.features]
        return find(text, options, "Objective or Action circle")

    def faction(self, text: str) -> str | Rejection:
        options = [_option(f.id, f.name) for f in self.catalog.factions.values()]
        return find(text, options, "faction")


def _split_list(text: str) -> list[str]:
    return [part.strip() for part in re.split(r",|\band\b", text) if part.strip()]


def _many(read: Callable[[str], str | Rejection], text: str) -> list[str] | Rejection:
    found = []
    for part in _split_list(text):
        value = read(part)
        if isinstance(value, Rejection):
            return value
        found.append(value)
    return found


def _pack(text: str) -> PackKind | Rejection:
    word = text.strip().lower()
    for kind in PACK_KINDS:
        if kind.startswith(word) and word:
            return kind
    return reject(RejectionCode.BAD_ARGUMENT, "A pack is combat, stamina or command.")


def _stat(text: str) -> Stat | Rejection:
    word = text.strip().lower()
    for stat in Stat:
        if word and (
            stat.value.startswith(word)
            or (word in ("cc", "st", "me") and stat.value[:1] == word[:1])
        ):
            return stat
    return reject(RejectionCode.BAD_ARGUMENT, "Raise combat, stamina or mental.")


def _weapon_split(text: str) -> tuple[str, str | None]:
    match = re.match(r"^(.*?)\s+with\s+(.+)$", text)
    if match:
        return match.group(1).strip(), match.group(2).strip()
    return text.strip(), None


def verbs_now(state: TannhauserState, seat: str) -> tuple[str, ...]:
    """The verbs that make sense for ``seat`` now, for refusals and typing hints."""
    if state.phase in SETUP_VERBS:
        return SETUP_VERBS[state.phase]
    window = state.waiting_window()
    if window is not None:
        return WINDOW_VERBS.get(type(window), ()) if window.seat == seat else ()
    if state.phase == "overwatch":
        return ("overwatch", "decline")
    if state.phase != "activations":
        return ()
    if state.activation is None:
        return ("activate", "reinforce") if state.next_seat == seat else ()
    if state.activation.seat != seat:
        return ("boost",)
    return ACTIVATION_VERBS


def parse(text: str, state: TannhauserState, catalog: Catalog, seat: str) -> Action | Rejection:
    return VERBS.read(text, Reader(state, catalog, seat), verbs_now(state, seat))


def _team(read: Reader, rest: str) -> Action | Rejection:
    chosen = _many(read.catalog_character, rest)
    if isinstance(chosen, Rejection):
        return chosen
    if not chosen:
        return reject(RejectionCode.BAD_ARGUMENT, "Name at least one character.")
    return act.Recruit(characters=tuple(chosen))


def _dismiss(read: Reader, rest: str) -> Action | Rejection:
    if rest.lower() in ("all", "everyone", ""):
        return act.Dismiss()
    found = read.catalog_character(rest)
    return found if isinstance(found, Rejection) else act.Dismiss(character=found)


def _character_and_pack(
    read: Callable[[str], str | Rejection], rest: str, usage: str
) -> tuple[str, PackKind] | Rejection:
    """``<character> combat|stamina|command``."""
    parts = rest.rsplit(maxsplit=1)
    if len(parts) != 2:
        return reject(RejectionCode.BAD_ARGUMENT, f"Use `{usage}`.")
    character = read(parts[0])
    if isinstance(character, Rejection):
        return character
    pack = _pack(parts[1])
    return pack if isinstance(pack, Rejection) else (character, pack)


def _pack_verb(read: Reader, rest: str) -> Action | Rejection:
    found = _character_and_pack(read.own, rest, "pack <character> combat|stamina|command")
    if isinstance(found, Rejection):
        return found
    return act.ChoosePack(character=found[0], pack=found[1])


def _bonus(read: Reader, rest: str) -> Action | Rejection:
    lowered = rest.lower()
    if lowered in ("done", "finished", "none", "ready"):
        return act.BonusDone()
    if lowered.startswith("drop"):
        what = rest[4:].strip()
        if what.lower() in ("", "all"):
            return act.DropBonus()
        token = read.bonus(what)
        return token if isinstance(token, Rejection) else act.DropBonus(token=token)
    replacing = None
    match = re.match(r"^(.*?)\s+replacing\s+(.+)$", rest, re.IGNORECASE)
    if match:
        rest, replacing_text = match.group(1), match.group(2)
        found = read.item(replacing_text)
        if isinstance(found, Rejection):
            return found
        replacing = found
    parts = rest.split()
    for cut in range(len(parts) - 1, 0, -1):
        token = read.bonus(" ".join(parts[:cut]))
        character = read.own(" ".join(parts[cut:]))
        if isinstance(token, str) and isinstance(character, str):
            return act.ChooseBonus(token=token, character=character, replacing=replacing)
    return reject(
        RejectionCode.BAD_ARGUMENT,
        "Use `bonus <token> <character> [replacing <item>]`, `bonus drop <token>` or `bonus done`.",
        "000 Setup §6 Choose bonus tokens",
    )


def _reinforce(read: Reader, rest: str) -> Action | Rejection:
    found = _character_and_pack(
        read.catalog_character, rest, "reinforce <trooper> combat|stamina|command"
    )
    if isinstance(found, Rejection):
        return found
    return act.Reinforce(character=found[0], pack=found[1])


def _move(read: Reader, rest: str) -> Action | Rejection:
    whole = re.sub(r"^(?:to|via)\s+", "", rest.strip(), flags=re.IGNORECASE)
    if re.search(r"\s", whole) and isinstance(circle := read.circle(whole), str):
        return act.Move(to=circle)  # one circle named in words ("East pipe stairs")
    parts = [p for p in re.split(r"[\s,>]+", rest) if p and p.lower() not in ("to", "via")]
    if not parts:
        return reject(RejectionCode.BAD_ARGUMENT, "Use `move <circle>` or `move <c1> <c2> ...`.")
    circles = []
    for part in parts:
        circle = read.circle(part)
        if isinstance(circle, Rejection):
            return circle
        circles.append(circle)
    if len(circles) == 1:
        return act.Move(to=circles[0])
    return act.Move(to=circles[-1], route=tuple(circles))


def _rush(read: Reader, rest: str) -> Action | Rejection:
    parts = [p for p in re.split(r"[\s,>]+", rest) if p and p.lower() not in ("to", "into")]
    if len(parts) != 2:
        return reject(
            RejectionCode.BAD_ARGUMENT, "Use `rush <enemy's circle> <clear circle beyond>`."
        )
    through = read.circle(parts[0])
    if isinstance(through, Rejection):
        key = read.enemy(parts[0])
        if isinstance(key, Rejection) or read.state.tokens[key].circle is None:
            return through
        through = read.state.tokens[key].circle or ""
    to = read.circle(parts[1])
    return to if isinstance(to, Rejection) else act.BullRush(through=through, to=to)


def _buy(read: Reader, rest: str) -> Action | Rejection:
    if rest.lower() in ("move", "movement", "mp", "movement point", ""):
        return act.BuyMove()
    return reject(RejectionCode.BAD_ARGUMENT, "Use `buy move`.")


def _boost(read: Reader, rest: str) -> Action | Rejection:
    parts = rest.rsplit(maxsplit=1)
    if len(parts) != 2:
        return reject(RejectionCode.BAD_ARGUMENT, "Use `boost <character> combat|stamina|mental`.")
    key = read.own(parts[0])
    if isinstance(key, Rejection):
        return key
    stat = _stat(parts[1])
    return stat if isinstance(stat, Rejection) else act.Boost(key=key, stat=stat)


def _attack(read: Reader, rest: str) -> Action | Rejection:
    target_text, weapon_text = _weapon_split(rest)
    target = read.enemy(target_text)
    if isinstance(target, Rejection):
        return target
    if weapon_text is None:  # the first weapon that can reach, as for a counterattack
        return act.Attack(target=target, weapon=_reaching(read, target))
    weapon = None
    if weapon_text.lower() not in UNARMED:
        found = read.held(weapon_text)
        if isinstance(found, Rejection):
            return found
        weapon = found
    return act.Attack(target=target, weapon=weapon)


def _reaching(read: Reader, target: str) -> str | None:
    """The first weapon the acting character could attack ``target`` with (None: hands)."""
    acting = read.acting()
    if acting is None or acting not in read.state.tokens:
        return None
    options = attack_options(
        read.state, read.state.tokens[acting], read.state.tokens[target], "normal"
    )
    return options[0] if options else None


def _throw(read: Reader, rest: str) -> Action | Rejection:
    match = re.match(r"^(.*?)\s+(?:at|on|into|to)\s+(.+)$", rest, re.IGNORECASE)
    if not match:
        return reject(RejectionCode.BAD_ARGUMENT, "Use `throw <grenade> at <circle>`.")
    item = read.held(match.group(1))
    if isinstance(item, Rejection):
        return item
    circle = read.circle(match.group(2))
    return circle if isinstance(circle, Rejection) else act.Throw(item=item, circle=circle)


def _clauses(rest: str, words: tuple[str, ...]) -> dict[str, str]:
    pattern = r"\b(" + "|".join(words) + r")\b"
    pieces = re.split(pattern, rest, flags=re.IGNORECASE)
    found = {"": pieces[0].strip()}
    for index in range(1, len(pieces) - 1, 2):
        found[pieces[index].lower()] = pieces[index + 1].strip()
    return found


def _pickup(read: Reader, rest: str) -> Action | Rejection:
    parts = _clauses(rest, ("drop",))
    take: list[tuple[str, str]] = []
    token = read.state.tokens.get(read.state.activation.key) if read.state.activation else None
    lying = {item for items in read.state.ground.values() for item in items}
    for part in _split_list(parts[""]):
        match = re.match(r"^(.*?)\s+(?:from|at|on)\s+(.+)$", part, re.IGNORECASE)
        item_text, circle_text = (match.group(1), match.group(2)) if match else (part, None)
        item = read.item(item_text, lying)
        if isinstance(item, Rejection):
            return item
        if circle_text is not None:
            circle = read.circle(circle_text)
            if isinstance(circle, Rejection):
                return circle
        else:
            circle = _where_lies(read.state, item, token.circle if token else None)
        take.append((item, circle))
    drop = _many(read.held, parts.get("drop", ""))
    if isinstance(drop, Rejection):
        return drop
    return act.PickUp(take=tuple(take), drop=tuple(drop))


def _where_lies(state: TannhauserState, item: str, here: str | None) -> str:
    """The circle an item lies on: the character's own, else the first adjacent one."""
    if here is not None and item in state.ground.get(here, ()):
        return here
    for circle, items in sorted(state.ground.items()):
        if item in items:
            return circle
    return here or ""


def _drop(read: Reader, rest: str) -> Action | Rejection:
    drop = _many(read.held, rest)
    if isinstance(drop, Rejection):
        return drop
    return act.PickUp(drop=tuple(drop))


def _give(read: Reader, rest: str) -> Action | Rejection:
    parts = _clauses(rest, ("to", "take", "drop"))
    if "to" not in parts:
        return reject(RejectionCode.BAD_ARGUMENT, "Use `give <item>, ... to <character>`.")
    to = read.own(parts["to"])
    if isinstance(to, Rejection):
        return to
    lists = {}
    for name in ("", "take", "drop"):
        holder = to if name == "take" else read.acting()
        found = _many(partial(read.carried, key=holder), parts.get(name, ""))
        if isinstance(found, Rejection):
            return found
        lists[name] = tuple(found)
    return act.PassItems(to=to, give=lists[""], take=lists["take"], drop=lists["drop"])


def _use(read: Reader, rest: str) -> Action | Rejection:
    match = re.match(r"^(.*?)\s+on\s+(.+)$", rest, re.IGNORECASE)
    item_text, target_text = (match.group(1), match.group(2)) if match else (rest, None)
    item = read.held(item_text)
    if isinstance(item, Rejection):
        return item
    target = None
    if target_text:
        found = read.character(target_text)
        if isinstance(found, Rejection):
            return found
        target = found
    return act.UseItem(item=item, target=target)


def _fire(read: Reader, rest: str) -> Action | Rejection:
    shooter_text, weapon_text = _weapon_split(rest)
    shooter = read.own(shooter_text)
    if isinstance(shooter, Rejection):
        return shooter
    chosen = _weapon_choice(read, f"with {weapon_text}" if weapon_text else "", shooter)
    if isinstance(chosen, Rejection):
        return chosen
    return act.OverwatchFire(shooter=shooter, weapon=chosen[0], unarmed=chosen[1])


UNARMED = ("hands", "bare hands", "unarmed", "fists")


def _weapon_choice(
    read: Reader, rest: str, holder: str | None = None
) -> tuple[str | None, bool] | Rejection:
    """``with <weapon>`` → (weapon, False); ``with hands`` → (None, True); nothing → (None,
    False), meaning the first weapon that can reach."""
    text = rest.strip()
    if text.lower().startswith("with "):
        text = text[5:].strip()
    if not text:
        return None, False
    if text.lower() in UNARMED:
        return None, True
    found = read.carried(text, holder or read.acting())
    return found if isinstance(found, Rejection) else (found, False)


def _counter(read: Reader, rest: str) -> Action | Rejection:
    chosen = _weapon_choice(read, rest)
    if isinstance(chosen, Rejection):
        return chosen
    return act.CounterAttack(weapon=chosen[0], unarmed=chosen[1])


def _strike(read: Reader, rest: str) -> Action | Rejection:
    chosen = _weapon_choice(read, rest)
    if isinstance(chosen, Rejection):
        return chosen
    return act.FreeMelee(weapon=chosen[0], unarmed=chosen[1])


def _crate(read: Reader, rest: str) -> Action | Rejection:
    parts = _clauses(rest, ("drop",))
    choice = parts[""].lower()
    aliases = {
        "return": "return",
        "back": "return",
        "put back": "return",
        "take": "take",
        "points": "points",
        "cp": "points",
    }
    if choice not in aliases:
        return reject(
            RejectionCode.BAD_ARGUMENT, "Use `crate return`, `crate take` or `crate points`."
        )
    drop = None
    if parts.get("drop"):
        found = read.held(parts["drop"])
        if isinstance(found, Rejection):
            return found
        drop = found
    return act.CrateChoice.model_validate({"choice": aliases[choice], "drop": drop})


def _naming(
    lookup: Callable[[Reader, str], str | Rejection], build: Callable[[str], Action]
) -> Callable[[Reader, str], Action | Rejection]:
    """A verb followed by one name, found with ``lookup`` (e.g. ``Reader.circle``)."""

    def parse_one(read: Reader, rest: str) -> Action | Rejection:
        found = lookup(read, rest)
        return found if isinstance(found, Rejection) else build(found)

    return parse_one


VERBS: VerbTable[Reader] = VerbTable(
    [
        Verb(
            "faction",
            "faction <faction>",
            _naming(Reader.faction, lambda f: act.ChooseFaction(faction=f)),
        ),
        Verb("team", "team <c1>, <c2>, <c3>, <c4>, <c5>", _team),
        Verb("recruit", "recruit <character>", _team),
        Verb("dismiss", "dismiss <character>|all", _dismiss),
        Verb(
            "replace",
            "replace <character>",
            _naming(Reader.catalog_character, lambda c: act.ReplaceMercenary(character=c)),
        ),
        Verb("pack", "pack <character> combat|stamina|command", _pack_verb),
        Verb(
            "bonus",
            "bonus <token> <character> [replacing <item>] | bonus drop <token>|all | bonus done",
            _bonus,
        ),
        Verb(
            "entry", "entry <circle>", _naming(Reader.circle, lambda c: act.ChooseEntry(circle=c))
        ),
        bare("reroll", act.Reroll()),
        bare("keep", act.KeepRoll()),
        Verb(
            "overwatch",
            "overwatch <character>",
            _naming(Reader.own, lambda k: act.SetOverwatch(key=k)),
        ),
        bare("decline", act.Decline(), aliases=("no",)),
        Verb(
            "activate",
            "activate <character>",
            _naming(Reader.own, lambda k: act.Activate(key=k)),
        ),
        Verb("reinforce", "reinforce <trooper> combat|stamina|command", _reinforce),
        Verb("move", "move <circle> | move <c1> <c2> ... (explicit route)", _move),
        Verb("rush", "rush <circle> <beyond circle>", _rush),
        Verb("buy", "buy move", _buy),
        Verb("boost", "boost <character> combat|stamina|mental", _boost),
        Verb("attack", "attack <target> [with <weapon>|hands]", _attack),
        Verb("throw", "throw <grenade> at <circle>", _throw),
        Verb(
            "pickup",
            "pickup <item> [from <circle>], ... [drop <item>, ...]",
            _pickup,
            aliases=("pick",),
        ),
        Verb("drop", "drop <item>, ...", _drop),
        Verb(
            "give", "give <item>, ... to <character> [take <item>, ...] [drop <item>, ...]", _give
        ),
        Verb("use", "use <item> [on <character>]", _use),
        Verb(
            "search",
            "search <crate circle>",
            _naming(Reader.feature, lambda f: act.Search(feature=f)),
        ),
        Verb(
            "operate",
            "operate <action circle>",
            _naming(Reader.feature, lambda f: act.OperateCircle(feature=f)),
        ),
        bare("end", act.EndActivation(), ("activation",)),
        Verb("fire", "fire <character> [with <weapon>]", _fire),
        bare("shake", act.ShakeOff(), ("off",)),
        Verb("counter", "counter [with <weapon>]", _counter),
        Verb("strike", "strike [with <weapon>]", _strike),
        Verb("crate", "crate return|take|points [drop <item>]", _crate),
    ]
)

SETUP_VERBS: dict[str, tuple[str, ...]] = {
    "factions": ("faction",),
    "teams": ("team", "recruit", "dismiss"),
    "mercenaries": ("replace",),
    "packs": ("pack",),
    "bonus": ("bonus",),
    "entry": ("entry",),
}
WINDOW_VERBS: dict[type[Window], tuple[str, ...]] = {
    OverwatchWindow: ("fire", "decline"),
    ShakeOffWindow: ("shake", "decline"),
    CounterWindow: ("counter", "decline"),
    FreeMeleeWindow: ("strike", "decline"),
    CrateWindow: ("crate",),
    RerollWindow: ("reroll", "keep"),
}
ACTIVATION_VERBS = (
    "move",
    "rush",
    "buy",
    "boost",
    "attack",
    "throw",
    "pickup",
    "drop",
    "give",
    "use",
    "search",
    "operate",
    "end",
)
