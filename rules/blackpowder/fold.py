"""Folding black-powder events into the state: one match over every event the system
writes."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.state import Activation, BPState, BPUnit, Marker, Player, Point, Trooper
from rules.core.events import Event, UnknownEvent


def evolve(state: BPState, event: Event) -> BPState:
    match event:
        case ev.BattleSet():
            return state.model_copy(
                update={
                    "table_id": event.table_id,
                    "table": event.table,
                    "terrain": dict(event.terrain),
                    "terrain_types": {t.id: t for t in event.terrain_types},
                    "obstacles": event.obstacles,
                }
            )
        case ev.ForcesMustered():
            return _mustered(state, event)
        case ev.Deployed():
            return _with_unit(state, _placed(state.unit(event.unit), event.positions))
        case ev.MarkerPlaced():
            marker = Marker(id=event.marker, seat=event.seat, x=event.at[0], y=event.at[1])
            return state.model_copy(update={"markers": (*state.markers, marker)})
        case ev.MarkersPlaced():
            placed = tuple(
                Marker(id=m.marker, seat=event.seat, x=m.at[0], y=m.at[1]) for m in event.markers
            )
            return state.model_copy(update={"markers": (*state.markers, *placed)})
        case ev.HiddenDeployed():
            unit = _placed(state.unit(event.unit), event.positions)
            return _with_unit(state, unit.model_copy(update={"marker": event.marker}))
        case ev.DummiesPlaced():
            return state.model_copy(update={"dummies": (*state.dummies, *event.markers)})
        case ev.DummyMoved():
            return state  # the public MarkerMoved moves it
        case ev.DummyFound():
            return state.model_copy(
                update={
                    "markers": tuple(m for m in state.markers if m.id != event.marker),
                    "dummies": tuple(d for d in state.dummies if d != event.marker),
                }
            )
        case ev.DeckFormed():
            return state.model_copy(
                update={
                    "cards": dict(event.cards),
                    "card_owner": dict(event.owners),
                    "draw_pile": tuple(event.cards),
                    "discard": (),
                }
            )
        case ev.DeckShuffled():
            return state.model_copy(update={"draw_pile": event.order, "discard": ()})
        case ev.CardsDrawn():
            player = state.player(event.seat)
            count = len(event.cards)
            assert state.draw_pile[:count] == event.cards, "cards are drawn from the top"
            state = _with_player(
                state, player.model_copy(update={"hand": (*player.hand, *event.cards)})
            )
            return state.model_copy(update={"draw_pile": state.draw_pile[count:]})
        case ev.HandFilled():
            return state
        case ev.TurnBegan():
            units = tuple(u.model_copy(update={"smoke": False}) for u in state.units)
            return state.model_copy(
                update={
                    "turn": event.turn,
                    "units": units,
                    "phase": "play",
                    "go": None,
                    "played": False,
                    "activation": None,
                }
            )
        case ev.GoBegan():
            return state.model_copy(update={"go": event.seat, "played": False, "activation": None})
        case ev.GoSkipped():
            return state
        case ev.CardPlayed():
            player = state.player(event.seat)
            if event.from_reserve:
                player = player.model_copy(update={"reserve": _without(player.reserve, event.card)})
            else:
                player = player.model_copy(update={"hand": _without(player.hand, event.card)})
            state = _with_player(state, player)
            return state.model_copy(
                update={"discard": (*state.discard, event.card), "played": True}
            )
        case ev.PointsGained():
            player = state.player(event.seat)
            return _with_player(
                state, player.model_copy(update={"points": player.points + event.points})
            )
        case ev.PointsSpent():
            player = state.player(event.seat)
            return _with_player(
                state, player.model_copy(update={"points": player.points - event.points})
            )
        case ev.HeldBack():
            player = state.player(event.seat)
            player = player.model_copy(
                update={
                    "hand": _without(player.hand, event.card),
                    "reserve": (*player.reserve, event.card),
                }
            )
            return _with_player(state, player)
        case ev.HandShown():
            return state
        case ev.CardTakenBack():
            player = state.player(event.seat)
            state = _with_player(
                state, player.model_copy(update={"hand": (*player.hand, event.card)})
            )
            return state.model_copy(update={"discard": _without(state.discard, event.card)})
        case ev.StoodFast():
            unit = state.unit(event.unit).model_copy(update={"fleeing": False, "shaken": True})
            return _with_unit(state, unit)
        case ev.ActivationOpened():
            activation = Activation(
                source=event.source, seat=event.seat, card=event.card, unit=event.piece
            )
            return state.model_copy(update={"activation": activation})
        case ev.ActivationClosed():
            return state.model_copy(update={"activation": None})
        case ev.Acted():
            assert state.activation is not None, "an action is taken in an activation"
            acted = (*state.activation.acted, event.piece)
            return state.model_copy(
                update={"activation": state.activation.model_copy(update={"acted": acted})}
            )
        case ev.Moved():
            return _with_unit(state, _placed(state.unit(event.unit), event.positions))
        case ev.MarkerMoved():
            marker = state.marker(event.marker).model_copy(
                update={"x": event.at[0], "y": event.at[1]}
            )
            markers = tuple(marker if m.id == marker.id else m for m in state.markers)
            return state.model_copy(update={"markers": markers})
        case ev.HiddenMoved():
            return _with_unit(state, _placed(state.unit(event.unit), event.positions))
        case ev.MoveHeld():
            return state
        case ev.Spotted():
            return _with_unit(state, state.unit(event.unit).model_copy(update={"spotted": True}))
        case ev.Revealed():
            unit = _placed(state.unit(event.unit), event.positions)
            state = _with_unit(state, unit.model_copy(update={"marker": None}))
            markers = tuple(m for m in state.markers if m.id != event.marker)
            current = state.activation
            if current is not None:
                current = current.model_copy(
                    update={
                        "acted": tuple(
                            event.unit if p == event.marker else p for p in current.acted
                        ),
                        "unit": event.unit if current.unit == event.marker else current.unit,
                    }
                )
            return state.model_copy(update={"markers": markers, "activation": current})
        case ev.LostSight():
            return _with_unit(state, state.unit(event.unit).model_copy(update={"spotted": False}))
        case ev.Fired():
            unit = state.unit(event.unit)
            spent = (*unit.spent, event.weapon) if event.reload else unit.spent
            return _with_unit(
                state, unit.model_copy(update={"spent": spent, "smoke": unit.smoke or event.smoke})
            )
        case ev.Casualties():
            unit = state.unit(event.unit)
            models = tuple(m for m in unit.models if m.id not in event.models)
            return _with_unit(state, unit.model_copy(update={"models": models}))
        case ev.Reloaded():
            return _with_unit(state, state.unit(event.unit).model_copy(update={"spent": ()}))
        case ev.Steadied():
            return _with_unit(state, state.unit(event.unit).model_copy(update={"shaken": False}))
        case ev.ReactionTested():
            return _with_unit(state, _reacted(state.unit(event.unit), event.outcome))
        case ev.Rallied():
            unit = state.unit(event.unit)
            if event.fleeing:  # a fleeing unit that rallies is shaken (reading 41)
                if not event.rallied:
                    return state
                return _with_unit(state, unit.model_copy(update={"fleeing": False, "shaken": True}))
            return _with_unit(state, unit.model_copy(update={"shaken": not event.rallied}))
        case ev.ReactionChosen():
            flag = "shaken" if event.choice == "shaken" else "fallen_back"
            return _with_unit(state, state.unit(event.unit).model_copy(update={flag: True}))
        case ev.Withdrew():
            unit = state.unit(event.unit)
            if not event.positions:
                return _with_unit(state, unit.model_copy(update={"models": ()}))
            return _with_unit(state, _placed(unit, event.positions))
        case ev.TurnEnded():
            # the fall-back markers come off at the end of the turn (reading 44)
            units = tuple(u.model_copy(update={"fallen_back": False}) for u in state.units)
            return state.model_copy(
                update={"go": None, "activation": None, "played": False, "units": units}
            )
        case ev.Charged():
            return _with_unit(state, _placed(state.unit(event.unit), event.positions))
        case ev.Fought() | ev.LeftMelee() | ev.MeleeWon():
            return state  # the casualties and moves that follow change the table
        case ev.Formed():
            unit = _placed(state.unit(event.unit), event.positions)
            return _with_unit(state, unit.model_copy(update={"formation": event.formation}))
        case ev.ScenarioSet():
            return state.model_copy(update={"scenario": event.scenario})
    raise UnknownEvent("blackpowder", event)


def _reacted(unit: BPUnit, outcome: str) -> BPUnit:
    """The markers a reaction test's outcome leaves (reading 16)."""
    if outcome == "destroyed":
        return unit.model_copy(update={"models": ()})
    if outcome == "flight":
        return unit.model_copy(update={"fleeing": True})
    if outcome == "fall-back-and-shaken":
        return unit.model_copy(update={"shaken": True, "fallen_back": True})
    if outcome == "fall-back":
        return unit.model_copy(update={"fallen_back": True})
    return unit  # "fall back or shaken" waits for the owner's choice


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    at = cards.index(card)
    return (*cards[:at], *cards[at + 1 :])


def _with_unit(state: BPState, unit: BPUnit) -> BPState:
    units = tuple(unit if u.id == unit.id else u for u in state.units)
    return state.model_copy(update={"units": units})


def _with_player(state: BPState, player: Player) -> BPState:
    players = tuple(player if p.seat == player.seat else p for p in state.players)
    return state.model_copy(update={"players": players})


def _placed(unit: BPUnit, positions: tuple[Point, ...]) -> BPUnit:
    models = tuple(
        m.model_copy(update={"x": x, "y": y})
        for m, (x, y) in zip(unit.models, positions, strict=True)
    )
    return unit.model_copy(update={"models": models})


def _mustered(state: BPState, event: ev.ForcesMustered) -> BPState:
    profiles = {p.id: p for p in event.profiles}
    units = tuple(
        BPUnit(
            id=m.id,
            seat=m.seat,
            profile=m.profile,
            name=profiles[m.profile].name,
            models=tuple(Trooper(id=str(i), x=0, y=0) for i in range(1, m.models + 1)),
            starting=m.models,
        )
        for m in event.units
    )
    players = tuple(Player(seat=seat, force=event.forces[seat]) for seat in state.seats)
    return state.model_copy(
        update={
            "profiles": profiles,
            "weapons": {w.id: w for w in event.weapons},
            "melee_weapons": {w.id: w for w in event.melee_weapons},
            "units": units,
            "players": players,
        }
    )
