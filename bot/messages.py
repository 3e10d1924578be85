"""What Umpire says to players, kept as words to put in the reader's language when shown.

A :class:`Message` is English text with ``{named}`` slots, the values for them and, for a
text that depends on a count, its plural. The English text is the gettext ``msgid`` of
the ``messages`` catalogue (``bot/locales/messages-de.po``, read with Babel by
:mod:`bot.catalogues`), so English output is the text itself and every other language
comes from the catalogue (English stands in where it has nothing). Values are plain text
and numbers, the same in every language, or words in their own right: another
:class:`Message`, a :class:`~rules.core.language.Phrase` from a system, or a
:class:`Joined` list.

Messages are made with :func:`said` and :func:`said_n`, always with the English as a
literal, so that ``tests/discord/test_message_catalogue.py`` finds every one and fails
when one has no German. A refusal (:class:`bot.service.errors.UserError`) carries its
message and the front end words it in the language of the person who asked; lines for a
game's channel are worded by the service for the language they are posted in, and those
kept in the log keep their message (:meth:`Message.to_json`), so that the log, catch-up
and the dashboard read them in any language later.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from bot.catalogues import catalogue
from rules.core.language import Language, Phrase

Value: TypeAlias = "str | int | float | Message | Phrase | Joined"


@dataclass(frozen=True, slots=True)
class Joined:
    """Values shown one after another with ``sep`` between them (the same in every
    language, such as ``", "``)."""

    items: tuple[Value, ...]
    sep: str = ", "

    def in_(self, language: Language) -> str:
        return self.sep.join(worded(item, language) for item in self.items)


@dataclass(frozen=True, slots=True)
class Message:
    """English ``text`` with ``{named}`` slots filled from ``params``; with ``plural``,
    ``text`` is the singular and ``count`` picks the form."""

    text: str
    params: Mapping[str, Value] = field(default_factory=dict)
    plural: str | None = None
    count: int = 1
    as_is: bool = False  # text already in its reader's language (a system's own words)

    def template(self, language: Language) -> str:
        """The text in ``language`` with its slots still open."""
        english = self.text if self.plural is None or self.count == 1 else self.plural
        if self.as_is or language is Language.ENGLISH:
            return english
        found = catalogue(language, "messages")
        if found is None:
            return english
        if self.plural is not None:
            return found.plural(self.text, self.count) or english
        return found.get("", self.text) or english

    def in_(self, language: Language) -> str:
        """The message in ``language``."""
        template = self.template(language)
        if self.as_is:
            return template
        return template.format_map({k: worded(v, language) for k, v in self.params.items()})

    def filled(self, **params: Value) -> Message:
        """The same words with more of their slots filled (a table of messages made once,
        filled when used)."""
        return Message(self.text, {**self.params, **params}, self.plural, self.count, self.as_is)

    def counted(self, count: int) -> Message:
        """The words for ``count`` (of a message made with :func:`said_n`)."""
        return Message(self.text, self.params, self.plural, count, self.as_is)

    @property
    def english(self) -> str:
        return self.in_(Language.ENGLISH)

    def __str__(self) -> str:
        return self.english

    def to_json(self) -> dict[str, Any]:
        """The message as JSON, to keep in a log record and word again when read."""
        data: dict[str, Any] = {"text": self.text}
        if self.params:
            data["params"] = {k: value_json(v) for k, v in self.params.items()}
        if self.plural is not None:
            data["plural"], data["count"] = self.plural, self.count
        if self.as_is:
            data["as_is"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        params = {str(k): value_of(v) for k, v in dict(data.get("params") or {}).items()}
        plural = data.get("plural")
        return cls(
            str(data["text"]),
            params,
            None if plural is None else str(plural),
            int(data.get("count", 1)),
            bool(data.get("as_is", False)),
        )


def said(text: str, /, **params: Value) -> Message:
    """The message ``text`` (English, a literal: the catalogue's ``msgid``) with its
    ``params``."""
    return Message(text, params)


def said_n(count: int, one: str, many: str, /, **params: Value) -> Message:
    """The message for ``count`` things: ``one`` when it is 1, else ``many`` (both English
    literals with a ``{count}`` slot or none; the catalogue holds the German forms). A
    ``count`` among ``params`` is what the slot shows (``1.5`` hours, counted as many).
    Like every message's, a literal brace is written twice (``{{``)."""
    return Message(one, {"count": count, **params}, many, count)


def as_is(text: str) -> Message:
    """Text that is already worded for its reader (a system's own refusal, a name): shown
    as it is in every language."""
    return Message(text, as_is=True)


def worded(value: Value, language: Language) -> str:
    """``value`` in ``language``: plain text and numbers as they are."""
    if isinstance(value, Message | Phrase | Joined):
        return value.in_(language)
    return str(value)


def joined(items: Iterable[Value], sep: str = ", ") -> Joined:
    return Joined(tuple(items), sep)


def and_list(items: Sequence[Value]) -> Value:
    """``A, B and C`` (``A, B und C``): the items, the last joined with "and"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return said("{most} and {last}", most=joined(items[:-1]), last=items[-1])


def and_chain(items: Sequence[Value]) -> Value:
    """``A and B and C`` (``A und B und C``)."""
    if len(items) < 2:
        return items[0] if items else ""
    return said("{first} and {then}", first=and_chain(items[:-1]), then=items[-1])


def or_chain(items: Sequence[Value]) -> Value:
    """``A or B or C`` (``A oder B oder C``)."""
    if len(items) < 2:
        return items[0] if items else ""
    return said("{most} or {last}", most=or_chain(items[:-1]), last=items[-1])


def value_json(value: Value) -> Any:
    if isinstance(value, Message):
        return {"said": value.to_json()}
    if isinstance(value, Phrase):
        return {"en": value.english, "de": value.german}
    if isinstance(value, Joined):
        return {"items": [value_json(item) for item in value.items], "sep": value.sep}
    return value


def value_of(data: Any) -> Value:
    """A value read back from :func:`value_json`."""
    if isinstance(data, dict):
        if "said" in data:
            return Message.from_json(data["said"])
        if "items" in data:
            return Joined(tuple(value_of(item) for item in data["items"]), str(data["sep"]))
        german = data.get("de")
        return Phrase(str(data["en"]), None if german is None else str(german))
    if isinstance(data, bool):
        return str(data)
    if isinstance(data, int | float):
        return data
    return str(data)
