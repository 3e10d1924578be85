"""Reading game options typed as ``key=value`` pairs into a system's options model."""

from __future__ import annotations

import json
import shlex

from pydantic import BaseModel, ValidationError

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
        problems = []
        for error in exc.errors()[:5]:
            where = ".".join(str(p) for p in error["loc"]) or "options"
            problems.append(f"`{where}`: {error['msg']}")
        known = ", ".join(f"`{name}`" for name in model.model_fields) or "none"
        raise UserError(
            "Those options do not fit: " + "; ".join(problems) + f". Known options: {known}."
        ) from None


def options_json(options: BaseModel) -> str:
    return json.dumps(options.model_dump(mode="json"), sort_keys=True)
