"""What a successful IPS line does: the closed list of effects of ``content/ips.py``.

Before anything is paid or rolled, :func:`effect_problem` refuses a line whose effect has
nothing to act on (no door of low enough defence faced, nobody to heal, no body to raise).

Readings:
- **Heal** (``self_or_facing``): the user names whom (``on <character>``); the one it
  immediately faces, or itself when it names nobody.
- **Place a marker**: a mine or charge goes in the user's square. An item without an
  ammunition icon leaves its carrier with it (its card goes beside the board) and is
  switched ON; an item with one stays with the carrier and takes a charge counter (a
  mine card holds several mines).
- **Explode**: the marker leaves the map where it lies; the blast's damage is resolved by
  the explosives rules from that square.
- **Reanimate**: the risen character belongs to the raiser's player, stands on the
  body's square (the dead character's marker is removed; a floor cadaver leaves an empty
  grave), faces the raiser and carries nothing. It is labelled after the player's last,
  and comes in engaged: it acts from the next turn.
- **CP for the risen**: a line with nobody to give them to is not used at all.
- **Restore power**: makes good every cut so far ([11.6]).
- Passive effects (extra dice, black orders as red, never out of ammo) do nothing when
  used; the rules that roll or place CP ask :mod:`rules.orders.ips_passive`.
"""

from __future__ import annotations

import re

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.edges import Door, Wall
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.content.catalog import Catalog
from rules.orders.content.characters import CharacterDef
from rules.orders.content.ips import (
    CutBarrier,
    DestroyDoor,
    Effect,
    Explode,
    GainCp,
    GainMp,
    GainSpyPoints,
    GiveCpToRisen,
    Heal,
    PlaceMarker,
    Reanimate,
    RestorePower,
    ScrambleRadio,
    Switch,
)
from rules.orders.explosions import explode
from rules.orders.flow import Flow
from rules.orders.ips_conditions import (
    cadaver_faced,
    faced_barrier,
    faced_cadaver,
    faced_squares,
    grave_key,
)
from rules.orders.ips_places import PlacedElement
from rules.orders.ips_sources import Source, is_on
from rules.orders.ips_state import LaidMarker
from rules.orders.power import cuts
from rules.orders.scrambling import scramble_off, scramble_on
from rules.orders.sight import sees
from rules.orders.spying import spend_spy_points
from rules.orders.state import Fighter, OrdersState
from rules.orders.wounds import heal


def _risen_card(state: OrdersState, catalog: Catalog, into: str) -> CharacterDef | None:
    return state.characters.get(into) or catalog.characters.get(into)


def door_defence(catalog: Catalog, door: Door) -> int | None:
    """A door's defensive value: a printed door is named ``<tile>-door-<n>``, a door marker
    after its door; any other by its kind (the small door of that kind). None: it cannot
    be destroyed."""
    doors = catalog.doors
    if door.name in doors:
        return doors[door.name].defence
    found = re.fullmatch(r"(.+)-door-(\d+)", door.name)
    tiles = catalog.tiles
    if found and found.group(1) in tiles:
        printed = tiles[found.group(1)].doors
        index = int(found.group(2)) - 1
        if 0 <= index < len(printed) and printed[index].door in doors:
            return doors[printed[index].door].defence
    same = [d for d in doors.values() if d.grid_kind == door.kind and d.size == "small"]
    return same[0].defence if same else None


def heal_target(
    state: OrdersState, fighter: Fighter, effect: Heal, on: str | None
) -> Fighter | Rejection:
    if on is None or on == fighter.id:
        return fighter
    open_ahead = [f for f in faced_squares(state, fighter) if f.barrier is None]
    if effect.target == "self" or not open_ahead:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"This line heals {fighter.id} itself only"
            + ("" if effect.target == "self" else " or the character it immediately faces")
            + ".",
            rule.IPS,
        )
    found = next(
        (f.fighter for f in open_ahead if f.fighter is not None and f.fighter.id == on), None
    )
    if found is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{fighter.id} does not immediately face {on}; it can heal itself or the"
            " character straight ahead.",
            rule.IPS,
        )
    return found


def effect_problem(
    state: OrdersState,
    catalog: Catalog,
    fighter: Fighter,
    source: Source,
    effect: Effect,
    on: str | None,
) -> Rejection | None:
    match effect:
        case Switch() | ScrambleRadio():
            wanted = effect.to == "on"
            if is_on(state, source) == wanted:
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"The {source.name} is already {effect.to.upper()}.",
                    rule.SWITCH,
                )
            switched_off = (state.turn, fighter.id, source.key) in state.ips.switched_off_by
            if wanted and source.kind == "element" and switched_off:
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"{fighter.id} switched the {source.name} OFF this turn; it may not switch"
                    " it ON again in the same turn.",
                    rule.SCRAMBLING,
                )
        case Heal():
            found = heal_target(state, fighter, effect, on)
            return found if isinstance(found, Rejection) else None
        case DestroyDoor():
            faced = faced_barrier(state, fighter, (Door,))
            door = faced.barrier if faced is not None else None
            if not isinstance(door, Door):
                return reject(
                    RejectionCode.ILLEGAL_MOVE, f"{fighter.id} faces no standing door.", rule.IPS
                )
            defence = door_defence(catalog, door)
            if defence is None or defence > effect.max_defence:
                shown = "no defensive value (indestructible)" if defence is None else defence
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"The {source.name} destroys doors of defence {effect.max_defence} or"
                    f" less; this door has {shown}.",
                    rule.IPS,
                )
        case Reanimate():
            if _risen_card(state, catalog, effect.into) is None:
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"No '{effect.into}' character is available to rise.",
                    rule.REANIMATION,
                )
            cadaver = cadaver_faced(state, fighter)
            if source.kind == "element" and (
                not isinstance(cadaver, PlacedElement) or cadaver.key != source.key
            ):
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"The {source.name} has no body left to raise where {fighter.id} faces.",
                    rule.REANIMATION,
                )
            if cadaver is None:
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"{fighter.id} does not immediately face a body that can rise.",
                    rule.REANIMATION,
                )
        case GiveCpToRisen():
            if not _risen_in_sight(state, fighter):
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"No risen character of {fighter.id}'s player is in its sight.",
                    rule.REANIMATION,
                )
        case PlaceMarker():
            if any(m.square == fighter.square for m in state.ips.laid):
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"A mine or charge already lies on {fighter.square}.",
                    rule.IPS,
                )
    return None


def _risen_in_sight(state: OrdersState, fighter: Fighter) -> list[Fighter]:
    return [
        f
        for f in state.standing(fighter.seat)
        if state.characters[f.character].risen
        and f.square is not None
        and sees(state, fighter, f.square)
    ]


def _next_label(state: OrdersState, seat: str) -> str:
    own = [f.id for f in state.fighters if f.seat == seat]
    prefix = re.match(r"[A-Za-z]*", own[0]).group(0) if own else seat[:1].upper()  # type: ignore[union-attr]
    numbers = [int(m.group(1)) for i in own if (m := re.fullmatch(rf"{prefix}(\d+)", i))]
    return f"{prefix}{max(numbers, default=0) + 1}"


def _reanimate(flow: Flow, fighter: Fighter, source: Source, into: str) -> None:
    state = flow.state
    card = _risen_card(state, flow.catalog, into)
    assert card is not None and fighter.square is not None
    body: Fighter | None = None
    grave: str | None = None
    faced = faced_cadaver(state, fighter)
    assert faced is not None
    square, found = faced
    if isinstance(found, Fighter):
        body = found
    else:
        grave = grave_key(found, square)
    risen = Fighter(
        id=_next_label(state, fighter.seat),
        seat=fighter.seat,
        character=card.id,
        name=card.name,
        side=fighter.side,
        square=square,
        facing=fighter.facing.opposite,
        engaged=True,
    )
    flow.emit(
        ev.Reanimated(risen=risen, character=card, body=body.id if body else None, grave=grave)
    )


def apply_effect(
    flow: Flow, fighter: Fighter, source: Source, effect: Effect, on: str | None = None
) -> None:
    """The effect of a line that succeeded (or whose timer ran out)."""
    state = flow.state
    seat = fighter.seat
    match effect:
        case GainCp():
            owner = fighter.id if effect.to == "character" else None
            flow.emit(ev.CpGained(seat=seat, amount=effect.amount, fighter=owner, why=source.name))
        case GainMp():
            flow.emit(ev.MpChanged(seat=seat, amount=effect.amount, why=source.name))
        case GainSpyPoints():
            spend_spy_points(flow, seat, effect.amount)
        case Heal():
            target = heal_target(state, fighter, effect, on)
            assert not isinstance(target, Rejection)
            heal(flow, target.id, effect.amount)
        case Switch():
            flow.emit(
                ev.Switched(
                    component=source.key,
                    name=source.name,
                    on=effect.to == "on",
                    fighter=fighter.id,
                    turn=state.turn,
                )
            )
        case PlaceMarker():
            assert fighter.square is not None and source.equipment is not None
            key = f"marker:{state.ips.laid_count + 1}"
            marker = LaidMarker(
                key=key,
                kind=effect.marker,
                equipment=source.equipment,
                seat=seat,
                square=fighter.square,
                armed=not effect.arms_at_final,
            )
            leaves = state.equipment[source.equipment].charges is None
            flow.emit(ev.MarkerLaid(marker=marker, fighter=fighter.id, leaves_carrier=leaves))
            flow.emit(ev.Switched(component=key, name=source.name, on=True, turn=state.turn))
        case Explode():
            if source.marker is not None:
                laid = source.marker
                by = fighter.id if fighter.seat != laid.seat else None
                flow.emit(
                    ev.MarkerDetonated(
                        marker=laid.key,
                        equipment=laid.equipment,
                        square=laid.square,
                        seat=laid.seat,
                        by=by,
                    )
                )
                area = state.equipment[laid.equipment].area
                if area is not None:
                    explode(flow, laid.square, area, by=by, weapon=laid.equipment)
        case DestroyDoor() | CutBarrier():
            wanted: tuple[type, ...] = (Door,) if isinstance(effect, DestroyDoor) else (Door, Wall)
            faced = faced_barrier(state, fighter, wanted)
            assert faced is not None
            part = "door" if isinstance(faced.barrier, Door) else "wall"
            flow.emit(ev.BarrierCut(a=faced.origin, b=faced.square, part=part, fighter=fighter.id))
        case Reanimate():
            _reanimate(flow, fighter, source, effect.into)
        case ScrambleRadio():
            if effect.to == "on":
                flow.emit(
                    ev.Switched(
                        component=source.key,
                        name=source.name,
                        on=True,
                        fighter=fighter.id,
                        turn=state.turn,
                    )
                )
                scramble_on(flow, seat, source.key)
            else:
                flow.emit(
                    ev.Switched(
                        component=source.key,
                        name=source.name,
                        on=False,
                        fighter=fighter.id,
                        turn=state.turn,
                    )
                )
                scramble_off(flow, seat, source.key)
        case RestorePower():
            flow.emit(ev.PowerRestored(cuts=cuts(state)))
        case GiveCpToRisen():
            for risen in _risen_in_sight(state, fighter):
                flow.emit(ev.RisenCpGiven(fighter=risen.id, amount=effect.amount))
