"""Building a model tree from JSON the service wrote itself, without validating it again.

A state snapshot was a valid state when it was written, so reading it back needs no
checks: :func:`load` turns the parsed JSON into the same objects validation would build
(equal, and dumping to the same JSON) at a fraction of the cost. Anything a user or a pack
supplies is still validated.

Each model gets a plan worked out once from its field annotations: which fields need
converting (JSON arrays into tuples, nested models, enums, floats written as integers,
unions told apart by their literal tag) and which are right as parsed. The parsed dict of
an object becomes the object's ``__dict__``, converted in place.

Checks made after validation (``mode="after"`` model validators, such as a terrain area's
"is a simple polygon") are skipped: what they check held when the data was written. A
model whose validators change the data (field validators, ``before``/``wrap`` model
validators), with private attributes, aliases or extra fields allowed, is validated as
usual. Data of another shape (a damaged or foreign snapshot) raises :class:`Mismatch`.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from enum import Enum
from typing import Annotated, Any, Generic, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, TypeAdapter
from pydantic.fields import FieldInfo

M = TypeVar("M", bound=BaseModel)
Convert = Callable[[Any], Any]

_new = object.__new__
_set_dict = object.__setattr__
# the slots of every model, set straight through their descriptors
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


class Mismatch(ValueError):
    """The data does not have the shape of the model it is loaded as."""


def load(model: type[M], data: Any) -> M:
    """``model`` built from ``data`` (parsed JSON, consumed: its dicts become the objects'
    own) without validation; :class:`Mismatch` when the data has another shape."""
    try:
        built = _model(model)(data)
    except Mismatch:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise Mismatch(f"not a {model.__name__}: {exc}") from exc
    assert isinstance(built, model)
    return built


_PLANS: dict[type[BaseModel], Convert] = {}


def _model(model: type[BaseModel]) -> Convert:
    found = _PLANS.get(model)
    if found is None:
        found = _PLANS[model] = _plan(model)
    return found


def needs_validation(model: type[BaseModel]) -> bool:
    """Whether ``model`` is loaded by validating it after all (see the module notes); a
    state model that needs it loads as slowly as before."""
    return _validated(model)


def _validated(model: type[BaseModel]) -> bool:
    """Whether loading ``model`` needs its validators: they may change what is loaded."""
    decorators = model.__pydantic_decorators__
    reshaping = any(d.info.mode != "after" for d in decorators.model_validators.values())
    return bool(
        reshaping
        or decorators.field_validators
        or decorators.validators
        or decorators.root_validators
        or model.__private_attributes__
        or model.__pydantic_post_init__
        or model.model_config.get("extra") == "allow"
        or any(f.alias or f.validation_alias for f in model.__pydantic_fields__.values())
    )


def _plan(model: type[BaseModel]) -> Convert:
    if _validated(model):
        return model.model_validate
    names = frozenset(model.__pydantic_fields__)
    # Every object built from a complete dict shares one set of the names: pydantic copies
    # the set before changing it (``model_copy``), and setting a field of a mutable model
    # adds a name it already holds.
    every = set(names)
    steps: list[tuple[str, Convert]] = []
    fields = model.__pydantic_fields__
    forbid = model.model_config.get("extra") == "forbid"

    def build(data: Any) -> Any:
        if type(data) is not dict:
            raise Mismatch(f"{model.__name__} expects an object, not {type(data).__name__}")
        if data.keys() == names:  # as the service writes it: every field, nothing else
            for name, convert in steps:
                data[name] = convert(data[name])
            fields_set = every
        else:
            data, fields_set = _filled(model, fields, steps, data, forbid)
        built = _new(model)
        _set_dict(built, "__dict__", data)
        _set_fields(built, fields_set)
        _set_extra(built, None)
        _set_private(built, None)
        return built

    _PLANS[model] = build  # a model may hold itself (a rule that grants rules)
    for name, info in fields.items():
        convert = _field(info)
        if convert is not None:
            steps.append((name, convert))
    return build


def _filled(
    model: type[BaseModel],
    fields: dict[str, FieldInfo],
    steps: list[tuple[str, Convert]],
    data: dict[str, Any],
    forbid: bool,
) -> tuple[dict[str, Any], set[str]]:
    """Fields left out take their defaults; unknown keys are ignored or refused as the
    model's configuration says."""
    if forbid and not data.keys() <= fields.keys():
        unknown = sorted(data.keys() - fields.keys())
        raise Mismatch(f"{model.__name__} has no field {', '.join(unknown)}")
    converters = dict(steps)
    values: dict[str, Any] = {}
    for name, info in fields.items():
        if name in data:
            convert = converters.get(name)
            values[name] = data[name] if convert is None else convert(data[name])
        elif info.is_required():
            raise Mismatch(f"{model.__name__} lacks its field {name}")
        else:
            values[name] = info.get_default(call_default_factory=True)
    return values, {name for name in fields if name in data}


def _field(info: FieldInfo) -> Convert | None:
    if info.discriminator is not None:
        return _tagged(info.annotation, info.discriminator)
    return _converter(info.annotation)


def _converter(annotation: Any) -> Convert | None:
    """How to turn parsed JSON into a value of ``annotation``; None when it already is one."""
    if annotation in (str, int, bool, Any, type(None)):
        return None
    if annotation is float:
        return float
    origin, args = get_origin(annotation), get_args(annotation)
    if isinstance(annotation, type):
        if issubclass(annotation, BaseModel):
            return _model(annotation)
        if issubclass(annotation, Enum):
            return _member(annotation)
    if origin is Literal and all(type(a) in (str, int, bool) for a in args):
        return None
    if origin is Annotated:
        tags = [m.discriminator for m in args[1:] if isinstance(m, FieldInfo) and m.discriminator]
        return _tagged(args[0], tags[0]) if tags else _converter(args[0])
    if origin is tuple:
        return _tuple(args)
    if origin is dict and args[0] is str:
        return _dict(_converter(args[1]))
    if origin in (Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        if len(members) == 1:
            return _optional(_converter(members[0]))
    return TypeAdapter(annotation).validate_python  # anything else is validated


def _tuple(args: tuple[Any, ...]) -> Convert:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _converter(args[0])
        if item is None:
            return tuple
        return lambda value: tuple(map(item, value))
    places = [_converter(a) for a in args]
    if all(p is None for p in places):
        return tuple
    same = places[0]
    if same is not None and all(p is same for p in places):  # a point of floats, say
        return lambda value: tuple(map(same, value))

    def fixed(value: Any) -> tuple[Any, ...]:
        return tuple(v if c is None else c(v) for c, v in zip(places, value, strict=True))

    return fixed


def _member(kind: type[Enum]) -> Convert:
    """The member of ``kind`` with a value (calling the enum class is much slower)."""
    members = kind._value2member_map_

    def member(value: Any) -> Any:
        found = members.get(value)
        return kind(value) if found is None else found

    return member


def _dict(item: Convert | None) -> Convert | None:
    if item is None:
        return None
    return lambda value: {k: item(v) for k, v in value.items()}


def _optional(inner: Convert | None) -> Convert | None:
    if inner is None:
        return None
    return lambda value: None if value is None else inner(value)


def _tagged(annotation: Any, tag: Any) -> Convert:
    """A union of models told apart by the literal value of their ``tag`` field."""
    if not isinstance(tag, str):
        return TypeAdapter(annotation).validate_python
    members = [a for a in get_args(annotation) if a is not type(None)]
    optional = len(members) < len(get_args(annotation))
    by_tag: dict[Any, Convert] = {}
    for member in members:
        for value in get_args(member.__pydantic_fields__[tag].annotation):
            by_tag[value] = _model(member)

    def pick(value: Any) -> Any:
        if value is None and optional:
            return None
        try:
            return by_tag[value[tag]](value)
        except (KeyError, TypeError) as exc:
            raise Mismatch(f"no member of the union has {tag} = {value!r:.40}") from exc

    return pick


class Recalling(Generic[M]):
    """Loads one model again and again (the successive snapshots of games), reusing what
    did not change since the last load: each field of the model whose value reads the same
    as last time, and each entry of a mapping of models that does.

    Only values that read the same only when they are the same are reused: fields of
    frozen models whose every part has a type of its own (no ``Any``, no union of numbers
    and booleans). What was read is kept, as parsed, for the next comparison."""

    def __init__(self, model: type[M]) -> None:
        self.model = model
        self.names = frozenset(model.__pydantic_fields__)
        self.every = set(self.names)
        self.kinds: dict[str, tuple[str, Convert]] = {}
        if not _validated(model):
            for name, info in model.__pydantic_fields__.items():
                kind = _recall_kind(info)
                if kind is not None:
                    self.kinds[name] = kind
        self.last: dict[str, tuple[Any, Any]] = {}
        self.entries: dict[str, dict[str, tuple[Any, Any]]] = {}

    def load(self, data: Any) -> M:
        """As :func:`load`; :class:`Mismatch` when the data has another shape."""
        if type(data) is not dict or not self.kinds or data.keys() != self.names:
            return load(self.model, data)
        try:
            for name, kind in self.kinds.items():
                data[name] = self._recalled(name, kind, data[name])
        except Mismatch:
            raise
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise Mismatch(f"not a {self.model.__name__}: {exc}") from exc
        built = _new(self.model)
        _set_dict(built, "__dict__", data)
        _set_fields(built, self.every)
        _set_extra(built, None)
        _set_private(built, None)
        assert isinstance(built, self.model)
        return built

    def _recalled(self, name: str, kind: tuple[str, Convert], value: Any) -> Any:
        how, convert = kind
        if how == "plain":
            return convert(value)
        if how == "entries" and type(value) is dict:
            last = self.entries.get(name, {})
            now: dict[str, tuple[Any, Any]] = {}
            for key, raw in value.items():
                seen = last.get(key)
                if seen is None or seen[0] != raw:
                    seen = (_kept(raw), convert(raw))
                now[key] = seen
            self.entries[name] = now
            return {key: seen[1] for key, seen in now.items()}
        if how == "entries":
            raise Mismatch(f"{name} expects an object, not {type(value).__name__}")
        seen = self.last.get(name)
        if seen is None or seen[0] != value:
            seen = self.last[name] = (_kept(value), convert(value))
        return seen[1]


def _recall_kind(info: FieldInfo) -> tuple[str, Convert] | None:
    """How a field of the loaded model is loaded again: its whole value reused, each
    entry of a mapping of models reused, built anew ("plain"), or (None) kept as parsed."""
    convert = _field(info)
    if convert is None:
        return None
    annotation = info.annotation
    if info.discriminator is not None:
        return ("plain", convert)
    if get_origin(annotation) is dict and _strict(get_args(annotation)[1], set()):
        item = _converter(get_args(annotation)[1])
        if item is not None:
            return ("entries", item)
    return ("whole" if _strict(annotation, set()) else "plain", convert)


def _strict(annotation: Any, seen: set[type[BaseModel]]) -> bool:
    """Whether parsed values of ``annotation`` that compare equal build equal objects
    (``1 == 1.0 == True`` in Python, so no part may hold numbers of several kinds) and the
    objects are frozen, so one may serve several loads."""
    if annotation in (str, int, bool, float, type(None)):
        return True
    origin, args = get_origin(annotation), get_args(annotation)
    if isinstance(annotation, type):
        if issubclass(annotation, BaseModel):
            if annotation in seen:
                return True
            seen.add(annotation)
            return (
                bool(annotation.model_config.get("frozen"))
                and not _validated(annotation)
                and all(
                    _strict(f.annotation, seen) for f in annotation.__pydantic_fields__.values()
                )
            )
        return issubclass(annotation, Enum)
    if origin is Literal:
        return len({type(a) for a in args}) == 1
    if origin is Annotated:
        return _strict(args[0], seen)
    if origin is tuple or origin is dict:
        return all(_strict(a, seen) for a in args if a is not Ellipsis)
    if origin in (Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        numbers = [a for a in kinds if a in (int, float, bool)]
        return len(numbers) <= 1 and all(_strict(a, seen) for a in kinds)
    return False


def _kept(value: Any) -> Any:
    """A copy of parsed JSON that building objects from the original leaves as it is."""
    kind = type(value)
    if kind is dict:
        return {k: _kept(v) if type(v) in (dict, list) else v for k, v in value.items()}
    if kind is list:
        return [_kept(v) if type(v) in (dict, list) else v for v in value]
    return value
