"""Setup (source 000, "Setup" steps 1–8 and "Deathmatch Mode").

Factions, teams, packs and bonus tokens are chosen in secret and revealed together; clashes
are settled by roll-offs. Then entry points by roll-off (the winner also activates first on
turn 1), the mode's setup (Command Points and face-down crates), and the setup roll, which
stands as turn 1's initiative.
"""

from __future__ import annotations

from collections import Counter

from rules.core.names import pretty
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import REFEREE, only
from rules.tannhauser import actions as act
from rules.tannhauser import events as ev
from rules.tannhauser.content.catalog import Catalog
from rules.tannhauser.content.characters import PACK_KINDS, CharacterDef, Kind
from rules.tannhauser.content.equipment import BonusTokenDef
from rules.tannhauser.flow import Flow
from rules.tannhauser.rolls import roll_off, start_roll
from rules.tannhauser.state import BonusPick, TannhauserState, Token
from rules.tannhauser.turns import start_first_turn

R_FACTIONS = "000 Setup §2 Choose factions"
R_TEAMS = "000 Setup §4 Choose characters"
R_MERCS = "000 Setup §4 Mercenaries"
R_PACKS = "000 Setup §5 Choose packs"
R_BONUS = "000 Setup §6 Choose bonus tokens"
R_ENTRY = "000 Setup §7 Selecting entry points"
R_RUSH = "000 Rush-and-go variant"
TEAM_SHAPE: dict[Kind, int] = {"hero": 3, "trooper": 2}
TEAM_SIZE = sum(TEAM_SHAPE.values())  # characters in a whole team
PLURAL: dict[Kind, str] = {"hero": "heroes", "trooper": "troopers"}
MAX_BONUS = 3


# -- factions -----------------------------------------------------------------------------
def choose_faction(flow: Flow, seat: str, action: act.ChooseFaction) -> Rejection | None:
    catalog = flow.catalog
    state = flow.state
    if action.faction not in catalog.factions:
        known = ", ".join(catalog.factions)
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"Unknown faction '{action.faction}'. Known: {known}.",
            R_FACTIONS,
        )
    if seat in state.factions:
        return reject(RejectionCode.ALREADY_DONE, "Your faction is already settled.", R_FACTIONS)
    if state.factions:  # the other side won the roll-off; choose from what remains
        taken = next(iter(state.factions.values()))
        if action.faction == taken:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{catalog.factions[taken].name} went to the other side; both players may not "
                "choose the same faction.",
                R_FACTIONS,
            )
        flow.emit(ev.FactionSet(seat=seat, faction=action.faction))
        _after_factions(flow)
        return None
    if seat in state.faction_picks:
        return reject(RejectionCode.ALREADY_DONE, "You already chose a faction.", R_FACTIONS)
    flow.emit(
        ev.FactionLocked(seat=seat),
        ev.FactionPicked(seat=seat, faction=action.faction, visibility=only(seat)),
    )
    picks = flow.state.faction_picks
    if set(picks) != set(state.seats):
        return None
    flow.emit(ev.FactionsRevealed(picks=dict(picks)))
    wanted = set(picks.values())
    if len(wanted) == len(state.seats):
        for s in state.seats:
            flow.emit(ev.FactionSet(seat=s, faction=picks[s]))
        _after_factions(flow)
        return None
    winner = roll_off(flow, "faction")
    flow.emit(ev.FactionSet(seat=winner, faction=picks[winner]))
    remaining = [f for f in catalog.factions if f != picks[winner]]
    if len(remaining) == 1:
        flow.emit(ev.FactionSet(seat=state.opponent(winner), faction=remaining[0]))
        _after_factions(flow)
    return None


def _after_factions(flow: Flow) -> None:
    if set(flow.state.factions) == set(flow.state.seats):
        flow.emit(ev.PhaseBegan(phase="teams"))


# -- teams --------------------------------------------------------------------------------
def team_kinds(catalog: Catalog, team: tuple[str, ...]) -> dict[str, int]:
    """How many heroes and troopers ``team`` holds, every kind of :data:`TEAM_SHAPE` named."""
    counts = Counter(catalog.characters[c].kind for c in team if c in catalog.characters)
    return {kind: counts[kind] for kind in TEAM_SHAPE}


def team_so_far(kinds: dict[str, int]) -> str:
    """``2 of 3 heroes, 0 of 2 troopers``: a team against its true limits."""
    return ", ".join(
        f"{kinds.get(kind, 0)} of {limit} {PLURAL[kind]}" for kind, limit in TEAM_SHAPE.items()
    )


def eligible(state: TannhauserState, catalog: Catalog, seat: str) -> list[CharacterDef]:
    """Characters ``seat`` may pick: its faction plus mercenaries not loyal to the enemy."""
    faction = state.factions[seat]
    enemy = state.factions.get(state.opponent(seat))
    return catalog.roster(faction, enemy)


def _team_problem(
    state: TannhauserState, catalog: Catalog, seat: str, team: tuple[str, ...], new: list[str]
) -> Rejection | None:
    allowed = {c.id: c for c in eligible(state, catalog, seat)}
    for character in new:
        if character not in catalog.characters:
            return reject(RejectionCode.BAD_ARGUMENT, f"Unknown character '{character}'.", R_TEAMS)
        sheet = catalog.characters[character]
        if character not in allowed:
            enemy = state.factions.get(state.opponent(seat))
            if sheet.mercenary and sheet.loyal_to is not None and sheet.loyal_to == enemy:
                faction = catalog.factions[sheet.loyal_to].name
                return reject(
                    RejectionCode.BAD_ARGUMENT,
                    f"{sheet.name} is loyal to {faction} and will not fight against it.",
                    R_MERCS,
                )
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{sheet.name} is not in your faction and is not a mercenary.",
                R_TEAMS,
            )
    combined = [*team, *new]
    if len(set(combined)) != len(combined):
        return reject(
            RejectionCode.BAD_ARGUMENT, "Each character can be chosen only once.", R_TEAMS
        )
    counts = Counter(catalog.characters[c].kind for c in combined)
    for kind, limit in TEAM_SHAPE.items():
        if counts[kind] > limit:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"A team has {limit} {kind}es at most."
                if kind == "hero"
                else f"A team has {limit} troopers at most.",
                R_TEAMS,
            )
    return None


def recruit(flow: Flow, seat: str, action: act.Recruit) -> Rejection | None:
    catalog = flow.catalog
    state = flow.state
    if seat in state.teams or (
        seat in state.team_picks and len(state.team_picks[seat]) == sum(TEAM_SHAPE.values())
    ):
        return reject(RejectionCode.ALREADY_DONE, "Your team is already locked in.", R_TEAMS)
    team = state.team_picks.get(seat, ())
    problem = _team_problem(state, catalog, seat, team, list(action.characters))
    if problem:
        return problem
    team = (*team, *action.characters)
    flow.emit(
        ev.TeamPicked(
            seat=seat,
            characters=team,
            kinds=team_kinds(catalog, team),
            visibility=only(seat),
        )
    )
    if len(team) < sum(TEAM_SHAPE.values()):
        return None
    flow.emit(ev.TeamLocked(seat=seat))
    picks = flow.state.team_picks
    complete = [s for s in state.seats if len(picks.get(s, ())) == sum(TEAM_SHAPE.values())]
    if len(complete) < len(state.seats):
        return None
    flow.emit(ev.TeamsRevealed(teams={s: picks[s] for s in state.seats}))
    first, second = state.seats
    for character in [c for c in picks[first] if c in picks[second]]:
        winner = roll_off(flow, f"mercenary {pretty(character)}")
        flow.emit(ev.MercenaryLost(seat=state.opponent(winner), character=character))
    if flow.state.mercenary_loser:
        flow.emit(ev.PhaseBegan(phase="mercenaries"))
    else:
        flow.emit(ev.PhaseBegan(phase="packs"))
    return None


def dismiss(flow: Flow, seat: str, action: act.Dismiss) -> Rejection | None:
    state = flow.state
    team = state.team_picks.get(seat, ())
    if len(team) == sum(TEAM_SHAPE.values()) or seat in state.teams:
        return reject(RejectionCode.ALREADY_DONE, "Your team is already locked in.", R_TEAMS)
    if action.character is None:
        remaining: tuple[str, ...] = ()
    elif action.character in team:
        remaining = tuple(c for c in team if c != action.character)
    else:
        return reject(
            RejectionCode.BAD_ARGUMENT, f"{action.character} is not in your team.", R_TEAMS
        )
    flow.emit(
        ev.TeamPicked(
            seat=seat,
            characters=remaining,
            kinds=team_kinds(flow.catalog, remaining),
            visibility=only(seat),
        )
    )
    return None


def replace_mercenary(flow: Flow, seat: str, action: act.ReplaceMercenary) -> Rejection | None:
    catalog = flow.catalog
    state = flow.state
    lost = state.mercenary_loser.get(seat, ())
    if not lost:
        return reject(RejectionCode.NOT_YOUR_TURN, "You have no mercenary to replace.", R_MERCS)
    taken = {c for team in state.teams.values() for c in team}
    if action.character in taken or action.character in lost:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{pretty(action.character)} is already in a team; choose another character.",
            R_MERCS,
        )
    problem = _team_problem(state, catalog, seat, state.teams[seat], [action.character])
    if problem:
        return problem
    kind = catalog.characters[action.character].kind
    old = next((c for c in lost if catalog.characters[c].kind == kind), lost[0])
    flow.emit(ev.MercenaryReplaced(seat=seat, old=old, new=action.character))
    if not flow.state.mercenary_loser:
        flow.emit(ev.PhaseBegan(phase="packs"))
    return None


# -- packs --------------------------------------------------------------------------------
def choose_pack(flow: Flow, seat: str, action: act.ChoosePack) -> Rejection | None:
    catalog = flow.catalog
    state = flow.state
    if action.character not in state.teams.get(seat, ()):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{pretty(action.character)} is not in your team.",
            R_PACKS,
            [f"pack {c} {action.pack}" for c in state.teams.get(seat, ())],
        )
    if action.character in state.pack_picks.get(seat, {}):
        return reject(
            RejectionCode.ALREADY_DONE,
            f"You already chose a pack for {pretty(action.character)}.",
            R_PACKS,
        )
    flow.emit(
        ev.PackLocked(seat=seat, character=action.character),
        ev.PackPicked(
            seat=seat, character=action.character, pack=action.pack, visibility=only(seat)
        ),
    )
    picks = flow.state.pack_picks
    if any(len(picks.get(s, {})) < len(flow.state.teams[s]) for s in state.seats):
        return None
    tokens: dict[str, Token] = {}
    sheets: dict[str, CharacterDef] = {}
    gear = {}
    for s in state.seats:
        for character in flow.state.teams[s]:
            sheet = catalog.characters[character]
            items = sheet.pack(picks[s][character])
            tokens[character] = Token(key=character, seat=s, character=character, equipment=items)
            sheets[character] = sheet
            for item in items:
                gear[item] = catalog.equipment[item]
            if sheet.kind == "trooper":  # a reinforcement may take any of its packs
                for kind in PACK_KINDS:
                    for item in sheet.pack(kind):
                        gear[item] = catalog.equipment[item]
    flow.emit(
        ev.PacksRevealed(
            packs={s: dict(picks[s]) for s in state.seats}, tokens=tokens, sheets=sheets, gear=gear
        )
    )
    if any(bonus_options(flow.state, catalog, s) for s in state.seats):
        flow.emit(ev.PhaseBegan(phase="bonus"))
    else:
        begin_entry(flow)
    return None


# -- bonus tokens -------------------------------------------------------------------------
def bonus_allowed(
    state: TannhauserState, catalog: Catalog, seat: str, bonus: BonusTokenDef, character: str
) -> str | None:
    """Why ``bonus`` cannot go to ``character`` of ``seat``, or None if it can."""
    sheet = catalog.characters[character]
    rule = bonus.restriction
    if rule.kinds and sheet.kind not in rule.kinds:
        return f"only for {' or '.join(k + 'es' if k == 'hero' else k + 's' for k in rule.kinds)}"
    if rule.factions and state.factions.get(seat) not in rule.factions:
        names = ", ".join(catalog.factions[f].name for f in rule.factions if f in catalog.factions)
        return f"only for {names}"
    if rule.characters and character not in rule.characters:
        return f"only for {', '.join(pretty(c) for c in rule.characters)}"
    if rule.skills and not set(rule.skills) & set(sheet.skills):
        return f"only for characters with {' or '.join(s.value for s in rule.skills)}"
    return None


def bonus_options(state: TannhauserState, catalog: Catalog, seat: str) -> list[tuple[str, str]]:
    team = state.teams.get(seat, ())
    return [
        (bonus.id, character)
        for bonus in catalog.bonus_tokens.values()
        for character in team
        if bonus_allowed(state, catalog, seat, bonus, character) is None
    ]


def default_replacement(state: TannhauserState, character: str) -> str | None:
    token = state.tokens[character]
    special = state.sheets[character].special_object
    candidates = [item for item in token.equipment if item != special]
    return candidates[-1] if candidates else None


def choose_bonus(flow: Flow, seat: str, action: act.ChooseBonus) -> Rejection | None:
    catalog = flow.catalog
    state = flow.state
    if seat in state.bonus_ready:
        return reject(RejectionCode.ALREADY_DONE, "You already finished bonus tokens.", R_BONUS)
    bonus = catalog.bonus_tokens.get(action.token)
    if bonus is None:
        return reject(RejectionCode.BAD_ARGUMENT, f"Unknown bonus token '{action.token}'.", R_BONUS)
    if action.character not in state.teams.get(seat, ()):
        return reject(
            RejectionCode.BAD_ARGUMENT, f"{pretty(action.character)} is not in your team.", R_BONUS
        )
    why = bonus_allowed(state, catalog, seat, bonus, action.character)
    if why:
        return reject(RejectionCode.BAD_ARGUMENT, f"{pretty(bonus.id)} is {why}.", R_BONUS)
    picks = state.bonus_picks.get(seat, ())
    if any(p.token == bonus.id for p in picks):
        return reject(RejectionCode.ALREADY_DONE, f"You already chose {pretty(bonus.id)}.", R_BONUS)
    if any(p.character == action.character for p in picks):
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{pretty(action.character)} already has a bonus token; each character may "
            "receive only one.",
            R_BONUS,
        )
    if len(picks) >= MAX_BONUS:
        return reject(RejectionCode.BAD_ARGUMENT, "A side may use at most 3 bonus tokens.", R_BONUS)
    replacing = action.replacing or default_replacement(state, action.character)
    token = state.tokens[action.character]
    special = state.sheets[action.character].special_object
    if replacing is None or replacing not in token.equipment or replacing == special:
        options = [i for i in token.equipment if i != special]
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "A bonus token replaces one item of the character's pack (never the special "
            "object)." + (f" Choose one of: {', '.join(options)}." if options else ""),
            R_BONUS,
        )
    pick = BonusPick(token=bonus.id, character=action.character, replacing=replacing)
    flow.emit(ev.BonusPicked(seat=seat, picks=(*picks, pick), visibility=only(seat)))
    return None


def drop_bonus(flow: Flow, seat: str, action: act.DropBonus) -> Rejection | None:
    state = flow.state
    if seat in state.bonus_ready:
        return reject(RejectionCode.ALREADY_DONE, "You already finished bonus tokens.", R_BONUS)
    picks = state.bonus_picks.get(seat, ())
    kept = tuple(p for p in picks if action.token is not None and p.token != action.token)
    if action.token is not None and len(kept) == len(picks):
        return reject(RejectionCode.BAD_ARGUMENT, f"You have not chosen {action.token}.", R_BONUS)
    flow.emit(ev.BonusPicked(seat=seat, picks=kept, visibility=only(seat)))
    return None


def bonus_done(flow: Flow, seat: str) -> Rejection | None:
    catalog = flow.catalog
    state = flow.state
    if seat in state.bonus_ready:
        return reject(RejectionCode.ALREADY_DONE, "You already finished bonus tokens.", R_BONUS)
    flow.emit(ev.BonusReady(seat=seat))
    if set(flow.state.bonus_ready) != set(state.seats):
        return None
    picks = {s: flow.state.bonus_picks.get(s, ()) for s in state.seats}
    flow.emit(ev.BonusRevealed(picks=picks))
    first, second = state.seats
    contested = {p.token for p in picks[first]} & {p.token for p in picks[second]}
    losers: dict[str, set[str]] = {s: set() for s in state.seats}
    for token_id in sorted(contested):
        winner = roll_off(flow, f"bonus token {pretty(token_id)}")
        loser = state.opponent(winner)
        losers[loser].add(token_id)
        lost = next(p for p in picks[loser] if p.token == token_id)
        flow.emit(ev.BonusLost(seat=loser, pick=lost))
    for s in state.seats:
        for pick in picks[s]:
            if pick.token in losers[s]:
                continue
            token = flow.state.tokens[pick.character]
            index = token.equipment.index(pick.replacing)
            bonus = catalog.bonus_tokens[pick.token]
            items = (*token.equipment[:index], bonus.equipment, *token.equipment[index + 1 :])
            flow.emit(
                ev.BonusApplied(
                    seat=s,
                    pick=pick,
                    key=pick.character,
                    equipment=items,
                    gear=catalog.equipment[bonus.equipment],
                )
            )
    begin_entry(flow)
    return None


# -- entry points, mode setup and the setup roll ------------------------------------------
def begin_entry(flow: Flow) -> None:
    winner = roll_off(flow, "entry points")
    flow.emit(
        ev.EntryOrder(order=(winner, flow.state.opponent(winner))),
        ev.PhaseBegan(phase="entry"),
    )


def entry_chooser(state: TannhauserState) -> str | None:
    """Whose turn it is to choose an entry point, or None when all are chosen."""
    rounds = 2 if state.options.rush else 1
    sequence = list(state.entry_order) * rounds
    chosen = sum(len(v) for v in state.entries.values())
    return sequence[chosen] if chosen < len(sequence) else None


def free_entries(state: TannhauserState) -> list[str]:
    assert state.map is not None
    taken = {c for v in state.entries.values() for c in v}
    return [c for c in state.map.entry_points if c not in taken]


def choose_entry(flow: Flow, seat: str, action: act.ChooseEntry) -> Rejection | None:
    state = flow.state
    chooser = entry_chooser(state)
    if chooser != seat:
        return reject(
            RejectionCode.NOT_YOUR_TURN,
            "The other player chooses an entry point first (they won the roll).",
            R_ENTRY,
        )
    free = free_entries(state)
    if action.circle not in free:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{action.circle}' is not a free entry point.",
            R_ENTRY,
            [f"entry {c}" for c in free],
        )
    flow.emit(ev.EntryChosen(seat=seat, circle=action.circle))
    if entry_chooser(flow.state) is None:
        mode_setup(flow)
    return None


def mode_setup(flow: Flow) -> None:
    """Deathmatch setup: Command Points, face-down crates, then the setup roll."""
    state = flow.state
    flow.emit(ev.CommandPointsSet(points=dict.fromkeys(state.seats, state.mode.command_points)))
    if state.mode.crates and state.map is not None and state.crate_defs == {}:
        features = [f.id for f in state.map.features]
        catalog = flow.catalog
        pool = sorted(catalog.crates)
        dealt: dict[str, str] = {}
        for feature in features:
            if not pool:
                break
            draw = flow.roll(1, len(pool), purpose="crate draw", visibility=REFEREE)
            dealt[feature] = pool.pop(draw.values[0] - 1)
        if dealt:
            defs = {c: catalog.crates[c] for c in dealt.values()}
            gear = {
                d.equipment: catalog.equipment[d.equipment]
                for d in defs.values()
                if d.equipment is not None
            }
            flow.emit(
                ev.CratesPlaced(features=tuple(dealt)),
                ev.CratesDealt(crates=dealt, defs=defs, gear=gear, visibility=REFEREE),
            )
    flow.emit(ev.PhaseBegan(phase="setup_roll"))
    winner = start_roll(flow, "setup")
    if winner is not None:
        start_first_turn(flow)
