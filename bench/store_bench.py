"""Store figures: commits per second, loading a 1,000-action game, database size per game."""
from __future__ import annotations

import os
import tempfile
import time

from railhead.ai.policy import play
from railhead.bot.replies import Caller
from railhead.bot.store import Store, open_store
from railhead.bot.table import Table
from railhead.engine import GAMES, canonical

from .report import Report


async def seated_table(store: Store, channel: int, names: list[str], seed: int) -> tuple[Table, list[Caller]]:
    table = Table(store, render=False, seeds=lambda: seed)
    callers = [Caller(channel, 100 * channel + i, n) for i, n in enumerate(names)]
    await table.new(callers[0], "rotw")
    for c in callers[1:]:
        await table.join(c)
    await table.start(callers[0])
    return table, callers


async def commits(report: Report, path: str, names: list[str], log: list) -> None:
    """Apply a whole log through the table (one transaction per action), then time one append alone."""
    store = await open_store(path)
    try:
        table, callers = await seated_table(store, 1, names, 3)
        start = time.perf_counter()
        for seat, action in log:
            reply = await table.act(callers[seat], action)
            assert reply.channel is not None, reply.caller.text
        took = time.perf_counter() - start
        report.add("store", f"table.act: apply + commit + turn message ({len(log)} actions)",
                   f"{len(log) / took:,.0f} /s")
        state_json = canonical((await table.session(1)).match.state).decode()
        t0 = time.perf_counter()
        for i in range(200):
            async with store.transaction() as tx:
                await tx.append(1, len(log) + i, 0, 100, {"type": "pass"}, state_json)
        each = (time.perf_counter() - t0) / 200
        report.add("store", f"append alone, one transaction (state {len(state_json):,} B)",
                   f"{1 / each:,.0f} /s")
        await store._run("DELETE FROM actions WHERE n >= ?", (len(log),))
        await store._run("UPDATE snapshots SET n = ?, state = ? WHERE game_id = 1", (len(log), state_json))
    finally:
        await store.close()


async def load(path: str, actions: int, stale: bool) -> float:
    store = await open_store(path)
    try:
        if stale:
            await store._run("UPDATE snapshots SET n = 0")
        begin = time.perf_counter()
        session = await Table(store, render=False).session(1)
        took = time.perf_counter() - begin
        assert len(session.match.log) == actions
        if stale:
            await store._run("UPDATE snapshots SET n = ?", (actions,))
        return took
    finally:
        await store.close()


async def run(report: Report, quick: bool) -> None:
    game = GAMES["rotw"]
    names, _, log = play(game, 4, 3, limit=1000, deliver=0.0)      # a long game: nobody delivers
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.sqlite3")
        await commits(report, path, names, log)
        for stale, label in ((False, "from its snapshot"), (True, "by replaying the log")):
            samples = [await load(path, len(log), stale) for _ in range(3 if quick else 5)]
            report.median("store", f"load a game of {len(log)} actions {label}", samples)
        # database size per finished game: whole 3-player games played into a fresh file
        path2 = os.path.join(tmp, "games.sqlite3")
        store = await open_store(path2)
        games = 2 if quick else 5
        try:
            for g in range(games):
                names, _, glog = play(game, 3, 5 + g)
                table, callers = await seated_table(store, 10 + g, names, 5 + g)
                for seat, action in glog:
                    reply = await table.act(callers[seat], action)
                    assert reply.channel is not None, reply.caller.text
                assert (await store.last_game(10 + g)).status == "finished"
            await store._rows("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            await store.close()
        size = os.path.getsize(path2)
        report.add("store", "database size per finished 3-player game (log, snapshot, offers)",
                   f"{size / games / 1024:,.0f} KiB")
