"""A simple, deterministic player: attack when possible, otherwise close in.

Used to generate the example deathmatch script, to drive benchmarks and to steer random
test games towards an end. It only ever picks among the legal choices it is given.
"""

from __future__ import annotations

from rules.tannhauser.sight import board
from rules.tannhauser.state import TannhauserState

FAVOURITE_FACTIONS = ("meridian", "ashen")


def nearest_enemy_distance(state: TannhauserState, seat: str, circle: str) -> int:
    distances = board(state).distances(circle)
    enemies = [t.circle for t in state.on_board() if t.seat != seat and t.circle]
    return min((distances.get(c, 99) for c in enemies), default=99)


def choose(state: TannhauserState, seat: str, options: list[str]) -> str:
    """A greedy choice among the legal notations ``options`` (which must not be empty)."""
    by_verb: dict[str, list[str]] = {}
    for notation in options:
        by_verb.setdefault(notation.split()[0], []).append(notation)
    for verb in ("fire", "shake", "counter", "strike", "reroll"):
        if verb in by_verb:
            return by_verb[verb][0]
    if "crate" in by_verb:
        return next((c for c in by_verb["crate"] if c != "crate return"), by_verb["crate"][0])
    if "faction" in by_verb:
        index = state.seats.index(seat) % len(FAVOURITE_FACTIONS)
        wanted = f"faction {FAVOURITE_FACTIONS[index]}"
        return wanted if wanted in options else by_verb["faction"][0]
    for verb in ("recruit", "replace", "pack", "entry"):
        if verb in by_verb:
            return by_verb[verb][0]
    if "bonus" in by_verb:
        return "bonus done"
    if state.phase == "overwatch":
        mine = any(state.tokens[k].seat == seat for k in state.overwatch)
        if state.turn >= 2 and state.command_points.get(seat, 0) >= 2 and not mine:
            return by_verb.get("overwatch", ["decline"])[0]
        return "decline"
    if "activate" in by_verb:
        return by_verb["activate"][0]
    if "attack" in by_verb:
        armed = [a for a in by_verb["attack"] if " with " in a]
        return (armed or by_verb["attack"])[0]
    activation = state.activation
    if activation is not None and activation.seat == seat and "move" in by_verb:
        token = state.tokens[activation.key]
        here = 99 if token.circle is None else nearest_enemy_distance(state, seat, token.circle)
        best = min(
            by_verb["move"], key=lambda m: (nearest_enemy_distance(state, seat, m.split()[1]), m)
        )
        if token.circle is None or nearest_enemy_distance(state, seat, best.split()[1]) < here:
            return best
    if "end" in by_verb:
        return "end"
    if "decline" in by_verb:
        return "decline"
    return options[0]
