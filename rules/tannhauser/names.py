"""Finding characters, equipment, circles and features from what a player typed.

Exact ids win; then case-insensitive names; then a unique prefix. Ambiguity and misses
become refusals that list what would have matched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rules.core.rejection import Rejection, RejectionCode, reject

if TYPE_CHECKING:
    from rules.tannhauser.content.catalog import Catalog
    from rules.tannhauser.state import TannhauserState


def pretty(ident: str) -> str:
    """``iron-warden`` → ``Iron Warden`` (ids are written like names)."""
    return ident.replace("-", " ").replace("_", " ").title()


def normal(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def _word_prefixes(typed: str, name: str) -> bool:
    """Whether each typed word starts the corresponding word of ``name``."""
    words, parts = typed.split(), name.split()
    return len(words) == len(parts) and all(
        p.startswith(w) for w, p in zip(words, parts, strict=True)
    )


def find(text: str, candidates: Iterable[tuple[str, Iterable[str]]], what: str) -> str | Rejection:
    """The id among ``(id, names)`` that ``text`` means, or a refusal naming the options."""
    wanted = normal(text)
    if not wanted:
        return reject(RejectionCode.BAD_ARGUMENT, f"Name the {what}.")
    options = [(ident, {normal(ident), *(normal(n) for n in names)}) for ident, names in candidates]
    for ident, names in options:
        if wanted in names:
            return ident
    prefixed = [ident for ident, names in options if any(n.startswith(wanted) for n in names)]
    if wanted and len(prefixed) == 1:
        return prefixed[0]
    if wanted and not prefixed:
        # "frag gren" for "Fragmentation Grenade"; "frag grenade" for id "com-frag-grenade"
        loose = [
            ident
            for ident, names in options
            if any(_word_prefixes(wanted, n) or n.endswith(" " + wanted) for n in names)
        ]
        if len(loose) == 1:
            return loose[0]
        prefixed = loose
    shown = [ident for ident, _ in options][:20]
    if len(prefixed) > 1:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"'{text[:40]}' could be any of: {', '.join(prefixed[:10])}. Be more specific.",
        )
    return reject(
        RejectionCode.BAD_ARGUMENT,
        f"There is no {what} called '{text[:40]}'."
        + (f" Known: {', '.join(shown)}." if shown else ""),
    )


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
