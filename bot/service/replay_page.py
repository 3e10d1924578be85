"""The HTML replay viewer: one self-contained page (inline style and script, pictures as
``data:`` URIs, nothing fetched) holding a game's log as a timeline of steps, the public
board after each step, buttons and keys to step through it, a jump to any round, and the
seed commitment with `/game verify`'s result. Its fixed words are English or German.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass

from bot.messages import Message, said
from rules.core.language import Language

_WORDS: dict[str, Message] = {
    "title": said("{system} game #{game} — replay"),
    "view_public": said("Public view"),
    "view_seat": said("The view of {seat}: the public log and its own private lines"),
    "view_all": said("The game is over: every line of the log, secret ones included"),
    "boards_public": said("Boards show the public view after each step, rebuilt from the log."),
    "first": said("First step"),
    "previous": said("Previous step"),
    "next": said("Next step"),
    "last": said("Last step"),
    "jump": said("Jump to round"),
    "setup": said("Setup"),
    "round": said("Round {n}"),
    "step": said("Step {n} of {total}"),
    "keys": said("Keys: ← previous step, → next step, Home first step, End last step."),
    "board": said("Board after this step"),
    "no_board": said("No board yet."),
    "board_left_out": said("This step's board was left out to fit the upload limit."),
    "timeline": said("Timeline"),
    "dice": said("Dice and verification"),
    "commitment": said("Seed commitment (SHA-256)"),
    "seed": said("Seed"),
    "seed_secret": said("secret until the game ends"),
    "verification": said("/game verify"),
    "players": said("Players"),
    "status": said("Status"),
    "lobby": said("waiting in the lobby"),
    "active": said("under way"),
    "finished": said("over"),
}

_CODE = re.compile(r"`([^`]*)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_STRUCK = re.compile(r"~~(.+?)~~")


def words(key: str, language: Language, **fields: str | int) -> str:
    return _WORDS[key].filled(**fields).in_(language)


def line_html(line: str) -> str:
    """A log line (Discord markdown: code, bold, struck through) as HTML."""
    text = html.escape(line, quote=False)
    text = _CODE.sub(lambda m: f"<code>{m.group(1)}</code>", text)
    text = _BOLD.sub(lambda m: f"<strong>{m.group(1)}</strong>", text)
    return _STRUCK.sub(lambda m: f"<s>{m.group(1)}</s>", text)


@dataclass(frozen=True, slots=True)
class PageStep:
    """One step of the timeline: its lines, its round (None in setup) and the index of the
    picture of the public board after it (None: no board)."""

    lines: tuple[str, ...]
    round: int | None
    picture: int | None


@dataclass(frozen=True, slots=True)
class ReplayPage:
    system: str  # the system's name
    game_id: int
    view: str  # who the log is read as, in words
    players: str
    status: str
    commitment: str
    seed: str | None
    verification: str
    steps: tuple[PageStep, ...]
    pictures: tuple[str, ...]  # data: URIs
    alts: tuple[str, ...]  # the words for screen readers of each picture
    note: str | None  # what was done to fit the upload limit
    thinned: bool  # some steps' boards were left out to fit it
    language: Language


def _script_json(value: object) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


def round_label(number: int | None, language: Language) -> str:
    return words("setup", language) if number is None else words("round", language, n=number)


_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"


def _button(key: str, label: str, language: Language) -> str:
    """A control button: its words for screen readers and on its face."""
    text = html.escape(words(key, language))
    face = label.format(text=text)
    return f'<button type="button" id="{key}" aria-label="{text}">{face}</button>'


def _timeline_item(page: ReplayPage, index: int, step: PageStep) -> str:
    lang = page.language
    body = "".join(f"<p>{line_html(line)}</p>" for line in step.lines)
    label = html.escape(round_label(step.round, lang))
    name = html.escape(words("step", lang, n=index + 1, total=len(page.steps)))
    return (
        f'<li id="step-{index + 1}" data-step="{index}">'
        f'<button type="button" class="goto" aria-label="{name}">{index + 1}</button> '
        f'<span class="round">{label}</span><div class="lines">{body}</div></li>'
    )


def page_html(page: ReplayPage) -> str:
    """The whole page as one string."""
    lang = page.language
    esc = html.escape

    def w(key: str) -> str:
        return esc(words(key, lang))

    title = esc(words("title", lang, system=page.system, game=page.game_id))
    items = "".join(_timeline_item(page, n, step) for n, step in enumerate(page.steps))
    rounds: dict[int | None, int] = {}
    for index, step in enumerate(page.steps):
        rounds.setdefault(step.round, index)
    options = "".join(
        f'<option value="{at}">{esc(round_label(number, lang))}</option>'
        for number, at in rounds.items()
    )
    data = {
        "steps": [{"round": round_label(s.round, lang), "picture": s.picture} for s in page.steps],
        "pictures": list(page.pictures),
        "alts": list(page.alts),
        "stepWords": words("step", lang, n="{n}", total="{total}"),
    }
    seed = esc(page.seed) if page.seed else w("seed_secret")
    status = w(page.status) if page.status in ("lobby", "active", "finished") else esc(page.status)
    note = f'<p class="note">{esc(page.note)}</p>' if page.note else ""
    no_board = w("board_left_out" if page.thinned else "no_board")
    controls = "\n".join(
        (
            _button("first", "⏮ {text}", lang),
            _button("previous", "◀ {text}", lang),
            _button("next", "{text} ▶", lang),
            _button("last", "{text} ⏭", lang),
        )
    )
    return f"""<!DOCTYPE html>
<html lang="{lang.value}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{_CSP}">
<title>{title}</title>
<style>{_STYLE}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<p>{esc(page.view)}. {w("boards_public")}</p>
<p>{w("players")}: {esc(page.players)} · {w("status")}: {status}</p>
{note}
</header>
<main>
<nav aria-label="{w("timeline")}" class="controls">
{controls}
<label for="round">{w("jump")}</label>
<select id="round">{options}</select>
<p class="keys" id="keys">{w("keys")}</p>
</nav>
<section class="current" aria-live="polite">
<h2 id="step-heading"></h2>
<div id="step-text"></div>
<figure>
<img id="board" alt="" hidden>
<figcaption id="board-caption">{w("board")}</figcaption>
<p id="no-board" hidden>{no_board}</p>
</figure>
</section>
<section class="timeline">
<h2>{w("timeline")}</h2>
<ol id="timeline">{items}</ol>
</section>
<section class="dice">
<h2>{w("dice")}</h2>
<dl>
<dt>{w("commitment")}</dt><dd><code id="commitment">{esc(page.commitment)}</code></dd>
<dt>{w("seed")}</dt><dd><code id="seed">{seed}</code></dd>
<dt>{w("verification")}</dt><dd id="verification">{line_html(page.verification)}</dd>
</dl>
</section>
</main>
<script type="application/json" id="replay-data">{_script_json(data)}</script>
<script>{_SCRIPT}</script>
</body>
</html>
"""


_STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1600px;padding:0 1rem;
color:#1b1b1b;background:#fafafa;line-height:1.4}
.controls{position:sticky;top:0;background:#fafafa;padding:.5rem 0;display:flex;
flex-wrap:wrap;gap:.5rem;align-items:center;border-bottom:1px solid #ccc}
.controls button,.goto{font:inherit;padding:.3rem .7rem;cursor:pointer}
.keys{margin:0;color:#444;font-size:.9rem}
.current{display:grid;gap:.5rem}
#step-text p,.lines p{margin:.15rem 0}
figure{margin:0}
#board{max-width:100%;height:auto;border:1px solid #bbb}
.timeline ol{list-style:none;padding:0}
.timeline li{border-top:1px solid #ddd;padding:.3rem 0}
.timeline li.shown{background:#fff3c4}
.round{color:#555;font-size:.85rem}
code{background:#eee;padding:0 .2rem}
.note{background:#fff3c4;padding:.3rem}
"""

_SCRIPT = """
(function(){
var data=JSON.parse(document.getElementById('replay-data').textContent);
var total=data.steps.length, at=0;
var items=document.querySelectorAll('#timeline li');
var heading=document.getElementById('step-heading');
var text=document.getElementById('step-text');
var board=document.getElementById('board');
var noBoard=document.getElementById('no-board');
var caption=document.getElementById('board-caption');
var select=document.getElementById('round');
function show(n){
  if(total===0){return;}
  at=Math.max(0,Math.min(total-1,n));
  var step=data.steps[at];
  heading.textContent=data.stepWords.replace('{n}',at+1).replace('{total}',total)
    +' \\u00b7 '+step.round;
  text.innerHTML=items[at].querySelector('.lines').innerHTML;
  for(var i=0;i<items.length;i++){items[i].classList.toggle('shown',i===at);}
  if(step.picture===null){board.hidden=true;caption.hidden=true;noBoard.hidden=false;
    board.removeAttribute('src');board.alt='';}
  else{board.src=data.pictures[step.picture];board.alt=data.alts[step.picture];
    board.hidden=false;caption.hidden=false;noBoard.hidden=true;}
  var best=0;
  for(var j=0;j<select.options.length;j++){
    if(Number(select.options[j].value)<=at){best=j;}}
  select.selectedIndex=best;
}
document.getElementById('first').addEventListener('click',function(){show(0);});
document.getElementById('previous').addEventListener('click',function(){show(at-1);});
document.getElementById('next').addEventListener('click',function(){show(at+1);});
document.getElementById('last').addEventListener('click',function(){show(total-1);});
select.addEventListener('change',function(){show(Number(select.value));});
for(var k=0;k<items.length;k++){
  items[k].querySelector('.goto').addEventListener('click',(function(n){
    return function(){show(n);};})(k));}
document.addEventListener('keydown',function(event){
  if(event.target===select||event.altKey||event.ctrlKey||event.metaKey){return;}
  var moves={ArrowLeft:at-1,ArrowRight:at+1,Home:0,End:total-1};
  if(event.key in moves){event.preventDefault();show(moves[event.key]);}
});
show(0);
})();
"""
