"""A simple, deterministic player: ready-made lists, then shoot, fight, score or close in.

Used to write the example game scripts, to drive benchmarks and to steer random test games
towards an end. It only ever picks among the legal choices it is given, by their notation.
"""

from __future__ import annotations

import re

from rules.wasteland.state import WastelandState

FAVOURITE_FACTIONS = ("cistern-wardens", "scrapwind-riders", "lantern-synod")
_PLACED = re.compile(r"^(deploy|arrive|reinforce) \S+ at -?\d+,-?\d+")
_DISTANCE = re.compile(r"\((\d+(?:\.\d+)?)\"\)")


def choose(state: WastelandState, seat: str, options: list[tuple[str, str]]) -> str | None:
    """A greedy pick among ``(notation, label)`` pairs, or None when none will do (a
    placement suggestion without a point, say)."""
    by_verb: dict[str, list[tuple[str, str]]] = {}
    for notation, label in options:
        by_verb.setdefault(notation.split()[0], []).append((notation, label))
    if "react" in by_verb:
        return _first(by_verb["react"], " ground") or by_verb["react"][-1][0]
    if "nullify" in by_verb:
        return by_verb["nullify"][0][0]
    if state.phase == "lists":
        return _list_choice(state, seat, by_verb)
    for verb in ("deploy", "arrive", "reinforce"):
        placed = [n for n, _ in by_verb.get(verb, []) if _PLACED.match(n)]
        if placed:
            return placed[0]
    if "hold" in by_verb and state.phase == "deployment":
        return by_verb["hold"][0][0]
    if "activate" in by_verb:
        plain = [n for n, _ in by_verb["activate"] if not n.endswith(" heroic")]
        return (plain or [by_verb["activate"][0][0]])[0]
    for verb in ("shoot", "fight", "interact", "cast"):
        if verb in by_verb:
            return by_verb[verb][0][0]
    if "move" in by_verb and _moves_left(state, seat):
        return min(by_verb["move"], key=lambda pair: (_distance(pair[1]), pair[0]))[0]
    for verb in ("end", "wait"):
        if verb in by_verb:
            return by_verb[verb][0][0]
    return None


def _first(pairs: list[tuple[str, str]], ending: str) -> str | None:
    return next((n for n, _ in pairs if n.endswith(ending)), None)


def _list_choice(
    state: WastelandState, seat: str, by_verb: dict[str, list[tuple[str, str]]]
) -> str | None:
    if "submit" in by_verb:
        return "submit"
    starters = [n for n, _ in by_verb.get("army", [])]
    if not starters:
        return None
    wanted = f"army starter {FAVOURITE_FACTIONS[state.seats.index(seat) % 3]}"
    return wanted if wanted in starters else starters[0]


def _moves_left(state: WastelandState, seat: str) -> bool:
    active = state.active
    return active is not None and active.seat == seat and active.actions > 0


def _distance(label: str) -> float:
    """Objectives (no distance shown) first, then the nearest enemy."""
    found = _DISTANCE.search(label)
    return float(found.group(1)) if found else -1.0
