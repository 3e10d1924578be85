"""The headings of the reference sheet (003) each rule and refusal cites, with the English
words players read, or the readings Umpire follows where the sheet is silent."""

from __future__ import annotations

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
CHARGE = "Umpire readings 19 and 42 (charge and melee)"
FLEEING = "Umpire reading 41 (a fleeing unit's action)"
