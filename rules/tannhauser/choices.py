"""Everything a seat may do right now, as choices for autocomplete, prompts and buttons.

Only legal choices are listed: characters that can be activated, circles that can be
reached (with their cost), targets in sight with the weapons that reach them, circles in
grenade range, and the answers to an open window.
"""

from __future__ import annotations

from rules.core.choices import ActionChoice
from rules.core.names import pretty
from rules.core.wording import plural
from rules.tannhauser import actions as act
from rules.tannhauser.combat import free_melee_weapons
from rules.tannhauser.command import boost_problem, reinforcement_choices
from rules.tannhauser.content.catalog import Catalog
from rules.tannhauser.content.characters import PACK_KINDS
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.grenades import targets as grenade_targets
from rules.tannhauser.items import adjacent_feature, use_problem
from rules.tannhauser.movement import (
    buy_problem,
    destinations,
    friend_circles,
    in_rushed_circle,
    rush_problem,
)
from rules.tannhauser.play import action_problem
from rules.tannhauser.setup_phase import (
    MAX_BONUS,
    TEAM_SHAPE,
    bonus_options,
    default_replacement,
    eligible,
    entry_chooser,
    free_entries,
)
from rules.tannhauser.sight import attack_options, board
from rules.tannhauser.state import (
    CounterWindow,
    CrateWindow,
    FreeMeleeWindow,
    OverwatchWindow,
    RerollWindow,
    ShakeOffWindow,
    TannhauserState,
    Token,
)
from rules.tannhauser.turns import can_set_overwatch, waiting_to_act
from rules.tannhauser.values import skill_problem


def _choice(
    notation: str, label: str, description: str = "", private: bool = False
) -> ActionChoice:
    return ActionChoice(
        notation=notation[:100], label=label[:100], description=description[:100], private=private
    )


def _weapon(state: TannhauserState, weapon: str | None) -> str:
    return state.gear[weapon].name if weapon else "bare hands"


def _with_weapon(weapon: str | None) -> str:
    return f" with {weapon}" if weapon else " with hands"


def legal(state: TannhauserState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    if state.finished or seat not in state.seats_in_play():
        return []
    window = state.windows[-1] if state.windows else None
    if window is not None:
        if getattr(window, "seat", None) != seat:
            return _boosts(state, seat)
        return _window_choices(state, window) + _boosts(state, seat)
    phase = state.phase
    if phase == "factions":
        return _factions(state, catalog, seat)
    if phase == "teams":
        return _teams(state, catalog, seat)
    if phase == "mercenaries":
        return _replacements(state, catalog, seat)
    if phase == "packs":
        return _packs(state, seat)
    if phase == "bonus":
        return _bonus(state, catalog, seat)
    if phase == "entry":
        if entry_chooser(state) != seat:
            return []
        return [
            _choice(f"entry {c}", f"Enter through {_circle_name(state, c)}")
            for c in free_entries(state)
        ]
    if phase == "overwatch":
        if state.overwatch_next != seat:
            return []
        return [_choice("decline", "Set nobody (else) on overwatch")] + [
            _choice(f"overwatch {t.key}", f"Set {_name(state, t)} on overwatch", "1 Command Point")
            for t in can_set_overwatch(state, seat)
        ]
    if phase == "activations":
        if state.activation is None:
            if state.next_seat != seat:
                return []
            found = [
                _choice(f"activate {t.key}", f"Activate {_name(state, t)}", _status(state, t))
                for t in waiting_to_act(state, seat)
            ]
            if state.command_points.get(seat, 0) >= 3:
                for character in reinforcement_choices(state, seat):
                    for pack in PACK_KINDS:
                        found.append(
                            _choice(
                                f"reinforce {character} {pack}",
                                f"Reinforce {pretty(character)} ({pack} pack)",
                                "3 Command Points",
                            )
                        )
            return found
        if state.activation.seat != seat:
            return _boosts(state, seat)
        return _activation(state, seat) + _boosts(state, seat)
    return []


def _name(state: TannhauserState, token: Token) -> str:
    return state.sheets[token.character].name + (
        "" if token.key == token.character else f" ({token.key})"
    )


def _status(state: TannhauserState, token: Token) -> str:
    rows = len(state.sheets[token.character].rows)
    where = token.circle or "off the board"
    return f"row {token.row + 1}/{rows}, {where}"


def _circle_name(state: TannhauserState, circle: str) -> str:
    assert state.map is not None
    found = state.map.circle(circle)
    name = found.entry or found.label
    return f"{circle} ({name})" if name else circle


def _factions(state: TannhauserState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    if seat in state.factions:
        return []
    if state.factions:
        taken = set(state.factions.values())
        options = [f for f in catalog.factions.values() if f.id not in taken]
        return [_choice(f"faction {f.id}", f.name) for f in options]
    if seat in state.faction_picks:
        return []
    return [
        _choice(f"faction {f.id}", f.name, f.description, private=True)
        for f in catalog.factions.values()
    ]


def _teams(state: TannhauserState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    team = state.team_picks.get(seat, ())
    if len(team) >= sum(TEAM_SHAPE.values()):
        return []
    counts = {
        kind: sum(1 for c in team if catalog.characters[c].kind == kind) for kind in TEAM_SHAPE
    }
    found = []
    for sheet in eligible(state, catalog, seat):
        if sheet.id in team or counts[sheet.kind] >= TEAM_SHAPE[sheet.kind]:
            continue
        tag = "mercenary " if sheet.mercenary else ""
        found.append(
            _choice(
                f"recruit {sheet.id}",
                f"{sheet.name} ({tag}{sheet.kind})",
                _row_text(sheet.rows[0]),
                private=True,
            )
        )
    if team:
        found.append(_choice("dismiss all", "Start the team over", private=True))
    return found


def _row_text(row: object) -> str:
    values = [getattr(row, s.value) for s in Stat]
    return "CC/ST/ME/MV " + "/".join("-" if v is None else str(v) for v in values)


def _replacements(state: TannhauserState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    lost = state.mercenary_loser.get(seat, ())
    kinds = {catalog.characters[c].kind for c in lost}
    taken = {c for team in state.teams.values() for c in team} | set(lost)
    return [
        _choice(f"replace {c.id}", f"Take {c.name} instead", c.kind)
        for c in eligible(state, catalog, seat)
        if c.id not in taken and c.kind in kinds
    ]


def _packs(state: TannhauserState, seat: str) -> list[ActionChoice]:
    chosen = state.pack_picks.get(seat, {})
    return [
        _choice(f"pack {character} {kind}", f"{pretty(character)}: {kind} pack", private=True)
        for character in state.teams.get(seat, ())
        if character not in chosen
        for kind in PACK_KINDS
    ]


def _token_word(catalog: Catalog, token: str) -> str:
    """A bonus token as typed after ``bonus``: its id without the ``bonus-`` its ids start
    with (``bonus holed-coin``, not ``bonus bonus-holed-coin``), unless that would also
    name another token."""
    short = token.removeprefix("bonus-")
    others = [t for t in catalog.bonus_tokens if t != token]
    if short == token or any(t.removeprefix("bonus-").startswith(short) for t in others):
        return token
    return short


def _bonus(state: TannhauserState, catalog: Catalog, seat: str) -> list[ActionChoice]:
    if seat in state.bonus_ready:
        return []
    picks = state.bonus_picks.get(seat, ())
    found = [_choice("bonus done", "Done with bonus tokens", f"{len(picks)} chosen")]
    if len(picks) < MAX_BONUS:
        used_tokens = {p.token for p in picks}
        used_characters = {p.character for p in picks}
        for token, character in bonus_options(state, catalog, seat):
            if token in used_tokens or character in used_characters:
                continue
            replacing = default_replacement(state, character)
            if replacing is None:
                continue
            name = catalog.equipment[catalog.bonus_tokens[token].equipment].name
            found.append(
                _choice(
                    f"bonus {_token_word(catalog, token)} {character}",
                    f"{name} → {pretty(character)}",
                    f"replaces {pretty(replacing)}",
                    private=True,
                )
            )
    for pick in picks:
        found.append(
            _choice(
                f"bonus drop {_token_word(catalog, pick.token)}",
                f"Drop {catalog.equipment[catalog.bonus_tokens[pick.token].equipment].name}",
                private=True,
            )
        )
    return found


def _window_choices(state: TannhauserState, window: object) -> list[ActionChoice]:
    if isinstance(window, RerollWindow):
        return [
            _choice("reroll", "Re-roll (1 Command Point)", "the new result stands"),
            _choice("keep", "Keep the result"),
        ]
    if isinstance(window, OverwatchWindow):
        target = state.tokens[window.target]
        found = [_choice("decline", "Let them pass")]
        for key in window.shooters:
            shooter = state.tokens[key]
            for weapon in attack_options(state, shooter, target, "overwatch"):
                found.append(
                    _choice(
                        f"fire {key}{_with_weapon(weapon)}",
                        f"{_name(state, shooter)} fires at {_name(state, target)}",
                        f"with {_weapon(state, weapon)}",
                    )
                )
        return found
    if isinstance(window, ShakeOffWindow):
        return [
            _choice(
                "shake",
                f"Shake off a wound ({window.wounds} → {window.wounds - 1})",
                "1 Command Point",
            ),
            _choice("decline", f"Take {plural(window.wounds, 'wound')}"),
        ]
    if isinstance(window, CounterWindow):
        striker, target = state.tokens[window.counter], state.tokens[window.target]
        found = [_choice("decline", "No counterattack")]
        for weapon in attack_options(state, striker, target, "counter"):
            found.append(
                _choice(
                    f"counter{_with_weapon(weapon)}",
                    f"{_name(state, striker)} counterattacks",
                    f"with {_weapon(state, weapon)}, worst Combat, 1 CP",
                )
            )
        return found
    if isinstance(window, FreeMeleeWindow):
        striker, target = state.tokens[window.striker], state.tokens[window.target]
        flow_state_weapons = free_melee_weapons(state, striker, target)
        return [_choice("decline", "No free attack")] + [
            _choice(
                f"strike{_with_weapon(w)}",
                f"{_name(state, striker)} strikes for free",
                f"with {_weapon(state, w)}",
            )
            for w in flow_state_weapons
        ]
    if isinstance(window, CrateWindow):
        crate = state.crate_defs[state.crates[window.feature]]
        found = [_choice("crate return", "Put the crate back face down", private=True)]
        if crate.command_points is not None:
            found.append(
                _choice(
                    "crate points",
                    f"Take {plural(crate.command_points, 'Command Point')}",
                    private=True,
                )
            )
        elif crate.equipment is not None:
            token = state.tokens[window.searcher]
            if len(token.equipment) < state.sheets[token.character].slots:
                found.append(
                    _choice("crate take", f"Take {state.gear[crate.equipment].name}", private=True)
                )
            else:
                for item in token.equipment:
                    if state.gear[item].disposable:
                        found.append(
                            _choice(
                                f"crate take drop {item}",
                                f"Take {state.gear[crate.equipment].name}, "
                                f"drop {state.gear[item].name}",
                                private=True,
                            )
                        )
        return found
    return []


def _activation(state: TannhauserState, seat: str) -> list[ActionChoice]:
    activation = state.activation
    assert activation is not None
    token = state.tokens[activation.key]
    found: list[ActionChoice] = []
    for circle, (left, route) in sorted(
        destinations(state).items(), key=lambda kv: (-kv[1][0], kv[0])
    ):
        cost = activation.points - left
        found.append(
            _choice(
                f"move {circle}",
                f"Move to {_circle_name(state, circle)}",
                f"costs {cost}, {left} left; via {' > '.join(route)}",
            )
        )
    if token.circle is not None:
        grid = board(state)
        for enemy in state.on_board():
            if enemy.seat == seat or enemy.circle is None:
                continue
            if grid.adjacent(token.circle, enemy.circle) and not activation.bull_rushed:
                for beyond in sorted(grid.neighbours[enemy.circle]):
                    if beyond == token.circle or state.occupant(beyond):
                        continue
                    if rush_problem(state, enemy.circle, beyond) is None:
                        found.append(
                            _choice(
                                f"rush {enemy.circle} {beyond}",
                                f"Bull rush {_name(state, enemy)} into {beyond}",
                                "Stamina duel",
                            )
                        )
        if (
            not activation.acted
            and token.circle not in friend_circles(state, seat, token.key)
            and not in_rushed_circle(state, token)
        ):
            found.extend(_actions(state, token))
    if buy_problem(state, seat) is None:
        found.append(_choice("buy move", "Buy a movement point", "1 Command Point"))
    if _may_end(state, token):
        found.append(_choice("end", f"End {_name(state, token)}'s activation"))
    return found


def _may_end(state: TannhauserState, token: Token) -> bool:
    if token.circle is None:
        return not destinations(state)
    return token.circle not in friend_circles(
        state, token.seat, token.key
    ) and not in_rushed_circle(state, token)


def _actions(state: TannhauserState, token: Token) -> list[ActionChoice]:
    found: list[ActionChoice] = []
    for enemy in state.on_board():
        if enemy.seat == token.seat:
            continue
        for weapon in attack_options(state, token, enemy, "normal"):
            found.append(
                _choice(
                    f"attack {enemy.key}{_with_weapon(weapon)}",
                    f"Attack {_name(state, enemy)}",
                    f"with {_weapon(state, weapon)}",
                )
            )
    for item in dict.fromkeys(token.equipment):
        gear = state.gear[item]
        if gear.is_grenade and skill_problem(state, token, gear) is None:
            for circle, distance in sorted(
                grenade_targets(state, token.key, item).items(), key=lambda kv: (kv[1], kv[0])
            ):
                found.append(
                    _choice(
                        f"throw {item} at {circle}",
                        f"Throw {gear.name} at {circle}",
                        f"range {distance}",
                    )
                )
        usable = any(e.trigger == "use" for e in gear.effects)
        if usable and use_problem(state, token, act.UseItem(item=item)) is None:
            found.append(_choice(f"use {item}", f"Use {gear.name}", gear.text))
    assert state.map is not None
    for feature in state.map.features:
        if feature.id in state.crates and adjacent_feature(state, token, feature.id):
            found.append(
                _choice(
                    f"search {feature.id}", f"Search the crate on {feature.label or feature.id}"
                )
            )
        if feature.kind == "action" and adjacent_feature(state, token, feature.id):
            found.append(
                _choice(f"operate {feature.id}", f"Activate {feature.label or feature.id}")
            )
    grid = board(state)
    assert token.circle is not None
    for circle in sorted({token.circle, *grid.neighbours[token.circle]}):
        for item in dict.fromkeys(state.ground.get(circle, ())):
            candidate = act.PickUp(take=((item, circle),))
            if action_problem(state, token, candidate) is None:
                found.append(
                    _choice(
                        f"pickup {item} from {circle}",
                        f"Pick up {state.gear[item].name} from {circle}",
                    )
                )
    return found


def _boosts(state: TannhauserState, seat: str) -> list[ActionChoice]:
    if state.activation is None or state.command_points.get(seat, 0) < 1:
        return []
    found = []
    for token in state.on_board(seat):
        for stat in (Stat.COMBAT, Stat.STAMINA, Stat.MENTAL):
            if boost_problem(state, seat, act.Boost(key=token.key, stat=stat)) is None:
                found.append(
                    _choice(
                        f"boost {token.key} {stat.value}",
                        f"+1 {stat.value.title()} for {_name(state, token)}",
                        "1 Command Point, this activation",
                    )
                )
    return found
