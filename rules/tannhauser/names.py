"""Display names: how characters, equipment, factions and seats are written in the log."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.names import pretty
from rules.tannhauser.content.catalog import Catalog
from rules.tannhauser.state import TannhauserState


def display_names(state: TannhauserState | None, catalog: Catalog) -> Callable[[str], str]:
    """A lookup from any id (character key, equipment, faction, seat) to its display name."""

    def name(ident: str) -> str:
        if state is not None:
            token = state.tokens.get(ident)
            if token is not None:
                sheet = state.sheets.get(token.character)
                if sheet is not None:
                    suffix = ident.removeprefix(token.character)
                    return sheet.name + (f" #{suffix.lstrip('-')}" if suffix else "")
            if ident in state.gear:
                return state.gear[ident].name
        for table in (catalog.characters, catalog.equipment, catalog.factions):
            found = table.get(ident)
            if found is not None:
                return found.name
        bonus = catalog.bonus_tokens.get(ident)
        if bonus is not None and bonus.equipment in catalog.equipment:
            return catalog.equipment[bonus.equipment].name
        return pretty(ident)

    return name
