"""Equipment actions (source 000, "Pick Up Equipment", "Pass Equipment", "Use Equipment",
"Search a Crate", "Activate an Action Circle", "Disposable Equipment").

Only disposable equipment is ever dropped, handed over or left on the board; nobody may end
an action carrying more tokens than equipment slots.
"""

from __future__ import annotations

from rules.core.frames import FrameClosed, FrameOpened
from rules.core.names import pretty
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.core.wording import plural
from rules.tannhauser import actions as act
from rules.tannhauser import events as ev
from rules.tannhauser.flow import Flow
from rules.tannhauser.sight import board
from rules.tannhauser.state import CrateWindow, TannhauserState, Token
from rules.tannhauser.values import skill_problem

R_PICK = "000 Pick up equipment"
R_PASS = "000 Pass equipment"
R_USE = "000 Use equipment"
R_CRATE = "000 Search a crate"
R_ACTION_CIRCLE = "000 Activate an action circle"
R_DISPOSABLE = "000 Disposable equipment"


def _item(state: TannhauserState, item: str) -> str:
    return state.gear[item].name if item in state.gear else pretty(item)


def _remove(
    state: TannhauserState, items: list[str], wanted: tuple[str, ...], owner: str
) -> str | None:
    for item in wanted:
        if item not in items:
            return f"{owner} has no {_item(state, item)}"
        items.remove(item)
    return None


def _not_disposable(state: TannhauserState, items: tuple[str, ...]) -> str | None:
    for item in items:
        if item in state.gear and not state.gear[item].disposable:
            return f"{state.gear[item].name} is not disposable and cannot be dropped or handed over"
    return None


def _slots(state: TannhauserState, token: Token) -> int:
    return state.sheets[token.character].slots


def _carry_out(flow: Flow, planned: Rejection | ev.InventoryChanged) -> Rejection | None:
    if isinstance(planned, Rejection):
        return planned
    flow.emit(planned)
    return None


def pick_up(flow: Flow, token: Token, action: act.PickUp) -> Rejection | None:
    return _carry_out(flow, plan_pick_up(flow.state, token, action))


def plan_pick_up(
    state: TannhauserState, token: Token, action: act.PickUp
) -> Rejection | ev.InventoryChanged:
    grid = board(state)
    assert token.circle is not None
    problem = _not_disposable(state, action.drop)
    if problem:
        return reject(RejectionCode.BAD_ARGUMENT, problem + ".", R_DISPOSABLE)
    carried = list(token.equipment)
    problem = _remove(state, carried, action.drop, token.key)
    if problem:
        return reject(RejectionCode.BAD_ARGUMENT, problem + ".", R_PICK)
    ground = {c: list(items) for c, items in state.ground.items()}
    for item, circle in action.take:
        if circle != token.circle and not grid.adjacent(token.circle, circle):
            return reject(
                RejectionCode.OUT_OF_RANGE,
                f"{circle} is neither your circle nor adjacent to it.",
                R_PICK,
            )
        if item not in ground.get(circle, []):
            return reject(
                RejectionCode.BAD_ARGUMENT, f"There is no {_item(state, item)} on {circle}.", R_PICK
            )
        ground[circle].remove(item)
        carried.append(item)
    if len(carried) > _slots(state, token):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{token.key} would carry {len(carried)} tokens but has {_slots(state, token)} "
            "equipment slots; drop something in the same action.",
            R_PICK,
        )
    if action.drop:
        ground.setdefault(token.circle, []).extend(action.drop)
    if not action.take and not action.drop:
        return reject(RejectionCode.BAD_ARGUMENT, "Say what to pick up or drop.", R_PICK)
    changed = {token.circle, *(c for _i, c in action.take)}
    parts = []
    if action.take:
        parts.append("picks up " + ", ".join(_item(state, i) for i, _c in action.take))
    if action.drop:
        parts.append("drops " + ", ".join(_item(state, i) for i in action.drop))
    return ev.InventoryChanged(
        what="pick_up",
        summary=f"{pretty(token.key)} {' and '.join(parts)}",
        inventories={token.key: tuple(carried)},
        ground={c: tuple(ground.get(c, [])) for c in changed},
    )


def pass_items(flow: Flow, token: Token, action: act.PassItems) -> Rejection | None:
    return _carry_out(flow, plan_pass(flow.state, token, action))


def plan_pass(
    state: TannhauserState, token: Token, action: act.PassItems
) -> Rejection | ev.InventoryChanged:
    friend = state.tokens.get(action.to)
    if friend is None or friend.dead or friend.seat != token.seat or friend.key == token.key:
        return reject(RejectionCode.BAD_ARGUMENT, "Pass equipment to a friendly character.", R_PASS)
    assert token.circle is not None
    if friend.circle is None or not board(state).adjacent(token.circle, friend.circle):
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{pretty(friend.key)} must stand on an adjacent circle.",
            R_PASS,
        )
    if not action.give:
        return reject(
            RejectionCode.BAD_ARGUMENT, "Pass at least one equipment token to the friend.", R_PASS
        )
    problem = _not_disposable(state, (*action.give, *action.take, *action.drop))
    if problem:
        return reject(RejectionCode.BAD_ARGUMENT, problem + ".", R_DISPOSABLE)
    if (action.take or action.drop) and len(friend.equipment) + len(action.give) <= _slots(
        state, friend
    ):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{pretty(friend.key)} has room for what is passed; only a receiver short of "
            "equipment slots gives tokens back or drops them.",
            R_PASS,
        )
    mine, theirs = list(token.equipment), list(friend.equipment)
    problem = (
        _remove(state, mine, action.give, pretty(token.key))
        or _remove(state, theirs, action.take, pretty(friend.key))
        or None
    )
    if problem:
        return reject(RejectionCode.BAD_ARGUMENT, problem + ".", R_PASS)
    mine.extend(action.take)
    theirs.extend(action.give)
    problem = _remove(state, theirs, action.drop, pretty(friend.key))
    if problem:
        return reject(RejectionCode.BAD_ARGUMENT, problem + ".", R_PASS)
    for who, items in ((token, mine), (friend, theirs)):
        if len(items) > _slots(state, who):
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{pretty(who.key)} would carry {len(items)} tokens but has "
                f"{_slots(state, who)} slots; take something back or have them drop some.",
                R_PASS,
            )
    ground = {}
    if action.drop:
        ground[friend.circle] = (*state.ground.get(friend.circle, ()), *action.drop)
    summary = f"{pretty(token.key)} passes {', '.join(_item(state, i) for i in action.give)} to "
    summary += pretty(friend.key)
    if action.take:
        summary += f" and takes {', '.join(_item(state, i) for i in action.take)}"
    return ev.InventoryChanged(
        what="pass",
        summary=summary,
        inventories={token.key: tuple(mine), friend.key: tuple(theirs)},
        ground=ground,
    )


def use_problem(state: TannhauserState, token: Token, action: act.UseItem) -> Rejection | None:
    if action.item not in token.equipment:
        return reject(
            RejectionCode.BAD_ARGUMENT, f"{pretty(token.key)} has no {action.item}.", R_USE
        )
    item = state.gear[action.item]
    uses = [e for e in item.effects if e.trigger == "use"]
    if not uses:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{item.name} has no effect that is used with an action.",
            R_USE,
        )
    unskilled = skill_problem(state, token, item)
    if unskilled:
        return reject(RejectionCode.BAD_ARGUMENT, unskilled + ".", R_USE)
    for effect in uses:
        if effect.kind == "heal":
            target = heal_target(state, token, action.target, effect.reach)
            if isinstance(target, str):
                return reject(RejectionCode.BAD_ARGUMENT, target, R_USE)
    return None


def heal_target(
    state: TannhauserState, token: Token, wanted: str | None, reach: str
) -> Token | str:
    key = wanted or token.key
    target = state.tokens.get(key)
    if target is None or target.dead or target.seat != token.seat or target.circle is None:
        return "Heal a friendly character on the board."
    if target.key == token.key:
        return token if reach in ("self", "self_or_adjacent") else "This item heals others only."
    assert token.circle is not None
    if reach == "self":
        return "This item heals its carrier only."
    if not board(state).adjacent(token.circle, target.circle):
        return f"{pretty(target.key)} must stand on an adjacent circle."
    return target


def use(flow: Flow, token: Token, action: act.UseItem) -> None:
    state = flow.state
    item = state.gear[action.item]
    flow.emit(ev.EquipmentUsed(key=token.key, item=action.item, target=action.target))
    for effect in item.effects:
        if effect.trigger != "use":
            continue
        if effect.kind == "gain_cp":
            flow.emit(
                ev.CommandPointsGained(seat=token.seat, amount=effect.amount, source=item.name)
            )
        elif effect.kind == "heal":
            target = heal_target(flow.state, token, action.target, effect.reach)
            assert not isinstance(target, str)
            after = max(0, target.row - effect.amount)
            flow.emit(ev.Healed(key=target.key, row_before=target.row, row_after=after))
        elif effect.kind == "stat_bonus":
            flow.emit(
                ev.Boosted(
                    key=token.key, stat=effect.stat.value, amount=effect.amount, source=item.name
                )
            )
    if item.single_use:
        remaining = list(flow.state.tokens[token.key].equipment)
        remaining.remove(action.item)
        flow.emit(
            ev.InventoryChanged(
                what="used",
                summary=f"{item.name} is spent",
                inventories={token.key: tuple(remaining)},
            )
        )


def adjacent_feature(state: TannhauserState, token: Token, feature: str) -> bool:
    grid = board(state)
    return token.circle in grid.feature_neighbours.get(feature, frozenset())


def search_problem(state: TannhauserState, token: Token, feature: str) -> Rejection | None:
    if feature not in state.crates:
        return reject(RejectionCode.BAD_ARGUMENT, f"There is no crate on {feature}.", R_CRATE)
    if not adjacent_feature(state, token, feature):
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{pretty(token.key)} must stand next to {feature} to search its crate.",
            R_CRATE,
        )
    return None


def crate_text(state: TannhauserState, feature: str) -> str:
    crate = state.crate_defs[state.crates[feature]]
    if crate.command_points is not None:
        return plural(crate.command_points, "Command Point")
    assert crate.equipment is not None
    return state.gear[crate.equipment].name


def search(flow: Flow, token: Token, feature: str) -> None:
    state = flow.state
    crate = state.crates[feature]
    flow.emit(
        ev.CrateSearched(key=token.key, feature=feature),
        ev.CrateSeen(
            seat=token.seat,
            feature=feature,
            crate=crate,
            contents=crate_text(state, feature),
            visibility=only(token.seat),
        ),
        FrameOpened(frame=CrateWindow(seat=token.seat, searcher=token.key, feature=feature)),
    )


def crate_choice(flow: Flow, window: CrateWindow, action: act.CrateChoice) -> Rejection | None:
    state = flow.state
    token = state.tokens[window.searcher]
    crate = state.crate_defs[state.crates[window.feature]]
    if action.choice == "return":
        flow.emit(
            FrameClosed(answer="return"),
            ev.CrateReturned(key=token.key, feature=window.feature),
        )
        return None
    if action.choice == "points":
        if crate.command_points is None:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                "This crate holds equipment, not Command Points.",
                R_CRATE,
            )
        flow.emit(
            FrameClosed(answer="points"),
            ev.CrateTaken(
                key=token.key,
                feature=window.feature,
                contents=plural(crate.command_points, "Command Point"),
            ),
            ev.CommandPointsGained(seat=token.seat, amount=crate.command_points, source="a crate"),
        )
        return None
    if crate.equipment is None:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "This crate holds Command Points; take them with `crate points`.",
            R_CRATE,
        )
    carried = list(token.equipment)
    ground: dict[str, tuple[str, ...]] = {}
    if action.drop is not None:
        problem = _not_disposable(state, (action.drop,)) or _remove(
            state, carried, (action.drop,), pretty(token.key)
        )
        if problem:
            return reject(RejectionCode.BAD_ARGUMENT, problem + ".", R_CRATE)
        assert token.circle is not None
        ground[token.circle] = (*state.ground.get(token.circle, ()), action.drop)
    carried.append(crate.equipment)
    if len(carried) > _slots(state, token):
        droppable = [i for i in token.equipment if state.gear[i].disposable]
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{pretty(token.key)} has no free equipment slot; drop a disposable item to make room.",
            R_CRATE,
            [f"crate take drop {i}" for i in droppable],
        )
    name = state.gear[crate.equipment].name
    flow.emit(
        FrameClosed(answer="take"),
        ev.CrateTaken(key=token.key, feature=window.feature, contents=name),
        ev.InventoryChanged(
            what="crate",
            summary=f"{pretty(token.key)} takes {name} from the crate",
            inventories={token.key: tuple(carried)},
            ground=ground,
        ),
    )
    return None


def operate_problem(state: TannhauserState, token: Token, feature: str) -> Rejection | None:
    assert state.map is not None
    if not any(f.id == feature and f.kind == "action" for f in state.map.features):
        return reject(
            RejectionCode.BAD_ARGUMENT, f"{feature} is not an Action circle.", R_ACTION_CIRCLE
        )
    if not adjacent_feature(state, token, feature):
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{pretty(token.key)} must stand next to {feature}.",
            R_ACTION_CIRCLE,
        )
    return None
