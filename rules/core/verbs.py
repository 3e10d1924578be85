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
from rules.core.language import Phrase
from rules.core.names import normal
from rules.core.rejection import Rejection, RejectionCode, reject

R = TypeVar("R")

MAX_ECHO = 30


@dataclass(frozen=True)
class Verb(Generic[R]):
    """``word`` (or one of ``aliases``) starts an action written as ``usage``; ``read``
    turns what follows into the action, given the system's name reader. ``german`` is the
    usage in German (with a German word among the aliases), for systems that speak it."""

    word: str
    usage: str
    read: Callable[[R, str], Action | Rejection]
    aliases: tuple[str, ...] = ()
    german: str | None = None


def bare(
    word: str,
    action: Action,
    fillers: tuple[str, ...] = (),
    aliases: tuple[str, ...] = (),
    rule: str | Phrase = "",
    german: str | None = None,
) -> Verb[R]:
    """A verb that takes nothing after it (``end``): anything more is refused, so a
    mistyped line is never stored as something the player did not mean. ``fillers`` are
    words it may politely carry (``submit list``)."""

    def read(reader: object, rest: str) -> Action | Rejection:
        if normal(rest) in ("", *fillers):
            return action
        return reject(
            RejectionCode.BAD_ARGUMENT,
            Phrase(
                f"`{word}` takes nothing more; '{rest.strip()[:MAX_ECHO]}' is not understood.",
                None
                if german is None
                else f"`{german}` nimmt nichts weiter; '{rest.strip()[:MAX_ECHO]}' ist"
                " nicht verständlich.",
            ),
            rule,
        )

    return Verb(word, word, read, aliases, german)


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

    def german_forms(self, words: Sequence[str]) -> str | None:
        """The German usage of ``words`` as one line, or None when the table does not speak
        German (a verb of it has no German form)."""
        if any(verb.german is None for verb in self.verbs):
            return None
        return "; ".join(f"`{self._by_word[w].german}`" for w in words)

    def usage(self, word: str, rule: str | Phrase = "") -> Rejection:
        """The refusal for a verb written wrongly: its usage."""
        german = self.german_forms([word])
        return reject(
            RejectionCode.BAD_ARGUMENT,
            Phrase(f"Use {self.forms([word])}.", None if german is None else f"Schreib {german}."),
            rule,
        )

    def read(self, text: str, reader: R, now: Sequence[str]) -> Action | Rejection:
        """The action ``text`` asks for, or the refusal saying what would work ``now``
        (in German too when every verb has a German form)."""
        words = text.strip().split(maxsplit=1)
        if not words:
            german = self.german_forms(now)
            english = "Say what to do." + (f" Now: {self.forms(now)}." if now else "")
            deutsch = "Sag, was geschehen soll." + (f" Jetzt: {german}." if now else "")
            return reject(
                RejectionCode.UNKNOWN_ACTION, Phrase(english, None if german is None else deutsch)
            )
        verb = self.get(words[0])
        if verb is None:
            german = self.german_forms(now)
            echo = words[0][:MAX_ECHO]
            hint = f" Now you can: {self.forms(now)}." if now else " There is nothing to do now."
            tipp = f" Jetzt kannst du: {german}." if now else " Jetzt ist nichts zu tun."
            return reject(
                RejectionCode.UNKNOWN_ACTION,
                Phrase(
                    f"Unknown action '{echo}'.{hint}",
                    None if german is None else f"Unbekannte Aktion '{echo}'.{tipp}",
                ),
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
                german = verb.german is not None and not verb.word.startswith(word)
                # a word typed in German is answered with the German form
                found.append(verb.german if german and verb.german else verb.usage)
        return found
