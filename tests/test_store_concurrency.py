"""Many games writing through one store at once (DESIGN.md, "Persistence": games in different
channels never share a half-open transaction). The old store shared one connection with
manual BEGINs: two games committing at once failed with "cannot start a transaction within
a transaction", and its offer and status writes committed other games' half-done moves."""
import asyncio
import random

import pytest

from railhead.bot.store import Offer, open_store

from .backends import POSTGRES, integrity_errors

GAMES = 100
MOVES = 20


async def play(store, channel: int, rng: random.Random, fail_at: int | None = None) -> int:
    """One game: a transaction per move (append + offers + voids + status at the end), with
    yields inside every transaction so that the games interleave as much as they can."""
    async with store.transaction() as tx:
        gid = await tx.create_game(channel, None, "rotw", 1, {}, channel)
        await tx.add_seat(gid, channel, "P0")
        await tx.add_seat(gid, channel + 1000, "P1")
        await tx.set_status(gid, "running", expect=("lobby",))
        await tx.start_game(gid, channel, "S0")
    previous: list[str] = []
    for seq in range(MOVES):
        if seq == fail_at:              # a failing move in the middle: nothing of it stays, nobody else notices
            with pytest.raises(integrity_errors()):
                async with store.transaction() as tx:
                    await tx.add_offers([Offer(f"bad-{channel}", gid, 0, seq, {"type": "bad"})])
                    await tx.append(gid, seq - 1, 0, channel, {"type": "again"}, "BAD")
        async with store.transaction() as tx:
            await tx.append(gid, seq, seq % 2, channel, {"type": "move", "channel": channel, "seq": seq},
                            f"S{seq + 1}")
            await asyncio.sleep(0)
            tokens = [f"{channel}-{seq}-{i}" for i in range(2)]
            await tx.add_offers([Offer(t, gid, seq % 2, seq + 1, {"type": "pass"}) for t in tokens])
            await tx.void_offers(previous)
            if seq == MOVES - 1 and channel % 2 == 0:
                assert await tx.set_status(gid, "finished", expect=("running",))
            previous = tokens
        if rng.random() < 0.5:          # a read by another "player" between moves
            assert (await store.snapshot(gid))[0] == seq + 1
        await asyncio.sleep(rng.random() / 1000)
    return gid


async def check(store, gids: list[int]) -> None:
    for channel, gid in zip(range(1, GAMES + 1), gids):
        log = await store.log(gid)
        assert [(e.seq, e.action["channel"], e.action["seq"]) for e in log] == [(s, channel, s) for s in range(MOVES)]
        assert await store.snapshot(gid) == (MOVES, f"S{MOVES}")
        assert (await store.game(gid)).status == ("finished" if channel % 2 == 0 else "running")
        offers = [r[0] for r in await store._rows("SELECT token FROM offers WHERE game_id = ?", (gid,))]
        assert sorted(offers) == ([] if channel % 2 == 0 else [f"{channel}-{MOVES - 1}-{i}" for i in range(2)])
    (count,) = (await store._rows("SELECT COUNT(*) FROM actions"))[0]
    assert count == GAMES * MOVES                   # every move exactly once, nothing else


async def test_a_hundred_games_with_twenty_transactions_each(store_url):
    store = await open_store(store_url)
    gids = await asyncio.gather(*(play(store, ch, random.Random(ch), fail_at=10 if ch % 10 == 0 else None)
                                  for ch in range(1, GAMES + 1)))
    await check(store, gids)
    await store.close()
    store = await open_store(store_url)             # what reached the disk
    await check(store, gids)
    if not POSTGRES:
        assert [tuple(r) for r in await store._rows("PRAGMA integrity_check")] == [("ok",)]
    await store.close()


async def test_a_cancelled_move_is_rolled_back_and_frees_the_store(store_url):
    store = await open_store(store_url)
    async with store.transaction() as tx:
        gid = await tx.create_game(1, None, "rotw", 1, {}, 1)
        await tx.start_game(gid, 1, "S0")
    inside = asyncio.Event()

    async def stuck_move():
        async with store.transaction() as tx:
            await tx.append(gid, 0, 0, 1, {"type": "lost"}, "LOST")
            inside.set()
            await asyncio.Event().wait()            # e.g. a Discord call that never returns

    task = asyncio.create_task(stuck_move())
    await inside.wait()
    waiting = asyncio.create_task(store.snapshot(gid))     # queued behind the open transaction
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await waiting == (0, "S0")
    async with store.transaction() as tx:
        await tx.append(gid, 0, 0, 1, {"type": "kept"}, "S1")
    assert [e.action for e in await store.log(gid)] == [{"type": "kept"}]
    await store.close()
