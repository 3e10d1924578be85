"""Mention syntax in text that users typed, made inert before it is shown again.

Allowed-mention policies already stop a reply from pinging anybody it should not; this
also keeps echoed names, comments and refused input from *looking* like a mention of
everyone, a role or a user. A zero-width space after the ``@`` leaves the text readable.
"""

from __future__ import annotations

import re

_MENTION = re.compile(r"@(?=everyone|here)|(?<=<)@(?=[!&]?\d+>)")
ZERO_WIDTH_SPACE = "\u200b"


def defuse_mentions(text: str) -> str:
    """``@everyone``, ``@here``, ``<@&5>``, ``<@123>`` → the same with ``@\\u200b``."""
    return _MENTION.sub("@" + ZERO_WIDTH_SPACE, text)


def mention_count(text: str) -> int:
    """How many characters :func:`defuse_mentions` adds to ``text``."""
    return len(_MENTION.findall(text))
