"""Reading game options typed as ``key=value`` pairs into a system's options model."""

from __future__ import annotations

import json
import shlex

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from bot.service.errors import UserError


def parse_options(model: type[BaseModel], text: str | None) -> BaseModel:
    """``"goal=12 variant=rush"`` → validated options, or a UserError naming the bad key."""
    raw: dict[str, str] = {}
    if text and text.strip():
        try:
            parts = shlex.split(text)
        except ValueError as exc:
            raise UserError(f"Could not read the options: {exc}.") from None
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep:
                key, sep, value = part.partition(":")
            if not sep or not key:
                raise UserError(f"Options are written `key=value`; `{part[:50]}` is not.")
            raw[key.strip().lower()] = value.strip()
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = [_problem(model, error) for error in exc.errors()[:5]]
        known = ", ".join(f"`{name}`" for name in model.model_fields) or "none"
        raise UserError(
            "Those options do not fit: " + "; ".join(problems) + f". Known options: {known}."
        ) from None


_PLAIN = {
    "less_than_equal": "must be at most {le}",
    "less_than": "must be less than {lt}",
    "greater_than_equal": "must be at least {ge}",
    "greater_than": "must be more than {gt}",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "bool_parsing": "must be true or false",
    "extra_forbidden": "is not an option of this game",
    "literal_error": "must be one of {expected}",
}


def _problem(model: type[BaseModel], error: ErrorDetails) -> str:
    """One bad option in plain words, with what the option is for."""
    where = ".".join(str(p) for p in error["loc"]) or "options"
    plain = _PLAIN.get(error["type"])
    said = plain.format(**error.get("ctx", {})) if plain is not None else error["msg"]
    field = model.model_fields.get(where)
    about = f" ({field.description.rstrip('.')})" if field and field.description else ""
    return f"`{where}` {said}{about}"


def options_json(options: BaseModel) -> str:
    return json.dumps(options.model_dump(mode="json"), sort_keys=True)
