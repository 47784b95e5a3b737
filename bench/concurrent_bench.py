"""Moves per second through one table and one store with 1, 10 and 100 games moving at once
(the issue "One house for many games": concurrent games never collide). Render is off: this
measures the house (engine, table, locks, store transactions), not the board drawing."""
from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time

from bot.replies import Caller
from bot.store import open_store
from bot.table import Table
from engine import GAMES

from .policy import choose
from .report import Report, percentile


async def one_game(table: Table, channel: int, moves: int, latencies: list[float]) -> int:
    callers = [Caller(channel, 10 * channel + i, f"P{i}") for i in range(3)]
    await table.new(callers[0], "rotw")
    for c in callers[1:]:
        await table.join(c)
    await table.start(callers[0])
    rng = random.Random(channel)
    game = GAMES["rotw"]
    made = 0
    for _ in range(moves):
        session = await table.session(channel)
        if session is None:
            break
        prompt = rng.choice(session.match.prompts())
        action = choose(rng, game.legal_actions(session.match.state, prompt["seat"]))
        start = time.perf_counter()
        reply = await table.act(callers[prompt["seat"]], action)
        latencies.append(time.perf_counter() - start)
        assert reply.channel is not None, reply.caller.text
        made += 1
    return made


async def run(report: Report, quick: bool) -> None:
    moves = 20 if quick else 40
    for n_games in (1, 10, 100):
        with tempfile.TemporaryDirectory() as tmp:
            store = await open_store(os.path.join(tmp, "bench.sqlite3"))
            try:
                table = Table(store, render=False, seeds=lambda: 7)
                latencies: list[float] = []
                begin = time.perf_counter()
                made = await asyncio.gather(*(one_game(table, ch, moves, latencies)
                                              for ch in range(1, n_games + 1)))
                took = time.perf_counter() - begin
                for ch, count in zip(range(1, n_games + 1), made):
                    row = await store.active_game(ch) or await store.last_game(ch)
                    assert len(await store.log(row.id)) == count, "a move was lost or doubled"
            finally:
                await store.close()
        report.add("concurrency", f"{n_games} games moving at once: moves per second (render off)",
                   f"{sum(made) / took:,.0f} /s", f"({sum(made)} moves, incl. lobby set-up time)")
        report.add("concurrency", f"{n_games} games moving at once: one table.act (p95)",
                   f"{percentile(latencies, 95) * 1000:.1f} ms")
