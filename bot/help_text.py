"""Help pages shown by /help (and by `help` in local mode)."""

from __future__ import annotations

HELP = {
    "start": (
        "**Umpire referees wargames played by chat.**\n"
        "• `/game new system:` sets up a game in this channel (one per channel or thread); "
        "others `/game join`, then `/game start`.\n"
        "• `/act` makes your move; suggestions list what is legal right now.\n"
        "• Secret choices arrive by DM as menus; if your DMs are closed, `/act` in the channel "
        "answers you privately.\n"
        "• `/roll 6d10>=6` rolls dice; `/rules` and `/table` look rules up.\n"
        "Topics: `/help topic:` game, act, tannhauser, wasteland, roll, rules, table, fairness."
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
    "tannhauser": (
        '**Tannhäuser** — `/game new system:tannhauser options:"map=hollowmere"`. Options: '
        "`map=` hollowmere (2 entry points), harrowpeak (4) or random; `rush=true` (rush-and-go, "
        "4-entry maps); `reaction_minutes=` (time to answer an overwatch chance, shake-off, "
        "counterattack or crate before Umpire declines; default 720).\n"
        "Setup by DM: faction, team (3 heroes + 2 troopers), a pack per character, bonus "
        "tokens; then entry points and the setup roll. Each activation: `activate <character>`, "
        "then `move <circle>` (or a route), at most one action — `attack <target> with "
        "<weapon>`, `throw <grenade> at <circle>`, `pickup`, `give`, `use`, `search`, "
        "`operate` — and `end`. Command Points: `buy move`, `boost <character> <stat>`, "
        "`overwatch <character>`, `reinforce <trooper> <pack>`. `/rules system:tannhauser` "
        "explains every rule."
    ),
    "wasteland": (
        '**Wasteland Tactics** — `/game new system:wasteland options:"size=patrol '
        'mission=random"` for 2-4 players. Options: `size=` patrol (100 points), platoon '
        "(1,000) or company (2,000+); `points=`; `mission=` random or one of the ten; "
        "`battlefield=` a preset, random or generated; `rounds=` (8); `defender=`; "
        "`reaction_minutes=` (time to answer a reaction before Umpire declines; default 720). "
        "Advanced rules, each off unless set: `granular=true firing_positions=true "
        "partial_concealment=true occupy_buildings=true advantages=true crippling=true "
        "close_formations=true random_events=true conditions=random handicap=alpha:+veterans`.\n"
        "Army lists by DM, secret until all are in: `army starter cistern-wardens` (a "
        "ready-made list) or `army warden-militia x10, warden-sluice-captain x1`, `add`, "
        "`remove 2`, `submit`. Then `deploy <unit> at 12,40 line facing north` or "
        "`hold <unit>`. Each activation: `activate <unit>`, two of `move to 30,20` · `move by "
        "0,-6` · `move toward B2 4` · `shoot B2 with rifle` · `fight B2` · `defend` · "
        "`cast fury at B2` · `interact o1 steady`, or `order <leader> push <unit>`; then "
        "`end`. Reactions: `react <unit> withdraw|ground|counter|none`. Points are inches "
        "from the top-left corner, as on the picture's grid. `/rules system:wasteland` "
        "explains every rule."
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
        "revealed and `/game verify` re-derives every recorded roll from it."
    ),
}
HELP_TOPICS = tuple(HELP)


def help_text(topic: str | None) -> str:
    if topic is None:
        return HELP["start"]
    return HELP.get(topic.lower().strip(), HELP["start"])
