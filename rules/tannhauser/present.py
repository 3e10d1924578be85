"""Status, prompts and views: what each seat is asked, and what anyone may see.

Views never contain hidden information: secret picks appear only in their own seat's view
(as notes), crate contents never appear at all, and tokens exist only after the packs are
revealed.
"""

from __future__ import annotations

from rules.core.names import pretty
from rules.core.prompts import Prompt
from rules.core.system import TurnStatus
from rules.core.visibility import Viewer
from rules.core.wording import duration, plural
from rules.tannhauser.choices import legal
from rules.tannhauser.content.catalog import Catalog
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.setup_phase import TEAM_SHAPE, entry_chooser, team_kinds, team_so_far
from rules.tannhauser.sight import smoky_circles
from rules.tannhauser.state import (
    CounterWindow,
    CrateWindow,
    FreeMeleeWindow,
    OverwatchWindow,
    RerollWindow,
    ShakeOffWindow,
    TannhauserState,
)
from rules.tannhauser.values import current
from rules.tannhauser.view import SideView, SmokeView, TannhauserView, TokenView, TrailView

SEAT_COLOURS = ("#b03a2e", "#2e5fb0")
PHASES = {
    "factions": "choosing factions",
    "teams": "choosing teams in secret",
    "mercenaries": "replacing a contested mercenary",
    "packs": "choosing packs in secret",
    "bonus": "choosing bonus tokens in secret",
    "entry": "choosing entry points",
    "setup_roll": "setup roll",
    "initiative": "initiative roll",
    "overwatch": "setting overwatch",
    "activations": "activations",
}


def waiting_on(state: TannhauserState) -> tuple[str, ...]:
    if state.finished:
        return ()
    window = state.windows[-1] if state.windows else None
    if window is not None and hasattr(window, "seat"):
        return (window.seat,)
    seats = state.seats_in_play()
    full = sum(TEAM_SHAPE.values())
    phase = state.phase
    if phase == "factions":
        if state.factions:
            return tuple(s for s in seats if s not in state.factions)
        return tuple(s for s in seats if s not in state.faction_picks)
    if phase == "teams":
        return tuple(s for s in seats if len(state.team_picks.get(s, ())) < full)
    if phase == "mercenaries":
        return tuple(s for s in seats if state.mercenary_loser.get(s))
    if phase == "packs":
        return tuple(
            s for s in seats if len(state.pack_picks.get(s, {})) < len(state.teams.get(s, ()))
        )
    if phase == "bonus":
        return tuple(s for s in seats if s not in state.bonus_ready)
    if phase == "entry":
        chooser = entry_chooser(state)
        return (chooser,) if chooser else ()
    if phase == "overwatch":
        return (state.overwatch_next,) if state.overwatch_next else ()
    if phase == "activations":
        if state.activation is not None:
            return (state.activation.seat,)
        return (state.next_seat,) if state.next_seat else ()
    return ()


def status(state: TannhauserState) -> TurnStatus:
    if state.finished:
        return TurnStatus(phase="finished", summary=state.end_reason)
    phase = PHASES.get(state.phase, state.phase)
    if state.turn:
        phase = f"turn {state.turn}, {phase}"
    parts = []
    if state.command_points:
        parts.append("CP " + ", ".join(f"{pretty(s)} {v}" for s, v in state.command_points.items()))
    if state.activation is not None:
        parts.append(
            f"{pretty(state.activation.key)} active, {state.activation.points} movement left"
        )
    if state.tokens:
        alive = ", ".join(f"{pretty(s)} {len(state.living(s))} alive" for s in state.seats)
        parts.append(alive)
    return TurnStatus(phase=phase, waiting_on=waiting_on(state), summary="; ".join(parts))


def prompts(state: TannhauserState, catalog: Catalog) -> list[Prompt]:
    """DM prompts: secret setup choices and reaction windows (activations use ``/act``)."""
    if state.finished:
        return []
    window = state.windows[-1] if state.windows else None
    minutes = state.options.reaction_minutes
    if window is not None and hasattr(window, "seat"):
        seat = window.seat
        text, timeout = _window_text(state, window)
        if timeout:
            text += f" No answer within {duration(minutes)} counts as `{timeout}`."
        key = f"w{state.turn}-{len(state.windows)}-{window.frame}-{_window_subject(window)}"
        answers = tuple(
            c for c in legal(state, catalog, seat) if not c.notation.startswith("boost")
        )
        return [
            Prompt(
                seat=seat,
                key=key,
                text=text,
                choices=answers[:25],
                private=True,
                on_timeout=timeout,
                timeout_minutes=minutes if timeout else None,
            )
        ]
    if state.phase in ("activations",):
        return []
    found = []
    for seat in waiting_on(state):
        choices = tuple(legal(state, catalog, seat))[:25]
        if not choices:
            continue
        found.append(
            Prompt(
                seat=seat,
                key=f"{state.phase}-{state.turn}-{_progress(state, seat)}",
                text=_setup_text(state, catalog, seat),
                choices=choices,
                private=True,
            )
        )
    return found


def _progress(state: TannhauserState, seat: str) -> str:
    return "-".join(
        str(n)
        for n in (
            len(state.team_picks.get(seat, ())),
            len(state.pack_picks.get(seat, {})),
            len(state.bonus_picks.get(seat, ())),
            sum(len(v) for v in state.entries.values()),
            len(state.overwatch),
            state.overwatch_passes,
        )
    )


def _setup_text(state: TannhauserState, catalog: Catalog, seat: str) -> str:
    phase = state.phase
    if phase == "factions":
        return "Choose your faction (secret until both have chosen)."
    if phase == "teams":
        team = state.team_picks.get(seat, ())
        shown = ", ".join(pretty(c) for c in team) or "nobody yet"
        kinds = team_so_far(team_kinds(catalog, team))
        return f"Choose your team in secret: 3 heroes and 2 troopers. So far: {shown} ({kinds})."
    if phase == "mercenaries":
        return "Your mercenary went to the other side. Choose another character."
    if phase == "packs":
        return "Choose a pack (combat, stamina or command) for each character, in secret."
    if phase == "bonus":
        return "Choose up to 3 bonus tokens (one per character), then `bonus done`."
    if phase == "entry":
        return "Choose your entry point."
    if phase == "overwatch":
        return "Set a character on overwatch (1 CP) or decline."
    return "Your choice."


def _window_subject(window: object) -> str:
    for name in ("target", "victim", "counter", "striker", "searcher", "seat"):
        value = getattr(window, name, None)
        if isinstance(value, str):
            return value
    return ""


def _window_text(state: TannhauserState, window: object) -> tuple[str, str | None]:
    if isinstance(window, OverwatchWindow):
        where = state.tokens[window.target].circle
        return (
            f"{pretty(window.target)} {'moved to' if window.trigger == 'move' else 'acts at'} "
            f"{where}. Fire from overwatch, or let them be?",
            "decline",
        )
    if isinstance(window, ShakeOffWindow):
        return (
            f"{pretty(window.victim)} is about to take {plural(window.wounds, 'wound')}. "
            "Shake one off for 1 Command Point?",
            "decline",
        )
    if isinstance(window, CounterWindow):
        return (
            f"{pretty(window.counter)} survived the attack. Counterattack "
            f"{pretty(window.target)} for 1 Command Point (worst Combat)?",
            "decline",
        )
    if isinstance(window, FreeMeleeWindow):
        return (
            f"{pretty(window.target)}'s bull rush failed. Strike them for free?",
            "decline",
        )
    if isinstance(window, CrateWindow):
        return ("What do you do with the crate?", "crate return")
    if isinstance(window, RerollWindow):
        return ("You rolled lower. Re-roll for 1 Command Point?", "keep")
    return ("Your choice.", None)


def view(state: TannhauserState, catalog: Catalog, viewer: Viewer) -> TannhauserView:
    sides = []
    for seat in state.seats:
        faction = catalog.factions.get(state.factions.get(seat, ""))
        sides.append(
            SideView(
                seat=seat,
                label=pretty(seat),
                faction=faction.id if faction else None,
                faction_name=faction.name if faction else None,
                colour=faction.colour
                if faction
                else ("#b03a2e" if seat == state.seats[0] else "#2e5fb0"),
                command_points=state.command_points.get(seat, 0),
                entry_points=state.entries.get(seat, ()),
            )
        )
    tokens = []
    for token in state.tokens.values():
        sheet = state.sheets[token.character]
        values = tuple(
            current(state, token, stat) if not token.dead else None
            for stat in (Stat.COMBAT, Stat.STAMINA, Stat.MENTAL)
        )
        movement = current(state, token, Stat.MOVEMENT) if not token.dead else 0
        tokens.append(
            TokenView(
                key=token.key,
                seat=token.seat,
                character=token.character,
                name=sheet.name,
                short=_short(sheet.name, token.key),
                kind=sheet.kind,
                circle=token.circle,
                row=token.row,
                rows=len(sheet.rows),
                dead=token.dead,
                activated=token.key in state.activated and token.key not in state.overwatch,
                overwatch=token.key in state.overwatch,
                active=state.activation is not None and state.activation.key == token.key,
                equipment=tuple(state.gear[i].name for i in token.equipment if i in state.gear),
                values=(values[0], values[1], values[2], movement or 0),
            )
        )
    ground = {
        circle: tuple(state.gear[i].name if i in state.gear else pretty(i) for i in items)
        for circle, items in state.ground.items()
    }
    return TannhauserView(
        phase=PHASES.get(state.phase, state.phase),
        turn=state.turn,
        map=state.map,
        sides=tuple(sides),
        tokens=tuple(tokens),
        crates=tuple(sorted(state.crates)),
        smoke=tuple(SmokeView(circle=s.circle, turns_left=s.counters) for s in state.smoke),
        smoky_circles=tuple(sorted(smoky_circles(state))),
        rubble=state.rubble,
        ground=ground,
        initiative=state.initiative,
        first_activator=state.first_activator if state.turn == 1 else None,
        finished=state.finished,
        winners=state.winners,
        notes=_notes(state, viewer),
        trail=TrailView.model_validate(state.trail.model_dump()),
    )


def _short(name: str, key: str) -> str:
    words = [w for w in name.replace(".", " ").split() if w[:1].isalpha()]
    initials = "".join(w[0].upper() for w in words[:2]) or key[:2].upper()
    suffix = key.rsplit("-", 1)[-1] if key[-1:].isdigit() else ""
    return initials + suffix


def _notes(state: TannhauserState, viewer: Viewer) -> tuple[str, ...]:
    """What only this viewer knows: their own secret choices before the reveal."""
    seat = viewer.seat
    if seat is None and not viewer.referee:
        return ()
    seats = state.seats if viewer.referee else (seat,)
    notes = []
    for s in seats:
        assert s is not None
        if s in state.faction_picks and s not in state.factions:
            notes.append(f"{pretty(s)} secret faction: {pretty(state.faction_picks[s])}")
        if s in state.team_picks and s not in state.teams:
            notes.append(
                f"{pretty(s)} secret team: {', '.join(pretty(c) for c in state.team_picks[s])}"
            )
        if not state.packs_revealed and state.pack_picks.get(s):
            picks = ", ".join(f"{pretty(c)} {k}" for c, k in state.pack_picks[s].items())
            notes.append(f"{pretty(s)} secret packs: {picks}")
        if state.phase == "bonus" and state.bonus_picks.get(s):
            picks = ", ".join(
                f"{pretty(p.token)} → {pretty(p.character)}" for p in state.bonus_picks[s]
            )
            notes.append(f"{pretty(s)} secret bonus tokens: {picks}")
    return tuple(notes)
