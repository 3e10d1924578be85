"""Prompts and status: whose input the game waits for, and what they may answer."""

from __future__ import annotations

from rules.core.choices import ActionChoice
from rules.core.prompts import Prompt
from rules.core.system import TurnStatus
from rules.orders.choices import legal
from rules.orders.content.catalog import Catalog
from rules.orders.deployment import decoys_left, to_place
from rules.orders.frames import BidWindow, InitiativeOffer, InterruptOffer, InterruptWindow
from rules.orders.scrambling import enemies
from rules.orders.search_prompts import timeout_answer, window_prompt
from rules.orders.seats import seat_label
from rules.orders.state import (
    HAND_LIMIT,
    DropWindow,
    OrdersState,
    RadioWindow,
    RedrawWindow,
    ReduceWindow,
    SearchWindow,
    SpyWindow,
)


def prompts(state: OrdersState, catalog: Catalog) -> list[Prompt]:
    if state.finished:
        return []
    if state.phase == "deployment" and state.deploying is not None:
        seat = state.deploying
        placed = len(state.markers)
        return [
            Prompt(
                seat=seat,
                key=f"deploy-{placed}",
                text="Place a face-down marker: `deploy <character> at <square>` or"
                f" `deploy decoy at <square>` ({_still_to_place(state, catalog, seat)})."
                " Only you know which marker is which. The squares you may use are too many"
                " for a menu: type `/act deploy` and its suggestions list them.",
                private=True,
            )
        ]
    if state.phase == "facing":
        waiting = {f.seat for f in state.standing() if f.id not in state.faced}
        return [
            Prompt(
                seat=seat,
                key=f"face-{len(state.faced)}",
                text="Choose the facing of each of your characters: `face A1 north`.",
                choices=_complete(legal(state, catalog, seat)),
            )
            for seat in state.seats_in_play()
            if seat in waiting
        ]
    window = state.waiting_window()
    minutes = state.options.bid_minutes
    if isinstance(window, RedrawWindow):
        hand = ", ".join(f"`{t}`" for t in state.player(window.seat).hand)
        return [
            Prompt(
                seat=window.seat,
                key=f"redraw-{state.turn}",
                text=f"Your first 5 order tiles: {hand}. Keep them, or set them aside and"
                " draw 5 new ones (the first 5 go back into the bag)?",
                choices=_complete(legal(state, catalog, window.seat)),
                private=True,
                on_timeout="keep",
                timeout_minutes=minutes,
            )
        ]
    if isinstance(window, SearchWindow | SpyWindow | DropWindow):
        return [
            Prompt(
                seat=window.seat,
                key=f"{window.frame}-{len(state.windows)}-{_window_key(state, window)}",
                text=window_prompt(state, window),
                choices=_complete(legal(state, catalog, window.seat)),
                private=True,
                on_timeout=timeout_answer(state, window),
                timeout_minutes=minutes,
            )
        ]
    if isinstance(window, InterruptOffer | InitiativeOffer | BidWindow | InterruptWindow):
        return [duel_prompt(state, catalog, window)]
    if isinstance(window, ReduceWindow):
        held = state.player(window.seat).hand
        return [
            Prompt(
                seat=window.seat,
                key=f"reduce-{state.turn}",
                text=f"Final phase: you hold {len(held)} order tiles"
                f" ({', '.join(f'`{t}`' for t in held)}); keep at most {HAND_LIMIT}."
                " `discard <tile>, <tile>`.",
                choices=_complete(legal(state, catalog, window.seat)),
                private=True,
                on_timeout="discard " + ", ".join(sorted(held)[: len(held) - HAND_LIMIT]),
                timeout_minutes=minutes,
            )
        ]
    if isinstance(window, RadioWindow):
        marked = ", ".join(enemies(state, window.seat))
        return [
            Prompt(
                seat=window.seat,
                key=f"radio-{state.turn}",
                text="Your radio scrambler is ON: place your 6 markers (2 clear, 2 listening,"
                f" 2 scrambled) face down on enemy characters ({marked}): `radio B1 scrambled,"
                " B2 listening, ...`, or `radio random`.",
                choices=_complete(legal(state, catalog, window.seat)),
                private=True,
                on_timeout="radio random",
                timeout_minutes=minutes,
            )
        ]
    return []


WINDOW_WORDS = {
    "redraw": "first-turn redraw",
    "search": "a search",
    "spy": "spy points",
    "drop": "dropping equipment",
    "interrupt_offer": "an interruption chance",
    "initiative_offer": "an initiative duel",
    "duel_bid": "a duel bid",
    "interrupting": "an interruption",
}


def _window_key(state: OrdersState, window: SearchWindow | SpyWindow | DropWindow) -> str:
    match window:
        case SearchWindow():
            return f"{window.fighter}-{window.points}-{window.flips}-{window.shuffles}"
        case SpyWindow():
            return f"{window.points}-{window.looking}-{len(window.seen)}"
        case DropWindow():
            return f"{window.fighter}-{len(state.fighter(window.fighter).equipment)}"


TRIGGER_WORDS = {"sight": "entered its sight", "adjacent": "stepped next to it"}


def _triggers_by_fighter(window: InterruptOffer) -> dict[str, list[str]]:
    """What each character of the offer saw the mover do, each character named once
    (one mover may set off both its sight and its adjacency at once)."""
    found: dict[str, list[str]] = {}
    for chance in window.chances:
        found.setdefault(chance.fighter, []).append(TRIGGER_WORDS[chance.trigger])
    return found


def duel_prompt(
    state: OrdersState,
    catalog: Catalog,
    window: InterruptOffer | InitiativeOffer | BidWindow | InterruptWindow,
) -> Prompt:
    """The DM question of a duel or an interruption, naming characters and squares."""
    seat = window.seat
    cp = state.player(seat).cp
    done = state.interruption.orders if state.interruption else 0
    key = f"{window.frame}-{state.turn}-{state.active}-{len(state.watched)}-{done}"
    choices = _complete(legal(state, catalog, seat))
    minutes = state.options.bid_minutes
    if isinstance(window, InterruptOffer):
        who = "; ".join(
            f"{fighter} may interrupt {window.mover} ({' and '.join(words)} at {window.square})"
            for fighter, words in _triggers_by_fighter(window).items()
        )
        text = (
            f"{who}. Ask for a duel with a secret bid of at least 1 CP (you have {cp}):"
            f" `interrupt {window.chances[0].fighter} bid <n>`, or `let pass`."
        )
        timeout = "let pass"
    elif isinstance(window, InitiativeOffer):
        text = (
            f"Turn {state.turn}: {seat_label(window.holder)} holds the initiative. Demand it"
            f" with a secret bid of at least 1 CP (you have {cp}): `demand initiative bid"
            " <n>`, or `let pass`."
        )
        timeout = "let pass"
    elif isinstance(window, BidWindow):
        if window.mover is not None:
            text = (
                f"A duel to interrupt {window.mover} is asked. Your secret bid (0 to {cp}"
                f" CP): `bid <n>`; `bid <n> face <side>` turns {window.mover} first."
            )
        else:
            text = (
                f"The initiative is demanded. Your secret bid to keep it (0 to {cp} CP): `bid <n>`."
            )
        timeout = "bid 0"
    else:
        fighter = state.fighter(window.fighter)
        text = (
            f"{fighter.id} {fighter.name} interrupts {window.mover}: assign it 0-1 new"
            " order tile (`assign <tile>`), execute up to 2 red or gold orders (`move to"
            " <square>`, `interact <item>`) or abilities (`ability <name>`), then `done`."
        )
        timeout = "done"
    return Prompt(
        seat=seat,
        key=key,
        text=text,
        choices=choices,
        private=True,
        on_timeout=timeout,
        timeout_minutes=minutes,
    )


def _still_to_place(state: OrdersState, catalog: Catalog, seat: str) -> str:
    generator = catalog.generators.get(state.generator)
    decoys = decoys_left(state, seat, generator.decoys if generator else 0)
    markers = [*to_place(state, seat), *(["decoy"] * decoys)]
    return "still to place: " + ", ".join(markers)


def _complete(choices: list[ActionChoice]) -> tuple[ActionChoice, ...]:
    return tuple(c for c in choices if c.complete)


def status(state: OrdersState) -> TurnStatus:
    if state.finished:
        return TurnStatus(phase="finished", summary=state.end_reason)
    summary = ", ".join(f"{seat_label(p.seat)} {p.mp} MP" for p in state.players)
    if state.phase == "deployment":
        return TurnStatus(
            phase="face-down deployment",
            waiting_on=(state.deploying,) if state.deploying else (),
            summary=summary,
        )
    if state.phase == "facing":
        waiting = tuple(
            s
            for s in state.seats_in_play()
            if any(f.seat == s and f.id not in state.faced for f in state.standing())
        )
        return TurnStatus(phase="choosing facings", waiting_on=waiting, summary=summary)
    window = state.waiting_window()
    if window is not None:
        what = WINDOW_WORDS.get(window.frame, "discarding tiles")
        what = (
            "first-turn redraw"
            if isinstance(window, RedrawWindow)
            else "radio markers"
            if isinstance(window, RadioWindow)
            else "discarding tiles"
        )
        return TurnStatus(
            phase=f"turn {state.turn}, {what}", waiting_on=(window.seat,), summary=summary
        )
    return TurnStatus(
        phase=f"turn {state.turn} of {state.turns}, activation phase",
        waiting_on=(state.active,) if state.active else (),
        summary=summary,
    )
