"""One line for the log per black-powder event, in English and German (the sentences are in
:mod:`rules.blackpowder.phrasebook`). A line about a unit under a marker names the marker;
the lines of private events are shown only to the seat they belong to."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.naming import card_name, weapon_name
from rules.blackpowder.phrasebook import (
    CARDS,
    COMMAND_POINTS,
    HITS,
    MARKERS,
    MODELS,
    joined,
    modifiers,
    reason,
    say,
    word,
)
from rules.blackpowder.seats import seat_label
from rules.blackpowder.state import BPState
from rules.core.events import Event, GameEnded
from rules.core.language import Language, Phrase
from rules.geometry.points import describe_point
from rules.geometry.units import PER_INCH, show


def _card(state: BPState | None, card: str) -> Phrase:
    if state is None or card not in state.cards:
        return Phrase(card)
    return card_name(state, card)


def _cards(state: BPState | None, cards: tuple[str, ...]) -> Phrase:
    return joined([_card(state, c) for c in cards], "; ")


def _scenario(event: ev.ScenarioSet, state: BPState | None) -> Phrase:
    scenario = event.scenario
    seats = state.seats if state is not None and len(state.seats) == 2 else ("first", "second")
    sides = joined(
        [
            say(
                "scenario-side",
                seat=seat_label(seat),
                name=Phrase(own.name, own.name_de),
                hidden=say("deploying-hidden") if own.hidden else "",
                aim=Phrase(own.aim_text, own.aim_text_de),
            )
            for seat, own in zip(seats, (scenario.first, scenario.second), strict=True)
        ],
        " ",
    )
    places = joined(
        [
            say("objective-at", name=Phrase(o.name, o.name_de), at=f"{o.at[0]:g},{o.at[1]:g}")
            for o in scenario.objectives
        ],
        "; ",
    )
    return say(
        "scenario-set",
        name=Phrase(scenario.name, scenario.name_de),
        sides=sides,
        objectives=say("objectives", places=places) if scenario.objectives else "",
    )


def _why(state: BPState | None, text: str) -> Phrase:
    """A recorded reason in both languages, a card's English name in it put in German."""
    said = reason(text)
    if state is None:
        return said
    german = said.in_(Language.GERMAN)
    for card in state.cards.values():
        if card.name in text:
            german = german.replace(card.name, card.name_de)
    return Phrase(said.english, german)


def verdict(text: str, state: BPState | None) -> Phrase:
    """Why the game ended, as recorded in English, in both languages: the scenario's parts
    and objectives named in German in it."""
    said = reason(text)
    scenario = state.scenario if state is not None else None
    if scenario is None:
        return said
    german = said.in_(Language.GERMAN)
    named = [(s.name, s.name_de) for s in (scenario.first, scenario.second)]
    named += [(o.name, o.name_de) for o in scenario.objectives]
    for english, german_name in named:
        german = german.replace(english, german_name)
    return Phrase(said.english, german)


def _listed(recorded: tuple[str, ...]) -> Phrase:
    """``; -1 difficult ground`` after an allowance, or nothing."""
    return Phrase("") if not recorded else Phrase("; ") + modifiers(recorded)


def _spotting(recorded: tuple[str, ...]) -> Phrase:
    return Phrase("") if not recorded else Phrase(" (") + modifiers(recorded) + ")"


def describe(
    event: Event,
    state: BPState | None = None,
    language: Language = Language.ENGLISH,
    catalog: Catalog | None = None,
) -> str | None:
    """The line for ``event`` in ``language``; ``catalog`` names tables and forces."""
    found = line(event, state, catalog)
    return None if found is None else found.in_(language)


def _table_name(catalog: Catalog | None, table: str) -> Phrase:
    """A table preset by its name (its id where the content no longer has it)."""
    found = None if catalog is None else catalog.tables.get(table)
    return Phrase(table) if found is None else Phrase(found.name, found.name_de)


def _force_name(catalog: Catalog | None, force: str) -> Phrase:
    found = None if catalog is None else catalog.forces.get(force)
    return Phrase(force) if found is None else Phrase(found.name, found.name_de)


def line(
    event: Event, state: BPState | None = None, catalog: Catalog | None = None
) -> Phrase | None:
    """The line for ``event`` in every language, or None for events that need none."""
    match event:
        case ev.BattleSet():
            return say("battle-set", table=_table_name(catalog, event.table_id))
        case ev.ForcesMustered():
            forces = joined(
                [
                    Phrase(f"{seat_label(s)}: ") + _force_name(catalog, f)
                    for s, f in event.forces.items()
                ],
                ", ",
            )
            return say("forces-muster", forces=forces)
        case ev.Deployed():
            return say("deployed", unit=event.unit, at=describe_point(*event.positions[0]))
        case ev.MarkerPlaced():
            return say(
                "marker-placed",
                seat=seat_label(event.seat),
                marker=event.marker,
                at=describe_point(*event.at),
            )
        case ev.MarkersPlaced():
            places = joined(
                [
                    say("marker-at", marker=m.marker, at=describe_point(*m.at))
                    for m in event.markers
                ],
                "; ",
            )
            return say(
                "markers-placed",
                seat=seat_label(event.seat),
                markers=MARKERS(len(event.markers)),
                places=places,
            )
        case ev.HiddenDeployed():
            return say("hidden-deployed", marker=event.marker, unit=event.unit)
        case ev.DummiesPlaced():
            named = ", ".join(event.markers)
            which = say("the-marker" if len(event.markers) == 1 else "the-markers", markers=named)
            return say("dummies-placed", markers=which)
        case ev.DummyMoved():
            return say(
                "dummy-moved",
                marker=event.marker,
                allowance=event.allowance,
                modifiers=_listed(event.modifiers),
            )
        case ev.DummyFound():
            return say("dummy-found", spotter=event.spotter, marker=event.marker)
        case ev.DeckFormed():
            return say("deck-formed", count=len(event.cards))
        case ev.DeckShuffled():
            return say("deck-shuffled", cards=CARDS(len(event.order)))
        case ev.CardsDrawn():
            return say("cards-drawn", seat=seat_label(event.seat), cards=_cards(state, event.cards))
        case ev.HandFilled():
            return say("hand-filled", seat=seat_label(event.seat), cards=CARDS(event.count))
        case ev.TurnBegan():
            return say("turn-began", turn=event.turn)
        case ev.GoBegan():
            return say("go-began", seat=seat_label(event.seat))
        case ev.GoSkipped():
            return say("go-skipped", seat=seat_label(event.seat))
        case ev.CardPlayed():
            return say(
                "card-played",
                seat=seat_label(event.seat),
                card=_card(state, event.card),
                where=say("from-reserve") if event.from_reserve else "",
                declined=say("declines-actions") if event.declined else "",
            )
        case ev.PointsGained():
            return say(
                "points-gained",
                seat=seat_label(event.seat),
                points=COMMAND_POINTS(event.points),
                why=_why(state, event.why),
            )
        case ev.PointsSpent():
            return say(
                "points-spent",
                seat=seat_label(event.seat),
                ability=word(event.ability),
                about=say("points-for", piece=event.piece) if event.piece else "",
                points=COMMAND_POINTS(event.points),
            )
        case ev.HeldBack():
            return say("held-back", card=_card(state, event.card))
        case ev.HandShown():
            reserve = (
                say("reserve-shown", cards=_cards(state, event.reserve)) if event.reserve else ""
            )
            return say(
                "hand-shown",
                hand=_cards(state, event.hand) if event.hand else say("hand-empty"),
                reserve=reserve,
                points=COMMAND_POINTS(event.points),
            )
        case ev.CardTakenBack():
            return say(
                "card-taken-back", seat=seat_label(event.seat), card=_card(state, event.card)
            )
        case ev.StoodFast():
            return say("stood-fast", unit=event.unit)
        case ev.ActivationOpened():
            if event.card is not None:
                return None  # the card played says it
            return say("may-take-one-action", piece=event.piece or "")
        case ev.ActivationClosed():
            return None
        case ev.Acted():
            return None
        case ev.Moved():
            return say(
                "moved",
                unit=event.unit,
                distance=show(event.distance),
                allowance=event.allowance,
                modifiers=_listed(event.modifiers),
            )
        case ev.MarkerMoved():
            return say(
                "marker-moved",
                marker=event.marker,
                distance=show(event.distance),
                at=describe_point(*event.at),
            )
        case ev.HiddenMoved():
            return say(
                "hidden-moved",
                unit=event.unit,
                allowance=event.allowance,
                modifiers=_listed(event.modifiers),
            )
        case ev.MoveHeld():
            if not event.blockers:
                return say("move-held-plain", piece=event.piece)
            return say("move-held", piece=event.piece, blockers=", ".join(event.blockers))
        case ev.Spotted():
            if event.distance is None or event.reach is None:
                return say("spotted-by-marker", spotter=event.spotter, unit=event.unit)
            return say(
                "spotted",
                spotter=event.spotter,
                unit=event.unit,
                distance=show(event.distance),
                reach=event.reach,
                modifiers=_spotting(event.modifiers),
            )
        case ev.Revealed():
            return say("revealed", marker=event.marker, unit=event.unit, why=reason(event.why))
        case ev.LostSight():
            return say("lost-sight", unit=event.unit)
        case ev.Fired():
            return _volley(event, state)
        case ev.Casualties():
            lost = MODELS(len(event.models))
            return say(
                "wiped-out" if event.wiped_out else "casualties", unit=event.unit, models=lost
            )
        case ev.Reloaded():
            return say("reloaded", unit=event.unit)
        case ev.Steadied():
            return say("steadied", unit=event.unit)
        case ev.ReactionTested():
            outcome = Phrase(
                event.outcome.replace("-", " "), word(event.outcome).in_(Language.GERMAN)
            )
            return say(
                "reaction-tested",
                unit=event.unit,
                cause=reason(event.cause),
                face=event.face,
                modifiers=modifiers(event.modifiers),
                result=event.result,
                outcome=outcome,
            )
        case ev.Rallied():
            outcome = say("rallies") if event.rallied else say("stays-shaken")
            if event.fleeing:
                outcome = say("rallies-shaken") if event.rallied else say("flees-on")
            return say(
                "rallied", unit=event.unit, face=event.face, score=event.score, verdict=outcome
            )
        case ev.ReactionChosen():
            chosen = "falls-back-chosen" if event.choice == "fall-back" else "shaken-chosen"
            return say(chosen, unit=event.unit)
        case ev.Withdrew():
            flight = event.how == "flight"
            if not event.positions:
                return say("flees-off" if flight else "falls-back-off", unit=event.unit)
            return say(
                "flees" if flight else "falls-back", unit=event.unit, distance=show(event.distance)
            )
        case ev.TurnEnded():
            return say("turn-ended", turn=event.turn)
        case ev.Charged():
            mods = say("with-modifiers", modifiers=modifiers(event.modifiers))
            return say(
                "charged",
                unit=event.unit,
                target=event.target,
                surprise=say("surprise-attack") if event.surprise else "",
                distance=show(event.distance),
                allowance=event.allowance,
                modifiers=mods if event.modifiers else "",
            )
        case ev.Fought():
            blows = joined([_strike(s, event) for s in event.strikes], "; ")
            return say(
                "fought",
                attacker=event.attacker,
                defender=event.defender,
                surprise=say("after-surprise") if event.surprise else "",
                blows=blows,
            )
        case ev.LeftMelee():
            return say(
                "left-melee-flight" if event.how == "flight" else "left-melee-fall-back",
                unit=event.unit,
                dice=" ".join(str(f) for f in event.faces),
                lost=MODELS(event.lost),
            )
        case ev.MeleeWon():
            return say("melee-won", loser=event.loser, winner=event.winner)
        case ev.Formed():
            return say("formed", unit=event.unit, formation=say(f"formation-{event.formation}"))
        case ev.ScenarioSet():
            return _scenario(event, state)
        case GameEnded():
            # the reason only: the service words the game-over line around it
            return verdict(event.reason, state)
    return None


def _faces(faces: list[int]) -> str:
    return " ".join(str(f) for f in faces)


def _to_hit(shots: tuple[ev.Shot, ...]) -> list[Phrase]:
    """The dice to hit, grouped by the score and modifiers they were rolled against."""
    grouped: dict[tuple[int, tuple[str, ...], int, bool], list[int]] = {}
    for shot in shots:
        key = (shot.score, shot.modifiers, shot.modifier, shot.impossible)
        grouped.setdefault(key, []).append(shot.face)
    found = []
    for (score, mods, modifier, impossible), faces in grouped.items():
        listed = modifiers(mods)
        if impossible:
            found.append(say("hit-impossible", score=score, modifiers=listed, dice=_faces(faces)))
            continue
        detail = say("hit-detail", score=score, modifiers=listed) if mods else ""
        found.append(say("hit-group", need=score - modifier, detail=detail, dice=_faces(faces)))
    return found


def _to_kill(event: ev.Fired, state: BPState | None) -> list[Phrase]:
    """The dice to kill, grouped by the weapon's strength for the distance (up to half its
    range, or beyond) and the modifiers."""
    distance = {s.model: s.distance for s in event.shots}
    weapon = state.weapons.get(event.weapon) if state is not None else None
    grouped: dict[tuple[int, tuple[str, ...], bool], list[int]] = {}
    for kill in event.kills:
        near = weapon is None or distance.get(kill.model, 0) * 2 <= weapon.range * PER_INCH
        grouped.setdefault((kill.score, kill.modifiers, near), []).append(kill.face)
    found = []
    for (score, mods, near), faces in grouped.items():
        extra = Phrase("") if not mods else Phrase(", ") + modifiers(mods)
        strength = say("strength-near" if near else "strength-far")
        found.append(
            say("kill-group", need=score, strength=strength, modifiers=extra, dice=_faces(faces))
        )
    return found


def _volley(event: ev.Fired, state: BPState | None) -> Phrase:
    """One line for a volley: each die to hit with the score it needed and the modifiers,
    each die to kill with the weapon's strength for the distance, the hits, the kills and
    the smoke."""
    hitting, killing = _to_hit(event.shots), _to_kill(event, state)
    named = (
        weapon_name(state, event.weapon)
        if state and event.weapon in state.weapons
        else Phrase(event.weapon)
    )
    how = say("fired-hastily") if event.ready else say("fired-after-moving") if event.moved else ""
    return say(
        "fired",
        unit=event.unit,
        weapon=named,
        target=event.target,
        how=how,
        hitting=joined(hitting, " | ") if hitting else say("no-dice"),
        hits=HITS(sum(1 for shot in event.shots if shot.hit)),
        killing=joined(killing, " | ") if killing else say("no-dice"),
        killed=sum(1 for k in event.kills if k.killed),
        smoke=say("powder-smoke") if event.smoke else "",
    )


def _strike(strike: ev.Strike, fought: ev.Fought) -> Phrase:
    """One side's blows: its dice to hit and the enemy's defence dice."""
    enemy = fought.defender if strike.unit == fought.attacker else fought.attacker
    blows = say(
        "strikes",
        unit=strike.unit,
        first=say("strikes-first") if strike.first else "",
        models=MODELS(strike.models),
        score=strike.score,
        modifiers=say("in-brackets", text=modifiers(strike.modifiers)) if strike.modifiers else "",
        dice=" ".join(str(f) for f in strike.faces) or "-",
        hits=HITS(strike.hits),
    )
    if not strike.hits:
        return blows
    return say(
        "defends",
        blows=blows,
        enemy=enemy,
        defence=strike.defence,
        modifiers=say("in-brackets", text=modifiers(strike.defence_modifiers))
        if strike.defence_modifiers
        else "",
        saves=" ".join(str(f) for f in strike.saves),
        rerolls=say("rerolled", dice=" ".join(str(f) for f in strike.rerolls))
        if strike.rerolls
        else "",
        kills=strike.kills,
    )
