"""Sides, teams and starting equipment of a generated scenario ([20.1] steps 01, 12, 13;
[20.4]; [21.2]).

Readings (the source leaves the selection procedures to the generator's own sheets):
- With 2 players, a recorded die decides who defends (as when players do not agree).
- A team is chosen for each player: the defender takes characters of the defending
  faction, the attacker of the attacking one; with 3 or 4 players, each mercenary band is
  drafted in turn from every character of both factions and the mercenaries. Picks are
  recorded dice. Risen characters (raised only by reanimation, [22]) are never picked;
  large characters ([16]) are picked like any other.
- Each character receives at most one equipment card whose background matches its side
  (a mercenary counts as its faction), dealt by recorded dice; the character carries the
  card's front item. "At most" is read as: a player's first characters are equipped, no
  more than half of them (rounded up), so that cards are left for the search deck
  ([13.2]: the cards left over form it, shuffled by ``search_deck``).
- In a 2-player game the defender's first two characters carry magnetic cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.orders.content.catalog import Catalog
from rules.orders.content.characters import CharacterDef
from rules.orders.content.scenarios import GeneratorDef
from rules.orders.content.terms import Side
from rules.orders.deploy_squares import character_side
from rules.orders.flow import Flow
from rules.orders.seats import seat_letter
from rules.orders.state import Fighter, Player


@dataclass(frozen=True)
class Teams:
    players: tuple[Player, ...]
    fighters: tuple[Fighter, ...]
    characters: tuple[CharacterDef, ...]
    deck: tuple[str, ...]  # equipment cards left over, in deck order


def pickable(catalog: Catalog, side: Side | None) -> list[str]:
    return [
        c.id
        for c in catalog.characters.values()
        if not c.risen
        and (
            side is None
            or (
                catalog.character_faction.get(c.id) is not None
                and character_side(catalog, c.id) == side
            )
        )
    ]


def choose_sides(flow: Flow) -> dict[str, Side | None]:
    """With 2 players a recorded die decides who defends; with 3 or 4 there are no sides."""
    seats = flow.state.seats
    if len(seats) != 2:
        return {seat: None for seat in seats}
    defender = flow.pick(2, "who defends the complex")
    return {seats[defender]: "defender", seats[1 - defender]: "attacker"}


def choose_teams(
    flow: Flow, generator: GeneratorDef, sides: Mapping[str, Side | None], mp: dict[str, int]
) -> Teams:
    catalog = flow.catalog
    seats = flow.state.seats
    chosen: dict[str, list[str]] = {seat: [] for seat in seats}
    pool: dict[str, list[str]] = {seat: pickable(catalog, sides[seat]) for seat in seats}
    shared = pickable(catalog, None)
    for _ in range(generator.characters_per_player):
        for seat in seats:
            options = pool[seat] if sides[seat] is not None else shared
            options = [c for c in options if all(c not in team for team in chosen.values())]
            if not options:
                continue
            chosen[seat].append(options[flow.pick(len(options), f"a character for {seat}")])
    fighters: list[Fighter] = []
    for seat in seats:
        for number, character in enumerate(chosen[seat], start=1):
            card = catalog.characters[character]
            fighters.append(
                Fighter(
                    id=f"{seat_letter(seat)}{number}",
                    seat=seat,
                    character=character,
                    name=card.name,
                    side=character_side(catalog, character),
                )
            )
    fighters, deck = _equip(flow, generator, fighters)
    players = tuple(
        Player(seat=seat, side=sides[seat], mp=mp.get(seat, generator.starting_mp))
        for seat in seats
    )
    if len(seats) == 2 and generator.magnetic_cards:
        holders = [f.id for f in fighters if f.side == "defender"][: generator.magnetic_cards]
        fighters = [
            f.model_copy(update={"magnetic": True}) if f.id in holders else f for f in fighters
        ]
    used = {f.character for f in fighters}
    return Teams(
        players=players,
        fighters=tuple(fighters),
        characters=tuple(catalog.characters[c] for c in sorted(used)),
        deck=deck,
    )


def _equip(
    flow: Flow, generator: GeneratorDef, fighters: list[Fighter]
) -> tuple[list[Fighter], tuple[str, ...]]:
    cards = sorted(flow.catalog.cards)
    equipped: list[Fighter] = []
    team = {seat: sum(f.seat == seat for f in fighters) for seat in {f.seat for f in fighters}}
    dealt = dict.fromkeys(team, 0)
    for fighter in fighters:
        if generator.equipment_per_character < 1 or dealt[fighter.seat] * 2 >= team[fighter.seat]:
            equipped.append(fighter)
            continue
        fitting = [c for c in cards if flow.catalog.cards[c].background == fighter.side]
        if not fitting:
            equipped.append(fighter)
            continue
        card = fitting[flow.pick(len(fitting), f"equipment for {fighter.id}")]
        cards.remove(card)
        dealt[fighter.seat] += 1
        equipped.append(fighter.model_copy(update={"equipment": (flow.catalog.cards[card].front,)}))
    return equipped, tuple(cards)
