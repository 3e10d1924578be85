"""What a Tannhäuser game keeps secret: unrevealed setup picks and face-down crates.

Crates a seat has looked into (its own DM showed the contents) are known to that seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.core.events import Event
from rules.core.names import pretty
from rules.core.secrets import Secret, jsonish, rotated, spelled
from rules.tannhauser import events as tev
from rules.tannhauser.content.catalog import Catalog
from rules.tannhauser.content.characters import PACK_KINDS
from rules.tannhauser.items import crate_text
from rules.tannhauser.setup_phase import team_kinds
from rules.tannhauser.state import TannhauserState

Line = Callable[[Event], str]


def searched(log: Sequence[Event]) -> dict[str, frozenset[str]]:
    """Crate circle → the seats that have seen what its crate holds."""
    seen: dict[str, frozenset[str]] = {}
    for event in log:
        if isinstance(event, tev.CrateSeen):
            seen[event.feature] = seen.get(event.feature, frozenset()) | {event.seat}
    return seen


def secrets(
    state: TannhauserState, log: Sequence[Event], line: Line, catalog: Catalog
) -> list[Secret]:
    """Factions, teams, packs and bonus tokens before their reveal; face-down crates."""
    found = []
    seen = searched(log)
    everybody_chose = set(state.faction_picks) >= set(state.seats)  # then all are revealed
    for seat, faction in state.faction_picks.items():
        if everybody_chose or seat in state.factions:
            continue
        event = tev.FactionPicked(seat=seat, faction=faction)
        found.append(
            Secret(
                "faction",
                f"{seat}'s secret faction {faction}",
                spelled(
                    line(event),
                    jsonish("faction", faction),
                    f"{pretty(seat)} secret faction: {pretty(faction)}",
                ),
                frozenset({seat}),
            )
        )
    for seat, team in state.team_picks.items():
        if seat in state.teams or not team:
            continue
        picked = tev.TeamPicked(seat=seat, characters=team, kinds=team_kinds(catalog, team))
        found.append(
            Secret(
                "team",
                f"{seat}'s secret team {team}",
                spelled(
                    line(picked),
                    jsonish("characters", list(team)),
                    f"secret team: {', '.join(pretty(c) for c in team)}",
                ),
                frozenset({seat}),
            )
        )
    if not state.packs_revealed:
        for seat, packs in state.pack_picks.items():
            for character, pack in packs.items():
                chosen = tev.PackPicked(seat=seat, character=character, pack=pack)
                found.append(
                    Secret(
                        "pack",
                        f"{seat}'s secret {pack} pack for {character}",
                        spelled(
                            line(chosen),
                            f"{jsonish('character', character)}, {jsonish('pack', pack)}",
                            f"{jsonish(character, pack)}",
                        ),
                        frozenset({seat}),
                    )
                )
    if state.phase == "bonus":
        for seat, picks in state.bonus_picks.items():
            if not picks:
                continue
            bonus = tev.BonusPicked(seat=seat, picks=picks)
            shown = [
                f"{jsonish('token', p.token)}, {jsonish('character', p.character)}" for p in picks
            ]
            found.append(
                Secret(
                    "bonus token",
                    f"{seat}'s secret bonus tokens",
                    spelled(line(bonus), *shown),
                    frozenset({seat}),
                )
            )
    for feature, crate in state.crates.items():
        contents = crate_text(state, feature)
        holders = seen.get(feature, frozenset())
        found.append(
            Secret(
                "crate seen by its searcher" if holders else "crate",
                f"face-down crate {crate} on {feature}",
                spelled(
                    crate,  # crate ids are never shown while a crate lies face down
                    f"The crate on {feature} holds **{contents}**",
                    f"{feature} holds {contents}",
                ),
                holders,
                on_board=True,
            )
        )
    if state.crates:
        # the referee's draw that dealt the crates
        found.append(Secret("referee dice", "the crate draw", spelled("crate draw")))
    return found


def disguise(state: TannhauserState, catalog: Catalog) -> TannhauserState | None:
    """Every hidden thing changed, keeping what is public (how many picks, where crates
    lie): crate contents, unrevealed factions, teams, packs and bonus tokens."""
    update: dict[str, object] = {
        "crates": {f: rotated(c, catalog.crates) for f, c in state.crates.items()},
        "crate_defs": dict(catalog.crates),
        "faction_picks": {
            s: f if s in state.factions else rotated(f, catalog.factions)
            for s, f in state.faction_picks.items()
        },
        "team_picks": {
            s: t if s in state.teams else tuple(rotated(c, catalog.characters) for c in t)
            for s, t in state.team_picks.items()
        },
    }
    if not state.packs_revealed:
        update["pack_picks"] = {
            s: {c: rotated(k, PACK_KINDS) for c, k in packs.items()}
            for s, packs in state.pack_picks.items()
        }
    if state.phase == "bonus":
        update["bonus_picks"] = {
            s: tuple(
                p.model_copy(update={"token": rotated(p.token, catalog.bonus_tokens)}) for p in ps
            )
            for s, ps in state.bonus_picks.items()
        }
    changed = state.model_copy(update=update)
    return None if changed == state else changed
