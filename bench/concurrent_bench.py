"""Moves per second through one table and one store with 1, 10 and 100 games moving at once
(the issue "One house for many games": concurrent games never collide). Render is off: this
measures the house (engine, table, locks, store transactions), not the board drawing.

Each game is a 3-player Railways of the World game whose moves are chosen from its legal
actions by ``policy.choose`` (``policy.play``, one seed per game). The moves are chosen before
the clock starts, so the figure is the house's and not the benchmark's own ``legal_actions``
calls; the lobby (new, join, start) is also set up before the clock starts. Then every game
plays its moves through ``table.act`` at once under ``asyncio.gather``; afterwards each game's
stored log must hold exactly the moves it made."""
from __future__ import annotations

import asyncio
import os
import tempfile
import time

from railhead.ai.policy import play
from railhead.bot.replies import Caller
from railhead.bot.store import open_store
from railhead.bot.table import Table
from railhead.engine import GAMES

from .report import Report, percentile

PLAYERS = 3


async def open_game(table: Table, channel: int, names: list[str], seed: int) -> list[Caller]:
    callers = [Caller(channel, 1000 * channel + i, n) for i, n in enumerate(names)]
    table.seeds = lambda: seed
    await table.new(callers[0], "rotw")
    for c in callers[1:]:
        await table.join(c)
    await table.start(callers[0])
    return callers


async def moves(table: Table, callers: list[Caller], log: list, latencies: list[float]) -> int:
    made = 0
    for seat, action in log:
        start = time.perf_counter()
        reply = await table.act(callers[seat], action)
        latencies.append(time.perf_counter() - start)
        assert reply.channel is not None, reply.caller.text
        made += 1
    return made


async def run(report: Report, quick: bool) -> None:
    game = GAMES["rotw"]
    per_game = 20 if quick else 40
    plans = {}                                   # channel -> (names, log): chosen once, reused by each level
    for n_games in (1, 10, 100):
        for ch in range(1, n_games + 1):
            if ch not in plans:
                names, _, log = play(game, PLAYERS, 500 + ch, limit=per_game)
                plans[ch] = (names, log)
        channels = list(range(1, n_games + 1))
        with tempfile.TemporaryDirectory() as tmp:
            store = await open_store(os.path.join(tmp, "bench.sqlite3"))
            try:
                table = Table(store, render=False)
                callers = {ch: await open_game(table, ch, plans[ch][0], 500 + ch) for ch in channels}
                latencies: list[float] = []
                begin = time.perf_counter()
                made = await asyncio.gather(*(moves(table, callers[ch], plans[ch][1], latencies)
                                              for ch in channels))
                took = time.perf_counter() - begin
                for ch, count in zip(channels, made):
                    row = await store.active_game(ch) or await store.last_game(ch)
                    stored = len(await store.log(row.id))
                    assert stored == count, f"game in channel {ch}: {stored} moves stored, {count} made"
            finally:
                await store.close()
        label = f"{n_games} game{'s' if n_games > 1 else ''} moving at once, render off"
        report.add("concurrency", f"{label}: moves per second", f"{sum(made) / took:,.0f} /s",
                   f"({sum(made)} moves, logs checked)")
        report.add("concurrency", f"{label}: one table.act (p95)", f"{percentile(latencies, 95) * 1000:.1f} ms")
