"""The game dashboard as one message: the same words on Discord (edited in place) and in
local mode (printed by ``/game status``), in the game's language."""

from __future__ import annotations

from bot.messages import Message, and_chain, said
from bot.present.defuse import defuse_mentions
from bot.present.posts import MESSAGE_LIMIT
from bot.service.read_models import Dashboard

STATUS_NAMES: dict[str, Message] = {
    "lobby": said("lobby"),
    "active": said("active"),
    "finished": said("finished"),
}
"""A game's status as `/game status` names it (the store's own word, worded)."""
STATUS_WORDS: dict[str, Message] = {
    "lobby": said("setting up"),
    "active": said("under way"),
    "finished": said("finished"),
}


def holder(user_id: int | None) -> str:
    return f" (<@{user_id}>)" if user_id is not None else ""


def dashboard_text(board: Dashboard) -> str:
    """The dashboard's message text, within Discord's limit (the oldest lines give way)."""
    language = board.language

    def say(message: Message) -> str:
        return message.in_(language)

    head = say(said("📋 **{system}** — game #{game}", system=board.system, game=board.game_id))
    status = STATUS_WORDS.get(board.status)
    where = [say(status) if status is not None else board.status]
    if board.round is not None and board.status == "active":
        where.append(say(said("round {round}", round=board.round)))
    if board.status != "lobby" and board.phase and board.phase != board.status:
        where.append(board.phase)
    lines = [f"{head} · {' · '.join(where)}"]
    if board.paused:
        lines.append(say(said("⏸️ The game is {paused}.", paused=board.paused)))
    if board.waiting_on:
        who = ", ".join(f"{w.label}{holder(w.user_id)}" for w in board.waiting_on)
        move = say(said("⏳ Your move: {who}", who=who))
        if board.deadline is not None:
            move += f" — {board.deadline_means} <t:{int(board.deadline)}:R>"
        lines.append(move)
    if board.winners:
        lines.append(say(said("🏆 Won by {sides}.", sides=and_chain(list(board.winners)))))
    for seat in board.seats:
        figures = " · ".join(f"{label} {count}" for label, count in seat.figures)
        lines.append(
            f"**{seat.label}**{holder(seat.user_id)}" + (f": {figures}" if figures else "")
        )
    if board.summary:
        lines.append(defuse_mentions(board.summary))
    recent = [f"• {defuse_mentions(line)}" for line in board.recent]
    footer = say(
        said(
            "-# Posts: {posts} · board pictures: {board} · `/game log` holds every line.",
            posts=board.posts,
            board=board.board,
        )
    )
    latest = say(said("Latest:"))
    while recent and len("\n".join([*lines, latest, *recent, footer])) > MESSAGE_LIMIT:
        recent.pop(0)
    if recent:
        lines += [latest, *recent]
    lines.append(footer)
    text = "\n".join(lines)
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"
