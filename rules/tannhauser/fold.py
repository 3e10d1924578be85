"""Folding Tannhäuser events into the state. No rules are decided here, only applied.

The fold is exhaustive: every Tannhäuser event is named here, those that change nothing
as well, and any other event is an error (the core folds its own events itself).
"""

from __future__ import annotations

from typing import Any

from rules.core.events import Event, UnknownEvent
from rules.tannhauser import events as ev
from rules.tannhauser.state import Activation, Roll, Smoke, TannhauserState, Token, Trail

# Facts that change nothing the state keeps: rolls and tests (their results come as other
# events), announcements of secret picks, what a searcher saw.
UNCHANGED: frozenset[type[Event]] = frozenset(
    {
        ev.RollOff,
        ev.FactionLocked,
        ev.TeamLocked,
        ev.PackLocked,
        ev.BonusLost,
        ev.CratesPlaced,
        ev.AttackRolled,
        ev.ShockRolled,
        ev.WoundShaken,
        ev.EquipmentUsed,
        ev.CrateSearched,
        ev.CrateSeen,
        ev.CrateReturned,
        ev.ActionCircleUsed,
    }
)


def evolve(state: TannhauserState, event: Event) -> TannhauserState:
    if type(event) in UNCHANGED:
        return state
    update = _changes(state, event)
    return state.model_copy(update=update) if update else state


def _token(s: TannhauserState, key: str, **changes: Any) -> dict[str, Token]:
    return {**s.tokens, key: s.tokens[key].model_copy(update=changes)}


def _activation(s: TannhauserState, **changes: Any) -> Activation:
    assert s.activation is not None
    return s.activation.model_copy(update=changes)


def _points(s: TannhauserState, seat: str, change: int) -> dict[str, int]:
    return {**s.command_points, seat: s.command_points.get(seat, 0) + change}


def _shot(s: TannhauserState, start: str | None, end: str | None) -> Trail:
    """The trail with a line from ``start`` to ``end`` (unchanged if either is off the map)."""
    if start is None or end is None:
        return s.trail
    return s.trail.model_copy(update={"shots": (*s.trail.shots, (start, end))})


def _changes(s: TannhauserState, event: Event) -> dict[str, Any]:
    match event:
        # -- setup ---------------------------------------------------------------------
        case ev.PhaseBegan(phase=phase):
            return {"phase": phase}
        case ev.MapChosen(map=chosen):
            return {"map": chosen}
        case ev.FactionPicked(seat=seat, faction=faction):
            return {"faction_picks": {**s.faction_picks, seat: faction}}
        case ev.FactionsRevealed(picks=picks):
            return {"faction_picks": dict(picks)}
        case ev.FactionSet(seat=seat, faction=faction):
            return {"factions": {**s.factions, seat: faction}}
        case ev.TeamPicked(seat=seat, characters=characters):
            return {"team_picks": {**s.team_picks, seat: characters}}
        case ev.TeamsRevealed(teams=teams):
            return {"teams": dict(teams), "team_picks": dict(teams)}
        case ev.MercenaryLost(seat=seat, character=character):
            lost = (*s.mercenary_loser.get(seat, ()), character)
            return {
                "teams": {**s.teams, seat: tuple(c for c in s.teams[seat] if c != character)},
                "mercenary_loser": {**s.mercenary_loser, seat: lost},
            }
        case ev.MercenaryReplaced(seat=seat, old=old, new=new):
            left = list(s.mercenary_loser.get(seat, ()))
            if old in left:
                left.remove(old)
            losers = {k: v for k, v in s.mercenary_loser.items() if k != seat}
            if left:
                losers[seat] = tuple(left)
            return {"teams": {**s.teams, seat: (*s.teams[seat], new)}, "mercenary_loser": losers}
        case ev.PackPicked(seat=seat, character=character, pack=pack):
            packs = {**s.pack_picks.get(seat, {}), character: pack}
            return {"pack_picks": {**s.pack_picks, seat: packs}}
        case ev.PacksRevealed():
            return _packs_revealed(s, event)
        case ev.BonusPicked(seat=seat, picks=chosen):
            return {"bonus_picks": {**s.bonus_picks, seat: chosen}}
        case ev.BonusReady(seat=seat):
            return {"bonus_ready": (*s.bonus_ready, seat)}
        case ev.BonusRevealed(picks=revealed):
            return {"bonus_picks": dict(revealed)}
        case ev.BonusApplied(key=key, equipment=equipment, gear=gear):
            return {
                "tokens": _token(s, key, equipment=equipment),
                "gear": {**s.gear, gear.id: gear},
            }
        case ev.EntryOrder(order=order):
            return {"entry_order": order, "first_activator": order[0]}
        case ev.EntryChosen(seat=seat, circle=circle):
            return {"entries": {**s.entries, seat: (*s.entries.get(seat, ()), circle)}}
        case ev.CommandPointsSet(points=points):
            return {"command_points": dict(points)}
        case ev.CratesDealt(crates=crates, defs=defs, gear=gear):
            return {"crates": dict(crates), "crate_defs": dict(defs), "gear": {**s.gear, **gear}}
        # -- rolls and turns -----------------------------------------------------------
        case ev.RollStarted(purpose=purpose):
            return {"roll": Roll(purpose=purpose, totals={})}
        case ev.RollMade(purpose=purpose, seat=seat, total=total, reroll=reroll):
            roll = s.roll or Roll(purpose=purpose, totals={})
            update: dict[str, Any] = {"totals": {**roll.totals, seat: total}}
            if reroll:
                update["rerolled"] = True
            return {"roll": roll.model_copy(update=update)}
        case ev.RollWon(seat=seat):
            return {"initiative": seat, "roll": None}
        case ev.TurnStarted(turn=turn, command_points=points, smoke=smoke):
            return {
                "turn": turn,
                "command_points": dict(points),
                "smoke": smoke,
                "activated": (),
                "overwatch": (),
                "activation": None,
                "next_seat": None,
                "overwatch_passes": 0,
                "cp_effects": {},
                "boosts": {},
                "trail": Trail(),
            }
        case ev.OverwatchStep(seat=seat):
            return {"overwatch_next": seat}
        case ev.OverwatchSet(key=key):
            return {
                "overwatch": (*s.overwatch, key),
                "activated": (*s.activated, key),
                "overwatch_passes": 0,
            }
        case ev.OverwatchDeclined():
            return {"overwatch_passes": s.overwatch_passes + 1}
        case ev.NextActivation(seat=seat):
            return {"next_seat": seat}
        # -- activations ---------------------------------------------------------------
        case ev.Reinforced(token=token, sheet=sheet, gear=gear):
            return {
                "tokens": {**s.tokens, token.key: token},
                "sheets": {**s.sheets, sheet.id: sheet},
                "gear": {**s.gear, **gear},
            }
        case ev.ActivationStarted(key=key, seat=seat, points=points):
            start = s.tokens[key].circle
            return {
                "activation": Activation(key=key, seat=seat, points=points),
                "cp_effects": {},
                "trail": Trail(seat=seat, route=(start,) if start is not None else ()),
            }
        case ev.Moved(key=key, route=route, points_left=left):
            if s.activation is None or s.activation.key != key:
                return {"tokens": _token(s, key, circle=route[-1])}
            return {
                "tokens": _token(s, key, circle=route[-1]),
                "activation": _activation(s, points=left, through=None),
                "trail": s.trail.model_copy(update={"route": (*s.trail.route, *route)}),
            }
        case ev.BullRushed(target=target, won=won):
            through = s.tokens[target].circle if won else None
            return {"activation": _activation(s, bull_rushed=True, through=through)}
        case ev.CommandPointsSpent(seat=seat, amount=amount, effect=effect):
            return {
                "command_points": _points(s, seat, -amount),
                "cp_effects": {**s.cp_effects, seat: (*s.cp_effects.get(seat, ()), effect)},
            }
        case ev.CommandPointsGained(seat=seat, amount=amount):
            return {"command_points": _points(s, seat, amount)}
        case ev.MovementBought():
            assert s.activation is not None
            return {"activation": _activation(s, points=s.activation.points + 1, bought_move=True)}
        case ev.Boosted(key=key, stat=stat, amount=amount):
            mine = dict(s.boosts.get(key, {}))
            mine[stat] = mine.get(stat, 0) + amount
            return {"boosts": {**s.boosts, key: mine}}
        case ev.Announced():
            return {"activation": _activation(s, acted=True)}
        case ev.AttackDeclared(attacker=attacker, target=target, kind=kind):
            trail = _shot(s, s.tokens[attacker].circle, s.tokens[target].circle)
            if kind != "overwatch":
                return {"trail": trail}
            return {"trail": trail, "overwatch": tuple(k for k in s.overwatch if k != attacker)}
        case ev.GrenadeThrown(thrower=thrower, circle=circle):
            trail = _shot(s, s.tokens[thrower].circle, circle)
            return {"trail": trail.model_copy(update={"blasts": (*trail.blasts, circle)})}
        case ev.Wounded(key=key, row_after=row) | ev.Healed(key=key, row_after=row):
            return {"tokens": _token(s, key, row=row)}
        case ev.Killed(key=key, circle=circle, dropped=dropped):
            ground = dict(s.ground)
            if circle is not None and dropped:
                ground[circle] = (*ground.get(circle, ()), *dropped)
            return {
                "tokens": _token(s, key, dead=True, circle=None, equipment=()),
                "ground": ground,
                "overwatch": tuple(k for k in s.overwatch if k != key),
            }
        case ev.RubblePlaced(circle=circle):
            return {} if circle in s.rubble else {"rubble": (*s.rubble, circle)}
        case ev.SmokePlaced(circle=circle):
            return {"smoke": (*s.smoke, Smoke(circle=circle, counters=2))}
        case ev.InventoryChanged():
            return _inventory(s, event)
        case ev.CrateTaken(feature=feature):
            return {"crates": {k: v for k, v in s.crates.items() if k != feature}}
        case ev.ActivationEnded(key=key):
            return {
                "activation": None,
                "activated": s.activated if key in s.activated else (*s.activated, key),
                "cp_effects": {},
                "boosts": {},
                "windows": (),
            }
    raise UnknownEvent("tannhauser", event)


def _packs_revealed(s: TannhauserState, e: ev.PacksRevealed) -> dict[str, Any]:
    troopers: dict[str, dict[str, int]] = {}
    for token in e.tokens.values():
        if e.sheets[token.character].kind == "trooper":
            counts = troopers.setdefault(token.seat, {})
            counts[token.character] = counts.get(token.character, 0) + 1
    return {
        "pack_picks": {seat: dict(p) for seat, p in e.packs.items()},
        "packs_revealed": True,
        "tokens": dict(e.tokens),
        "sheets": {**s.sheets, **e.sheets},
        "gear": {**s.gear, **e.gear},
        "starting_troopers": troopers,
    }


def _inventory(s: TannhauserState, e: ev.InventoryChanged) -> dict[str, Any]:
    tokens = dict(s.tokens)
    for key, items in e.inventories.items():
        tokens[key] = tokens[key].model_copy(update={"equipment": items})
    ground = dict(s.ground)
    for circle, items in e.ground.items():
        if items:
            ground[circle] = items
        else:
            ground.pop(circle, None)
    return {"tokens": tokens, "ground": ground}
