from __future__ import annotations

import pytest

from bot.discord_app.cogs.lookup import rules_text
from bot.service.errors import UserError


def test_unknown_system_is_a_clear_refusal() -> None:
    with pytest.raises(UserError, match="No game system 'chess'"):
        rules_text("morale", "chess")


def test_exact_entry_and_related_titles() -> None:
    text = rules_text("natural 10")
    assert text.startswith("**Natural 10 always succeeds**") and "See also" in text
    assert rules_text("dice:natural-1").startswith("**Natural 1 always fails**")
