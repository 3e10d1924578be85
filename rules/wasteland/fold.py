"""Folding Wasteland events into the state. No rules knowledge lives here.

The fold is exhaustive: every event of :data:`~rules.wasteland.events.WastelandEvent` is
named here, those that change nothing as well, and any other event is an error. A flow
deciding a move passes the core's events (dice, the end) through here too: the core folds
those itself (:func:`rules.core.engine.evolve`).
"""

from __future__ import annotations

from rules.core.events import DiceRolled, Event, GameEnded, SeatConceded, UnknownEvent
from rules.wasteland import events as ev
from rules.wasteland.facts import battle as fb
from rules.wasteland.facts import combat as fc
from rules.wasteland.facts import command as fm
from rules.wasteland.facts import setup as fs
from rules.wasteland.facts import units as fu
from rules.wasteland.state import ArmyList, WastelandState, stack_of_queue

SYSTEM_ID = "wasteland"


def evolve(state: WastelandState, event: Event) -> WastelandState:
    update = _changes(state, event)
    return state.model_copy(update=update) if update else state


def _changes(state: WastelandState, event: Event) -> dict[str, object]:
    match event:
        case ev.DraftUpdated(seat=seat, army=army):
            return {"drafts": {**state.drafts, seat: army}}
        case ev.DraftEntryAdded(seat=seat, entry=entry):
            entries = (*state.drafts.get(seat, ArmyList()).entries, entry)
            return {"drafts": {**state.drafts, seat: ArmyList(entries=entries)}}
        case ev.DraftEntryRemoved(seat=seat, number=number):
            kept = state.drafts.get(seat, ArmyList()).entries
            kept = kept[: number - 1] + kept[number:] if number else ()
            return {"drafts": {**state.drafts, seat: ArmyList(entries=kept)}}
        case ev.ListSubmitted(seat=seat):
            return {"submitted": (*state.submitted, seat)}
        case ev.ListsRevealed():
            return {
                "lists": dict(event.lists),
                "drafts": {},
                "units": {u.id: u for u in event.units},
                "profiles": dict(event.profiles),
                "weapons": dict(event.weapons),
            }
        case ev.MissionSet():
            return {
                "mission": event.mission,
                "defender": event.defender,
                "battlefield": event.battlefield,
                "table": event.table,
                "zones": event.zones,
                "objectives": event.objectives,
            }
        case ev.SettingsSet(advantages=advantages, condition=condition):
            return {"advantages": dict(advantages), "condition": condition}
        case ev.CountersNumbered(numbers=numbers, key=key):
            return {"counter_numbers": dict(numbers), "counter_key": key}
        case ev.PhaseBegan(phase=phase):
            return {"phase": phase}
        case ev.DeployTurn(order=order, seat=seat):
            return {"deploy_order": order, "deploying": seat}
        case ev.UnitsChanged(units=units):
            return {"units": {**state.units, **{u.id: u for u in units}}}
        case ev.AreaAdded(area=area):
            table = state.table.model_copy(update={"areas": (*state.table.areas, area)})
            return {"table": table}
        case ev.TableSet(table=table):
            return {"table": table}
        case ev.AreaDangerous(area=area, roll=roll):
            return {"dangerous_areas": {**state.dangerous_areas, area: roll}}
        case ev.AreaVisited(areas=areas):
            return {"visited_areas": (*state.visited_areas, *areas)}
        case ev.ObjectivesChanged(objectives=objectives):
            return {"objectives": objectives}
        case ev.ScoresChanged(scores=scores):
            return {"scores": dict(scores)}
        case ev.RoundBegan(round=number, order=order):
            return {"round": number, "order": order, "event_this_round": "", "passed": ()}
        case ev.RoundEvent(event=name):
            return {"event_this_round": name}
        case ev.TurnPassed(seat=seat):
            return {"turn": seat}
        case ev.SeatPassed(seat=seat):
            return {"passed": (*state.passed, seat)}
        case ev.SeatOut(seat=seat):
            return {"out": (*state.out, seat)}
        case ev.ActivationChanged(active=active):
            return {"active": active}
        case ev.WindowsChanged(windows=windows):  # legacy: a queue answered from its front
            return {"windows": stack_of_queue(windows)}
        case ev.ReinforcementUsed(seat=seat):
            return {"reinforcements_used": (*state.reinforcements_used, seat)}
        case ev.Measured(measures=measures):
            return {"measures": measures}
        case ev.Report():  # legacy narration: told, changes nothing
            return {}
        case (
            fu.MarkerGained()
            | fu.FearlessStood()
            | fu.UnitDestroyed()
            | fu.DeathThroes()
            | fu.LifeRollsLost()
            | fu.BailedOut()
            | fu.Withdrew()
            | fu.Activated()
            | fu.Heroism()
            | fu.BreakAway()
            | fu.Moved()
            | fu.DangerousTerrain()
            | fu.GroundTested()
            | fu.Boarded()
            | fu.Disembarked()
            | fu.Defending()
            | fu.Regrouped()
            | fu.Tended()
            | fu.BuildingEmptied()
            | fu.BuildingRuined()
        ):  # told; the units they touch change through UnitsChanged
            return {}
        case (
            fc.VolleyFired()
            | fc.LifeRolled()
            | fc.BodyguardsSaved()
            | fc.Backfired()
            | fc.StrayHits()
            | fc.LowAmmo()
            | fc.ShootingStopped()
            | fc.FreeAttack()
            | fc.TargetTest()
            | fc.FireRedirected()
            | fc.CounterAttack()
            | fc.FightDeclared()
            | fc.FightStopped()
            | fc.FellShort()
            | fc.Charged()
            | fc.NoStrikers()
            | fc.Blows()
            | fc.ReactionsOffered()
            | fc.ReactionTried()
            | fc.WentToGround()
            | fc.Overrun()
            | fc.TerrorTested()
            | fc.RuleWill()
        ):  # told; what they touch changes through its own events
            return {}
        case (
            fm.OrderReached()
            | fm.OrderCarried()
            | fm.AirstrikeCalled()
            | fm.AirstrikeRolled()
            | fm.PowerCast()
            | fm.NullifyOffered()
            | fm.PowerContested()
            | fm.ChainRolled()
            | fm.CasterUnstable()
            | fm.PowerFizzled()
            | fm.Blessed()
            | fm.FuryRolled()
            | fm.MoralePhase()
            | fm.MoraleTest()
            | fm.StubbornCounted()
            | fm.PriceOfFailure()
        ):  # told; what they touch changes through its own events
            return {}
        case (
            fs.MissionRolled()
            | fs.DefenderRolled()
            | fs.MissionAnnounced()
            | fs.ListRevealed()
            | fs.AdvantagesRolled()
            | fs.HandicapIgnored()
            | fs.HandicapApplied()
            | fs.ConditionSet()
            | fs.HeroicFigure()
            | fs.VeteransGranted()
            | fs.DesertionRolled()
            | fs.Crippled()
            | fs.DeploymentOrder()
            | fs.CaptiveNumbered()
            | fs.Deployed()
            | fs.EmbarkedAtStart()
            | fs.HeldBack()
            | fs.Arrived()
            | fs.Reinforced()
        ):  # told; what they touch changes through its own events
            return {}
        case (
            fb.RoundAnnounced()
            | fb.BattleEventRolled()
            | fb.BrokeDown()
            | fb.BattleEventInForce()
            | fb.TrapSprung()
            | fb.FriendlyFireOpened()
            | fb.Interacted()
            | fb.ObjectiveProgress()
            | fb.SeatScored()
            | fb.SalvageSecured()
            | fb.CounterTurned()
            | fb.NothingScored()
            | fb.Evacuated()
            | fb.CaptiveEscorted()
            | fb.Escaped()
        ):  # told; what they touch changes through its own events
            return {}
        case DiceRolled() | SeatConceded() | GameEnded():  # the core folds its own events
            return {}
    raise UnknownEvent(SYSTEM_ID, event)
