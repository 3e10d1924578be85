"""`/game verify`'s result in words, in the reader's language: the channel's answer and
the HTML replay's verification section say the same."""

from __future__ import annotations

from bot.messages import Message, joined, said
from bot.service.read_models import Verification
from rules.core.language import Language


def verification_text(checked: Verification, language: Language = Language.ENGLISH) -> str:
    """The answer to `/game verify` in ``language``."""
    return verification_said(checked, language).in_(language)


def verification_said(checked: Verification, language: Language = Language.ENGLISH) -> Message:
    report = checked.report
    state = (
        said("The saved state equals a fresh replay of the log.")
        if checked.consistent
        else said("⚠️ The saved state differs from a replay of the log.")
    )
    if report is None:
        return said(
            "The seed stays secret until the game ends; its commitment is `{commitment}`. {state}",
            commitment=checked.commitment,
            state=state,
        )
    if checked.fair:
        return said(
            "✅ All {count} recorded rolls match the seed `{seed}`, whose SHA-256 is the "
            "commitment `{commitment}` shown at the start, and they use its dice in order "
            "(counters 0, 1, 2, … each once). {state}",
            count=len(report.checks),
            seed=checked.seed or "",
            commitment=checked.commitment,
            state=state,
        )
    problems: list[Message] = []
    if report.mismatches:
        bad = report.mismatches[:5]
        detail = joined(
            (
                said("{purpose} (draw {counter})", purpose=c.purpose, counter=c.counter_start)
                for c in bad
            ),
            "; ",
        )
        problems.append(
            said(
                "{bad} of {count} rolls do not match the seed: {detail}",
                bad=len(report.mismatches),
                count=len(report.checks),
                detail=detail,
            )
        )
    if not report.commitment_ok:
        problems.append(said("the seed does not match the commitment"))
    if checked.out_of_sequence is not None:
        detail_text = checked.out_of_sequence.describe(language)
        problems.append(said("out of sequence: {detail}", detail=detail_text))
    return said("❌ {problems}. {state}", problems=joined(problems, "; "), state=state)
