"""A system's verbs: what ``/act`` reads, the usage shown in refusals and help, and the
hints offered while a player types, all from one table.

Each :class:`Verb` pairs a word (and its aliases) with its usage form and the function that
reads the rest of the line. A system says which verbs make sense now (``now``); the table
then words every refusal the same way in every system: an empty line asks what to do and
shows the forms that apply now, an unknown word says so and shows them too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.core.actions import Action
from rules.core.names import normal
from rules.core.rejection import Rejection, RejectionCode, reject

R = TypeVar("R")

MAX_ECHO = 30


@dataclass(frozen=True)
class Verb(Generic[R]):
    """``word`` (or one of ``aliases``) starts an action written as ``usage``; ``read``
    turns what follows into the action, given the system's name reader."""

    word: str
    usage: str
    read: Callable[[R, str], Action | Rejection]
    aliases: tuple[str, ...] = ()


def bare(
    word: str,
    action: Action,
    fillers: tuple[str, ...] = (),
    aliases: tuple[str, ...] = (),
    rule: str = "",
) -> Verb[R]:
    """A verb that takes nothing after it (``end``): anything more is refused, so a
    mistyped line is never stored as something the player did not mean. ``fillers`` are
    words it may politely carry (``submit list``)."""

    def read(reader: object, rest: str) -> Action | Rejection:
        if normal(rest) in ("", *fillers):
            return action
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"`{word}` takes nothing more; '{rest.strip()[:MAX_ECHO]}' is not understood.",
            rule,
        )

    return Verb(word, word, read, aliases)


class VerbTable(Generic[R]):
    """A system's verbs by word and alias, in the order their forms are listed."""

    def __init__(self, verbs: Iterable[Verb[R]]) -> None:
        self.verbs = tuple(verbs)
        self._by_word: dict[str, Verb[R]] = {}
        for verb in self.verbs:
            for word in (verb.word, *verb.aliases):
                if word in self._by_word:
                    raise ValueError(f"the verb '{word}' is declared twice")
                self._by_word[word] = verb

    def get(self, word: str) -> Verb[R] | None:
        return self._by_word.get(word.lower())

    def words(self) -> tuple[str, ...]:
        return tuple(verb.word for verb in self.verbs)

    def forms(self, words: Sequence[str]) -> str:
        """The usage of ``words`` as one line: ``\\`move <circle>\\`; \\`end\\```."""
        return "; ".join(f"`{self._by_word[w].usage}`" for w in words)

    def usage(self, word: str, rule: str = "") -> Rejection:
        """The refusal for a verb written wrongly: its usage."""
        return reject(RejectionCode.BAD_ARGUMENT, f"Use {self.forms([word])}.", rule)

    def read(self, text: str, reader: R, now: Sequence[str]) -> Action | Rejection:
        """The action ``text`` asks for, or the refusal saying what would work ``now``."""
        words = text.strip().split(maxsplit=1)
        if not words:
            hint = f" Now: {self.forms(now)}." if now else ""
            return reject(RejectionCode.UNKNOWN_ACTION, "Say what to do." + hint)
        verb = self.get(words[0])
        if verb is None:
            hint = f" Now you can: {self.forms(now)}." if now else " There is nothing to do now."
            return reject(
                RejectionCode.UNKNOWN_ACTION, f"Unknown action '{words[0][:MAX_ECHO]}'.{hint}"
            )
        return verb.read(reader, words[1].strip() if len(words) > 1 else "")

    def hints(self, typed: str, now: Sequence[str]) -> list[str]:
        """Usage forms of the verbs ``now`` that what is typed so far could be starting."""
        head = typed.strip().split(maxsplit=1)
        word = head[0].lower() if head else ""
        found = []
        for name in now:
            verb = self._by_word[name]
            if any(w.startswith(word) or word.startswith(w) for w in (verb.word, *verb.aliases)):
                found.append(verb.usage)
        return found
