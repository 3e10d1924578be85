"""Help pages shown by /help (and by `help` in local mode): the general pages here, and
for every game system players are offered its own page and a page of its options, both
taken from what the system declares."""

from __future__ import annotations

from rules.core.registry import available_systems

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
        "`new system: [options: key=value …] [side:]` · `join [side:]` · `leave` (before the "
        "start) · `start` · `status` · `board` · `log [last:]` · `undo [count:] [approve:]` · "
        "`concede` · `end` · `pause [reason:]` · `resume` · `kick player: [replacement:]` "
        "(these three and `end`: the creator or Manage Server) · `export` · `verify` · `list` "
        "(your games everywhere) · `settings [reminder: hours]`.\n"
        "Kick frees an absent player's seat in the lobby; once the game is under way it hands "
        "the seat to the replacement, who gets its menus by DM. A player may hand over their "
        "own seat. While paused nobody can act and no deadline runs.\n"
        "Undo: your own last actions are taken back at once until dice were rolled, something "
        "was revealed or another player acted; past that, the other players approve with a "
        "button. Undo never re-rolls: the dice stream rewinds with the game."
    ),
    "act": (
        "**/act action:** submits a move in the game's own notation (e.g. `pick attack`, "
        "`step`). The suggestions show only what you may do now. Refusals are private and "
        "say which rule applies and what would be legal."
    ),
    "roll": (
        "**/roll dice:** — `XdY`, `+ - * /`, keep/drop `k3 kl1 d1 dh1`, rerolls `r1` (once) "
        "`rr1` (repeating), exploding `!` (repeating) `!o` (once) `!>=9`, successes per die "
        "`6d10>=6` or `6d10t6` (counts dice, not the total), failures on ones `f1`, double "
        "successes on a face, several rolls with `;`, labels `attack: 4d10t6`, comments "
        "`# vs the ogre`, `private:true` for your eyes only. Caps: 1,000 dice, 100 rolls. "
        "Full reference: docs/dice-notation.md."
    ),
    "rules": (
        "**/rules topic: [system:]** finds the closest rules entry (typos are fine) and names "
        "the section of the source it summarises."
    ),
    "table": (
        "**/table name: [row:] [column:]** reads the numeric tables of the rules: with a row "
        "and a column you get the single cell (e.g. close combat, row 5, column 3). The German "
        "names of the black-powder quick reference work too."
    ),
    "fairness": (
        "**Provably fair dice.** Each game rolls from its own secret seed. When the game starts "
        "the channel sees the seed's SHA-256 (the commitment); when it ends the seed is "
        "revealed and `/game verify` re-derives every recorded roll from it and checks that "
        "the rolls used its dice in order, none skipped. `/game export` gives the log to "
        "check yourself (docs/fair-dice.md has a short script)."
    ),
}


def _systems_pages(unlisted: bool) -> dict[str, str]:
    pages = {}
    for system in available_systems(unlisted=unlisted):
        if system.help_text:
            pages[system.id] = system.help_text + f"\nOptions: `/help topic:{system.id}-options`."
        lines = [f'**{system.name} options** (`/game new options:"key=value …"`)']
        lines += [f"• {spec.usage()}" for spec in system.options()]
        pages[f"{system.id}-options"] = _fit("\n".join(lines))
    return pages


def _fit(text: str) -> str:
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def help_pages(unlisted: bool = False) -> dict[str, str]:
    """Every help page by topic: the general ones and each offered system's."""
    pages = {key: text for key, text in HELP.items() if key != "start"}
    pages.update(_systems_pages(unlisted))
    topics = ", ".join(key for key in pages if not key.endswith("-options"))
    return {"start": HELP["start"].replace("{topics}", topics), **pages}


def help_topics(unlisted: bool = False) -> tuple[str, ...]:
    return tuple(help_pages(unlisted))


def help_text(topic: str | None, unlisted: bool = False) -> str:
    pages = help_pages(unlisted)
    if topic is None:
        return pages["start"]
    return pages.get(topic.lower().strip(), pages["start"])
