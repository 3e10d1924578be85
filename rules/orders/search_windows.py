"""Answers to the windows a search opens: the search itself ([13.3]), spy points
([12.2]) and dropping equipment over the weight allowance ([06])."""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import actions as act
from rules.orders import rules_cited as rule
from rules.orders.flow import Flow
from rules.orders.search import cycle, stop, take, use_icon
from rules.orders.spying import order, use
from rules.orders.state import DropWindow, SearchWindow, SpyWindow
from rules.orders.weight import drop


def answer_window(
    flow: Flow, window: SearchWindow | SpyWindow | DropWindow, action: Action
) -> Rejection | None:
    match window:
        case SearchWindow():
            match action:
                case act.SearchCycle():
                    return cycle(flow, window, action.count)
                case act.SearchIcon():
                    return use_icon(flow, window, action.icon)
                case act.SearchTake():
                    return take(flow, window, action.receiver)
                case act.SearchStop():
                    return stop(flow, window)
            return reject(
                RejectionCode.WRONG_PHASE,
                "You are searching: `cycle [n]`, `flip`, `shuffle`, `take` or `stop`.",
                rule.SEARCH_ORDER,
            )
        case SpyWindow():
            match action:
                case act.Spy():
                    return use(flow, window, action.how, action.count)
                case act.SpyOrder():
                    return order(flow, window, action.positions, action.flips)
            return reject(
                RejectionCode.WRONG_PHASE,
                f"Use your {window.points} spy points first: `spy mp`, `spy deck` or"
                " `spy mission`"
                + (" (put the cards back first: `spy order 1 2 3`)" if window.looking else "")
                + ".",
                rule.SPY,
            )
        case DropWindow():
            if isinstance(action, act.Drop):
                return drop(flow, window, action.item)
            return reject(
                RejectionCode.WRONG_PHASE,
                f"{window.fighter} carries more than its weight allowance: `drop <item>`.",
                rule.WEIGHT,
            )
