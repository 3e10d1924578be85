"""One line per order-tile event for the channel, the DM or the log. Lines of private
events (what a player drew, which marker is which) are spoken to their one reader."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.events import Event
from rules.core.wording import plural
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders.content.dice import DieFace
from rules.orders.seats import seat_label
from rules.orders.state import DeckCard

WHY_DRAWN = {
    "initiative": "draws",
    "redraw": "sets the first tiles aside and draws",
    "bought": "pays 1 CP and draws",
    "discard": "pays 2 CP and takes from the discard pile",
}


def _tiles(tiles: tuple[str, ...]) -> str:
    return ", ".join(f"`{t}`" for t in tiles) or "nothing"


def _set(e: ev.GameSet) -> str:
    sides = "; ".join(
        f"{seat_label(p.seat)}" + (f" ({p.side})" if p.side else "") + f" {p.mp} MP"
        for p in e.players
    )
    teams = "; ".join(
        f"{seat_label(seat)}: "
        + ", ".join(f"{f.id} {f.name}" for f in e.fighters if f.seat == seat)
        for seat in dict.fromkeys(f.seat for f in e.fighters)
    )
    return f"Map built ({len(e.ground.tiles)} floor tiles), {e.turns} turns. {sides}. {teams}."


def _drawn(e: ev.TilesDrawn) -> str:
    return f"{seat_label(e.seat)} {WHY_DRAWN[e.why]} {plural(e.count, 'order tile')}."


def _revealed(e: ev.MarkersRevealed) -> str:
    shown = ", ".join(f"{m.fighter or 'decoy'} on {m.square}" for m in e.markers)
    return f"Markers revealed: {shown}. Decoys leave the map."


def _step(before: Square, after: Square) -> str:
    """A square of a route, saying when the stairs took the walker there ([19])."""
    if after.level == before.level:
        return str(after)
    way = "up" if after.level > before.level else "down"
    return f"{after} ({way} the stairs)"


def _paid(e: ev.OrderPaid) -> str:
    cp = sum(p.cp for p in e.placed)
    return f"{e.fighter} takes {plural(cp, 'CP')} on a {e.order.replace('_', ' ')} order."


def _moved(e: ev.Moved) -> str:
    route = " ".join(_step(a, b) for a, b in zip(e.path, e.path[1:], strict=False))
    if e.paused:
        return (
            f"{e.fighter} moves {route} and stops there, facing {e.facing.value}"
            f" ({e.used} of {e.points} movement points used): it may be interrupted."
        )
    return (
        f"{e.fighter} moves {route} ({e.used} of {e.points} movement points), facing"
        f" {e.facing.value}."
    )


def _face(face: DieFace) -> str:
    if "critical" in face.icons:
        return "crit" if not face.points else f"{face.points}+crit"
    return str(face.points)


def _rolled(faces: tuple[DieFace, ...], auto: int) -> str:
    rolled = " ".join(_face(f) for f in faces) or "no dice"
    return rolled + (f" +{auto} auto" if auto else "")


def _side(side: ev.CombatSide) -> str:
    extra = f", +{side.extra_dice} striking hard" if side.extra_dice else ""
    extra += f", with {' '.join(side.helpers)}" if side.helpers else ""
    crits = f", {plural(side.criticals, 'critical')}" if side.criticals else ""
    return (
        f"{side.fighter} ({side.arc}{extra}) {_rolled(side.faces, side.auto_hits)}"
        f" = {plural(side.normal, 'hit')}{crits}"
    )


def _combat(e: ev.CloseCombatFought) -> str:
    head = "tries to capture" if e.capture else "fights"
    versus = f"defensive value {e.defender.normal} + armor {e.armor} = {e.defence}"
    if e.capture:
        result = "captured" if e.captured else "not captured (the damage would not kill)"
    else:
        parts = []
        if e.attacker.criticals:
            parts.append(
                f"{e.defender.fighter} takes {plural(e.attacker.criticals, 'critical wound')}"
            )
        if e.defender.criticals:
            parts.append(
                f"{e.attacker.fighter} takes {plural(e.defender.criticals, 'critical wound')}"
            )
        parts.append(
            f"{e.defender.fighter} takes {plural(e.damage, 'wound')}"
            if e.damage
            else "the normal hits do not get through"
        )
        result = "; ".join(parts)
    return (
        f"{e.attacker.fighter} {head} {e.defender.fighter}: {_side(e.attacker)} vs"
        f" {_side(e.defender)}; {versus} → {result}."
    )


def _barrier(e: ev.BarrierDamaged) -> str:
    target = e.target.describe()
    if e.how == "blast":
        head = f"The blast hits {target}" + (f" ({e.zone} zone)" if e.zone else "")
    elif e.how == "shot":
        head = f"{e.by}'s shot hits {target}"
    else:
        head = f"{e.by} attacks {target} in close combat"
    crits = f" + {plural(e.criticals, 'critical')} x3" if e.criticals else ""
    result = "destroyed" if e.destroyed else "it holds"
    return (
        f"{head}: {_rolled(e.faces, e.auto_hits)} = {plural(e.hits, 'hit')}{crits} ="
        f" {e.total} against defensive value {e.defence} → {result}."
    )


def _tortured(e: ev.Tortured) -> str:
    room = f" (+{e.room_dice} for the room)" if e.room_dice else ""
    room += f" (+{e.ability_dice} from abilities and items)" if e.ability_dice else ""
    own = e.faces[: len(e.faces) - len(e.helpers)]
    rolled = " ".join(_face(f) for f in own) or "no dice"
    for helper, face in zip(e.helpers, e.faces[len(own) :], strict=True):
        rolled += f" | {helper} {_face(face)}"
    return (
        f"{e.torturer} tortures the prisoner {e.prisoner}: black dice {rolled}{room} ="
        f" {plural(e.spy_points, 'spy point')}."
    )


def _damage(d: ev.Damage) -> str:
    dice = " ".join(str(p) for p in d.dice) or "no dice"
    auto = f" +{d.auto_hits} auto" if d.auto_hits else ""
    crits = f", {plural(d.criticals, 'critical')}" if d.criticals else ""
    return (
        f"damage [{dice}]{auto}{crits}, {plural(d.hits, 'hit')} vs armour {d.defence}:"
        f" {plural(d.wounds, 'wound')}"
    )


def _shot(e: ev.Shot) -> str:
    zone = f", {e.zone} zone" if e.zone else ""
    extra = "".join(
        (f", aim +{e.aim}" if e.aim else "", f", pour it on +{e.pour}" if e.pour else "")
    )
    rolls = (e.targeting, *(h.targeting for h in e.helpers))
    dice = " | ".join(" ".join(str(p) for p in r) or "no dice" for r in rolls)
    total = sum(sum(r) for r in rolls)
    needed = max((e.range, *(h.range for h in e.helpers)))
    result = "hit" if e.hit else "miss"
    joined = "".join(
        f", joined by {h.fighter} with {h.weapon} (range {h.range}, {h.zone} zone)"
        for h in e.helpers
    )
    verb = f"throws the {e.weapon} at" if e.used_up else "shoots"
    weapon = "" if e.used_up else f" with {e.weapon}"
    zone = "" if e.used_up else zone
    line = (
        f"{e.shooter} {verb} {e.target.describe()}{weapon} (range {e.range}{zone}"
        f"{extra}){joined}: targeting [{dice}] = {total} vs {needed}, {result}"
    )
    if e.damage is not None:
        line += "; " + _damage(e.damage)
    dry = [f"{e.shooter}'s {e.weapon}"] if e.out_of_ammo else []
    dry += [f"{h.fighter}'s {h.weapon}" for h in e.helpers if h.out_of_ammo]
    if dry:
        line += f"; out of ammo until the Final phase: {', '.join(dry)}"
    return line + "."


def _blast(e: ev.BlastHit) -> str:
    return f"The blast hits {e.target.describe()} ({e.zone} zone): {_damage(e.damage)}."


def _searched(e: ev.Searched) -> str:
    icons = [
        plural(n, word)
        for n, word in (
            (e.flips, "flip icon"),
            (e.shuffles, "shuffle icon"),
            (e.spies, "spy point"),
        )
        if n
    ]
    extra = f", {', '.join(icons)}" if icons else ""
    dice = f"{e.dice} black {'die' if e.dice == 1 else 'dice'}"
    room = f" the {e.room}" if e.room else ""
    if e.helpers:
        own = e.points - sum(h.points for h in e.helpers)
        shares = "; ".join(
            f"{h.fighter} {h.dice} black {'die' if h.dice == 1 else 'dice'} = {h.points}"
            for h in e.helpers
        )
        return (
            f"{e.fighter} searches{room} with {', '.join(h.fighter for h in e.helpers)}:"
            f" {e.fighter} {dice} = {own}; {shares}; together"
            f" {plural(e.points, 'search point')}{extra}."
        )
    return f"{e.fighter} searches{room}: {dice}, {plural(e.points, 'search point')}{extra}."


def _top(e: ev.DeckTop) -> str:
    if e.item is None:
        return "The search deck is empty."
    return f"Search deck ({plural(e.cards, 'card')}): `{e.item}` on top."


def _cards(cards: tuple[DeckCard, ...]) -> str:
    return "; ".join(f"{i}. `{c.up}` (other side `{c.down}`)" for i, c in enumerate(cards, 1))


def _passed(e: ev.EquipmentPassed) -> str:
    what = f"`{e.item}`" if e.item is not None else "a magnetic card"
    return f"{e.to} takes {what} from {e.source}."


def _asked(e: ev.DuelAsked) -> str:
    if e.kind == "initiative":
        return f"{seat_label(e.seat)} demands the initiative: a duel, bids secret."
    return f"{seat_label(e.seat)} asks for a duel: {e.fighter} would interrupt {e.mover}."


def _declined(e: ev.DuelDeclined) -> str:
    if e.kind == "initiative":
        return f"{seat_label(e.seat)} leaves the initiative where it is."
    return f"{seat_label(e.seat)} lets {e.mover} pass."


def _revealed_bids(e: ev.DuelRevealed) -> str:
    bids = ", ".join(f"{seat_label(b.seat)} {b.cp} CP" for b in e.bids)
    tie = ""
    if e.left:
        shown = ", ".join(f"{seat_label(s.seat)} {s.cp}" for s in e.left)
        tie = f"; tied, CP left: {shown}"
    what = "Interruption duel" if e.kind == "interrupt" else "Initiative duel"
    outcome = f"{seat_label(e.winner)} wins" if e.winner else "nobody wins"
    return f"{what}: {bids}{tie} — {outcome}. The bids go back to the bank."


def _line(e: ev.LineResolved) -> str:
    joined = f", with {', '.join(e.helpers)}" if e.helpers else ""
    paid = f" ({plural(e.cp, 'CP')}{joined})" if e.cp else ""
    head = f"{e.fighter} uses the {e.name}, line {e.line}{paid}"
    if e.threshold is None:
        return f"{head}: {e.text}"
    own = e.dice[: len(e.dice) - len(e.helpers)]
    rolled = " ".join(f"{d.colour[0]}{d.points}" for d in own) or "no dice"
    for helper, die in zip(e.helpers, e.dice[len(own) :], strict=True):
        rolled += f" | {helper} {die.colour[0]}{die.points}"
    verdict = "success" if e.success else "failure"
    return f"{head}: {rolled} = {e.points} vs {e.threshold}: {verdict}."


def _scrambler(e: ev.ScramblerSwitched) -> str:
    if e.on:
        return f"{seat_label(e.seat)} scrambles the enemy radios."
    why = f" ({e.why})" if e.why else ""
    end = "; the scrambling ends and its markers are removed" if e.ended else ""
    return f"A scrambler of {seat_label(e.seat)}'s goes off{why}{end}."


LINES: dict[type[Event], Callable[[Any], str | None]] = {
    ev.GameSet: _set,
    ev.DeployTurn: lambda e: f"{seat_label(e.seat)} places a marker." if e.seat else None,
    ev.MarkerPlaced: lambda e: f"{seat_label(e.seat)} places a face-down marker on {e.square}.",
    ev.MarkerIs: lambda e: f"(Your marker on {e.square} is {e.fighter or 'a decoy'}.)",
    ev.MarkersRevealed: _revealed,
    ev.Faced: lambda e: f"{e.fighter} faces {e.facing.value}.",
    ev.TurnBegan: lambda e: f"**Turn {e.turn}** — {seat_label(e.initiative)} has the initiative.",
    ev.BagRefilled: lambda e: f"The bag is empty: {plural(e.count, 'discarded tile')} go back in.",
    ev.TilesDrawn: _drawn,
    ev.TilesSeen: lambda e: f"(You drew {_tiles(e.tiles)}.)",
    ev.TilesSetAside: lambda e: f"{seat_label(e.seat)} returns the first 5 tiles to the bag.",
    ev.RedrawDeclined: lambda e: f"{seat_label(e.seat)} keeps the tiles drawn.",
    ev.DiscardTaken: lambda e: f"(You took `{e.tile}` from the discard pile.)",
    ev.CpReceived: lambda e: f"(You receive {e.base} CP and {e.bonus} bonus CP.)",
    ev.RoundBegan: lambda e: f"{seat_label(e.seat)}'s activation round.",
    ev.Passed: lambda e: f"{seat_label(e.seat)} passes.",
    ev.Activated: lambda e: f"{e.fighter} is {'activated' if e.first else 'reactivated'}.",
    ev.TileAssigned: lambda e: f"{e.fighter} is assigned the `{e.tile}` tile.",
    ev.OrderPaid: _paid,
    ev.DoorOpened: lambda e: f"The door between {e.a} and {e.b} opens.",
    ev.DoorClosed: lambda e: (
        f"The door between {e.a} and {e.b} " + ("slides shut." if e.by_itself else "closes.")
    ),
    ev.Moved: _moved,
    ev.RoundEnded: lambda e: None,
    ev.FinalPhase: lambda e: (
        f"Final phase of turn {e.turn}: cards disengage,"
        f" {plural(e.discarded, 'assigned tile')} go to the discard pile, CP return to the bank."
    ),
    ev.TilesDiscarded: lambda e: f"(You discard {_tiles(e.tiles)}.)",
    ev.TilesKept: lambda e: f"{seat_label(e.seat)} keeps {plural(e.count, 'order tile')}.",
    ev.MpChanged: lambda e: f"{seat_label(e.seat)} {e.amount:+d} MP ({e.why}).",
    ev.Wounded: lambda e: f"{e.fighter} takes {plural(e.count, 'wound')} ({e.cause}).",
    ev.Flipped: lambda e: (
        f"{e.fighter} is Wounded: its card turns over"
        + (f", {plural(e.carried, 'wound')} carried onto it." if e.carried else ".")
    ),
    ev.Died: lambda e: f"{e.fighter} dies ({e.cause}); its dead marker stays on the square.",
    ev.Healed: lambda e: (
        f"{e.fighter} heals {plural(e.points, 'life point')}"
        + (
            ": back to its Healthy side."
            if e.recovered
            else f" ({plural(e.wounds, 'wound')} left)."
        )
    ),
    ev.CloseCombatFought: _combat,
    ev.BarrierDamaged: _barrier,
    ev.Captured: lambda e: f"{e.victim} is captured: {e.captor} carries it as a prisoner.",
    ev.EquipmentDropped: lambda e: (
        f"{e.fighter} drops {', '.join(e.items)} to stay within its weight allowance."
    ),
    ev.Tortured: _tortured,
    ev.Shot: _shot,
    ev.Exploded: lambda e: (
        f"The {e.weapon or 'explosive'} explodes on {e.at}"
        + (f" (pour it on +{e.pour} to every roll)." if e.pour else ".")
    ),
    ev.BlastHit: _blast,
    ev.SearchDeckSet: lambda e: None,
    ev.DeckTop: _top,
    ev.DeckArranged: lambda e: "The search deck is shuffled." if e.why == "shuffle" else None,
    ev.DeckCycled: lambda e: f"{e.fighter} puts {plural(e.count, 'card')} under the search deck.",
    ev.DeckFlipped: lambda e: f"{e.fighter} flips the whole search deck over.",
    ev.Searched: _searched,
    ev.EquipmentFound: lambda e: f"{e.fighter} finds `{e.item}`.",
    ev.EquipmentDropped: lambda e: (
        f"{e.fighter} drops `{e.item}`" + (" under the search deck." if e.under else ".")
    ),
    ev.EquipmentPassed: _passed,
    ev.SpyPoints: lambda e: f"{seat_label(e.seat)} has {plural(e.points, 'spy point')} to use.",
    ev.DeckSpied: lambda e: f"(You look at the top of the search deck: {_cards(e.cards)}.)",
    ev.MissionSpied: lambda e: f"(You see a mission of {seat_label(e.owner)}: `{e.mission}`.)",
    ev.MissionDeckSet: lambda e: None,
    ev.MissionsDrawn: lambda e: (
        f"{seat_label(e.seat)} draws {plural(e.count, 'secret mission card')}."
    ),
    ev.MissionsSeen: lambda e: f"(Your missions: {_tiles(e.missions)}.)",
    ev.MissionFulfilled: lambda e: f"{seat_label(e.seat)} fulfils the mission `{e.mission}`!",
    ev.Exited: lambda e: f"{e.fighter} leaves the map by {e.via}, safe, its equipment gone.",
    ev.Watched: lambda e: None,
    ev.DuelAsked: _asked,
    ev.DuelDeclined: _declined,
    ev.BidMade: lambda e: f"({seat_label(e.bid.seat)}'s secret bid: {e.bid.cp} CP.)",
    ev.DuelRevealed: _revealed_bids,
    ev.InterruptBegan: lambda e: f"{e.fighter} interrupts; {e.mover} is paused.",
    ev.InterruptEnded: lambda e: f"{e.fighter}'s interruption ends.",
    ev.InitiativeTaken: lambda e: f"{seat_label(e.seat)} takes the initiative.",
    ev.LineResolved: _line,
    ev.AbilityPaid: lambda e: f"{e.fighter} puts {plural(e.cp, 'CP')} on its card.",
    ev.Switched: lambda e: f"The {e.name} is switched {'ON' if e.on else 'OFF'}.",
    ev.ChargeCounted: lambda e: (
        f"A charge counter goes on {e.fighter}'s {e.equipment}"
        + (": it is used up." if e.used_up else ".")
    ),
    ev.CpGained: lambda e: f"{seat_label(e.seat)} takes {plural(e.amount, 'CP')} from the bank.",
    ev.MarkerLaid: lambda e: f"{e.fighter} lays a {e.marker.kind} on {e.marker.square}.",
    ev.MinesArmed: lambda e: f"{plural(len(e.markers), 'mine')} laid this turn become live.",
    ev.MarkerDetonated: lambda e: f"The {e.equipment} on {e.square} goes off.",
    ev.BarrierCut: lambda e: f"{e.fighter} destroys the {e.part} between {e.a} and {e.b}.",
    ev.Reanimated: lambda e: (
        f"A body rises on {e.risen.square}: {e.risen.id} {e.risen.name} joins"
        f" {seat_label(e.risen.seat)}."
    ),
    ev.RisenCpGiven: lambda e: f"{e.fighter} receives {plural(e.amount, 'CP')} only it may spend.",
    ev.TimerSet: lambda e: f"{plural(e.timer.left, 'time counter')} go on the {e.name}.",
    ev.TimerTicked: lambda e: f"A time counter comes off the {e.name} ({e.left} left).",
    ev.PowerRestored: lambda e: "The power is back in the building.",
    ev.ScramblerSwitched: _scrambler,
    ev.RadioMarkersPlaced: lambda e: (
        f"{seat_label(e.seat)} puts face-down radio markers on {', '.join(e.fighters) or 'nobody'}."
    ),
    ev.RadioMarkersAre: lambda e: (
        "(Your radio markers: " + ", ".join(f"{m.fighter} {m.frequency}" for m in e.markers) + ".)"
    ),
    ev.RadioMarkerRevealed: lambda e: f"{e.fighter}'s radio marker is turned up: {e.frequency}.",
}


def describe(event: Event) -> str | None:
    line = LINES.get(type(event))
    return line(event) if line is not None else None
