"""Characteristic values as they stand right now (source 000, "Characteristics").

A current value is the current row's printed value, plus the circle the character stands
on (Combat, Stamina and Mental modifier circles; rubble removes them), plus passive
equipment, plus bonuses bought or used for the current activation. A null characteristic
stays null whatever the modifiers: such a character cannot test or duel with it.
"""

from __future__ import annotations

from rules.tannhauser.content.equipment import EquipmentDef
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.state import TannhauserState, Token


def printed(state: TannhauserState, token: Token, stat: Stat, row: int | None = None) -> int | None:
    sheet = state.sheets[token.character]
    index = min(token.row if row is None else row, len(sheet.rows) - 1)
    return sheet.rows[index].value(stat)


def best_row(state: TannhauserState, token: Token, stat: Stat) -> int | None:
    """The value in the character's top row (even if another row holds a higher one)."""
    return printed(state, token, stat, row=0)


def worst_row(state: TannhauserState, token: Token, stat: Stat) -> int | None:
    """The value in the character's bottom row."""
    return printed(state, token, stat, row=len(state.sheets[token.character].rows) - 1)


def best_value(state: TannhauserState, token: Token, stat: Stat) -> int | None:
    values = [v for r in state.sheets[token.character].rows if (v := r.value(stat)) is not None]
    return max(values) if values else None


def worst_value(state: TannhauserState, token: Token, stat: Stat) -> int | None:
    values = [v for r in state.sheets[token.character].rows if (v := r.value(stat)) is not None]
    return min(values) if values else None


def circle_modifier(state: TannhauserState, token: Token, stat: Stat) -> int:
    if token.circle is None or state.map is None or stat == Stat.MOVEMENT:
        return 0
    if token.circle in state.rubble:
        return 0
    modifier = state.map.circle(token.circle).modifier
    if modifier is None or modifier.stat != stat:
        return 0
    return modifier.amount


def passive_bonus(state: TannhauserState, token: Token, stat: Stat) -> int:
    total = 0
    for item in items_of(state, token):
        for effect in item.effects:
            if effect.kind == "stat_bonus" and effect.trigger == "passive" and effect.stat == stat:
                total += effect.amount
    return total


def modifiers(state: TannhauserState, token: Token, stat: Stat) -> int:
    """Everything added to the printed value: circle, passive equipment, boosts."""
    boost = state.boosts.get(token.key, {}).get(stat.value, 0)
    return circle_modifier(state, token, stat) + passive_bonus(state, token, stat) + boost


def current(state: TannhauserState, token: Token, stat: Stat, *, base: str = "row") -> int | None:
    """The value used for a test now, plus modifiers. ``base`` picks where the printed value
    comes from: ``row`` (the current row), ``best``/``worst`` (the highest or lowest value in
    any row) or ``best_row``/``worst_row`` (the top or bottom row)."""
    bases = {
        "worst": worst_value,
        "best": best_value,
        "best_row": best_row,
        "worst_row": worst_row,
    }
    value = bases[base](state, token, stat) if base in bases else printed(state, token, stat)
    if value is None:
        return None
    return value + modifiers(state, token, stat)


def items_of(state: TannhauserState, token: Token) -> list[EquipmentDef]:
    return [state.gear[item] for item in token.equipment if item in state.gear]


def roll_bonus(state: TannhauserState, token: Token, roll: str) -> tuple[int, int]:
    """Passive (extra dice, per-die modifier) from carried equipment for a kind of roll."""
    dice = per_die = 0
    for item in items_of(state, token):
        for effect in item.effects:
            if effect.trigger != "passive":
                continue
            if effect.kind == "extra_dice" and effect.roll == roll:
                dice += effect.amount
            elif effect.kind == "die_modifier" and effect.roll == roll:
                per_die += effect.amount
    return dice, per_die


def initiative_bonus(state: TannhauserState, seat: str) -> int:
    """Initiative bonuses of every living character of a side (they add up)."""
    total = 0
    for token in state.living(seat):
        for item in items_of(state, token):
            total += sum(e.amount for e in item.effects if e.kind == "initiative")
    return total


def skill_problem(state: TannhauserState, token: Token, item: EquipmentDef) -> str | None:
    """Why ``token`` cannot use ``item`` for want of a skill, or None."""
    skills = state.sheets[token.character].skills
    if item.requires_skill is not None and item.requires_skill not in skills:
        return f"{item.name} needs the {item.requires_skill.value} skill"
    return None
