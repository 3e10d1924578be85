"""The game dashboard as one message: the same words on Discord (edited in place) and in
local mode (printed by ``/game status``)."""

from __future__ import annotations

from bot.present.defuse import defuse_mentions
from bot.present.posts import MESSAGE_LIMIT
from bot.service.read_models import Dashboard

STATUS_WORDS = {"lobby": "setting up", "active": "under way", "finished": "finished"}


def holder(user_id: int | None) -> str:
    return f" (<@{user_id}>)" if user_id is not None else ""


def dashboard_text(board: Dashboard) -> str:
    """The dashboard's message text, within Discord's limit (the oldest lines give way)."""
    head = f"📋 **{board.system}** — game #{board.game_id}"
    where = [STATUS_WORDS.get(board.status, board.status)]
    if board.round is not None and board.status == "active":
        where.append(f"round {board.round}")
    if board.status != "lobby" and board.phase and board.phase != board.status:
        where.append(board.phase)
    lines = [f"{head} · {' · '.join(where)}"]
    if board.paused:
        lines.append(f"⏸️ The game is {board.paused}.")
    if board.waiting_on:
        who = ", ".join(f"{w.label}{holder(w.user_id)}" for w in board.waiting_on)
        move = f"⏳ Your move: {who}"
        if board.deadline is not None:
            move += f" — {board.deadline_means} <t:{int(board.deadline)}:R>"
        lines.append(move)
    if board.winners:
        lines.append("🏆 Won by " + " and ".join(board.winners) + ".")
    for seat in board.seats:
        figures = " · ".join(f"{label} {count}" for label, count in seat.figures)
        lines.append(
            f"**{seat.label}**{holder(seat.user_id)}" + (f": {figures}" if figures else "")
        )
    if board.summary:
        lines.append(defuse_mentions(board.summary))
    recent = [f"• {defuse_mentions(line)}" for line in board.recent]
    footer = (
        f"-# Posts: {board.posts} · board pictures: {board.board} · `/game log` holds every line."
    )
    while recent and len("\n".join([*lines, "Latest:", *recent, footer])) > MESSAGE_LIMIT:
        recent.pop(0)
    if recent:
        lines += ["Latest:", *recent]
    lines.append(footer)
    text = "\n".join(lines)
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"
