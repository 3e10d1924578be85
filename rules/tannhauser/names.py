"""Finding characters, equipment, circles and features from what a player typed.

Exact ids win; then case-insensitive names; then a unique prefix. Ambiguity and misses
become refusals that list what would have matched.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.rejection import Rejection, RejectionCode, reject


def pretty(ident: str) -> str:
    """``iron-warden`` → ``Iron Warden`` (ids are written like names)."""
    return ident.replace("-", " ").replace("_", " ").title()


def normal(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def find(text: str, candidates: Iterable[tuple[str, Iterable[str]]], what: str) -> str | Rejection:
    """The id among ``(id, names)`` that ``text`` means, or a refusal naming the options."""
    wanted = normal(text)
    options = [(ident, {normal(ident), *(normal(n) for n in names)}) for ident, names in candidates]
    for ident, names in options:
        if wanted in names:
            return ident
    prefixed = [ident for ident, names in options if any(n.startswith(wanted) for n in names)]
    if wanted and len(prefixed) == 1:
        return prefixed[0]
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
