"""`/game replay from: to:`: which part of a game the animated replay shows.

Each bound is a round (``3``, ``round 3``, ``Runde 3``), what players talk about, or a
log number (``#120``, ``log 120``) as `/game log` and every caption number the lines, to
start or stop in the middle of a round. ``from:`` alone runs to the latest board, ``to:``
alone from the start. A frame belongs to the rounds ``from:`` to ``to:`` by the round
after its step (boards before round 1 count as round 0), and to a stretch of log numbers
when it covers any of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.messages import as_is
from bot.service.errors import UserError
from bot.service.replay_frames import ReplayFrame
from rules.core.language import Language, Phrase

FROM = Phrase("from", "von")
TO = Phrase("to", "bis")

_ROUND = re.compile(r"^(?:round|runde|r)?\s*(\d{1,9})$", re.IGNORECASE)
_LOG = re.compile(r"^(?:#|(?:log|protokoll|nr\.?)\s*#?)\s*(\d{1,9})$", re.IGNORECASE)

_UNREADABLE = Phrase(
    "`{option}:` takes a round (`3`) or a log number (`#120`, as `/game log` numbers the"
    " lines), not `{typed}`.",
    "`{option}:` nimmt eine Runde (`3`) oder eine Protokollnummer (`#120`, wie"
    " `/spiel protokoll` die Zeilen nummeriert), nicht `{typed}`.",
)
_NO_ROUNDS = Phrase(
    "This game has not reached round 1, so there is no round {round} to replay; give a log"
    " number such as `#{number}` instead.",
    "Dieses Spiel hat Runde 1 noch nicht erreicht, also gibt es keine Runde {round}; gib"
    " stattdessen eine Protokollnummer wie `#{number}` an.",
)
_NO_ROUND = Phrase(
    "This game has reached round {last}: there is no round {round} to replay.",
    "Dieses Spiel ist bei Runde {last}: eine Runde {round} gibt es nicht.",
)
_NO_NUMBER = Phrase(
    "The log ends at #{last}: there is no #{number} to replay.",
    "Das Protokoll endet bei #{last}: eine #{number} gibt es nicht.",
)
_BACKWARDS = Phrase(
    "`{start_option}:` ({start}) comes after `{end_option}:` ({end}): swap them.",
    "`{start_option}:` ({start}) liegt nach `{end_option}:` ({end}): vertausche sie.",
)
_NOTHING = Phrase(
    "No board was drawn from {start} to {end}: try a wider range.",
    "Von {start} bis {end} wurde kein Brett gezeigt: versuche einen größeren Bereich.",
)
_ROUND_WORD = Phrase("round {round}", "Runde {round}")
_START = Phrase("the start", "Spielbeginn")
_END = Phrase("the latest board", "zum letzten Brett")


@dataclass(frozen=True, slots=True)
class Bound:
    """A round or a log number (exactly one of them)."""

    round: int | None = None
    number: int | None = None

    def words(self, language: Language) -> str:
        if self.number is not None:
            return f"#{self.number}"
        return _ROUND_WORD.in_(language).format(round=self.round)


def parse_bound(text: str | None, option: Phrase, language: Language) -> Bound | None:
    """``from:`` or ``to:`` as typed (None or blank: not given), or a refusal saying what
    it takes."""
    if text is None or not text.strip():
        return None
    typed = text.strip()
    if (found := _LOG.match(typed)) and int(found.group(1)) > 0:
        return Bound(number=int(found.group(1)))
    if (found := _ROUND.match(typed)) and int(found.group(1)) > 0:
        return Bound(round=int(found.group(1)))
    raise UserError(
        as_is(_UNREADABLE.in_(language).format(option=option.in_(language), typed=typed[:40]))
    )


def _round(frame: ReplayFrame) -> int:
    return 0 if frame.round is None else frame.round


def _check(bound: Bound, frames: Sequence[ReplayFrame], language: Language) -> None:
    """Refuse a round the game has not reached or a log number past the log's end."""
    last = frames[-1].last
    if bound.number is not None and bound.number > last:
        raise UserError(as_is(_NO_NUMBER.in_(language).format(last=last, number=bound.number)))
    rounds = [frame.round for frame in frames if frame.round is not None]
    if bound.round is not None and not rounds:
        raise UserError(as_is(_NO_ROUNDS.in_(language).format(round=bound.round, number=last)))
    if bound.round is not None and bound.round > max(rounds):
        raise UserError(as_is(_NO_ROUND.in_(language).format(last=max(rounds), round=bound.round)))


def selected_frames(
    frames: Sequence[ReplayFrame],
    start: Bound | None,
    end: Bound | None,
    language: Language = Language.ENGLISH,
) -> list[ReplayFrame]:
    """The frames from ``start`` to ``end`` (None: the first, the last), or a refusal
    that says what is wrong with the range."""
    for bound in (start, end):
        if bound is not None:
            _check(bound, frames, language)
    if start is not None and end is not None:
        backwards = (
            start.round is not None and end.round is not None and start.round > end.round
        ) or (start.number is not None and end.number is not None and start.number > end.number)
        if backwards:
            raise UserError(
                as_is(
                    _BACKWARDS.in_(language).format(
                        start_option=FROM.in_(language),
                        start=start.words(language),
                        end_option=TO.in_(language),
                        end=end.words(language),
                    )
                )
            )

    def inside(frame: ReplayFrame) -> bool:
        if start is not None:
            if start.round is not None and _round(frame) < start.round:
                return False
            if start.number is not None and frame.last < start.number:
                return False
        if end is not None:
            if end.round is not None and _round(frame) > end.round:
                return False
            if end.number is not None and frame.first > end.number:
                return False
        return True

    chosen = [frame for frame in frames if inside(frame)]
    if not chosen:
        raise UserError(
            as_is(
                _NOTHING.in_(language).format(
                    start=start.words(language) if start else _START.in_(language),
                    end=end.words(language) if end else _END.in_(language),
                )
            )
        )
    return chosen


_ROUND_CHOICE = Phrase("Round {round}", "Runde {round}")
_LOG_CHOICE = Phrase("#{number}: log number {number}", "#{number}: Protokollnummer {number}")
_MOST_CHOICES = 25  # Discord's limit


def bound_choices(typed: str, reached: int | None, language: Language) -> list[tuple[str, str]]:
    """Suggestions for ``from:`` and ``to:`` (label, value): the rounds the game has
    reached that match what is typed, or the log number being typed."""
    text = typed.strip()
    if (found := _LOG.match(text)) and int(found.group(1)) > 0:
        number = int(found.group(1))
        return [(_LOG_CHOICE.in_(language).format(number=number), f"#{number}")]
    if reached is None:
        return []
    digits = "".join(char for char in text if char.isdigit())
    rounds = [n for n in range(1, reached + 1) if digits in str(n)]
    return [(_ROUND_CHOICE.in_(language).format(round=n), str(n)) for n in rounds][:_MOST_CHOICES]
