"""The register of DM questions on screen, on both backends: kept until closed, read by
game, and forgotten once; of two processes closing one question at once, only the one
whose call forgot it closes it."""

from __future__ import annotations

from bot.store import Store
from bot.store.records import DmQuestion


def question(message_id: int, game_id: int = 1, key: str = "stance") -> DmQuestion:
    return DmQuestion(
        message_id=message_id,
        channel_id=9_000 + message_id,
        game_id=game_id,
        user_id=101,
        seat="red",
        prompt_key=key,
        content=f"**Demo race** in <#5000>\nPick your stance ({message_id}).",
        language="de",
        sent_at=1_800_000_000.0 + message_id,
    )


async def test_questions_are_kept_by_game_and_forgotten_once(store: Store) -> None:
    for message_id, game_id in ((11, 1), (12, 1), (13, 2)):
        await store.keep_dm_question(question(message_id, game_id))
    assert [q.message_id for q in await store.dm_questions(1)] == [11, 12]
    assert await store.dm_questions(1) == [question(11), question(12)]
    assert await store.drop_dm_questions([11, 13, 99]) == [11, 13]
    assert await store.drop_dm_questions([11]) == []  # another process forgot it first
    assert [q.message_id for q in await store.dm_questions(1)] == [12]
    assert await store.dm_questions(2) == []
    assert await store.drop_dm_questions([]) == []
