"""Help pages shown by /help (and by `help` in local mode): the general pages here, and
for every game system players are offered its own page and a page of its options, both
taken from what the system declares. The pages come in the reader's language: German from
the commands catalogue (``help`` entries by topic, a system's page by its id), English
otherwise (and for a system the catalogue has no German page for)."""

from __future__ import annotations

from typing import Any

from rapidfuzz import process

from bot.catalogues import catalogue
from bot.messages import said
from bot.present.defuse import defuse_mentions
from rules.core.language import Language, Phrase
from rules.core.registry import available_systems
from rules.core.system import GameSystem

EXAMPLE_VERBS = ("activate", "attack", "shoot", "move", "step", "end")
"""Verbs whose forms make good examples of a system's notation, if the system has them."""
LIMIT = 1900  # a Discord message holds 2,000 characters

HELP = {
    "start": (
        "**Umpire referees wargames played by chat.**\n"
        "• `/game new system:` sets up a game in this channel (one per channel or thread); "
        "others `/game join`, then `/game start`.\n"
        "• `/act` makes your move; suggestions list what is legal right now.\n"
        "• Secret choices arrive by DM as menus; if your DMs are closed, `/act` in the channel "
        "answers you privately.\n"
        "• `/roll 6d10>=6` rolls dice; `/rules` and `/table` look rules up.\n"
        "Topics: `/help topic:` {topics}."
    ),
    "game": (
        "**/game**\n"
        "`new system: [options: key=value …] [side:] [thread:]` · `join [side:]` · "
        "`leave` (before the start) · `start` · `status` · `board` · `log [page:]` · "
        "`catchup` · `sheet name: [system:]` · `undo [count:] [approve:]` · "
        "`concede` · `end` (both ask first) · `pause [reason:]` · `resume` · "
        "`kick player: [replacement:]` "
        "(these three and `end`: the creator or Manage Server) · `export [format:html]` · "
        "`replay [from:] [to:]` · `verify` · `list` "
        "(your games everywhere) · `settings [reminder: hours] [posts:] [board:] "
        "[absent_after:] [absent_action:] [reminders:] [quiet_hours:] [language:]`.\n"
        "The game's dashboard is one message, pinned where I may pin, that I edit after "
        "every move: round and phase, whose move and until when, each side's figures and "
        "the latest lines; `status` links it. Settings: `posts:` full (every move), compact "
        "(one summary a round) or quiet (dashboard and the result only; `log` keeps every "
        "line); `board:` every activation, every round or on request; stewards set "
        "`absent_after: 48h` and `absent_action: pass|pause` (a warning comes first); each "
        "player sets `reminders: channel|dm|both` and `quiet_hours: 22-07 UTC+1` (or a "
        "time zone such as Europe/Berlin), during which reminders wait; `language:` is the "
        "dashboard's and reminders'.\n"
        "Kick frees an absent player's seat, or hands it to the replacement once the game is "
        "under way (a player may hand over their own). While paused no deadline runs.\n"
        "Log shows its newest page privately, your own lines too, with buttons to page "
        "through the game. Sheet shows a unit's card (`/help topic:sheet`).\n"
        "Catchup tells you privately what happened since your last action and what waits "
        "on you.\n"
        "Replay posts an animated picture of the public board after each step, with that "
        "step's lines under it; `from:` and `to:` take a round (`3`) or a log number "
        "(`#120`).\n"
        "Undo takes back your own last actions: `/help topic:undo`.\n"
        "`/server settings threads:true` (Manage Server) opens a thread for every new game "
        "unless `thread:` says otherwise."
    ),
    "sheet": (
        "**/game sheet name: [system:]** shows you privately a unit's or character's card: "
        "characteristics, weapons, equipment, special rules and points, in your language "
        "where the game speaks it. In a game's channel its own units or characters come "
        "first, with what they have left now (wounds, models, where they stand), then the "
        "game system's other cards as you type; never anything you may not see yet, such "
        "as a secret army list, a team not yet revealed or a unit under a hidden marker. "
        "Where no game is played, `system:` says whose cards (suggestions as you type). A "
        "misspelt name is answered with the closest card."
    ),
    "undo": (
        "**/game undo [count:] [approve:]** takes back your own last `count` actions and "
        "everything done since, whoever did it. Only a player with an action of their own "
        "to take back may ask.\n"
        "• At once, when all of it is yours and nothing in it revealed anything (dice, a "
        "face turned up, a look into something hidden).\n"
        "• Otherwise the channel is told exactly which actions and whose, and every other "
        "player approves with the button or `/game undo approve:true`; "
        "`/game undo approve:false` declines it (its asker withdraws it the same way). A "
        "move made before then lapses the request, and says so; while it waits, nobody "
        "else can ask for another.\n"
        "• Once done, the channel and the log say exactly what was taken back and whose "
        "each action was (a secret choice only as whose it was), who asked and who "
        "approved.\n"
        "• Dice are never dealt twice: after an undo across rolls the game draws fresh dice. "
        "The rolls taken back stay in the log, and `/game verify` still proves them."
    ),
    "act": (
        "**/act action:** submits a move in the game's own notation{examples}. The "
        "suggestions show only what you may do now. Refusals are private and say which rule "
        "applies and what would be legal."
    ),
    "roll": (
        "**/roll dice:** — `XdY`, `+ - * /`, keep/drop `k3 kl1 d1 dh1`, rerolls `r1` (once) "
        "`rr1` (repeating), exploding `!` (repeating) `!o` (once) `!>=9`, successes per die "
        "`6d10>=6` or `6d10t6` (counts dice, not the total), failures on ones `f1`, double "
        "successes on a face, several rolls with `;`, labels `attack: 4d10t6`, comments "
        "`# vs the ogre`, `private:true` for your eyes only. Also Dice Maiden and Avrae "
        "forms: `3d6 e6` `ie6` `4d6 ir2` `rg5` `ro1` `mi2` `ma5`, `1d20 adv`/`dis`, `6 4d6 k3` "
        "(six rolls), notes `1d20+5 [str]`, labels `(Attack) 1d20+5`, `tl6`, `t7ds10`, "
        "botches `b1`, and before a roll `p` (private), `s` (result only). "
        "Caps: 1,000 dice, 100 rolls. "
        "Saved rolls: `/macro save name:stats dice:6 4d6k3`, then `/roll name:stats`; "
        "`/macro list`, `/macro delete name:` (yours alone, per server, at most 50). "
        "Full reference: docs/dice-notation.md."
    ),
    "rules": (
        "**/rules topic: [system:]** finds the closest rules entry (typos are fine) and names "
        "the section of the source it summarises; in German where the entry has a German "
        "version and your Discord speaks German."
    ),
    "table": (
        "**/table name: [row:] [column:]** reads the numeric tables of the rules: with a row "
        "and a column you get the single cell (e.g. close combat, row 5, column 3). German words "
        "work too (Granate, Deckung, Nahkampf); in a game's channel its own tables come first, "
        "and `/table` without a name lists them."
    ),
    "fairness": (
        "**Provably fair dice.** Each game rolls from its own secret seed. When the game starts "
        "the channel sees the seed's SHA-256 (the commitment); when it ends the seed is "
        "revealed and `/game verify` re-derives every recorded roll from it and checks that "
        "the rolls used its dice in order, none skipped. `/game export` gives the log to "
        "check yourself (docs/fair-dice.md has a short script); `/game export format:html` "
        "gives one page to open in any browser, offline: the log step by step with the public "
        "board after each step (buttons, or the keys ← → Home End), a jump to any round, the "
        "commitment and what `/game verify` says."
    ),
}


def _systems_pages(unlisted: bool, language: Language = Language.ENGLISH) -> dict[str, str]:
    found = catalogue(language)
    translated = found.in_context("help") if found is not None else {}
    pages = {}
    for system in available_systems(unlisted=unlisted):
        if system.help_text:
            topic = f"{system.id}-options"
            more = said("Options: `/help topic:{topic}`.", topic=topic).in_(language)
            pages[system.id] = f"{translated.get(system.id, system.help_text)}\n{more}"
        heading = said(
            '**{system} options** (`/game new options:"key=value …"`)', system=system.name
        )
        lines = [heading.in_(language)]
        lines += [f"• {spec.usage()}" for spec in system.options()]
        pages[f"{system.id}-options"] = _fit("\n".join(lines))
    return pages


def _fit(text: str) -> str:
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


_EXAMPLES = Phrase(" (e.g. {shown})", " (z. B. {shown})")
_IN = Phrase("in {name} {forms}", "in {name} {forms}")


def _examples(systems: list[GameSystem[Any]], language: Language = Language.ENGLISH) -> str:
    """`` (e.g. in Tannhäuser `activate <character>`, `attack <target> …`; …)``: forms of
    the systems' own verbs, so the examples are always ones the game in play reads."""
    shown = []
    for system in systems:
        if system.verbs is None:
            continue
        words = set(system.verbs.words())
        picked = [w for w in EXAMPLE_VERBS if w in words][:2] or list(system.verbs.words()[:2])
        forms = []
        for word in picked:
            verb = system.verbs.get(word)
            if verb is not None:
                form = verb.usage.split(" | ")[0]
                forms.append(f"`{form if len(form) <= 40 else form[:39] + '…'}`")
        if forms:
            shown.append(_IN.in_(language).format(name=system.name, forms=", ".join(forms)))
    return _EXAMPLES.in_(language).format(shown="; ".join(shown)) if shown else ""


def general_pages(language: Language = Language.ENGLISH) -> dict[str, str]:
    """The general help pages in ``language`` (English where the catalogue has none)."""
    found = catalogue(language)
    translated = found.in_context("help") if found is not None else {}
    return {key: translated.get(key, text) for key, text in HELP.items()}


def help_pages(
    unlisted: bool = False, system: str | None = None, language: Language = Language.ENGLISH
) -> dict[str, str]:
    """Every help page by topic: the general ones (in ``language``) and each offered
    system's. Examples come from ``system`` (the game in the channel) when given, else
    from every offered system."""
    offered = available_systems(unlisted=unlisted)
    here = [s for s in offered if s.id == system] or available_systems(unlisted=False)
    general = general_pages(language)
    pages = {key: text for key, text in general.items() if key != "start"}
    pages["act"] = pages["act"].replace("{examples}", _examples(here, language))
    pages.update(_systems_pages(unlisted, language))
    topics = ", ".join(key for key in pages if not key.endswith("-options"))
    return {"start": general["start"].replace("{topics}", topics), **pages}


def help_topics(unlisted: bool = False) -> tuple[str, ...]:
    return tuple(help_pages(unlisted))


_NO_TOPIC = Phrase(
    "There is no help topic '{topic}'.{hint} Topics: {listed}.",
    "Es gibt kein Hilfethema '{topic}'.{hint} Themen: {listed}.",
)
_DID_YOU_MEAN = Phrase(" Did you mean `{topic}`?", " Meintest du `{topic}`?")


def help_text(
    topic: str | None,
    unlisted: bool = False,
    system: str | None = None,
    language: Language = Language.ENGLISH,
) -> str:
    """The page for ``topic`` (the main page without one) in ``language``; an unknown
    topic is answered with the topics there are and the closest, never silently with the
    main page."""
    pages = help_pages(unlisted, system, language)
    if topic is None or not topic.strip():
        return pages["start"]
    wanted = topic.lower().strip()
    if wanted in pages:
        return pages[wanted]
    topics = [key for key in pages if key != "start"]
    closest = process.extractOne(wanted, topics, score_cutoff=60)
    hint = _DID_YOU_MEAN.in_(language).format(topic=closest[0]) if closest else ""
    listed = ", ".join(f"`{key}`" for key in topics)
    echoed = defuse_mentions(topic.strip()[:40])
    return _fit(_NO_TOPIC.in_(language).format(topic=echoed, hint=hint, listed=listed))
