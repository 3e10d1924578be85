"""The words of a measured table's key, in English and German: its headings, terrain
classes, obstacles, heights, markers, lines and the grid note. A scene says which language
its picture speaks (:attr:`rules.geometry.scene.TableScene.language`) and the key is
written from here, so the rules that build a scene need not know how its key is laid
out. German follows the black-powder sheet's words where it has them (Offenes
Gelände, Schwieriges Gelände, Hindernis, Pulverdampf)."""

from __future__ import annotations

from rules.core.language import Phrase
from rules.geometry.pieces import Terrain

HEADINGS = {
    "sides": Phrase("Sides", "Seiten"),
    "terrain": Phrase("Terrain", "Gelände"),
    "markers": Phrase("Markers", "Marker"),
}
GRID_NOTE = Phrase(
    'Grid every {minor}", numbered every {major}" (x across, y down)',
    'Raster alle {minor}", beziffert alle {major}" (x nach rechts, y nach unten)',
)
TERRAIN = {
    Terrain.CLEAR: Phrase("Clear", "Offenes Gelände"),
    Terrain.DIFFICULT: Phrase("Difficult", "Schwieriges Gelände"),
    Terrain.DANGEROUS: Phrase("Dangerous X", "Gefährlich X"),
    Terrain.IMPASSABLE: Phrase("Impassable", "Unpassierbar"),
    Terrain.CONCEALMENT: Phrase("Concealment", "Sichtschutz"),
    Terrain.COVER: Phrase("Cover", "Deckung"),
    Terrain.BUILDING: Phrase("Building", "Gebäude"),
    Terrain.RUINS: Phrase("Ruins", "Ruinen"),
}
OBSTACLES = {
    False: Phrase("Low obstacle", "Niedriges Hindernis"),
    True: Phrase("High obstacle", "Hohes Hindernis"),
}
HEIGHTS = (
    Phrase("Flat height", "Höhe: flach"),
    Phrase("Low height", "Höhe: niedrig"),
    Phrase("Man-high height", "Höhe: mannshoch"),
    Phrase("Tall height", "Höhe: hoch"),
    Phrase("Towering height", "Höhe: sehr hoch"),
)
"""By height class, 0 (flat) to 4 (towering)."""
MARKERS = {
    "objective": Phrase("Objective (score)", "Missionsziel (Punkte)"),
    "terrain-objective": Phrase("Terrain objective", "Gelände als Missionsziel"),
    "held-objective": Phrase("Held objective", "Gehaltenes Missionsziel"),
    "face-down": Phrase("Face-down counter", "Verdeckter Marker"),
    "hidden-unit": Phrase("Hidden unit (marker)", "Verborgene Einheit (Marker)"),
    "zone": Phrase("Deployment zone", "Aufstellungszone"),
    "acting": Phrase("Acting now", "Handelt gerade"),
    "activated": Phrase("Activated", "Aktiviert"),
    "defending": Phrase("Defending", "Verteidigt"),
    "suppression": Phrase("Suppression", "Niedergehalten"),
    "wounds": Phrase("Wounds left", "Verbleibende Wunden"),
    "state": Phrase("State (see caption)", "Zustand (siehe Bildtext)"),
    "embarked": Phrase("Models embarked", "Eingestiegene Modelle"),
    "smoke": Phrase("Smoke", "Pulverdampf"),
    "tether": Phrase("One unit's models", "Modelle einer Einheit"),
    "facing": Phrase("Facing", "Blickrichtung"),
    "tall": Phrase("Tall model", "Hohes Modell"),
}
LINES = {
    "distance": Phrase("Distance", "Entfernung"),
    "sight": Phrase("Line of sight", "Sichtlinie"),
    "blocked": Phrase("Sight blocked", "Sicht versperrt"),
    "path": Phrase("Move or charge path", "Bewegungs- oder Angriffsweg"),
}
