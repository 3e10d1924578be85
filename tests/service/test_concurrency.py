from __future__ import annotations

import asyncio

from bot.service import GameService, UserError
from tests.conftest import ALICE, BOB, CHANNEL, Player, started_demo


async def test_simultaneous_actions_apply_exactly_once(service: GameService) -> None:
    await started_demo(service)
    results = await asyncio.gather(
        service.act(CHANNEL, ALICE, "pick attack"),
        service.act(CHANNEL, ALICE, "pick attack"),
        service.act(CHANNEL, BOB, "pick defend"),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], UserError)
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state.phase == "race"  # type: ignore[union-attr]
    rows = await service.db.log(game.id)
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1))


async def test_many_channels_at_once(service: GameService) -> None:
    channels = list(range(9000, 9050))
    players = [(Player(10_000 + i, f"p{i}"), Player(20_000 + i, f"q{i}")) for i in channels]
    await asyncio.gather(
        *(service.create(c, 1, a, "demo") for c, (a, _) in zip(channels, players, strict=True))
    )
    await asyncio.gather(*(service.join(c, b) for c, (_, b) in zip(channels, players, strict=True)))
    await asyncio.gather(
        *(service.start(c, a) for c, (a, _) in zip(channels, players, strict=True))
    )
    picks = [service.act(c, a, "pick attack") for c, (a, _) in zip(channels, players, strict=True)]
    picks += [service.act(c, b, "pick feint") for c, (_, b) in zip(channels, players, strict=True)]
    picks += [service.act(c, a, "pick feint") for c, (a, _) in zip(channels, players, strict=True)]
    picks += [service.act(c, b, "pick feint") for c, (_, b) in zip(channels, players, strict=True)]
    results = await asyncio.wait_for(asyncio.gather(*picks, return_exceptions=True), 60)
    ok = [r for r in results if not isinstance(r, Exception)]
    assert len(ok) == 100 and all(isinstance(r, UserError) for r in results if r not in ok)
    for channel in channels:
        game = await service.game_in(channel)
        assert game is not None and game.state.phase == "race"  # type: ignore[union-attr]
