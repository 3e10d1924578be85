"""A suggested action written the way a German player types it: the sheet's verbs and
German joining words (``bewege A1 nach 30,20 dann schieße auf B2 mit Muskete``) in place
of Umpire's English ones. Unit codes, card and weapon ids, points and model numbers stay
as they are: the reader finds them in either language. What this writes is read back by
:mod:`rules.blackpowder.notation` as the very action the English notation names."""

from __future__ import annotations

VERBS = {
    "play": "spiele",
    "hold": "zurückhalten",
    "command": "befehl",
    "prepare": "vorbereitung",
    "move": "bewege",
    "shoot": "schieße",
    "reload": "nachladen",
    "charge": "angriff",
    "rally": "sammeln",
    "fire": "feindsichtung",
    "pass": "passen",
    "shaken": "erschüttert",
    "remove": "entferne",
    "nearest": "nächste",
    "done": "fertig",
    "end": "ende",
    "hand": "kartenhand",
    "form": "formiere",
}
"""The first word of a notation: the verb."""

PAIRS = {("stand", "fast"): "haltet stand", ("fall", "back"): "zurückweichen"}
"""Verbs of two words."""

JOINING = {
    "to": "nach",
    "then": "dann",
    "shoot": "schieße",
    "at": "auf",
    "with": "mit",
    "decline": "ablehnen",
    "towards": "richtung",
}
"""The words between a verb's parts."""

FORMATIONS = {"close": "geschlossen", "open": "offen", "loose": "locker", "column": "kolonne"}
"""The formation a ``form`` names, its third word."""


def in_german(notation: str) -> str:
    """``notation`` (Umpire's English) with the German verb and joining words; spacing,
    a trailing space included (a suggestion still to be completed), kept."""
    words = notation.split(" ")
    if len(words) >= 2 and (words[0], words[1]) in PAIRS:
        head = [PAIRS[(words[0], words[1])]]
        words = words[2:]
    elif words and words[0] in VERBS:
        head = [VERBS[words[0]]]
        verb, words = words[0], words[1:]
        if verb == "form" and len(words) >= 2 and words[1] in FORMATIONS:
            words = [words[0], FORMATIONS[words[1]], *words[2:]]
    else:
        return notation
    if head[0] == "entferne":  # model numbers only
        return " ".join([*head, *words])
    return " ".join([*head, *(JOINING.get(word, word) for word in words)])
