"""Every sentence the black-powder game says to players, in English and in German, in one
place: narration, refusals, prompts and status, and the German of the reasons and
modifiers the rules record in English.

A sentence is a ``SAYINGS`` entry, an English and a German template with the same
``{fields}``; :func:`say` fills both, putting each value in the sentence's own language
(a :class:`~rules.core.language.Phrase`, such as a card's or a term's name, gives each
language its word). A new sentence is added here with both its templates, never written
in place, so that the game speaks German wherever it speaks English. The sheet's own
words come from :mod:`rules.blackpowder.terms` (:func:`word`) and the names of cards,
units and weapons from the content packs (``name_de``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules.blackpowder.terms import term
from rules.core.language import Language, Phrase

EN, DE = Language.ENGLISH, Language.GERMAN

Value = str | int | Phrase

SAYINGS: dict[str, tuple[str, str]] = {
    # -- the board picture's words -------------------------------------------------------
    "scene-turn": ("{table} · turn {turn} of {turns}", "{table} · Runde {turn} von {turns}"),
    "scene-setting-up": ("{table} · setting up", "{table} · Aufstellung"),
    "scene-untitled": ("Black powder skirmish", "Gefecht im Schwarzpulverzeitalter"),
    "scene-won": ("Game over: won by {sides}.", "Spielende: gewonnen von {sides}."),
    "scene-draw": ("Game over: won by nobody (a draw).", "Spielende: kein Sieger (unentschieden)."),
    "scene-go": ("{seat}'s go", "{seat} ist am Zug"),
    "scene-acting": ("Acting on a command: {unit}", "Handelt auf Befehl: {unit}"),
    "scene-weather": ("Weather: {weather}", "Wetter: {weather}"),
    "scene-labelled": ("{name}, {cover}", "{name}, {cover}"),
    "scene-no-cover": ("no cover", "keine Deckung"),
    "scene-light-cover": ("light cover", "leichte Deckung"),
    "scene-medium-cover": ("medium cover", "mittlere Deckung"),
    "scene-hard-cover": ("hard cover", "schwere Deckung"),
    "mark-close": ("Close order", "Geschlossene Ordnung"),
    "mark-column": ("Column", "Kolonne"),
    "mark-fleeing": ("Fleeing", "Flieht"),
    "mark-fallen-back": ("Fallen back", "Zurückgewichen"),
    "mark-shaken": ("Shaken", "Erschüttert"),
    "mark-reload": ("Must reload", "Muss nachladen"),
    "mark-hidden": ("Hidden under its marker", "Verdeckt unter ihrem Marker"),
    # -- narration ---------------------------------------------------------------------
    "battle-set": (
        "The table: **{table}**.",
        "Der Tisch: **{table}**.",
    ),
    "forces-muster": ("The forces muster ({forces}).", "Die Streitkräfte treten an ({forces})."),
    "deployed": ("{unit} deploys at {at}.", "{unit} stellt sich bei {at} auf."),
    "marker-placed": (
        "{seat} places the hidden-movement marker {marker} at {at}.",
        "{seat} legt den Marker für verborgene Bewegungen {marker} bei {at}.",
    ),
    "markers-placed": (
        "{seat} places {markers}: {places}.",
        "{seat} legt {markers}: {places}.",
    ),
    "marker-at": ("{marker} at {at}", "{marker} bei {at}"),
    "hidden-deployed": ("Your marker {marker} is {unit}.", "Dein Marker {marker} ist {unit}."),
    "dummies-placed": (
        "Your {markers} hide no unit: dummies, which only move.",
        "Deine {markers} verbergen keine Einheit: Blindmarker, die sich nur bewegen.",
    ),
    "dummy-moved": (
        'Your dummy {marker} moves (allowance {allowance}"{modifiers}).',
        'Dein Blindmarker {marker} bewegt sich (Bewegungsweite {allowance}"{modifiers}).',
    ),
    "dummy-found": (
        "{spotter} spots the marker {marker}: a dummy, it hid no unit and comes off the table.",
        "{spotter} entdeckt den Marker {marker}: ein Blindmarker, er verbarg keine Einheit und"
        " wird vom Tisch genommen.",
    ),
    "the-markers": ("markers {markers}", "Marker {markers}"),
    "the-marker": ("marker {markers}", "Marker {markers}"),
    "deck-formed": (
        "Both forces' {count} cards form one deck.",
        "Die {count} Karten beider Streitkräfte bilden einen Stapel.",
    ),
    "deck-shuffled": (
        "The deck is shuffled: {cards}.",
        "Der Stapel wird gemischt: {cards}.",
    ),
    "cards-drawn": ("{seat} drew: {cards}.", "{seat} zieht: {cards}."),
    "hand-filled": ("{seat} draws {cards}.", "{seat} zieht {cards}."),
    "turn-began": ("**Turn {turn}** begins.", "**Runde {turn}** beginnt."),
    "go-began": ("{seat}'s go.", "{seat} ist am Zug."),
    "go-skipped": (
        "{seat} holds no card and passes.",
        "{seat} hat keine Karte und passt.",
    ),
    "card-played": (
        "{seat} plays {card}{where}{declined}.",
        "{seat} spielt {card}{where}{declined}.",
    ),
    "from-reserve": (" from the reserve", " aus der Reserve"),
    "declines-actions": (" and declines its actions", " und verzichtet auf ihre Aktionen"),
    "points-gained": ("{seat} gains {points}: {why}.", "{seat} erhält {points}: {why}."),
    "points-spent": (
        "{seat} uses {ability}{about} ({points}).",
        "{seat} setzt {ability}{about} ein ({points}).",
    ),
    "points-for": (" for {piece}", " für {piece}"),
    "held-back": (
        "You hold back {card} beside your command pool.",
        "Du hältst {card} neben deinem Kommandopool zurück.",
    ),
    "hand-shown": (
        "Your hand: {hand}.{reserve} Command pool: {points}.",
        "Deine Kartenhand: {hand}.{reserve} Kommandopool: {points}.",
    ),
    "hand-empty": ("no cards", "keine Karten"),
    "reserve-shown": (
        " Held back beside the pool: {cards}.",
        " Neben dem Pool zurückgehalten: {cards}.",
    ),
    "card-taken-back": (
        "{seat} takes {card} back into the hand.",
        "{seat} nimmt {card} zurück auf die Kartenhand.",
    ),
    "stood-fast": (
        "{unit} stands fast: it no longer flees and is shaken.",
        "{unit} hält stand: sie flieht nicht mehr und ist erschüttert.",
    ),
    "may-take-one-action": ("{piece} may take one action.", "{piece} darf eine Aktion ausführen."),
    "moved": (
        '{unit} moves {distance} (allowance {allowance}"{modifiers}).',
        '{unit} bewegt sich {distance} (Bewegungsweite {allowance}"{modifiers}).',
    ),
    "marker-moved": (
        "The marker {marker} moves {distance} to {at}.",
        "Der Marker {marker} bewegt sich {distance} nach {at}.",
    ),
    "hidden-moved": (
        'Under its marker {unit} moves (allowance {allowance}"{modifiers}).',
        'Unter ihrem Marker bewegt sich {unit} (Bewegungsweite {allowance}"{modifiers}).',
    ),
    "spotted": (
        '{spotter} spots {unit} {distance} away: spotting column {reach}"{modifiers}.',
        '{spotter} entdeckt {unit} in {distance} Entfernung: Entdecken-Spalte {reach}"{modifiers}.',
    ),
    "move-held": (
        "{piece} does not move: {blockers} now stands where it was to end. It has not acted"
        " yet and may be given another action.",
        "{piece} bewegt sich nicht: {blockers} steht jetzt, wo sie enden sollte. Sie hat noch"
        " nicht gehandelt und kann eine andere Aktion erhalten.",
    ),
    "move-held-plain": (
        "{piece} does not move: what it has just spotted changes its way. It has not acted"
        " yet and may be given another action.",
        "{piece} bewegt sich nicht: Was sie eben entdeckt hat, ändert ihren Weg. Sie hat noch"
        " nicht gehandelt und kann eine andere Aktion erhalten.",
    ),
    "spotted-by-marker": ("{spotter} spots {unit}.", "{spotter} entdeckt {unit}."),
    "revealed": ("The marker {marker} is {unit}, {why}.", "Der Marker {marker} ist {unit}, {why}."),
    "lost-sight": (
        "{unit} is out of every enemy's spotting distance.",
        "{unit} ist außerhalb der Entdecken-Entfernung jedes Feindes.",
    ),
    "fired": (
        "{unit} fires its {weapon} at {target}{how}: to hit {hitting} ({hits}); to kill"
        " {killing} ({killed} killed){smoke}.",
        "{unit} feuert auf {target} ({weapon}{how}): Treffer {hitting} ({hits}); Verwunden"
        " {killing} ({killed} ausgeschaltet){smoke}.",
    ),
    "hit-group": ("{need}+{detail}: {dice}", "{need}+{detail}: {dice}"),
    "hit-detail": (" ({score}+, {modifiers})", " ({score}+, {modifiers})"),
    "hit-impossible": (
        "9 only (impossible shot: {score}+, {modifiers}): {dice}",
        "nur 9 (unmöglicher Schuss: {score}+, {modifiers}): {dice}",
    ),
    "kill-group": (
        "{need}+ ({strength}{modifiers}): {dice}",
        "{need}+ ({strength}{modifiers}): {dice}",
    ),
    "strength-near": ("strength up to half range", "Stärke bis halbe Reichweite"),
    "strength-far": ("strength beyond half range", "Stärke über halbe Reichweite"),
    "no-dice": ("-", "-"),
    "fired-hastily": (" (Enemy sighted!)", ", Feindsichtung!"),
    "powder-smoke": ("; powder smoke", "; Pulverdampf"),
    "casualties": ("{unit} loses {models}.", "{unit} verliert {models}."),
    "wiped-out": (
        "{unit} loses {models}, its last: it is wiped out.",
        "{unit} verliert {models} und ist damit aufgerieben.",
    ),
    "reloaded": ("{unit} reloads.", "{unit} lädt nach."),
    "steadied": (
        "{unit} steadies: it is shaken no more.",
        "{unit} fasst sich: Sie ist nicht mehr erschüttert.",
    ),
    "reaction-tested": (
        "{unit} tests its reaction ({cause}): die {face} ({modifiers}) = {result}: {outcome}.",
        "{unit} macht einen Reaktionstest ({cause}): Würfel {face} ({modifiers}) = {result}:"
        " {outcome}.",
    ),
    "rallied": (
        "{unit} rolls {face} to rally ({score}+): {verdict}.",
        "{unit} würfelt {face} zum Sammeln ({score}+): {verdict}.",
    ),
    "rallies": ("rallies", "sammelt sich"),
    "stays-shaken": ("stays shaken", "bleibt erschüttert"),
    "falls-back-chosen": (
        "{unit} falls back (its owner's choice).",
        "{unit} weicht zurück (nach Wahl ihres Besitzers).",
    ),
    "shaken-chosen": (
        "{unit} is shaken (its owner's choice).",
        "{unit} ist erschüttert (nach Wahl ihres Besitzers).",
    ),
    "flees-off": (
        "{unit} flees off the table and is lost.",
        "{unit} flieht vom Tisch und ist verloren.",
    ),
    "falls-back-off": (
        "{unit} falls back off the table and is lost.",
        "{unit} weicht vom Tisch zurück und ist verloren.",
    ),
    "flees": ("{unit} flees {distance}.", "{unit} flieht {distance}."),
    "falls-back": ("{unit} falls back {distance}.", "{unit} weicht {distance} zurück."),
    "turn-ended": ("Turn {turn} is over.", "Runde {turn} ist vorbei."),
    "fired-after-moving": (" (after moving)", ", nach der Bewegung"),
    "formed": ("{unit} forms {formation}.", "{unit} formiert sich {formation}."),
    "formation-close": ("up in close formation", "in geschlossener Formation"),
    "formation-open": ("in an open block", "in einem offenen Block"),
    "formation-loose": ("in loose order", "in lockerer Ordnung"),
    "formation-column": ("in column", "in Kolonne"),
    "scenario-set": (
        "The battle is fought as **{name}**. {sides}{objectives}",
        "Die Schlacht wird als **{name}** geschlagen. {sides}{objectives}",
    ),
    "scenario-side": ("{seat} ({name}{hidden}): {aim}.", "{seat} ({name}{hidden}): {aim}."),
    "deploying-hidden": (", deploying hidden", ", verdeckt aufgestellt"),
    "objectives": (" Objectives: {places}.", " Ziele: {places}."),
    "objective-at": ("{name} at {at}", "{name} bei {at}"),
    "rallies-shaken": ("rallies and is shaken", "sammelt sich und ist erschüttert"),
    "flees-on": ("flees on", "flieht weiter"),
    "charged": (
        '{unit} charges {target}{surprise}: {distance} (allowance {allowance}"{modifiers}).',
        '{unit} greift {target} an{surprise}: {distance} (Bewegung {allowance}"{modifiers}).',
    ),
    "with-modifiers": ("; {modifiers}", "; {modifiers}"),
    "surprise-attack": (" (a surprise attack)", " (ein Überraschungsangriff)"),
    "after-surprise": (" after a surprise attack", " nach einem Überraschungsangriff"),
    "fought": (
        "Melee of {attacker} and {defender}{surprise}: {blows}.",
        "Nahkampf von {attacker} und {defender}{surprise}: {blows}.",
    ),
    "strikes": (
        "{unit} strikes{first} with {models} in contact, to hit {score}+{modifiers}:"
        " {dice} ({hits})",
        "{unit} schlägt{first} mit {models} in Kontakt zu, Treffer auf {score}+{modifiers}:"
        " {dice} ({hits})",
    ),
    "strikes-first": (" first (lances)", " zuerst (Lanzen)"),
    "in-brackets": (" ({text})", " ({text})"),
    "defends": (
        "{blows}, {enemy} defends {defence}+{modifiers}: {saves}{rerolls} ({kills} killed)",
        "{blows}, {enemy} verteidigt {defence}+{modifiers}: {saves}{rerolls}"
        " ({kills} ausgeschaltet)",
    ),
    "rerolled": (", re-rolled {dice}", ", wiederholt {dice}"),
    "left-melee-fall-back": (
        "{unit} falls back out of the melee: dice {dice} (each 0 loses a model): {lost} lost.",
        "{unit} weicht aus dem Nahkampf zurück: Würfel {dice} (jede 0 kostet ein Modell):"
        " {lost} verloren.",
    ),
    "left-melee-flight": (
        "{unit} flees out of the melee: dice {dice} (each 0-3 loses a model): {lost} lost.",
        "{unit} flieht aus dem Nahkampf: Würfel {dice} (jede 0-3 kostet ein Modell):"
        " {lost} verloren.",
    ),
    "melee-won": (
        "Both sides stand: {loser} lost more (or charged and lost as many)"
        " and gives ground to {winner}.",
        "Beide Seiten halten: {loser} hat mehr verloren (oder angegriffen und gleich viel"
        " verloren) und weicht vor {winner} zurück.",
    ),
    "picks-casualties-status": (
        "turn {turn}: {seat} picks the models {unit} loses",
        "Runde {turn}: {seat} wählt die Modelle, die {unit} verliert",
    ),
    "no-modifiers": ("no modifiers", "keine Modifikatoren"),
    # -- status and prompts ------------------------------------------------------------
    "over": ("over", "vorbei"),
    "aims-summary": (
        "{scenario}, turn {turn} of {last}. {sides}.",
        "{scenario}, Runde {turn} von {last}. {sides}.",
    ),
    "side-aim": ("{seat} ({name}): {aim}", "{seat} ({name}): {aim}"),
    "setting-up": ("setting up", "Aufbau"),
    "status-choosing": (
        "turn {turn}: {seat} chooses whether {unit} falls back or is shaken",
        "Runde {turn}: {seat} wählt, ob {unit} zurückweicht oder erschüttert ist",
    ),
    "status-ready-fire": (
        "turn {turn}: {seat} may fire at {mover} (Enemy sighted!)",
        "Runde {turn}: {seat} darf auf {mover} feuern (Feindsichtung!)",
    ),
    "status-go": (
        "turn {turn}: {seat}'s go ({doing})",
        "Runde {turn}: {seat} ist am Zug ({doing})",
    ),
    "units-acting": ("units acting", "Einheiten handeln"),
    "cards-and-command": ("cards and command", "Karten und Befehle"),
    "prompt-choosing": (
        "{unit}'s reaction test: it falls back or is shaken, as you choose: `fall back` or"
        " `shaken`.",
        "Reaktionstest von {unit}: sie weicht zurück oder ist erschüttert, wie du wählst:"
        " `zurückweichen` oder `erschüttert`.",
    ),
    "prompt-ready-fire": (
        "{mover} has ended an action in sight: Enemy sighted! (1 command point) lets one of"
        " your units with a loaded weapon fire at it now: `fire <unit>` or `pass`.",
        "{mover} hat eine Aktion in Sicht beendet: Feindsichtung! (1 Kommandopunkt) lässt eine"
        " deiner Einheiten mit geladener Waffe jetzt auf sie feuern: `feindsichtung <Einheit>`"
        " oder `passen`.",
    ),
    "prompt-acting": (
        "Give your activated units their actions (`move <unit> to x,y`, `shoot <unit> at"
        " <enemy>`, `charge <unit> <enemy>`), then `done`.",
        "Gib deinen aktivierten Einheiten ihre Aktionen (`bewege <Einheit> nach x,y`,"
        " `schieße <Einheit> auf <Feind>`, `angriff <Einheit> <Feind>`), dann `fertig`.",
    ),
    "prompt-play": (
        "Play a card (`play <card>`); command abilities may come before or after it.",
        "Spiele eine Karte (`spiele <Karte>`); Kommandofähigkeiten können davor oder danach"
        " kommen.",
    ),
    "prompt-end": (
        "Use command abilities or `end` your go.",
        "Setze Kommandofähigkeiten ein oder beende deinen Zug mit `ende`.",
    ),
    # -- refusals ----------------------------------------------------------------------
    "no-card-where": ("There is no card {where}.", "Es gibt keine Karte {where}."),
    "name-a-card": (
        "Name a card {where}: {cards}.",
        "Nenne eine Karte {where}: {cards}.",
    ),
    "unit-gone": (
        "{unit} is no longer on the table.",
        "{unit} ist nicht mehr auf dem Tisch.",
    ),
    "unit-not-on-show": (
        "{unit} has not been spotted: it stands hidden under one of the markers, and only a"
        " unit on show can be named.",
        "{unit} ist nicht entdeckt: Sie steht verborgen unter einem der Marker, und nur eine"
        " sichtbare Einheit kann genannt werden.",
    ),
    "in-hand-or-reserve": ("in your hand or reserve", "auf deiner Kartenhand oder in der Reserve"),
    "in-hand": ("in your hand", "auf deiner Kartenhand"),
    "on-discard": ("on the discard pile", "auf dem Ablagestapel"),
    "cards-where": ("Cards {where}", "Karten {where}"),
    "table-not-laid": ("The table is not laid yet.", "Der Tisch ist noch nicht aufgebaut."),
    "no-formation": (
        "'{word}' is no formation: close, open, loose or column.",
        "'{word}' ist keine Formation: geschlossen, offen, locker oder kolonne.",
    ),
    "cannot-afford": (
        "{ability} costs {cost}; your pool holds {pool}.",
        "{ability} kostet {cost}; dein Pool hat {pool}.",
    ),
    "no-own-unit": (
        "You have no unit '{piece}' on the table.",
        "Du hast keine Einheit '{piece}' auf dem Tisch.",
    ),
    "no-card-in-hand": (
        "You hold no card '{card}' in your hand.",
        "Du hast keine Karte '{card}' auf der Kartenhand.",
    ),
    "no-card-in-hand-or-reserve": (
        "You hold no card '{card}' in your hand or reserve.",
        "Du hast keine Karte '{card}' auf der Kartenhand oder in der Reserve.",
    ),
    "only-own-troop-cards": (
        "Only your own troop cards can be held back; {card} is not one.",
        "Nur eigene Truppenkarten können zurückgehalten werden; {card} ist keine.",
    ),
    "not-fleeing": ("{piece} is not fleeing.", "{piece} flieht nicht."),
    "fleeing-only": (
        "{piece} is fleeing: only Stand fast! (Haltet Stand!) or its flight move serve it.",
        "{piece} flieht: nur Haltet Stand! oder ihre Fluchtbewegung helfen ihr.",
    ),
    "not-own-troop-on-discard": (
        "'{card}' is not one of your troop cards on the discard pile.",
        "'{card}' ist keine deiner Truppenkarten auf dem Ablagestapel.",
    ),
    "no-unit-may-act": (
        "No unit may act now: play a card that activates units, or give a Command (Befehl).",
        "Jetzt darf keine Einheit handeln: spiele eine Karte, die Einheiten aktiviert, oder"
        " gib einen Befehl.",
    ),
    "not-activated-by": (
        "{piece} is not activated by {what}.",
        "{piece} wird nicht von {what} aktiviert.",
    ),
    "by-card": ("{card}", "{card}"),
    "by-command": ("the Command given to {unit}", "dem Befehl an {unit}"),
    "has-acted": (
        "{piece} has taken its action in this activation.",
        "{piece} hat in dieser Aktivierung schon gehandelt.",
    ),
    "dummy-only-moves": (
        "{piece} is one of your dummy markers: its only action is a move.",
        "{piece} ist einer deiner Blindmarker: Seine einzige Aktion ist eine Bewegung.",
    ),
    "is-fleeing": ("{piece} is fleeing.", "{piece} flieht."),
    "no-enemy-unit": (
        "There is no enemy unit '{target}' on the table.",
        "Es gibt keine feindliche Einheit '{target}' auf dem Tisch.",
    ),
    "marker-not-a-target": (
        "{marker} is a hidden-movement marker: it cannot be shot at.",
        "{marker} ist ein Marker für verborgene Bewegungen: auf ihn kann nicht geschossen werden.",
    ),
    "not-spotted": (
        "{target} has not been spotted: a unit shoots only at an enemy it has spotted.",
        "{target} ist nicht entdeckt: eine Einheit schießt nur auf Feinde, die sie entdeckt hat.",
    ),
    "out-of-range-from-there": (
        "From there no model of {piece} would see a model of {target} within its {weapon}'s"
        ' {range}".',
        'Von dort sähe kein Modell von {piece} ein Modell von {target} innerhalb der {range}"'
        " seiner Waffe ({weapon}).",
    ),
    "not-spotted-from-there": (
        "{target} would not be spotted from there: a unit shoots only at an enemy it has spotted.",
        "{target} wäre von dort nicht entdeckt: eine Einheit schießt nur auf Feinde, die sie"
        " entdeckt hat.",
    ),
    "single-model-no-formation": (
        "{piece} is a single model: it has no formation to take.",
        "{piece} ist ein einzelnes Modell: sie kann keine Formation einnehmen.",
    ),
    "cannot-form-close": (
        "{piece} has no close-formation special rule: it cannot form close.",
        "{piece} hat die Sonderregel geschlossene Formation nicht: sie kann sich nicht"
        " geschlossen formieren.",
    ),
    "out-of-range": (
        "No model of {piece} sees a model of {target} within its {weapon}'s {range}\".",
        'Kein Modell von {piece} sieht ein Modell von {target} innerhalb der {range}" seiner'
        " Waffe ({weapon}).",
    ),
    "loaded-already": ("{piece}'s weapons are loaded.", "Die Waffen von {piece} sind geladen."),
    "not-shaken": ("{piece} is not shaken.", "{piece} ist nicht erschüttert."),
    "card-played-already": (
        "You have played this go's card; use command abilities or `end` the go.",
        "Du hast die Karte dieses Zuges gespielt; setze Kommandofähigkeiten ein oder beende"
        " den Zug mit `ende`.",
    ),
    "decline-own-advance-only": (
        "Only the actions of your own advance card can be declined for command points.",
        "Nur auf die Aktionen deiner eigenen Vorwärts-Karte kann für Kommandopunkte verzichtet"
        " werden.",
    ),
    "carries-no": ("{piece} carries no '{weapon}'.", "{piece} trägt keine Waffe '{weapon}'."),
    "reload-first": (
        "{piece}'s {weapon} must be reloaded first.",
        "{weapon} von {piece} muss zuerst nachgeladen werden.",
    ),
    "no-ranged-weapon": (
        "{piece} carries no ranged weapon.",
        "{piece} trägt keine Fernkampfwaffe.",
    ),
    "must-reload": ("{piece} must reload first.", "{piece} muss zuerst nachladen."),
    "cannot-go-there": (
        "{piece} cannot go there: model {problem}.",
        "{piece} kann nicht dorthin: Modell {problem}.",
    ),
    "cannot-go-there-marker": (
        "{piece} cannot go there: {problem}.",
        "{piece} kann nicht dorthin: {problem}.",
    ),
    "ends-on-marker": (
        "{piece} cannot end its move on the marker {marker}: no model or marker ends on"
        " another piece.",
        "{piece} kann die Bewegung nicht auf dem Marker {marker} beenden: Kein Modell und kein"
        " Marker endet auf einem anderen Stück.",
    ),
    "marker-ends-on-models": (
        "{piece} cannot end its move there: the marker would stand on the models of {unit}.",
        "{piece} kann die Bewegung dort nicht beenden: Der Marker stünde auf den Modellen von"
        " {unit}.",
    ),
    "ends-on-own-hidden": (
        "{piece} cannot go there: model {model} would end on top of model {other} of {unit}"
        " (under your marker {marker}).",
        "{piece} kann nicht dorthin: Modell {model} stünde am Ende auf Modell {other} von"
        " {unit} (unter deinem Marker {marker}).",
    ),
    "would-charge": (
        "{piece} would end in base contact with the enemy: that is a charge.",
        "{piece} stünde am Ende in Basenkontakt mit dem Feind: das ist ein Angriff.",
    ),
    "high-obstacle": (
        "{piece} cannot cross {names}: a high obstacle cannot be crossed.",
        "{piece} kann {names} nicht überqueren: ein hohes Hindernis ist unüberwindlich.",
    ),
    "too-far": (
        "{piece}'s allowance is {allowance}; its farthest model would go {distance}.",
        "Die Bewegungsweite von {piece} beträgt {allowance}; ihr fernstes Modell ginge {distance}.",
    ),
    "allowance": (
        '{inches}" (base {base}": {modifiers})',
        '{inches}" (Grundwert {base}": {modifiers})',
    ),
    "charge-too-far": (
        "{target} is {gap} from {piece}, {short} beyond its charge: its allowance is {allowance}.",
        "{target} ist {gap} von {piece} entfernt, {short} jenseits ihres Angriffs: Ihre"
        " Bewegungsweite beträgt {allowance}.",
    ),
    "charge-not-straight": (
        "{piece} cannot charge {target} straight on: model {problem} (`charge {piece} {target}"
        " to x,y` picks the spot).",
        "{piece} kann {target} nicht geradewegs angreifen: Modell {problem} (`angriff {piece}"
        " {target} nach x,y` wählt die Stelle).",
    ),
    "battle-over": ("The battle is over.", "Die Schlacht ist vorbei."),
    "still-setting-up": ("The game is still being set up.", "Das Spiel wird noch aufgebaut."),
    "first-chooses": (
        "{seat} first chooses whether {unit} falls back or is shaken: `fall back` or `shaken`.",
        "{seat} wählt zuerst, ob {unit} zurückweicht oder erschüttert ist: `zurückweichen`"
        " oder `erschüttert`.",
    ),
    "nobody-chooses": (
        "No unit waits to fall back or be shaken.",
        "Keine Einheit wartet darauf, zurückzuweichen oder erschüttert zu werden.",
    ),
    "may-first-fire": (
        "{seat} may first fire at {mover} (Enemy sighted!): `fire <unit>` or `pass`.",
        "{seat} darf zuerst auf {mover} feuern (Feindsichtung!): `feindsichtung <Einheit>`"
        " oder `passen`.",
    ),
    "ready-fire-when": (
        "Enemy sighted! fires right after an enemy unit ends an action in sight.",
        "Feindsichtung! feuert direkt, nachdem eine feindliche Einheit eine Aktion in Sicht"
        " beendet.",
    ),
    "not-your-go": ("It is {seat}'s go.", "{seat} ist am Zug."),
    "nothing-activated": ("No unit is activated now.", "Jetzt ist keine Einheit aktiviert."),
    "play-a-card-first": (
        "Play a card first: every go plays one card from the hand or the reserve.",
        "Spiele zuerst eine Karte: jeder Zug spielt eine Karte von der Kartenhand oder aus"
        " der Reserve.",
    ),
    "finish-activation": (
        "Finish the activation first (`done`): cards and command abilities come before or"
        " after the units' actions.",
        "Beende zuerst die Aktivierung (`fertig`): Karten und Kommandofähigkeiten kommen vor"
        " oder nach den Aktionen der Einheiten.",
    ),
    "not-an-action": ("That is not an action of this game.", "Das ist keine Aktion dieses Spiels."),
    "ready-fire-fleeing": (
        "{unit} is fleeing: a fleeing unit cannot fire.",
        "{unit} flieht: Eine fliehende Einheit kann nicht feuern.",
    ),
    "ready-fire-unspotted": (
        "{unit} does not spot {mover}: Enemy sighted! fires only at an enemy the unit spots.",
        "{unit} entdeckt {mover} nicht: Feindsichtung! feuert nur auf einen Feind, den die"
        " Einheit entdeckt.",
    ),
    "ready-fire-out-of-range": (
        "No model of {unit} sees {mover} within the reach of a loaded weapon.",
        "Kein Modell von {unit} sieht {mover} in Reichweite einer geladenen Waffe.",
    ),
    "shaken-cannot-charge": (
        "{piece} is shaken: a shaken unit cannot charge (`rally {piece}` first).",
        "{piece} ist erschüttert: Eine erschütterte Einheit kann nicht angreifen (erst"
        " `sammeln {piece}`).",
    ),
    "marker-cannot-be-charged": (
        "{marker} is a hidden-movement marker: it cannot be charged.",
        "{marker} ist ein Marker für verborgene Bewegungen: Er kann nicht angegriffen werden.",
    ),
    "charge-not-spotted": (
        "{target} has not been spotted: a unit charges only an enemy it has spotted.",
        "{target} ist nicht entdeckt: Eine Einheit greift nur Feinde an, die sie entdeckt hat.",
    ),
    "charge-ends-short": (
        "{piece} would end {gap} from {target}: a charge ends in base contact.",
        "{piece} stünde am Ende {gap} von {target} entfernt: Ein Angriff endet in Basekontakt.",
    ),
    "charge-no-way": (
        "{piece} finds no way into base contact with {target} (`charge {piece} {target} to"
        " x,y` picks the spot).",
        "{piece} findet keinen Weg in Basekontakt mit {target} (`angriff {piece} {target} nach"
        " x,y` wählt die Stelle).",
    ),
    "only-rally": (
        "{piece} is fleeing: its only action is a rally roll (`rally {piece}`).",
        "{piece} flieht: Ihre einzige Aktion ist der Sammeln-Wurf (`sammeln {piece}`).",
    ),
    "pick-not-in-sight": (
        "Model {model} of {unit} is not one in {enemy}'s sight; pick among {among}.",
        "Modell {model} von {unit} steht nicht in Sicht von {enemy}; wähle unter {among}.",
    ),
    "pick-how-many": (
        "{unit} loses {count}: name {count} different models among {among}.",
        "{unit} verliert {count}: Nenne {count} verschiedene Modelle unter {among}.",
    ),
    "picks-first": (
        "{seat} first picks the {models} {unit} loses: `remove <models>` or `nearest`.",
        "{seat} wählt zuerst die {models}, die {unit} verliert: `entferne <Modelle>` oder"
        " `nächste`.",
    ),
    "no-pick-waiting": (
        "No unit waits to pick its fallen.",
        "Keine Einheit wartet darauf, ihre Gefallenen zu wählen.",
    ),
    # the labels of the choices offered (suggestions and the buttons of a prompt)
    "choice-nearest": (
        "{unit} loses the nearest: {models}",
        "{unit} verliert die nächsten: {models}",
    ),
    "choice-pick": ("Pick {count} of {among}", "{count} wählen aus {among}"),
    "choice-fall-back": ("{unit} falls back", "{unit} weicht zurück"),
    "choice-shaken": ("{unit} is shaken", "{unit} ist erschüttert"),
    "choice-ready-fire": (
        "Enemy sighted! {unit} fires at {mover}{weapon} (1 command point)",
        "Feindsichtung! {unit} feuert auf {mover}{weapon} (1 Kommandopunkt)",
    ),
    "with-weapon": (" with its {weapon}", " mit {weapon}"),
    "choice-hold-fire": ("Hold fire", "Nicht feuern"),
    "choice-hand": (
        "Show your hand and command pool (only you see it)",
        "Kartenhand und Kommandopool zeigen (nur für dich)",
    ),
    "choice-done": ("No more actions", "Keine weiteren Aktionen"),
    "choice-play": ("Play {card}", "{card} spielen"),
    "choice-decline": ("Play {card} for command points", "{card} für Kommandopunkte spielen"),
    "choice-end": ("End the go", "Den Zug beenden"),
    "choice-hold": ("Hold back {card}", "Zurückhalten: {card}"),
    "choice-stand-fast": ("Stand fast! {unit}", "Haltet Stand! {unit}"),
    "choice-command": ("Command {unit} ({cost})", "Befehl an {unit} ({cost})"),
    "choice-prepare": ("Preparation: {card}", "Vorbereitung: {card}"),
    "choice-rally-flight": (
        "{unit} tries to rally from flight",
        "{unit} versucht, sich aus der Flucht zu sammeln",
    ),
    "choice-move": ("Move {unit}", "{unit} bewegen"),
    "choice-towards": (
        "Move {unit} {distance} towards {place}",
        "{unit} {distance} Richtung {place} bewegen",
    ),
    "choice-reload": ("Reload {unit}", "{unit} nachladen"),
    "choice-rally": ("Rally {unit}", "{unit} sammeln"),
    "choice-form": ("{unit} forms {formation}", "{unit} formiert sich {formation}"),
    "choice-fire": ("{unit} fires at {enemy}{weapon}", "{unit} schießt auf {enemy}{weapon}"),
    "choice-charge": ("{unit} charges {enemy}", "{unit} greift {enemy} an"),
    "model-at": ("{model} at {at}", "{model} bei {at}"),
    "prompt-casualties": (
        "{enemy}'s fire kills {models} of {unit}: pick them among those in its sight ({where}):"
        " `remove <models>`, or `nearest` (the nearest to the shooters: {nearest}).",
        "Das Feuer von {enemy} tötet {models} von {unit}: Wähle sie unter denen in Sicht"
        " ({where}): `entferne <Modelle>` oder `nächste` (die den Schützen nächsten: {nearest}).",
    ),
    # the words of a unit's card (/game sheet)
    "sheet-points": ("Points", "Punkte"),
    "sheet-points-count": ("{points} points", "{points} Punkte"),
    "sheet-models": ("Models", "Modelle"),
    "sheet-quality": ("Troop quality", "Truppenqualität"),
    "sheet-activated-by": ("Activated by", "Aktiviert durch"),
    "sheet-shooting": ("Shooting", "Fernkampf"),
    "sheet-melee": ("Melee", "Nahkampf"),
    "sheet-defence": ("Defence", "Verteidigung"),
    "sheet-score": ("{score}+", "{score}+"),
    "sheet-weapon": ("Weapon", "Waffe"),
    "sheet-range": ("Range", "Reichweite"),
    "sheet-near": ("To half range", "Bis halbe Reichweite"),
    "sheet-far": ("Beyond", "Darüber"),
    "sheet-weapon-rules": ("Rules", "Regeln"),
    "sheet-canoe": ("Canoe", "Kanu"),
    "sheet-large-target": ("a large target", "ein großes Ziel"),
    "sheet-where": ("Where", "Wo"),
    "sheet-on-table": ("on the table", "auf dem Tisch"),
    "sheet-gone": ("no model left", "kein Modell mehr"),
    "sheet-left": ("{left} of {starting} left", "{left} von {starting} übrig"),
    "sheet-formation": ("Formation", "Formation"),
    "sheet-open": ("Open block", "Offener Block"),
    "sheet-state": ("State", "Zustand"),
    "sheet-must-reload": ("Must reload", "Muss nachladen"),
    "sheet-spotted": ("spotted by the enemy", "vom Feind entdeckt"),
    "sheet-unit-of": ("{kind} · {force}", "{kind} · {force}"),
    "sheet-unit-of-side": ("{kind} · {force} · {seat}", "{kind} · {force} · {seat}"),
}

# the German of the reasons and modifiers the rules record in English, exactly or by pattern
_REASONS: dict[str, str] = {
    "Both sides are broken at once: a draw.": (
        "Beide Seiten sind zugleich gebrochen: ein Unentschieden."
    ),
    "The battle is over: no side has units left on the table.": (
        "Die Schlacht ist vorbei: keine Seite hat noch Einheiten auf dem Tisch."
    ),
    "The battle is over: only one side has units left on the table.": (
        "Die Schlacht ist vorbei: nur eine Seite hat noch Einheiten auf dem Tisch."
    ),
    "it shoots": "sie schießt",
    "it fires": "sie feuert",
    "every unit of that troop card is gone": "jede Einheit dieser Truppenkarte ist fort",
    "an enemy morale card": "eine feindliche Moralkarte",
    "scouts": "Späher",
    "local knowledge": "Ortskundig",
    "light cavalry": "Leichte Kavallerie",
    "cavalry": "Kavallerie",
    "very difficult ground": "sehr schwieriges Gelände",
    "difficult ground": "schwieriges Gelände",
    "entering a building": "betritt ein Gebäude",
    "road, single model or column": "Straße, Einzelmodell oder Kolonne",
    "road": "Straße",
    "10 or more models": "10 oder mehr Modelle",
    "6 or more models": "6 oder mehr Modelle",
    "in close formation": "in geschlossener Formation",
    "3 or fewer models, not an officer": "3 oder weniger Modelle, kein Offizier",
    "caused by a morale card": "durch eine Moralkarte ausgelöst",
    "local knowledge, wholly in light or medium cover": (
        "Ortskundig, ganz in leichter oder mittlerer Deckung"
    ),
    "every model in hard cover": "jedes Modell in schwerer Deckung",
    "3 or more casualties from this fire": "3 oder mehr Verluste durch diesen Beschuss",
    "artillery or formed close-formation fire": "Artillerie oder Feuer geschlossener Formation",
    "at least twice the enemy's models left": "mindestens doppelt so viele Modelle wie der Feind",
    "melee followed a surprise attack": "Nahkampf nach einem Überraschungsangriff",
    "powder smoke": "Pulverdampf",
    "an officer": "ein Offizier",
    "a volley": "eine Salve",
    "shooters out of sight": "Schützen außer Sicht",
    "shooters not spotted": "Schützen nicht entdeckt",
    "no casualties": "keine Verluste",
    "fewer casualties than the enemy": "weniger Verluste als der Feind",
    "sabres, cavalry charging models on foot": "Säbel, Kavallerie greift Fußtruppen an",
    "naval weapons": "Marinewaffen",
    "lances, charging": "Lanzen, im Angriff",
    "sabres": "Säbel",
    "enemy lances": "feindliche Lanzen",
    "surprise attack": "Überraschungsangriff",
    "hasty shot": "hastiger Schuss",
    "target in loose formation": "Ziel in lockerer Formation",
    "target is cavalry": "Ziel ist Kavallerie",
    "large target (wagon, boat)": "großes Ziel (Wagen, Boot)",
    "impossible shot": "unmöglicher Schuss",
    "target has a powder-smoke marker": "Ziel hat einen Pulverdampfmarker",
    "target is mounted": "Ziel ist beritten",
    "target is artillery, a wagon or a canoe": "Ziel ist Artillerie, ein Wagen oder ein Kanu",
    "target in light cover": "Ziel in leichter Deckung",
    "target in medium or hard cover": "Ziel in mittlerer oder schwerer Deckung",
    "target has scouts or local knowledge": "Ziel hat Späher oder Ortskundig",
    "target is a hidden-movement marker": "Ziel ist ein Marker für verborgene Bewegungen",
    "spotter has scouts": "Entdeckender hat Späher",
    "clear weather": "klares Wetter",
    "heavy rain": "starker Regen",
    "dusk": "Dämmerung",
    "darkness": "Dunkelheit",
    "light fog": "leichter Nebel",
    "dense fog": "dichter Nebel",
    "storm": "Sturm",
}
_COVER = {
    "light": ("leichter", "leichte"),
    "medium": ("mittlerer", "mittlere"),
    "hard": ("schwerer", "schwere"),
}
_LOSS = r"(\d+) of (\d+) models? fallen or fleeing"


def _loss(fallen: str, total: str) -> str:
    """``3 von 20 Modellen gefallen oder auf der Flucht`` (``von 1 Modell``)."""
    models = "Modell" if total == "1" else "Modellen"
    return f"{fallen} von {total} {models} gefallen oder auf der Flucht"


Replacement = str | Callable[[re.Match[str]], str]
_PATTERNS: tuple[tuple[re.Pattern[str], Replacement], ...] = (
    (
        re.compile(r"^(.+) has broken (.+): " + _LOSS + r"\.$"),
        lambda m: f"{m[1]} hat {m[2]} gebrochen: {_loss(m[3], m[4])}.",
    ),
    (
        re.compile(
            r"^The last of (\d+) turns is over: (.+) holds more objectives \((.*)\) than"
            r" (.+) \((\d+)\)\.$"
        ),
        r"Die letzte von \1 Runden ist vorbei: \2 hält mehr Ziele (\3) als \4 (\5).",
    ),
    (
        re.compile(r"^The last of (\d+) turns is over: (.+) has held out to the end\.$"),
        r"Die letzte von \1 Runden ist vorbei: \2 hat bis zum Ende durchgehalten.",
    ),
    (
        re.compile(
            r"^The last of (\d+) turns is over: both sides lost the same share of their models"
            r" \(" + _LOSS + "; " + _LOSS + r"\): a draw\.$"
        ),
        lambda m: (
            f"Die letzte von {m[1]} Runden ist vorbei: beide Seiten verloren denselben"
            f" Anteil ihrer Modelle ({_loss(m[2], m[3])}; {_loss(m[4], m[5])}): ein Unentschieden."
        ),
    ),
    (
        re.compile(
            r"^The last of (\d+) turns is over: (.+) lost the smaller share of its models"
            r" \(" + _LOSS + "; (.+): " + _LOSS + r"\)\.$"
        ),
        lambda m: (
            f"Die letzte von {m[1]} Runden ist vorbei: {m[2]} verlor den kleineren Anteil"
            f" seiner Modelle ({_loss(m[3], m[4])}; {m[5]}: {_loss(m[6], m[7])})."
        ),
    ),
    (
        re.compile(
            r"^The last of (\d+) turns is over \(reading 24: the scenarios that name a winner"
            r" come later\)\.$"
        ),
        r"Die letzte von \1 Runden ist vorbei (Lesart 24: die Szenarien, die einen Sieger"
        r" bestimmen, folgen später).",
    ),
    (re.compile(r"^ended by (.+)$"), r"beendet von \1"),  # a player ended the game
    (re.compile(r"^spotted by (\S+)$"), r"entdeckt von \1"),
    (re.compile(r"^in the way of (\S+)$"), r"im Weg von \1"),
    (re.compile(r"^fire from (\S+)$"), r"Beschuss durch \1"),
    (
        re.compile(r"^(\d+) low obstacle\(s\) crossed$"),
        lambda m: f"{m[1]} niedrige{'s Hindernis' if m[1] == '1' else ' Hindernisse'} überquert",
    ),
    (re.compile(r'^no enemy within (\d+)"$'), r'kein Feind innerhalb von \1"'),
    (re.compile(r'^never below (\d+)"$'), r'nie unter \1"'),
    (re.compile(r"^(\d+) casualties in this melee$"), r"\1 Verluste in diesem Nahkampf"),
    (re.compile(r"^(.+) is a card of the other side$"), r"\1 ist eine Karte der Gegenseite"),
    (
        re.compile(r"^the advance card's actions declined \((\d+) officer\(s\) not fleeing\)$"),
        lambda m: (
            "auf die Aktionen der Vorwärts-Karte verzichtet ("
            + (
                "1 Offizier, der nicht flieht"
                if m[1] == "1"
                else f"{m[1]} Offiziere, die nicht fliehen"
            )
            + ")"
        ),
    ),
    (
        re.compile(r'^officer of its troop type within (\d+)"$'),
        r'Offizier ihres Truppentyps innerhalb von \1"',
    ),
    (re.compile(r'^extreme range \(over (\d+)"\)$'), r'extreme Reichweite (über \1")'),
    (re.compile(r'^long range \(over (\d+)"\)$'), r'große Reichweite (über \1")'),
    (
        re.compile(r"^(\d+) obstacle\(s\) crossed$"),
        lambda m: f"{m[1]} Hindernis{'' if m[1] == '1' else 'se'} überquert",
    ),
    (re.compile(r"^target in (light|medium|hard) cover$"), r"Ziel in \1 Deckung"),
    (
        re.compile(r"^line of sight through (light|medium|hard) cover$"),
        r"Sichtlinie durch \1 Deckung",
    ),
    (re.compile(r'^(\d+) full (\d+)" through light cover$'), r'\1 volle \2" durch leichte Deckung'),
    (
        re.compile(r'^(\d+) full (\d+)" through medium or hard cover$'),
        r'\1 volle \2" durch mittlere oder schwere Deckung',
    ),
)
_MODIFIER = re.compile(r"^([+-]\d+) (.+)$")


def _fill(template: str, values: dict[str, Value], language: Language) -> str:
    return template.format(
        **{k: v.in_(language) if isinstance(v, Phrase) else v for k, v in values.items()}
    )


def say(key: str, **values: Value) -> Phrase:
    """The sentence ``key`` in English and German, each filled with its own words."""
    english, german = SAYINGS[key]
    return Phrase(_fill(english, values, EN), _fill(german, values, DE))


def reason(text: str) -> Phrase:
    """A reason the rules recorded in English (``spotted by A2``, ``difficult ground``),
    with its German where the phrasebook knows it (English stands in otherwise)."""
    if text in _REASONS:
        return Phrase(text, _REASONS[text])
    for pattern, german in _PATTERNS:
        if pattern.match(text):
            said = pattern.sub(german, text)
            for cover, (dative, accusative) in _COVER.items():  # the cover's word, declined
                said = said.replace(f" in {cover} Deckung", f" in {dative} Deckung")
                said = said.replace(f" durch {cover} Deckung", f" durch {accusative} Deckung")
            return Phrase(text, said)
    parts = text.split(" / ")
    if len(parts) > 1:
        return Phrase(text, " / ".join(reason(part).in_(DE) for part in parts))
    return Phrase(text)


_PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(.+?) would end on top of (.+)$"), r"\1 stünde am Ende auf \2"),
    (
        re.compile(r"^(.+?) would pass through (.+), which cannot be crossed$"),
        r"\1 ginge durch \2, das nicht zu durchqueren ist",
    ),
    (re.compile(r"^(.+?) would pass through (.+)$"), r"\1 ginge durch \2 hindurch"),
    (re.compile(r"^(.+?) would leave the table$"), r"\1 verließe den Tisch"),
    (
        re.compile(r"^(.+?) would pass between the models of an enemy unit$"),
        r"\1 ginge zwischen den Modellen einer feindlichen Einheit hindurch",
    ),
    (re.compile(r"^(.+?) and (.+?) would overlap$"), r"\1 und \2 überlappten sich"),
)


def problem(text: str) -> Phrase:
    """A problem the shared geometry found with a move (``2 would end on top of model 1 of
    A3``), in English and German."""
    german = next((p.sub(g, text) for p, g in _PROBLEMS if p.match(text)), text)
    german = re.sub(r"model (\S+) of (\S+)", r"Modell \1 von \2", german)
    return Phrase(text, german.replace("the marker", "der Marker"))


def modifier(text: str) -> Phrase:
    """A recorded modifier (``-1 difficult ground``) in both languages."""
    found = _MODIFIER.match(text)
    if found is None:
        return reason(text)
    return Phrase(text, f"{found.group(1)} {reason(found.group(2)).in_(DE)}")


def joined(items: list[Phrase], separator: str = ", ") -> Phrase:
    """Phrases joined, each in its language."""
    return Phrase(
        separator.join(i.in_(EN) for i in items), separator.join(i.in_(DE) for i in items)
    )


def modifiers(recorded: tuple[str, ...] | list[str]) -> Phrase:
    """``+3 powder smoke, -1 obstacle crossed``, or that there are none."""
    return joined([modifier(m) for m in recorded]) if recorded else say("no-modifiers")


def word(ident: str) -> Phrase:
    """A term of the sheet: Umpire's English word and the sheet's German one."""
    found = term(ident)
    return Phrase(found.english, found.german[0] if found.german else None)


Counted = Callable[[int], Phrase]


def counted(english: tuple[str, str], german: tuple[str, str]) -> Counted:
    """``1 card`` / ``2 cards`` and ``1 Karte`` / ``2 Karten``."""

    def count(number: int) -> Phrase:
        one = number == 1
        return Phrase(
            f"{number} {english[0] if one else english[1]}",
            f"{number} {german[0] if one else german[1]}",
        )

    return count


CARDS = counted(("card", "cards"), ("Karte", "Karten"))
COMMAND_POINTS = counted(("command point", "command points"), ("Kommandopunkt", "Kommandopunkte"))
HITS = counted(("hit", "hits"), ("Treffer", "Treffer"))
MODELS = counted(("model", "models"), ("Modell", "Modelle"))
MARKERS = counted(
    ("hidden-movement marker", "hidden-movement markers"),
    ("Marker für verborgene Bewegungen", "Marker für verborgene Bewegungen"),
)
