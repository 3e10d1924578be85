"""Hypothesis strategies for what a hostile or careless user can type into a slash command.

Discord enforces an option's declared type and limits before the bot sees it (string
length, integer and number ranges, fixed choices); everything inside those limits can
arrive: mentions of every kind, markdown, right-to-left and zero-width characters,
combining marks, emoji, control characters (Discord strips only NUL), and strings exactly
at the length limit.
"""

from __future__ import annotations

import re

from hypothesis import strategies as st

MENTIONS = (
    "@everyone",
    "@here",
    "<@123>",
    "<@!123>",
    "<@&5>",
    "<@&1234567890123456789>",
    "<@1234567890123456789>",
    "<#42>",
    "@everyone@here",
    "<@&0>",
)
MARKDOWN = (
    "**",
    "__",
    "~~",
    "||",
    "`",
    "```",
    "> ",
    "# ",
    "-# ",
    "[click](https://example.invalid)",
    "\\",
    "*",
    "_",
    "\n",
    "\r\n",
)
ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u180e")
RTL = ("\u202e", "\u202b", "\u200f", "\u2067", "\u2069", "שלום", "مرحبا", "\u202dx\u202c")
COMBINING = ("e\u0301", "\u0336" * 8, "Z\u0351\u0352\u0357\u035b\u0346", "\u20dd", "ก\u0e49" * 4)
EMOJI = ("🎲", "👨\u200d👩\u200d👧\u200d👦", "🏳️\u200d🌈", "🇩🇪", "⚔️", "🧙🏽\u200d♂️")
CONTROL = tuple(chr(c) for c in (*range(1, 32), 127, *range(128, 160)))
NUMBERS = (
    "-1",
    "0",
    "-0",
    "1e309",
    "nan",
    "inf",
    "-inf",
    "9" * 40,
    "-" + "9" * 40,
    "2147483648",
    "9223372036854775808",
    "0x10",
    "1_000",
    "١٢",  # Arabic-Indic digits
    "１２",  # full-width digits
)
IDS = ("0", "-1", "1", "18446744073709551616", "9" * 30, "abc", "1.5", "", " ")
HOSTILE_FRAGMENTS = (
    MENTIONS + MARKDOWN + ZERO_WIDTH + RTL + COMBINING + EMOJI + CONTROL + NUMBERS + IDS
)

# what users type into game commands: words of the systems' notations and options
GAME_WORDS = (
    "pick",
    "attack",
    "step",
    "move",
    "activate",
    "end",
    "faction",
    "recruit",
    "deploy",
    "shoot",
    "fight",
    "charge",
    "with",
    "at",
    "to",
    "buy",
    "boost",
    "decline",
    "keep",
    "list",
    "done",
    "map=",
    "mode=",
    "rush=",
    "points=",
    "size=",
    "battlefield=",
    "handicap=",
    "reaction_minutes=",
    "goal=",
    "alpha",
    "bravo",
    "red",
    "blue",
    "=",
    ":",
    '"',
    "'",
    ";",
    "#",
    " ",
)

_NO_NUL = st.characters(exclude_characters="\x00", codec="utf-8")
_fragment = st.one_of(
    st.sampled_from(HOSTILE_FRAGMENTS),
    st.sampled_from(GAME_WORDS),
    st.text(_NO_NUL, min_size=1, max_size=6),
)


def _fit(text: str, min_size: int, max_size: int, pad: str) -> str:
    """``text`` cut to ``max_size`` and padded with ``pad`` up to ``min_size``."""
    text = text[:max_size]
    if len(text) < min_size:
        filler = pad or "x"
        text += (filler * (min_size - len(text)))[: min_size - len(text)]
    return text


@st.composite
def hostile_text(draw: st.DrawFn, min_size: int = 0, max_size: int = 100) -> str:
    """A string Discord would accept for an option of these length limits."""
    pieces = draw(st.lists(_fragment, max_size=12))
    text = "".join(pieces)
    at_limit = draw(st.sampled_from(["as is", "max", "min", "max", "repeat"]))
    pad = draw(st.sampled_from([*MENTIONS[:5], *ZERO_WIDTH[:2], *EMOJI[:2], "x", "*", "\u202e"]))
    if at_limit == "max":
        return _fit(text + pad * max_size, max_size, max_size, pad)
    if at_limit == "min":
        return _fit(text[:min_size], min_size, max_size, pad)
    if at_limit == "repeat" and text:
        return _fit(text * (max_size // len(text) + 1), max_size, max_size, pad)
    return _fit(text, min_size, max_size, pad)


def display_names() -> st.SearchStrategy[str]:
    """Discord display names: 1-32 characters, and they may hold mention syntax too."""
    return hostile_text(1, 32).map(lambda s: s.strip() or "x")


# -- what a reply may contain -------------------------------------------------------------

DISCORD_CONTENT = 2000
EMBED_TOTAL = 6000
EMBED_FIELDS = 25
AUTOCOMPLETE_CHOICES = 25
GENERIC = "Something went wrong"
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\", line \d+")
RAW_BROADCAST = re.compile(r"@(everyone|here)")
RAW_ROLE = re.compile(r"<@&\d+>")
RAW_USER = re.compile(r"<@!?(\d+)>")
