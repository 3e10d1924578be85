"""One line for the log per black-powder event. A line about a unit under a marker names
the marker; the lines of private events are shown only to the seat they belong to."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.naming import card_name
from rules.blackpowder.seats import seat_label
from rules.blackpowder.state import BPState
from rules.blackpowder.terms import english
from rules.core.events import Event
from rules.core.wording import plural
from rules.geometry.points import describe_point
from rules.geometry.units import show


def _card(state: BPState | None, card: str) -> str:
    if state is None or card not in state.cards:
        return card
    return card_name(state, card)


def _cards(state: BPState | None, cards: tuple[str, ...]) -> str:
    return "; ".join(_card(state, c) for c in cards)


def describe(event: Event, state: BPState | None = None) -> str | None:
    match event:
        case ev.BattleSet():
            return f"The battle is fought on the table {event.table_id}."
        case ev.ForcesMustered():
            forces = ", ".join(f"{seat_label(s)}: {f}" for s, f in event.forces.items())
            return f"The forces muster ({forces})."
        case ev.Deployed():
            return f"{event.unit} deploys at {describe_point(*event.positions[0])}."
        case ev.MarkerPlaced():
            return (
                f"{seat_label(event.seat)} places the hidden-movement marker {event.marker} at"
                f" {describe_point(*event.at)}."
            )
        case ev.HiddenDeployed():
            return f"Your marker {event.marker} is {event.unit}."
        case ev.DeckFormed():
            return f"Both forces' {len(event.cards)} cards form one deck."
        case ev.DeckShuffled():
            return f"The deck is shuffled: {len(event.order)} cards."
        case ev.CardsDrawn():
            return f"{seat_label(event.seat)} drew: {_cards(state, event.cards)}."
        case ev.HandFilled():
            return f"{seat_label(event.seat)} draws {plural(event.count, 'card')}."
        case ev.TurnBegan():
            return f"**Turn {event.turn}** begins."
        case ev.GoBegan():
            return f"{seat_label(event.seat)}'s go."
        case ev.GoSkipped():
            return f"{seat_label(event.seat)} holds no card and passes."
        case ev.CardPlayed():
            where = " from the reserve" if event.from_reserve else ""
            declined = " and declines its actions" if event.declined else ""
            return f"{seat_label(event.seat)} plays {_card(state, event.card)}{where}{declined}."
        case ev.PointsGained():
            gained = plural(event.points, "command point")
            return f"{seat_label(event.seat)} gains {gained}: {event.why}."
        case ev.PointsSpent():
            about = f" for {event.piece}" if event.piece else ""
            return (
                f"{seat_label(event.seat)} uses {english(event.ability)}{about}"
                f" ({plural(event.points, 'command point')})."
            )
        case ev.HeldBack():
            return f"You hold back {_card(state, event.card)} beside your command pool."
        case ev.CardTakenBack():
            return f"{seat_label(event.seat)} takes {_card(state, event.card)} back into the hand."
        case ev.StoodFast():
            return f"{event.unit} stands fast: it no longer flees and is shaken."
        case ev.ActivationOpened():
            if event.card is not None:
                return None  # the card played says it
            return f"{event.piece} may take one action."
        case ev.ActivationClosed():
            return None
        case ev.Acted():
            return None
        case ev.Moved():
            mods = f"; {', '.join(event.modifiers)}" if event.modifiers else ""
            return (
                f'{event.unit} moves {show(event.distance)} (allowance {event.allowance}"{mods}).'
            )
        case ev.MarkerMoved():
            return (
                f"The marker {event.marker} moves {show(event.distance)} to"
                f" {describe_point(*event.at)}."
            )
        case ev.HiddenMoved():
            mods = f"; {', '.join(event.modifiers)}" if event.modifiers else ""
            return f'Under its marker {event.unit} moves (allowance {event.allowance}"{mods}).'
        case ev.Spotted():
            mods = f" ({', '.join(event.modifiers)})" if event.modifiers else ""
            return (
                f"{event.spotter} spots {event.unit} {show(event.distance)} away: spotting"
                f' column {event.reach}"{mods}.'
            )
        case ev.Revealed():
            return f"The marker {event.marker} is {event.unit}, {event.why}."
        case ev.LostSight():
            return f"{event.unit} is out of every enemy's spotting distance."
        case ev.Fired():
            hits = sum(1 for shot in event.shots if shot.hit)
            dice = " ".join(str(shot.face) for shot in event.shots)
            kills = " ".join(str(k.face) for k in event.kills)
            smoke = "; powder smoke" if event.smoke else ""
            weapon = (
                state.weapons[event.weapon].name
                if state and event.weapon in state.weapons
                else event.weapon
            )
            how = " (Enemy sighted!, hasty)" if event.ready else ""
            return (
                f"{event.unit} fires its {weapon} at {event.target}{how}: to hit {dice or '-'}"
                f" ({plural(hits, 'hit')}); to kill {kills or '-'}"
                f" ({sum(1 for k in event.kills if k.killed)} killed){smoke}."
            )
        case ev.Casualties():
            return f"{event.unit} loses {plural(len(event.models), 'model')}."
        case ev.Reloaded():
            return f"{event.unit} reloads."
        case ev.ReactionTested():
            mods = ", ".join(event.modifiers) or "no modifiers"
            outcome = event.outcome.replace("-", " ")
            return (
                f"{event.unit} tests its reaction ({event.cause}): die {event.face} ({mods})"
                f" = {event.result}: {outcome}."
            )
        case ev.Rallied():
            verdict = "rallies" if event.rallied else "stays shaken"
            if event.fleeing:
                verdict = "rallies and is shaken" if event.rallied else "flees on"
            return f"{event.unit} rolls {event.face} to rally ({event.score}+): {verdict}."
        case ev.ReactionChosen():
            word = "falls back" if event.choice == "fall-back" else "is shaken"
            return f"{event.unit} {word} (its owner's choice)."
        case ev.Withdrew():
            word = "flees" if event.how == "flight" else "falls back"
            if not event.positions:
                return f"{event.unit} {word} off the table and is lost."
            return f"{event.unit} {word} {show(event.distance)}."
        case ev.TurnEnded():
            return f"Turn {event.turn} is over."
        case ev.Charged():
            mods = f"; {', '.join(event.modifiers)}" if event.modifiers else ""
            surprise = " (a surprise attack)" if event.surprise else ""
            return (
                f"{event.unit} charges {event.target}{surprise}: {show(event.distance)}"
                f' (allowance {event.allowance}"{mods}).'
            )
        case ev.Fought():
            surprise = " after a surprise attack" if event.surprise else ""
            blows = "; ".join(_strike(s, event) for s in event.strikes)
            return f"Melee of {event.attacker} and {event.defender}{surprise}: {blows}."
        case ev.LeftMelee():
            word = "flees" if event.how == "flight" else "falls back"
            losing = "0" if event.how == "fall-back" else "0-3"
            dice = " ".join(str(f) for f in event.faces)
            return (
                f"{event.unit} {word} out of the melee: dice {dice} (each {losing} loses a"
                f" model): {plural(event.lost, 'model')} lost."
            )
        case ev.MeleeWon():
            return (
                f"Both sides stand: {event.loser} lost more (or charged and lost as many)"
                f" and gives ground to {event.winner}."
            )
    return None


def _strike(strike: ev.Strike, fought: ev.Fought) -> str:
    """One side's blows: its dice to hit and the enemy's defence dice."""
    enemy = fought.defender if strike.unit == fought.attacker else fought.attacker
    mods = f" ({', '.join(strike.modifiers)})" if strike.modifiers else ""
    first = " first (lances)" if strike.first else ""
    dice = " ".join(str(f) for f in strike.faces) or "-"
    line = (
        f"{strike.unit} strikes{first} with {plural(strike.models, 'model')} in contact, to hit"
        f" {strike.score}+{mods}: {dice} ({plural(strike.hits, 'hit')})"
    )
    if not strike.hits:
        return line
    saving = f" ({', '.join(strike.defence_modifiers)})" if strike.defence_modifiers else ""
    saves = " ".join(str(f) for f in strike.saves)
    again = f", re-rolled {' '.join(str(f) for f in strike.rerolls)}" if strike.rerolls else ""
    return (
        f"{line}, {enemy} defends {strike.defence}+{saving}: {saves}{again} ({strike.kills} killed)"
    )
