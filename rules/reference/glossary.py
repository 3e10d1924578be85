"""German game terms and the English words the reference is written in.

Players of a source printed in German (and German speakers generally) look rules up in
their own words: ``Granate``, ``Deckung``, ``Nahkampf``. A query word found here is also
matched as its English words, so ``/rules Deckung`` finds *Cover*; the German word itself
still matches German aliases (``Nahkampfwaffen``). Keys are folded (lower case, no
accents, ``ß`` as ``ss``), as :func:`rules.reference.text.fold` leaves query words.
"""

from __future__ import annotations

GERMAN: dict[str, tuple[str, ...]] = {
    "aktion": ("action",),
    "aktionen": ("actions",),
    "angriff": ("attack", "charge", "assault"),
    "angriffe": ("attacks",),
    "aufstellung": ("deployment", "setup"),
    "befehl": ("order",),
    "befehle": ("orders",),
    "bewegung": ("movement", "move"),
    "bewegen": ("move",),
    "deckung": ("cover",),
    "entdecken": ("spotting", "spot"),
    "explosion": ("explosive", "blast"),
    "fernkampf": ("ranged", "shooting"),
    "feuer": ("fire", "shoot"),
    "fliehen": ("flee",),
    "flucht": ("flee", "rout"),
    "gebaude": ("building",),
    "gelande": ("terrain",),
    "granate": ("grenade",),
    "granaten": ("grenades",),
    "handgranate": ("grenade",),
    "heilen": ("heal", "healing"),
    "initiative": ("initiative",),
    "kommandopunkte": ("command", "points"),
    "laufen": ("run", "rush"),
    "mauer": ("wall",),
    "moral": ("morale",),
    "nachladen": ("reload",),
    "nahkampf": ("melee", "close", "combat"),
    "nebel": ("smoke",),
    "niederhalten": ("suppression",),
    "panik": ("panic",),
    "rauch": ("smoke",),
    "reaktion": ("reaction",),
    "reichweite": ("range",),
    "rennen": ("run", "rush"),
    "rustung": ("armour", "armor"),
    "sammeln": ("rally",),
    "schaden": ("damage",),
    "schiessen": ("shoot", "shooting"),
    "sicht": ("sight", "visibility"),
    "sichtlinie": ("line", "sight"),
    "sieg": ("victory",),
    "sprengstoff": ("explosives",),
    "test": ("test",),
    "treffer": ("hit", "hits"),
    "tur": ("door",),
    "uberwachung": ("overwatch",),
    "unterdruckung": ("suppression",),
    "verteidigung": ("defence", "defense"),
    "verwundung": ("wound", "injury"),
    "waffe": ("weapon",),
    "waffen": ("weapons",),
    "wand": ("wall",),
    "wunde": ("wound",),
    "wunden": ("wounds",),
    "wurf": ("roll", "throw"),
    "wurfel": ("dice", "die"),
    "zielen": ("aim",),
}


def english(word: str) -> tuple[str, ...]:
    """The English words a folded query word stands for; none when it is not German."""
    return GERMAN.get(word, ())
