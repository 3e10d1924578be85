"""Folding Tannhäuser events into the state. No rules are decided here, only applied."""

from __future__ import annotations

from typing import Any

from rules.core.events import Event, UnknownEvent
from rules.tannhauser import events as ev
from rules.tannhauser.state import Activation, Roll, Smoke, TannhauserState, Token


def _token(state: TannhauserState, key: str, **changes: Any) -> dict[str, Token]:
    return {**state.tokens, key: state.tokens[key].model_copy(update=changes)}


def evolve(state: TannhauserState, event: Event) -> TannhauserState:
    handler = _HANDLERS.get(type(event))
    if handler is None:
        if type(event) in UNCHANGED:
            return state
        raise UnknownEvent("tannhauser", event)
    folded: TannhauserState = handler(state, event)
    return folded


def _phase(s: TannhauserState, e: ev.PhaseBegan) -> TannhauserState:
    return s.model_copy(update={"phase": e.phase})


def _map(s: TannhauserState, e: ev.MapChosen) -> TannhauserState:
    return s.model_copy(update={"map": e.map})


def _faction_picked(s: TannhauserState, e: ev.FactionPicked) -> TannhauserState:
    return s.model_copy(update={"faction_picks": {**s.faction_picks, e.seat: e.faction}})


def _factions_revealed(s: TannhauserState, e: ev.FactionsRevealed) -> TannhauserState:
    return s.model_copy(update={"faction_picks": dict(e.picks)})


def _faction_set(s: TannhauserState, e: ev.FactionSet) -> TannhauserState:
    return s.model_copy(update={"factions": {**s.factions, e.seat: e.faction}})


def _team_picked(s: TannhauserState, e: ev.TeamPicked) -> TannhauserState:
    return s.model_copy(update={"team_picks": {**s.team_picks, e.seat: e.characters}})


def _teams_revealed(s: TannhauserState, e: ev.TeamsRevealed) -> TannhauserState:
    return s.model_copy(update={"teams": dict(e.teams), "team_picks": dict(e.teams)})


def _merc_lost(s: TannhauserState, e: ev.MercenaryLost) -> TannhauserState:
    team = tuple(c for c in s.teams[e.seat] if c != e.character)
    return s.model_copy(
        update={
            "teams": {**s.teams, e.seat: team},
            "mercenary_loser": {
                **s.mercenary_loser,
                e.seat: (*s.mercenary_loser.get(e.seat, ()), e.character),
            },
        }
    )


def _merc_replaced(s: TannhauserState, e: ev.MercenaryReplaced) -> TannhauserState:
    left = list(s.mercenary_loser.get(e.seat, ()))
    if e.old in left:
        left.remove(e.old)
    losers = {k: v for k, v in s.mercenary_loser.items() if k != e.seat}
    if left:
        losers[e.seat] = tuple(left)
    team = (*s.teams[e.seat], e.new)
    return s.model_copy(update={"teams": {**s.teams, e.seat: team}, "mercenary_loser": losers})


def _pack_picked(s: TannhauserState, e: ev.PackPicked) -> TannhauserState:
    picks = {**s.pack_picks.get(e.seat, {}), e.character: e.pack}
    return s.model_copy(update={"pack_picks": {**s.pack_picks, e.seat: picks}})


def _packs_revealed(s: TannhauserState, e: ev.PacksRevealed) -> TannhauserState:
    troopers: dict[str, dict[str, int]] = {}
    for token in e.tokens.values():
        if e.sheets[token.character].kind == "trooper":
            counts = troopers.setdefault(token.seat, {})
            counts[token.character] = counts.get(token.character, 0) + 1
    return s.model_copy(
        update={
            "pack_picks": {seat: dict(p) for seat, p in e.packs.items()},
            "packs_revealed": True,
            "tokens": dict(e.tokens),
            "sheets": {**s.sheets, **e.sheets},
            "gear": {**s.gear, **e.gear},
            "starting_troopers": troopers,
        }
    )


def _bonus_picked(s: TannhauserState, e: ev.BonusPicked) -> TannhauserState:
    return s.model_copy(update={"bonus_picks": {**s.bonus_picks, e.seat: e.picks}})


def _bonus_ready(s: TannhauserState, e: ev.BonusReady) -> TannhauserState:
    return s.model_copy(update={"bonus_ready": (*s.bonus_ready, e.seat)})


def _bonus_revealed(s: TannhauserState, e: ev.BonusRevealed) -> TannhauserState:
    return s.model_copy(update={"bonus_picks": dict(e.picks)})


def _bonus_applied(s: TannhauserState, e: ev.BonusApplied) -> TannhauserState:
    return s.model_copy(
        update={
            "tokens": _token(s, e.key, equipment=e.equipment),
            "gear": {**s.gear, e.gear.id: e.gear},
        }
    )


def _entry_order(s: TannhauserState, e: ev.EntryOrder) -> TannhauserState:
    return s.model_copy(update={"entry_order": e.order, "first_activator": e.order[0]})


def _entry(s: TannhauserState, e: ev.EntryChosen) -> TannhauserState:
    entries = {**s.entries, e.seat: (*s.entries.get(e.seat, ()), e.circle)}
    return s.model_copy(update={"entries": entries})


def _cp_set(s: TannhauserState, e: ev.CommandPointsSet) -> TannhauserState:
    return s.model_copy(update={"command_points": dict(e.points)})


def _crates_dealt(s: TannhauserState, e: ev.CratesDealt) -> TannhauserState:
    return s.model_copy(
        update={"crates": dict(e.crates), "crate_defs": dict(e.defs), "gear": {**s.gear, **e.gear}}
    )


def _roll_started(s: TannhauserState, e: ev.RollStarted) -> TannhauserState:
    return s.model_copy(update={"roll": Roll(purpose=e.purpose, totals={})})


def _roll_made(s: TannhauserState, e: ev.RollMade) -> TannhauserState:
    roll = s.roll or Roll(purpose=e.purpose, totals={})
    update: dict[str, Any] = {"totals": {**roll.totals, e.seat: e.total}}
    if e.reroll:
        update["rerolled"] = True
    return s.model_copy(update={"roll": roll.model_copy(update=update)})


def _roll_won(s: TannhauserState, e: ev.RollWon) -> TannhauserState:
    return s.model_copy(update={"initiative": e.seat, "roll": None})


def _turn(s: TannhauserState, e: ev.TurnStarted) -> TannhauserState:
    return s.model_copy(
        update={
            "turn": e.turn,
            "command_points": dict(e.command_points),
            "smoke": e.smoke,
            "activated": (),
            "overwatch": (),
            "activation": None,
            "next_seat": None,
            "overwatch_passes": 0,
            "cp_effects": {},
            "boosts": {},
        }
    )


def _ow_step(s: TannhauserState, e: ev.OverwatchStep) -> TannhauserState:
    return s.model_copy(update={"overwatch_next": e.seat})


def _ow_set(s: TannhauserState, e: ev.OverwatchSet) -> TannhauserState:
    return s.model_copy(
        update={
            "overwatch": (*s.overwatch, e.key),
            "activated": (*s.activated, e.key),
            "overwatch_passes": 0,
        }
    )


def _ow_declined(s: TannhauserState, e: ev.OverwatchDeclined) -> TannhauserState:
    return s.model_copy(update={"overwatch_passes": s.overwatch_passes + 1})


def _next(s: TannhauserState, e: ev.NextActivation) -> TannhauserState:
    return s.model_copy(update={"next_seat": e.seat})


def _reinforced(s: TannhauserState, e: ev.Reinforced) -> TannhauserState:
    return s.model_copy(
        update={
            "tokens": {**s.tokens, e.token.key: e.token},
            "sheets": {**s.sheets, e.sheet.id: e.sheet},
            "gear": {**s.gear, **e.gear},
        }
    )


def _activation(s: TannhauserState, e: ev.ActivationStarted) -> TannhauserState:
    return s.model_copy(
        update={
            "activation": Activation(key=e.key, seat=e.seat, points=e.points),
            "cp_effects": {},
        }
    )


def _with_activation(s: TannhauserState, **changes: Any) -> TannhauserState:
    assert s.activation is not None
    return s.model_copy(update={"activation": s.activation.model_copy(update=changes)})


def _moved(s: TannhauserState, e: ev.Moved) -> TannhauserState:
    s = s.model_copy(update={"tokens": _token(s, e.key, circle=e.route[-1])})
    if s.activation is not None and s.activation.key == e.key:
        s = _with_activation(s, points=e.points_left, through=None)
    return s


def _bull_rush(s: TannhauserState, e: ev.BullRushed) -> TannhauserState:
    through = s.tokens[e.target].circle if e.won else None
    return _with_activation(s, bull_rushed=True, through=through)


def _cp_spent(s: TannhauserState, e: ev.CommandPointsSpent) -> TannhauserState:
    points = {**s.command_points, e.seat: s.command_points.get(e.seat, 0) - e.amount}
    used = {**s.cp_effects, e.seat: (*s.cp_effects.get(e.seat, ()), e.effect)}
    return s.model_copy(update={"command_points": points, "cp_effects": used})


def _cp_gained(s: TannhauserState, e: ev.CommandPointsGained) -> TannhauserState:
    points = {**s.command_points, e.seat: s.command_points.get(e.seat, 0) + e.amount}
    return s.model_copy(update={"command_points": points})


def _move_bought(s: TannhauserState, e: ev.MovementBought) -> TannhauserState:
    assert s.activation is not None
    return _with_activation(s, points=s.activation.points + 1, bought_move=True)


def _boost(s: TannhauserState, e: ev.Boosted) -> TannhauserState:
    mine = dict(s.boosts.get(e.key, {}))
    mine[e.stat] = mine.get(e.stat, 0) + e.amount
    return s.model_copy(update={"boosts": {**s.boosts, e.key: mine}})


def _announced(s: TannhauserState, e: ev.Announced) -> TannhauserState:
    return _with_activation(s, acted=True)


def _wounded(s: TannhauserState, e: ev.Wounded) -> TannhauserState:
    return s.model_copy(update={"tokens": _token(s, e.key, row=e.row_after)})


def _killed(s: TannhauserState, e: ev.Killed) -> TannhauserState:
    ground = dict(s.ground)
    if e.circle is not None and e.dropped:
        ground[e.circle] = (*ground.get(e.circle, ()), *e.dropped)
    tokens = _token(s, e.key, dead=True, circle=None, equipment=())
    return s.model_copy(
        update={
            "tokens": tokens,
            "ground": ground,
            "overwatch": tuple(k for k in s.overwatch if k != e.key),
        }
    )


def _healed(s: TannhauserState, e: ev.Healed) -> TannhauserState:
    return s.model_copy(update={"tokens": _token(s, e.key, row=e.row_after)})


def _rubble(s: TannhauserState, e: ev.RubblePlaced) -> TannhauserState:
    if e.circle in s.rubble:
        return s
    return s.model_copy(update={"rubble": (*s.rubble, e.circle)})


def _smoke(s: TannhauserState, e: ev.SmokePlaced) -> TannhauserState:
    return s.model_copy(update={"smoke": (*s.smoke, Smoke(circle=e.circle, counters=2))})


def _inventory(s: TannhauserState, e: ev.InventoryChanged) -> TannhauserState:
    tokens = dict(s.tokens)
    for key, items in e.inventories.items():
        tokens[key] = tokens[key].model_copy(update={"equipment": items})
    ground = dict(s.ground)
    for circle, items in e.ground.items():
        if items:
            ground[circle] = items
        else:
            ground.pop(circle, None)
    return s.model_copy(update={"tokens": tokens, "ground": ground})


def _crate_taken(s: TannhauserState, e: ev.CrateTaken) -> TannhauserState:
    return s.model_copy(update={"crates": {k: v for k, v in s.crates.items() if k != e.feature}})


def _activation_ended(s: TannhauserState, e: ev.ActivationEnded) -> TannhauserState:
    activated = s.activated if e.key in s.activated else (*s.activated, e.key)
    return s.model_copy(
        update={
            "activation": None,
            "activated": activated,
            "cp_effects": {},
            "boosts": {},
            "windows": (),
        }
    )


def _overwatch_spent(s: TannhauserState, e: ev.AttackDeclared) -> TannhauserState:
    if e.kind != "overwatch":
        return s
    return s.model_copy(update={"overwatch": tuple(k for k in s.overwatch if k != e.attacker)})


_HANDLERS: dict[type[Event], Any] = {
    ev.PhaseBegan: _phase,
    ev.MapChosen: _map,
    ev.FactionPicked: _faction_picked,
    ev.FactionsRevealed: _factions_revealed,
    ev.FactionSet: _faction_set,
    ev.TeamPicked: _team_picked,
    ev.TeamsRevealed: _teams_revealed,
    ev.MercenaryLost: _merc_lost,
    ev.MercenaryReplaced: _merc_replaced,
    ev.PackPicked: _pack_picked,
    ev.PacksRevealed: _packs_revealed,
    ev.BonusPicked: _bonus_picked,
    ev.BonusReady: _bonus_ready,
    ev.BonusRevealed: _bonus_revealed,
    ev.BonusApplied: _bonus_applied,
    ev.EntryOrder: _entry_order,
    ev.EntryChosen: _entry,
    ev.CommandPointsSet: _cp_set,
    ev.CratesDealt: _crates_dealt,
    ev.RollStarted: _roll_started,
    ev.RollMade: _roll_made,
    ev.RollWon: _roll_won,
    ev.TurnStarted: _turn,
    ev.OverwatchStep: _ow_step,
    ev.OverwatchSet: _ow_set,
    ev.OverwatchDeclined: _ow_declined,
    ev.NextActivation: _next,
    ev.Reinforced: _reinforced,
    ev.ActivationStarted: _activation,
    ev.Moved: _moved,
    ev.BullRushed: _bull_rush,
    ev.CommandPointsSpent: _cp_spent,
    ev.CommandPointsGained: _cp_gained,
    ev.MovementBought: _move_bought,
    ev.Boosted: _boost,
    ev.Announced: _announced,
    ev.Wounded: _wounded,
    ev.Killed: _killed,
    ev.Healed: _healed,
    ev.RubblePlaced: _rubble,
    ev.SmokePlaced: _smoke,
    ev.InventoryChanged: _inventory,
    ev.CrateTaken: _crate_taken,
    ev.ActivationEnded: _activation_ended,
    ev.AttackDeclared: _overwatch_spent,
}

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
        ev.GrenadeThrown,
        ev.EquipmentUsed,
        ev.CrateSearched,
        ev.CrateSeen,
        ev.CrateReturned,
        ev.ActionCircleUsed,
    }
)
