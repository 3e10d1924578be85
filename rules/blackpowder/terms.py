"""Every word a player of the black-powder game meets, in English with the German word(s)
of the reference sheet (003) as accepted aliases.

A player may type either language, in any case, with or without umlauts (``Zuruckweichen``,
``Zurueckweichen``) and without the exclamation marks of the abilities. :func:`find_term`
answers with the term's id or with a refusal that suggests the closest spelling.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from rules.core.names import ECHOED, Option, find
from rules.core.rejection import Rejection


class TermKind(StrEnum):
    ABILITY = "ability"
    CARD = "card"
    ACTION = "action"
    QUALITY = "troop quality"
    SPECIAL_RULE = "special rule"
    STATE = "state"
    RESULT = "reaction result"
    MARKER = "marker"
    TERRAIN = "terrain"
    TERRAIN_PIECE = "terrain piece"
    COVER = "cover"
    WEATHER = "weather"
    RANGED_WEAPON = "ranged weapon"
    WEAPON_RULE = "weapon rule"
    MELEE_WEAPON = "melee weapon"
    MODIFIER = "modifier"
    GAME = "game term"


@dataclass(frozen=True)
class Term:
    """``id`` is what content and rules use; ``english`` is what Umpire prints; ``german``
    holds the sheet's words, accepted as aliases."""

    id: str
    kind: TermKind
    english: str
    german: tuple[str, ...]
    also: tuple[str, ...] = ()
    """Further English spellings accepted."""


def _t(kind: TermKind, ident: str, english: str, *german: str, also: Sequence[str] = ()) -> Term:
    return Term(ident, kind, english, tuple(german), tuple(also))


K = TermKind
TERMS: tuple[Term, ...] = (
    # command abilities (003 Kommandofähigkeiten)
    _t(K.ABILITY, "enemy-sighted", "Enemy sighted!", "Feindsichtung!"),
    _t(K.ABILITY, "hold-back", "Hold back!", "Zurückhalten!"),
    _t(K.ABILITY, "stand-fast", "Stand fast!", "Haltet Stand!"),
    _t(K.ABILITY, "command", "Command", "Befehl"),
    _t(K.ABILITY, "preparation", "Preparation", "Vorbereitung"),
    # cards and the command pool (003 Kommandopunkte erhalten)
    _t(
        K.CARD,
        "advance-card",
        "Advance card",
        "Vorwärts, Jungs!",
        "Vorwärts-Karte",
        also=("forward card",),
    ),
    _t(K.CARD, "morale-card", "Morale card", "Moralkarte"),
    _t(K.CARD, "troop-card", "Troop card", "Truppenkarte"),
    _t(K.CARD, "faction-card", "Faction card", "Fraktionskarte"),
    _t(K.GAME, "command-points", "Command points", "Kommandopunkte", "Kommandopunkt"),
    _t(K.GAME, "command-pool", "Command pool", "Kommandopool"),
    _t(K.GAME, "hand", "Hand", "Kartenhand"),
    _t(K.GAME, "discard-pile", "Discard pile", "Ablagestapel"),
    _t(K.GAME, "reserve", "Reserve", "Zurückgehaltene Karte", also=("held back card",)),
    _t(K.GAME, "reaction-test", "Reaction test", "Reaktionstest"),
    _t(K.GAME, "spotting", "Spotting", "Entdecken", "Entdecken-Tabelle", also=("spot",)),
    _t(K.GAME, "rally-score", "Rally score", "Sammeln-Wert"),
    _t(K.GAME, "officer", "Officer", "Offizier", "Offiziere"),
    _t(K.GAME, "elite", "Elite unit", "Eliteeinheit", "Eliteeinheiten"),
    _t(K.GAME, "troop-type", "Troop type", "Truppentyp"),
    _t(K.GAME, "casualty", "Casualty", "Verlust", "Verluste"),
    # actions
    _t(K.ACTION, "move", "Move", "Bewegung", "Bewegen"),
    _t(K.ACTION, "shoot", "Shoot", "Fernkampf", "Schießen", also=("ranged fire", "fire")),
    _t(K.ACTION, "reload", "Reload", "Nachladen"),
    _t(K.ACTION, "charge", "Charge", "Angriff", "Angreifen"),
    _t(K.ACTION, "melee", "Melee", "Nahkampf"),
    _t(K.ACTION, "rally", "Rally", "Sammeln"),
    _t(K.ACTION, "ready-fire", "Ready fire", "Feuerbereitschaft", "Feuerbereitschafts-Aktion"),
    # troop qualities: the rally table's columns, in the sheet's order
    _t(K.QUALITY, "trained", "Trained", "Ausgebildet"),
    _t(K.QUALITY, "skirmisher", "Skirmisher", "Plänkler"),
    _t(K.QUALITY, "native", "Native", "Einheimisch"),
    _t(K.QUALITY, "recruit", "Recruit", "Rekrut"),
    _t(K.QUALITY, "warrior", "Warrior", "Krieger"),
    _t(K.QUALITY, "conscript", "Conscript", "Eingezogen"),
    # special rules
    _t(K.SPECIAL_RULE, "scouts", "Scouts", "Kundschafter", also=("scout",)),
    _t(K.SPECIAL_RULE, "locals", "Local knowledge", "Ortskundig", also=("locals", "local")),
    _t(K.SPECIAL_RULE, "cavalry", "Cavalry", "Kavallerie"),
    _t(K.SPECIAL_RULE, "light-cavalry", "Light cavalry", "Leichte Kavallerie"),
    _t(K.SPECIAL_RULE, "close-formation", "Close formation", "Geschlossene Formation"),
    _t(K.SPECIAL_RULE, "mounted", "Mounted", "Beritten"),
    # states and markers
    _t(K.STATE, "shaken", "Shaken", "Erschüttert"),
    _t(K.STATE, "fleeing", "Fleeing", "Flieht", "Fliehend", also=("in flight",)),
    _t(K.STATE, "falling-back", "Falling back", "Zurückweichend"),
    _t(K.STATE, "loose-formation", "Loose formation", "Lockere Formation"),
    _t(K.STATE, "column", "Column", "Kolonnenformation", "Kolonne"),
    _t(K.STATE, "defended-position", "Defended position", "Verteidigte Stellung"),
    _t(
        K.MARKER,
        "powder-smoke",
        "Powder smoke",
        "Pulverdampf",
        "Pulverdampf-Marker",
        also=("smoke",),
    ),
    _t(
        K.MARKER,
        "hidden-movement",
        "Hidden movement",
        "Marker für verborgene Bewegungen",
        "Verborgene Bewegung",
        also=("hidden marker",),
    ),
    _t(K.MARKER, "flight-marker", "Flight marker", "Fluchtmarker"),
    # reaction results (003 Sammeln-Wert table)
    _t(K.RESULT, "destroyed", "Destroyed", "Aufgerieben"),
    _t(K.RESULT, "flight", "Flee", "Flucht", "Fliehen", also=("flight",)),
    _t(K.RESULT, "fall-back-and-shaken", "Fall back and shaken", "Zurückweichen und Erschüttert"),
    _t(K.RESULT, "fall-back-or-shaken", "Fall back or shaken", "Zurückweichen oder Erschüttert"),
    _t(K.RESULT, "fall-back", "Fall back", "Zurückweichen", also=("withdraw",)),
    _t(K.RESULT, "no-effect", "No effect", "Kein Effekt"),
    # terrain (003 Bewegung, Geländearten)
    _t(K.TERRAIN, "obstacle", "Obstacle", "Hindernis"),
    _t(K.TERRAIN, "area", "Terrain area", "Geländezone", "Bereich"),
    _t(K.TERRAIN, "open-ground", "Open ground", "Offenes Gelände"),
    _t(K.TERRAIN, "difficult", "Difficult ground", "Schwieriges Gelände", "schwierig"),
    _t(
        K.TERRAIN,
        "very-difficult",
        "Very difficult ground",
        "Sehr schwieriges Gelände",
        "sehr schwierig",
    ),
    _t(K.TERRAIN, "low", "Low", "Niedrig", also=("low obstacle",)),
    _t(K.TERRAIN, "high", "High", "Hoch"),
    _t(K.TERRAIN, "road", "Road", "Straße", "Straßen"),
    _t(K.TERRAIN, "building", "Building", "Gebäude"),
    _t(K.TERRAIN_PIECE, "barricade", "Barrier", "Barriere", also=("barricade", "fence")),
    _t(K.TERRAIN_PIECE, "hay", "Hay bales", "Heu"),
    _t(
        K.TERRAIN_PIECE,
        "low-wall",
        "Low wall or earthwork",
        "Niedrige Mauer",
        "Erdwall",
        "Niedrige Mauer/Erdwall",
        also=("low wall / earthwork",),
    ),
    _t(K.TERRAIN_PIECE, "cornfield", "Grain field", "Getreidefeld", also=("cornfield",)),
    _t(
        K.TERRAIN_PIECE,
        "brush",
        "Undergrowth",
        "Unterholz",
        "Buschland",
        "Unterholz/Buschland",
        also=("scrub", "brush", "undergrowth / scrub"),
    ),
    _t(K.TERRAIN_PIECE, "orchard", "Orchard", "Obstplantage"),
    _t(K.TERRAIN_PIECE, "woods", "Woods", "Wald"),
    _t(K.TERRAIN_PIECE, "marsh", "Marsh", "Sumpfland"),
    _t(K.TERRAIN_PIECE, "rocky-ground", "Rocky ground", "Felsiger Boden"),
    _t(K.TERRAIN_PIECE, "palisade", "Palisade or wall", "Palisade oder Mauer", "Palisade", "Mauer"),
    _t(K.TERRAIN_PIECE, "wagon", "Wagon", "Wagen"),
    _t(K.TERRAIN_PIECE, "cart", "Cart", "Karren"),
    _t(K.COVER, "no-cover", "No cover", "Keine Deckung", "Keine"),
    _t(K.COVER, "light-cover", "Light cover", "Leichte Deckung", "Leicht"),
    _t(K.COVER, "medium-cover", "Medium cover", "Mittlere Deckung", "Mittel"),
    _t(K.COVER, "hard-cover", "Hard cover", "Harte Deckung", "Hart"),
    # weather (003 Wetterbedingungen; clear weather is ours)
    _t(K.WEATHER, "clear", "Clear weather", "Klares Wetter", also=("clear",)),
    _t(K.WEATHER, "heavy-rain", "Heavy rain", "Starker Regen"),
    _t(K.WEATHER, "dusk", "Dusk", "Dämmerung", also=("dawn", "twilight")),
    _t(K.WEATHER, "darkness", "Darkness", "Dunkelheit"),
    _t(K.WEATHER, "light-fog", "Light fog", "Leichter Nebel"),
    _t(K.WEATHER, "dense-fog", "Dense fog", "Dichter Nebel"),
    _t(K.WEATHER, "storm", "Storm", "Sturm"),
    # ranged weapons (003 Fernkampfwaffen)
    _t(K.RANGED_WEAPON, "bow", "Bow", "Bogen", "Bögen", also=("bows",)),
    _t(
        K.RANGED_WEAPON,
        "thrown",
        "Thrown weapon",
        "Wurfwaffe",
        "Wurfwaffen",
        also=("thrown weapons",),
    ),
    _t(K.RANGED_WEAPON, "pistol", "Pistol", "Pistole", "Pistolen", also=("pistols",)),
    _t(K.RANGED_WEAPON, "musket", "Musket", "Muskete", "Musketen", also=("muskets",)),
    _t(
        K.RANGED_WEAPON,
        "obsolete-firearm",
        "Obsolete firearm",
        "Veraltete Waffe",
        "Veraltete Waffen",
        also=("obsolete weapon", "obsolete weapons"),
    ),
    _t(K.RANGED_WEAPON, "carbine", "Carbine", "Karabiner", also=("carbines",)),
    _t(
        K.RANGED_WEAPON,
        "hunting-rifle",
        "Hunting rifle",
        "Jagdbüchse",
        "Jagdbüchsen",
        also=("hunting rifles",),
    ),
    _t(
        K.RANGED_WEAPON,
        "rifled-musket",
        "Rifled musket",
        "Gezogener Vorderlader",
        "Gezogene Vorderlader",
        also=("rifled muzzle-loader", "rifled muzzle-loaders"),
    ),
    _t(K.RANGED_WEAPON, "breech-loader", "Breech-loader", "Hinterlader", also=("breech-loaders",)),
    _t(
        K.RANGED_WEAPON,
        "repeating-carbine",
        "Repeating carbine",
        "Repetierkarabiner",
        also=("repeating carbines",),
    ),
    _t(K.RANGED_WEAPON, "artillery", "Artillery", "Artillerie", "Artilleriemodell"),
    _t(K.WEAPON_RULE, "single-shot", "Single shot", "Einzelschuss"),
    _t(
        K.WEAPON_RULE,
        "black-powder",
        "Black-powder weapon",
        "Schwarzpulverwaffe",
        also=("black powder",),
    ),
    # melee weapons (003 Nahkampfwaffen)
    _t(K.MELEE_WEAPON, "sabre", "Sabre", "Säbel", also=("saber", "sabres", "sabers")),
    _t(K.MELEE_WEAPON, "naval-weapons", "Naval weapons", "Marinewaffen", "Marinewaffe"),
    _t(
        K.MELEE_WEAPON,
        "lance",
        "Cavalry lance",
        "Kavallerielanze",
        "Kavallerielanzen",
        also=("lance", "lances", "cavalry lances"),
    ),
    # modifiers named on the sheet
    _t(K.MODIFIER, "hasty-shot", "Hasty shot", "Hastiger Schuss"),
    _t(K.MODIFIER, "long-range", "Long range", "Lange Reichweite"),
    _t(K.MODIFIER, "extreme-range", "Extreme range", "Extreme Reichweite"),
    _t(K.MODIFIER, "large-target", "Large target", "Großes Ziel"),
    _t(K.MODIFIER, "impossible-shot", "Impossible shot", "Unmöglicher Schuss"),
    _t(K.MODIFIER, "surprise-attack", "Surprise attack", "Überraschungsangriff"),
    _t(K.MODIFIER, "volley", "Volley", "Salve"),
)

BY_ID: dict[str, Term] = {term.id: term for term in TERMS}


def fold(text: str) -> str:
    """``text`` without accents or exclamation marks, ``ß`` as ``ss``: what a player without
    a German keyboard types (``Zuruckweichen``)."""
    plain = text.replace("ß", "ss").replace("!", "")
    decomposed = unicodedata.normalize("NFKD", plain)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def _transcribed(text: str) -> str:
    """The German convention for umlauts without the dots: ``Zurueckweichen``."""
    for umlaut, pair in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("Ä", "Ae"), ("Ö", "Oe")):
        text = text.replace(umlaut, pair)
    return text.replace("Ü", "Ue")


@cache
def _options(kind: TermKind | None) -> tuple[Option, ...]:
    options = []
    for term in TERMS:
        if kind is not None and term.kind is not kind:
            continue
        spellings = (term.english, *term.also, *term.german)
        names = {fold(s) for s in spellings} | {fold(_transcribed(s)) for s in term.german}
        options.append(Option(term.id, term.english, tuple(sorted(names))))
    return tuple(options)


def find_term(text: str, kind: TermKind | None = None) -> str | Rejection:
    """The id of the term ``text`` names in English or German (of ``kind``, if given), or a
    refusal that lists the terms and suggests the closest spelling."""
    what = kind.value if kind is not None else "term"
    folded = fold(text)
    found = find(folded, _options(kind), what, known="Known")
    if isinstance(found, Rejection) and folded != text.strip():
        # the refusal repeats what the player typed, not its folded spelling
        message = found.message.replace(f"'{folded[:ECHOED]}'", f"'{text.strip()[:ECHOED]}'", 1)
        return found.model_copy(update={"message": message})
    return found


def term(ident: str) -> Term:
    """The term with id ``ident`` (a programming error if there is none)."""
    return BY_ID[ident]


def english(ident: str) -> str:
    return BY_ID[ident].english


def german(ident: str) -> str:
    """The sheet's first word for the term."""
    return BY_ID[ident].german[0]


def ids(kind: TermKind) -> tuple[str, ...]:
    return tuple(t.id for t in TERMS if t.kind is kind)
