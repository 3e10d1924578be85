"""`/game verify`'s result in words, in English or German: the channel's answer and the
HTML replay's verification section say the same."""

from __future__ import annotations

from bot.service.read_models import Verification
from rules.core.language import Language, Phrase

_CONSISTENT = Phrase(
    "The saved state equals a fresh replay of the log.",
    "Der gespeicherte Stand gleicht einer frischen Wiederholung des Protokolls.",
)
_INCONSISTENT = Phrase(
    "⚠️ The saved state differs from a replay of the log.",
    "⚠️ Der gespeicherte Stand weicht von einer Wiederholung des Protokolls ab.",
)
_SECRET = Phrase(
    "The seed stays secret until the game ends; its commitment is `{commitment}`. {state}",
    "Der Seed bleibt bis zum Spielende geheim; seine Festlegung ist `{commitment}`. {state}",
)
_FAIR = Phrase(
    "✅ All {count} recorded rolls match the seed `{seed}`, whose SHA-256 is the commitment "
    "`{commitment}` shown at the start, and they use its dice in order "
    "(counters 0, 1, 2, … each once). {state}",
    "✅ Alle {count} aufgezeichneten Würfe passen zum Seed `{seed}`, dessen SHA-256 die zu "
    "Beginn gezeigte Festlegung `{commitment}` ist, und sie nutzen seine Würfel der Reihe "
    "nach (Zähler 0, 1, 2, … je einmal). {state}",
)
_MISMATCHES = Phrase(
    "{bad} of {count} rolls do not match the seed: {detail}",
    "{bad} von {count} Würfen passen nicht zum Seed: {detail}",
)
_DRAW = Phrase("{purpose} (draw {counter})", "{purpose} (Zug {counter})")
_COMMITMENT_BROKEN = Phrase(
    "the seed does not match the commitment", "der Seed passt nicht zur Festlegung"
)
_OUT_OF_SEQUENCE = Phrase("out of sequence: {detail}", "außer der Reihe: {detail}")


def verification_text(checked: Verification, language: Language = Language.ENGLISH) -> str:
    """The answer to `/game verify` in ``language``."""
    report = checked.report
    state = (_CONSISTENT if checked.consistent else _INCONSISTENT).in_(language)
    if report is None:
        return _SECRET.in_(language).format(commitment=checked.commitment, state=state)
    if checked.fair:
        return _FAIR.in_(language).format(
            count=len(report.checks), seed=checked.seed, commitment=checked.commitment, state=state
        )
    problems = []
    if report.mismatches:
        bad = report.mismatches[:5]
        detail = "; ".join(
            _DRAW.in_(language).format(purpose=c.purpose, counter=c.counter_start) for c in bad
        )
        problems.append(
            _MISMATCHES.in_(language).format(
                bad=len(report.mismatches), count=len(report.checks), detail=detail
            )
        )
    if not report.commitment_ok:
        problems.append(_COMMITMENT_BROKEN.in_(language))
    if checked.out_of_sequence is not None:
        detail = checked.out_of_sequence.describe()
        problems.append(_OUT_OF_SEQUENCE.in_(language).format(detail=detail))
    return f"❌ {'; '.join(problems)}. {state}"
