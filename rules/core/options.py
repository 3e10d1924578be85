"""A system's game options, described: the names, kinds, defaults, allowed values and
descriptions ``/game new`` offers, checks and explains.

Options are a pydantic model per system (the validation); this module reads the model so
suggestions and help come from the same declaration. Values that depend on content (maps,
battlefields, modes) come from the system's :meth:`~rules.core.system.GameSystem.
option_values`.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo


@dataclass(frozen=True)
class OptionSpec:
    """One option: ``name=value`` with its kind, default, allowed values and description."""

    name: str
    kind: str  # "choice", "yes/no", "number" or "text"
    default: str
    values: tuple[str, ...]
    description: str

    def usage(self) -> str:
        """``map=`` hollowmere|harrowpeak|random (default random): Which map to play on."""
        shown = "|".join(self.values) if self.values else self.kind
        default = f" (default {self.default})" if self.default else ""
        about = f": {self.description}" if self.description else ""
        return f"`{self.name}=` {shown}{default}{about}"


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _kind(annotation: Any) -> tuple[str, tuple[str, ...]]:
    origin = get_origin(annotation)
    if origin is Literal:
        return "choice", tuple(str(a) for a in get_args(annotation))
    if origin in (Union, types.UnionType):
        inner = [a for a in get_args(annotation) if a is not type(None)]
        return _kind(inner[0]) if len(inner) == 1 else ("text", ())
    if annotation is bool:
        return "yes/no", ("true", "false")
    if annotation in (int, float):
        return "number", ()
    return "text", ()


def _spec(name: str, field: FieldInfo, values: tuple[str, ...]) -> OptionSpec:
    kind, allowed = _kind(field.annotation)
    return OptionSpec(
        name=name,
        kind="choice" if values else kind,
        default=_text(field.get_default(call_default_factory=True)),
        values=values or allowed,
        description=field.description or "",
    )


def option_specs(
    model: type[BaseModel], values: dict[str, tuple[str, ...]] | None = None
) -> list[OptionSpec]:
    """Every option of ``model`` in declaration order; ``values`` adds allowed values the
    model itself cannot list (content ids)."""
    extra = values or {}
    return [_spec(name, field, extra.get(name, ())) for name, field in model.model_fields.items()]


MAX_VALUE = 100  # what an autocomplete suggestion may hold


def completions(specs: list[OptionSpec], typed: str, limit: int = 25) -> list[tuple[str, str]]:
    """Suggestions for what ``options:`` could become as it is typed: (label, text) pairs
    that complete the last ``key=value`` (keys not used yet, then their allowed values);
    earlier pairs are kept as typed. An option without a list of values is suggested as
    typed, its description as the label, so the player sees what it takes."""
    head, space, last = typed.rpartition(" ")
    kept = head + space
    used = {token.partition("=")[0].lower() for token in head.split()}
    found: list[tuple[str, str]] = []
    key, equals, value = last.partition("=")
    if equals:
        spec = next((s for s in specs if s.name == key.lower()), None)
        if spec is None:
            return []
        if spec.values:
            for allowed in spec.values:
                if allowed.startswith(value.lower()):
                    found.append((f"{spec.name}={allowed} — {spec.description}", allowed))
        elif value:
            found.append((f"{spec.name}={value} — {spec.description}", value))
        suggestions = [(label, f"{kept}{spec.name}={v}") for label, v in found]
    else:
        suggestions = [
            (f"{s.name}= — {s.description}", f"{kept}{s.name}=")
            for s in specs
            if s.name not in used and s.name.startswith(key.lower())
        ]
    return [(label, text) for label, text in suggestions if len(text) <= MAX_VALUE][:limit]
