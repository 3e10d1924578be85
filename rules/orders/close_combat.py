"""Close combat ([08], [08.1]-[08.5]) between the activated character and one adjacent
enemy, or against an adjacent door, wall section or floor element ([05.3], [07.2]).

The attacker spends 1 or more CP on one Close Combat section. Each miniature finds the
other on its own base: the front quarter is its strongest arc (the source's dark blue),
the left and right quarters its flank (light blue), the rear quarter its weak spot
(grey), as ``rules.grid.arcs`` cuts them. Both roll the red dice of that arc and add its
automatic hits; each CP beyond the first adds one die to the attacker's roll (striking
hard, on a section printed with room for it). Critical hits come first, one wound each
way; a character they flip to its Wounded side defends with the Wounded side's armor.
Then the defender's defensive value (its normal hits, automatic hits and armor) stands
against the attacker's normal and automatic hits, and the excess is wounds.

Readings:
- A large character ([16]) is in reach when any of its squares is adjacent. Arcs are
  measured between the nearest squares: the side fought toward is the other's square
  nearest it (adjacent ones first), and the arc is read from the fighter's own square
  nearest that one, with the block's facing.
- A carried close-combat weapon adds its dice and automatic hits in every arc; a
  character carrying several uses the best one (most dice and hits together). The
  defender's weapon counts for it too.
- Both sides roll at once: an attacker killed by the defender's critical hits still
  deals its normal hits.
- Combined close combat ([18.3]): other characters of the active player adjacent to the
  same defender join with 1 CP each on an empty gold Close Combat section; each adds the
  dice and automatic hits of the arc the defender stands in on its own base to the
  attacker's roll. The defender rolls against the attacker alone, and its critical hits
  wound the attacker only. Joining takes no striking hard.
- Against a door, wall or floor element the attacker rolls the dice of the arc the
  target's square (beyond a door or wall, or the element's nearest square) lies in; a
  large attacker reaches it from any of its squares (``barriers``) and reads the arc
  from its square nearest the target.
- Through stairs ([19]): characters on corresponding stair tiles are in reach of each
  other. There is no facing between them, so each fights with the arc of its choice;
  the engine takes for it the arc with the most dice and automatic hits, as any player
  would. When one attacker of a combined close combat fights through stairs, every
  character in it, the defender included, does the same.
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.adjacency import adjacent
from rules.grid.arcs import Arc, arc_of
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.barriers import damage_barrier, defence_of, near_square
from rules.orders.content.characters import CombatDice
from rules.orders.content.terms import CombatArc
from rules.orders.flow import Flow
from rules.orders.sections import gold_sections, place
from rules.orders.stairs import across_stairs, separation
from rules.orders.state import Fighter, OrdersState
from rules.orders.wounds import armour_after, take_hits, would_kill

ARC_OF: dict[Arc, CombatArc] = {
    Arc.FRONT: "front",
    Arc.LEFT: "flank",
    Arc.RIGHT: "flank",
    Arc.REAR: "rear",
}


def best_weapon(state: OrdersState, fighter: Fighter) -> CombatDice | None:
    """The carried close-combat weapon that adds the most (dice and hits together)."""
    found = [
        state.equipment[item].close_combat
        for item in fighter.equipment
        if item in state.equipment and state.equipment[item].close_combat is not None
    ]
    weapons = [w for w in found if w is not None]
    if not weapons:
        return None
    return max(weapons, key=lambda w: (w.dice + w.auto_hits, w.auto_hits))


def strength(
    state: OrdersState, fighter: Fighter, toward: Square, free: bool = False
) -> tuple[CombatArc, int, int]:
    """The arc ``toward`` lies in on ``fighter``'s base, and the dice and automatic hits
    it fights with there (its side's chart and its best weapon); its strongest arc when
    it fights ``free`` of facing or ``toward`` lies across stairs ([19])."""
    assert fighter.square is not None and state.ground is not None
    ground = state.ground
    own = state.squares_of(fighter)
    combat = state.side_of(fighter).combat
    charts: dict[CombatArc, CombatDice] = {
        "front": combat.front,
        "flank": combat.flank,
        "rear": combat.rear,
    }
    weapon = best_weapon(state, fighter) or CombatDice()
    if free or all(s.level != toward.level for s in own):
        arc: CombatArc = max(
            charts, key=lambda a: (charts[a].dice + charts[a].auto_hits, charts[a].auto_hits)
        )
    else:
        origin = min(
            (s for s in own if s.level == toward.level),
            key=lambda s: (separation(ground, s, toward), s.order),
        )
        arc = ARC_OF[arc_of(origin, fighter.facing, toward)]
    chart = charts[arc]
    return arc, chart.dice + weapon.dice, chart.auto_hits + weapon.auto_hits


def in_reach(state: OrdersState, fighter: Fighter, other: Fighter) -> bool:
    """Orthogonally adjacent, on one level, no wall or closed door between ([08.2]), or
    on corresponding stair tiles ([19])."""
    assert state.ground is not None
    if fighter.square is None or other.square is None or not other.standing:
        return False
    ground = state.ground
    return any(
        adjacent(ground.board, a, b) or across_stairs(ground, a, b)
        for a in state.squares_of(fighter)
        for b in state.squares_of(other)
    )


def through_stairs(state: OrdersState, fighter: Fighter, other: Fighter) -> bool:
    """Whether ``fighter`` reaches ``other`` only through stairs ([19]): no facing."""
    assert state.ground is not None
    ground = state.ground
    own = state.squares_of(fighter)
    theirs = state.squares_of(other)
    if any(adjacent(ground.board, a, b) for a in own for b in theirs):
        return False
    return any(across_stairs(ground, a, b) for a in own for b in theirs)


def nearest_square(state: OrdersState, fighter: Fighter, other: Fighter) -> Square:
    """The square of ``other`` nearest ``fighter`` (a large character fills four, [16]):
    the one ``fighter`` fights toward, adjacent ones first."""
    assert state.ground is not None and other.square is not None
    ground = state.ground
    own = state.squares_of(fighter)
    return min(
        state.squares_of(other),
        key=lambda b: (
            not any(adjacent(ground.board, a, b) or across_stairs(ground, a, b) for a in own),
            min(separation(ground, a, b) for a in own),
            b.order,
        ),
    )


def enemies_in_reach(state: OrdersState, fighter: Fighter) -> list[Fighter]:
    return [f for f in state.standing() if f.seat != fighter.seat and in_reach(state, fighter, f)]


def target_problem(state: OrdersState, attacker: Fighter, enemy: Fighter) -> Rejection | None:
    """Why ``attacker`` cannot fight ``enemy`` now, if it cannot."""
    if enemy.seat == attacker.seat:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{enemy.id} {enemy.name} is on your own side; close combat is against an enemy.",
            rule.CLOSE_COMBAT,
        )
    if not enemy.standing:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{enemy.id} {enemy.name} is {enemy.condition}: there is no miniature to fight.",
            rule.CLOSE_COMBAT,
        )
    if not in_reach(state, attacker, enemy):
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{enemy.id} on {enemy.square} is not adjacent to {attacker.id} on"
            f" {attacker.square}: close combat needs orthogonally touching squares with no"
            " wall or closed door between, or corresponding stair tiles.",
            rule.CLOSE_COMBAT_LIMITS,
        )
    return None


def roll_side(
    flow: Flow, fighter: Fighter, toward: Square, extra: int, purpose: str, free: bool = False
) -> ev.CombatSide:
    arc, dice, auto = strength(flow.state, fighter, toward, free)
    faces = flow.faces("red", dice + extra, purpose)
    return ev.CombatSide(fighter=fighter.id, arc=arc, faces=faces, auto_hits=auto, extra_dice=extra)


def gold_section(state: OrdersState, helper: Fighter) -> ev.Placed | None:
    """Where 1 CP of ``helper`` joining a combined close combat goes: an empty gold Close
    Combat section of its tiles."""
    found = gold_sections(state, helper, "close_combat")
    return ev.Placed(tile=found[0][0], section=found[0][1], cp=1) if found else None


def helper_problem(
    state: OrdersState, attacker: Fighter, enemy: Fighter, helper: Fighter
) -> Rejection | None:
    """Why ``helper`` cannot join ``attacker``'s close combat against ``enemy`` ([18.3])."""
    if helper.seat != attacker.seat or helper.id == attacker.id or not helper.standing:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{helper.id} {helper.name} is not another of your standing characters.",
            rule.COMBINED_CLOSE_COMBAT,
        )
    if not in_reach(state, helper, enemy):
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{helper.id} on {helper.square} is not adjacent to {enemy.id} on {enemy.square}:"
            " every character in a combined close combat must be placed to fight it.",
            rule.COMBINED_CLOSE_COMBAT,
        )
    if gold_section(state, helper) is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{helper.id} has no empty gold Close Combat section to join with.",
            rule.COMBINED_CLOSE_COMBAT,
        )
    if state.side_of(helper).max_cp - helper.spent < 1:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{helper.id} has spent its Maximum CP per turn ({state.side_of(helper).max_cp}).",
            rule.LIMITS,
        )
    return None


def fight(
    flow: Flow,
    attacker_id: str,
    enemy_id: str,
    cp: int,
    helpers: tuple[str, ...] = (),
    interrupting: bool = False,
) -> Rejection | None:
    """A close combat order of ``cp`` CP against ``enemy_id``, joined by ``helpers`` (1 CP
    each on a gold section, [18.3]); an ``interrupting`` character uses red and gold
    sections only and fights alone."""
    state = flow.state
    if interrupting and helpers:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "An interrupting character fights alone: combined orders are the active player's.",
            rule.COMBINED_CLOSE_COMBAT,
        )
    attacker = state.fighter(attacker_id)
    enemy = state.fighter(enemy_id)
    problem = target_problem(state, attacker, enemy)
    if problem is not None:
        return problem
    placed = place(state, attacker, "close_combat", cp, interrupting)
    if isinstance(placed, Rejection):
        return placed
    joining = [state.fighter(h) for h in dict.fromkeys(helpers)]
    for helper in joining:
        problem = helper_problem(state, attacker, enemy, helper)
        if problem is not None:
            return problem
    screen = state.player(attacker.seat).cp
    if cp + len(joining) > screen:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            f"You have {screen} CP behind your screen; the combined order needs"
            f" {cp + len(joining)}.",
            rule.LIMITS,
        )
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=attacker.id, order="close_combat", placed=placed))
    for helper in joining:
        section = gold_section(flow.state, helper)
        assert section is not None
        flow.emit(ev.OrderPaid(fighter=helper.id, order="close_combat", placed=(section,)))
    result = exchange(flow, attacker, enemy, cp - 1, helpers=tuple(joining))
    take_hits(flow, enemy.id, result.attacker.criticals, result.damage, "close combat")
    take_hits(flow, attacker.id, result.defender.criticals, 0, "close combat")
    return None


def exchange(
    flow: Flow,
    attacker: Fighter,
    enemy: Fighter,
    extra: int,
    capture: bool = False,
    helpers: tuple[Fighter, ...] = (),
) -> ev.CloseCombatFought:
    """Both sides roll and the outcome is recorded; the wounds (or the capture) are the
    caller's to apply. Helpers add the dice and hits of the arc the defender stands in
    on their own bases to the attacker's."""
    assert attacker.square is not None and enemy.square is not None
    free = any(through_stairs(flow.state, f, enemy) for f in (attacker, *helpers))
    toward = nearest_square(flow.state, attacker, enemy)
    mine = roll_side(flow, attacker, toward, extra, f"close combat: {attacker.id}", free)
    if helpers:
        mine = _joined(flow, mine, enemy, helpers, free)
    back = nearest_square(flow.state, enemy, attacker)
    theirs = roll_side(flow, enemy, back, 0, f"close combat: {enemy.id}", free)
    state = flow.state
    armor = armour_after(state, enemy, mine.criticals)
    defence = theirs.normal + armor
    damage = max(0, mine.normal - defence)
    captured = capture and would_kill(state, enemy, mine.criticals + damage)
    result = ev.CloseCombatFought(
        attacker=mine,
        defender=theirs,
        armor=armor,
        defence=defence,
        damage=damage,
        capture=capture,
        captured=captured,
    )
    flow.emit(result)
    return result


def _joined(
    flow: Flow, side: ev.CombatSide, enemy: Fighter, helpers: tuple[Fighter, ...], free: bool
) -> ev.CombatSide:
    faces = side.faces
    auto = side.auto_hits
    for helper in helpers:
        toward = nearest_square(flow.state, helper, enemy)
        _, dice, hits = strength(flow.state, helper, toward, free)
        faces = faces + flow.faces("red", dice, f"close combat: {helper.id} joins")
        auto += hits
    ids = tuple(h.id for h in helpers)
    return side.model_copy(update={"faces": faces, "auto_hits": auto, "helpers": ids})


def fight_barrier(
    flow: Flow,
    attacker_id: str,
    target: ev.BarrierTarget | Rejection,
    cp: int,
    interrupting: bool = False,
) -> Rejection | None:
    """A close combat order of ``cp`` CP against a door, a wall section or a floor element."""
    if isinstance(target, Rejection):
        return target
    state = flow.state
    attacker = state.fighter(attacker_id)
    assert attacker.square is not None
    if defence_of(state, flow.catalog, target) is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{target.describe()[:1].upper()}{target.describe()[1:]} has no defensive value:"
            " it cannot be destroyed.",
            rule.DEFENSIVE,
        )
    placed = place(state, attacker, "close_combat", cp, interrupting)
    if isinstance(placed, Rejection):
        return placed
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=attacker.id, order="close_combat", placed=placed))
    squares = near_square(state, state.squares_of(attacker), target)
    best = max(squares, key=lambda s: strength(state, attacker, s)[1:])
    _, dice, auto = strength(state, attacker, best)
    faces = flow.faces("red", dice + cp - 1, f"close combat: {attacker.id}")
    damage_barrier(flow, target, faces, auto, attacker.id, "close combat")
    return None
