"""Reading game options typed as ``key=value`` pairs into a system's options model."""

from __future__ import annotations

import json
import shlex

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from bot.messages import Message, joined, said
from bot.service.errors import UserError


def parse_options(model: type[BaseModel], text: str | None) -> BaseModel:
    """``"goal=12 variant=rush"`` → validated options, or a UserError naming the bad key."""
    raw: dict[str, str] = {}
    if text and text.strip():
        try:
            parts = shlex.split(text)
        except ValueError as exc:
            raise UserError(
                said("Could not read the options: {problem}.", problem=str(exc))
            ) from None
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep:
                key, sep, value = part.partition(":")
            if not sep or not key:
                raise UserError(
                    said("Options are written `key=value`; `{part}` is not.", part=part[:50])
                )
            raw[key.strip().lower()] = value.strip()
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = [_problem(model, error) for error in exc.errors()[:5]]
        known = joined(f"`{name}`" for name in model.model_fields) if model.model_fields else None
        raise UserError(
            said(
                "Those options do not fit: {problems}. Known options: {known}.",
                problems=joined(problems, "; "),
                known=known or said("none"),
            )
        ) from None


def _plain(kind: str, context: dict[str, object]) -> Message | None:
    """A validation problem of pydantic's in plain words (None for one not worded here)."""
    found = {
        "less_than_equal": lambda: said("must be at most {le}", le=str(context.get("le"))),
        "less_than": lambda: said("must be less than {lt}", lt=str(context.get("lt"))),
        "greater_than_equal": lambda: said("must be at least {ge}", ge=str(context.get("ge"))),
        "greater_than": lambda: said("must be more than {gt}", gt=str(context.get("gt"))),
        "int_parsing": lambda: said("must be a whole number"),
        "int_from_float": lambda: said("must be a whole number"),
        "bool_parsing": lambda: said("must be true or false"),
        "extra_forbidden": lambda: said("is not an option of this game"),
        "literal_error": lambda: said(
            "must be one of {expected}", expected=str(context.get("expected"))
        ),
    }.get(kind)
    return found() if found is not None else None


def _problem(model: type[BaseModel], error: ErrorDetails) -> Message:
    """One bad option in plain words, with what the option is for (in the words the
    system describes it with)."""
    where = ".".join(str(p) for p in error["loc"]) or "options"
    plain = _plain(error["type"], dict(error.get("ctx", {})))
    what = plain if plain is not None else error["msg"]
    field = model.model_fields.get(where)
    if field and field.description:
        return said(
            "`{option}` {problem} ({about})",
            option=where,
            problem=what,
            about=field.description.rstrip("."),
        )
    return said("`{option}` {problem}", option=where, problem=what)


def options_json(options: BaseModel) -> str:
    return json.dumps(options.model_dump(mode="json"), sort_keys=True)
