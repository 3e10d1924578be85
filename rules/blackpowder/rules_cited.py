"""The headings of the reference sheet (003) each rule and refusal cites, with the English
words players read, or the readings Umpire follows where the sheet is silent."""

from __future__ import annotations

from rules.core.language import Phrase

COMMAND_POINTS = "003 Kommandopunkte erhalten (gaining command points)"
ABILITIES = "003 Kommandofähigkeiten (command abilities)"
MOVEMENT = "003 Bewegung (movement)"
TERRAIN = "003 Geländearten (terrain types)"
SPOTTING = "003 Die Entdecken-Tabelle (spotting table)"
RANGED_WEAPONS = "003 Fernkampfwaffen (ranged weapons)"
RANGED_FIRE = "003 Fernkampf (ranged fire)"
REACTION_TESTS = "003 Reaktionstests (reaction tests)"
RALLY = "003 Sammeln-Wert (reaction table and rally scores)"
MELEE = "003 Nahkampf (melee)"
FALL_BACK_AND_FLIGHT = "003 Aus dem Kampf zurückweichen und fliehen (fall back and flight)"
READING = "Umpire reading"
CARDS = "Umpire reading 5 (what a card does)"
GO = "Umpire reading 4 (a player's go)"
ACTIONS = "Umpire reading 9 (actions)"
HIDDEN = "Umpire reading 12 (hidden movement)"
SETUP = "Umpire reading 27 (setting up)"
FORMATIONS = "Umpire readings 20 and 60 (formations)"
CHARGE = "Umpire readings 19 and 42 (charge and melee)"
FLEEING = "Umpire reading 41 (a fleeing unit's action)"
LANDING = "Umpire reading 67 (where a move ends)"

GERMAN: dict[str, str] = {
    COMMAND_POINTS: "003 Kommandopunkte erhalten",
    ABILITIES: "003 Kommandofähigkeiten",
    MOVEMENT: "003 Bewegung",
    TERRAIN: "003 Geländearten",
    SPOTTING: "003 Die Entdecken-Tabelle",
    RANGED_WEAPONS: "003 Fernkampfwaffen",
    RANGED_FIRE: "003 Fernkampf",
    REACTION_TESTS: "003 Reaktionstests",
    RALLY: "003 Sammeln-Wert",
    MELEE: "003 Nahkampf",
    FALL_BACK_AND_FLIGHT: "003 Aus dem Kampf zurückweichen und fliehen",
    READING: "Umpire-Lesart",
    CARDS: "Umpire-Lesart 5 (was eine Karte bewirkt)",
    GO: "Umpire-Lesart 4 (der Zug eines Spielers)",
    ACTIONS: "Umpire-Lesart 9 (Aktionen)",
    HIDDEN: "Umpire-Lesart 12 (verborgene Bewegung)",
    SETUP: "Umpire-Lesart 27 (Aufstellung)",
    CHARGE: "Umpire-Lesarten 19 und 42 (Angriff und Nahkampf)",
    FLEEING: "Umpire-Lesart 41 (die Aktion einer fliehenden Einheit)",
    FORMATIONS: "Umpire-Lesarten 20 und 60 (Formationen)",
    LANDING: "Umpire-Lesart 67 (wo eine Bewegung endet)",
}
"""Each heading as a German reader reads it: the sheet's own words alone."""


def cited(heading: str) -> Phrase:
    """A heading in English and German, for a refusal to cite."""
    return Phrase(heading, GERMAN.get(heading))
