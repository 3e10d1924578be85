"""Everything Umpire says to players has German in the ``messages`` catalogue
(``bot/locales/messages-de.po``): every message the code makes with ``said``/``said_n`` is
found in the source, and has a German entry with the same ``{slots}``; no entry is left
over; and no English sentence reaches a player from the user-facing modules without going
through a message (a new one written as a plain string fails here, naming where it is)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from string import Formatter

from bot.catalogues import catalogue
from bot.durations import elapsed_said, hours_said
from bot.messages import Message, and_list, as_is, said, said_n
from rules.core.language import Language, Phrase

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"

USER_FACING = [
    BOT / "service",
    BOT / "present",
    BOT / "discord_app",
    BOT / "local" / "session.py",
    BOT / "messages.py",
    BOT / "durations.py",
]
"""Modules whose strings reach players (the store's, the operator commands' and the help
pages' own catalogue are checked elsewhere or speak to the operator)."""
OPERATOR_FACING = {BOT / "discord_app" / "health.py", BOT / "discord_app" / "metrics.py"}

SAYING = {"said": (0,), "said_n": (1, 2)}
"""The calls that make a message, and which of their arguments are English msgids."""
NOT_SAID = {
    # logging and what the command tree says, which the commands catalogue translates
    "debug",
    "info",
    "warning",
    "error",
    "exception",
    "getLogger",
    "describe",
    "command",
    "choices",
    "Choice",
    "locale_str",
    "Group",
    "ContextMenu",
    "GroupCog",
    # a line of local mode that is no command at all, as Discord's own client refuses it
    "MalformedLine",
    # developers' mistakes, never a player's, and patterns
    "RuntimeError",
    "ValueError",
    "AssertionError",
    "compile",
    # an event's reason, recorded in English and worded for each reader by narration
    "GameEnded",
}
ENGLISH = re.compile(r"[A-Za-z]{2,}[ ,'][^{}]*?[A-Za-z]{2,}")
KNOWN = {
    # option values and notation players type, and language names in their own language
    "every activation",
    "every round",
    "on request",
    "crate return",
    "English",
    "Deutsch",
}
MARKUP = re.compile(r"<[!/a-zA-Z]|=\"|-src |function\(|\{[a-z-]+:")
"""The HTML replay's markup, style and script (its words are messages)."""


@dataclass(frozen=True)
class Found:
    text: str
    plural: str | None
    where: str


def python_files() -> list[Path]:
    return sorted(BOT.rglob("*.py"))


def called(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def messages_in(path: Path) -> tuple[list[Found], list[str]]:
    """The messages made in ``path``, and the calls whose English is no literal."""
    found, problems = [], []
    for node in ast.walk(ast.parse(path.read_bytes())):
        if not isinstance(node, ast.Call) or called(node) not in SAYING:
            continue
        where = f"{path.relative_to(ROOT)}:{node.lineno}"
        texts = []
        for index in SAYING[called(node)]:
            argument = node.args[index] if len(node.args) > index else None
            if not isinstance(argument, ast.Constant) or not isinstance(argument.value, str):
                problems.append(f"{where}: the English of {called(node)}() must be a literal")
                break
            texts.append(argument.value)
        else:
            found.append(Found(texts[0], texts[1] if len(texts) > 1 else None, where))
    return found, problems


def all_messages() -> list[Found]:
    found, problems = [], []
    for path in python_files():
        more, wrong = messages_in(path)
        found += more
        problems += wrong
    assert not problems, "\n".join(problems)
    return found


def slots(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def po_entry(message: Found) -> str:
    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    if message.plural is None:
        return f"msgid {quoted(message.text)}\nmsgstr {quoted('')}"
    return (
        f"msgid {quoted(message.text)}\nmsgid_plural {quoted(message.plural)}\n"
        f'msgstr[0] ""\nmsgstr[1] ""'
    )


def test_every_message_has_german_with_the_same_slots() -> None:
    german = catalogue(Language.GERMAN, "messages")
    assert german is not None
    missing, wrong = [], []
    for message in all_messages():
        if message.plural is None:
            forms = [german.get("", message.text)]
            english = [message.text]
        else:
            forms = list(german.plurals.get(message.text, (None, None)))
            english = [message.text, message.plural]
        if not all(forms):
            missing.append(f"#: {message.where}\n{po_entry(message)}")
            continue
        for one, theirs in zip(english, forms, strict=True):
            assert theirs is not None
            if slots(one) != slots(theirs):
                wrong.append(f"{message.where}: {theirs!r} has other slots than {one!r}")
    assert not missing, (
        "these messages have no German; add them to bot/locales/messages-de.po:\n\n"
        + "\n\n".join(missing)
    )
    assert not wrong, "\n".join(wrong)


def test_no_catalogue_entry_is_left_over() -> None:
    german = catalogue(Language.GERMAN, "messages")
    assert german is not None
    used = {m.text for m in all_messages()}
    unused = sorted({text for _, text in german.messages} | set(german.plurals))
    assert [text for text in unused if text not in used] == []


def _skipped(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that need no message: docstrings, the English of
    messages, and what :data:`NOT_SAID` calls are given."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    skipped.add(id(statement.value))
        if isinstance(node, ast.Call):
            name = called(node)
            if name in NOT_SAID or (name == "Phrase" and len(node.args) == 2):
                skipped.update(id(sub) for sub in ast.walk(node))
            if name in SAYING:
                skipped.update(id(node.args[index]) for index in SAYING[name])
        if isinstance(node, ast.ClassDef):  # a cog's group name and description
            skipped.update(id(sub) for keyword in node.keywords for sub in ast.walk(keyword))
        if isinstance(node, ast.Call):  # what Discord's audit log says a change was for
            skipped.update(id(k.value) for k in node.keywords if k.arg == "reason")
        if isinstance(node, ast.Assert) and node.msg is not None:
            skipped.update(id(sub) for sub in ast.walk(node.msg))
        if isinstance(node, ast.AnnAssign) and "TypeAlias" in ast.unparse(node.annotation):
            skipped.update(id(sub) for sub in ast.walk(node))
    return skipped


def english_strings(path: Path) -> list[str]:
    tree = ast.parse(path.read_bytes())
    skipped = _skipped(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in skipped or node.value in KNOWN or not ENGLISH.search(node.value):
            continue
        if MARKUP.search(node.value):
            continue
        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:70]!r}")
    return found


def test_no_english_sentence_reaches_a_player_outside_a_message() -> None:
    files = [p for f in USER_FACING for p in ([f] if f.is_file() else sorted(f.rglob("*.py")))]
    found = [
        line for path in files if path not in OPERATOR_FACING for line in english_strings(path)
    ]
    assert not found, (
        "English text for players belongs in a message (said/said_n, bot/messages.py) with "
        "German in bot/locales/messages-de.po:\n" + "\n".join(found)
    )


def test_as_is_is_never_given_english_of_its_own() -> None:
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Call) and called(node) == "as_is" and node.args:
                assert not isinstance(node.args[0], ast.Constant | ast.JoinedStr), (
                    f"{path.relative_to(ROOT)}:{node.lineno}: as_is() is for words already "
                    "in their reader's language, never for English written here"
                )


def test_a_message_reads_in_each_language_and_survives_the_log() -> None:
    joined = said("{player} joined as {side}.", player="bob", side="Bravo")
    assert joined.english == "bob joined as Bravo."
    assert joined.in_(Language.GERMAN) == "bob spielt als Bravo mit."
    nested = said(
        "The undo request by {asker} lapsed because {because}; ask again with "
        "`/game undo` if it is still wanted.",
        asker="Alpha (alice)",
        because=said("{side} acted", side="Bravo (bob)"),
    )
    kept = Message.from_json(nested.to_json())
    assert kept == nested
    assert kept.in_(Language.GERMAN).startswith(
        "Die Bitte um Zurücknahme von Alpha (alice) ist verfallen, weil Bravo (bob) gehandelt hat"
    )
    # a system's own words in both languages, and counts, are kept as they are
    phrase = said("Waiting on {sides}.", sides=Phrase("Red", "Rot"))
    assert Message.from_json(phrase.to_json()).in_(Language.GERMAN) == "Wartet auf Rot."
    assert said_n(1, "{count} day", "{count} days").in_(Language.GERMAN) == "1 Tag"
    assert said_n(3, "{count} day", "{count} days").in_(Language.GERMAN) == "3 Tage"
    assert hours_said(1.5).english == "1.5 hours" and hours_said(24.0).english == "24 hours"
    assert elapsed_said(3 * 86400 + 7200).in_(Language.GERMAN) == "3 Tage 2 Stunden"
    assert and_list(["A", "B", "C"]) != "A"
    listed = and_list(["A", "B", "C"])
    assert isinstance(listed, Message) and listed.in_(Language.GERMAN) == "A, B und C"
    assert as_is("{not a slot}").in_(Language.GERMAN) == "{not a slot}"
