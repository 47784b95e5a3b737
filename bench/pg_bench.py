"""Moves per second with several bot processes on one PostgreSQL database, the game lock's wait,
and the same one-process row on SQLite (issue 22, "Figures"). ``make bench-postgres`` runs it
against a throwaway server (tools/with-postgres.sh); ``python -m bench`` adds these rows when
``RAILHEAD_TEST_DB`` names a PostgreSQL server (a user that may CREATE DATABASE: each scenario
gets a fresh database, dropped after it).

Each process is a real OS process (``python -m bench.pg_bench --worker SPEC``) with its own
store and its own ``Table`` (render off), as a bot process of its own shard would be. Games are
3-player Railways of the World games whose moves are chosen before the clock starts
(``policy.play``, one seed per game), as in bench/concurrent_bench.py; the lobby (new, join,
start) is also set up before it. The processes start moving together when the parent says so.

* **Own games**: 1, 2 and 4 processes, each playing several games of its own, in distinct
  channels, at once (``asyncio.gather``). Nothing is shared but the database and its server.
* **Same games (contention)**: 1, 2 and 4 processes all moving in the same few games. Each
  process reads the game's log length, tries the planned move at that position, and gives up
  the try when, holding the game's lock, it finds that another process made that move
  meanwhile (a "race lost", which costs a lock round trip but no write); so every game's log
  ends up exactly its plan, never a move doubled or lost, which is checked afterwards.

The game lock's wait is the time from asking ``Table.lock(game_id)`` to holding it (this
process's asyncio lock, then PostgreSQL's advisory lock, then the check that the cached game is
current), measured by ``BenchTable``, a subclass that times around the acquire; production code
is unchanged. Moves per second: moves made by all processes / (last process's end - first
process's start), wall clock.
"""
from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import os
import platform
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from railhead.ai.policy import play
from railhead.bot.replies import Caller, Refusal
from railhead.bot.store import Store, is_postgres, open_store
from railhead.bot.table import Table
from railhead.engine import GAMES

from .report import Report, percentile

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = 3
TAKEN = "bench: another process made this move first"
EXPECT: contextvars.ContextVar[int | None] = contextvars.ContextVar("expect", default=None)


class BenchTable(Table):
    """A ``Table`` that records how long each ``lock`` took to acquire (``waits``, seconds) and,
    when ``EXPECT`` is set, refuses the move unless the game's log still has that many entries
    once the lock is held (another process made the move meanwhile)."""

    def __init__(self, store: Store, **kwargs):
        super().__init__(store, render=False, **kwargs)
        self.waits: list[float] = []

    @asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        asked = time.perf_counter()
        async with super().lock(game_id):
            self.waits.append(time.perf_counter() - asked)
            expected = EXPECT.get()
            if expected is not None:
                match = self._matches.get(game_id)       # current: Table.lock dropped a stale one
                if match is not None:
                    length = len(match.log)
                else:
                    snap = await self.store.snapshot(game_id)
                    length = snap[0] if snap else 0
                if length != expected:
                    raise Refusal(TAKEN)
            yield


def callers(channel: int) -> list[Caller]:
    return [Caller(channel, 1000 * channel + i, f"P{i}") for i in range(PLAYERS)]


def plan(channel: int, moves: int) -> list:
    """The planned moves of the game in ``channel`` (its seed is the channel number)."""
    _, _, log = play(GAMES["rotw"], PLAYERS, channel, limit=moves)
    return log


async def open_game(table: Table, channel: int) -> int:
    """Seat three players in a new game in ``channel`` and start it; returns its id."""
    seated = callers(channel)
    table.seeds = lambda: channel
    await table.new(seated[0], "rotw")
    for c in seated[1:]:
        await table.join(c)
    await table.start(seated[0])
    return (await table.store.active_game(channel)).id


# ----------------------------------------------------------------- one worker process
async def own_games(table: BenchTable, channel: int, moves: list) -> int:
    """Play the planned moves of a game only this process moves in."""
    seated = callers(channel)
    for seat, action in moves:
        reply = await table.act(seated[seat], action)
        if reply.channel is None:
            raise RuntimeError(f"channel {channel}: move refused: {reply.caller.text}")
    return len(moves)


async def same_game(table: BenchTable, channel: int, game_id: int, moves: list) -> tuple[int, int]:
    """Play the planned moves of a game that other processes move in too: the move at the log's
    current length, given up when another process made it first. Returns (made, races lost)."""
    seated = callers(channel)
    made = lost = 0
    while True:
        snap = await table.store.snapshot(game_id)
        n = snap[0] if snap else 0
        if n >= len(moves):
            return made, lost
        seat, action = moves[n]
        EXPECT.set(n)
        reply = await table.act(seated[seat], action)
        EXPECT.set(None)
        if reply.channel is not None:
            made += 1
        elif reply.caller is not None and reply.caller.text == TAKEN:
            lost += 1
        else:
            raise RuntimeError(f"channel {channel}: move {n} refused: {reply.caller.text}")


async def worker(spec: dict) -> dict:
    logging.disable(logging.WARNING)
    store = await open_store(spec["url"])
    try:
        table = BenchTable(store)
        plans = {ch: plan(ch, spec["moves"]) for ch in spec["channels"]}
        ids = {}
        for ch in spec["channels"]:
            if spec["mode"] == "own":
                ids[ch] = await open_game(table, ch)
            else:
                ids[ch] = (await store.active_game(ch)).id
                await table.session(ch)                  # loaded once before the clock, as own games are
        table.waits.clear()
        print("ready", flush=True)
        sys.stdin.readline()                             # the parent's "go"
        begin = time.time()
        if spec["mode"] == "own":
            made = await asyncio.gather(*(own_games(table, ch, plans[ch]) for ch in spec["channels"]))
            lost = [0] * len(made)
        else:
            pairs = await asyncio.gather(*(same_game(table, ch, ids[ch], plans[ch]) for ch in spec["channels"]))
            made, lost = [p[0] for p in pairs], [p[1] for p in pairs]
        end = time.time()
        return {"begin": begin, "end": end, "made": dict(zip(map(str, spec["channels"]), made)),
                "lost": sum(lost), "waits": table.waits}
    finally:
        await store.close()


# ----------------------------------------------------------------- the parent
def database_url(base: str, name: str) -> str:
    return urlunsplit(urlsplit(base)._replace(path=f"/{name}"))


@asynccontextmanager
async def fresh_database(server: str) -> AsyncIterator[str]:
    """A new empty database on ``server`` (a postgresql:// URL); yields its URL; dropped after."""
    import asyncpg

    name = f"railhead_bench_{os.getpid()}_{secrets.token_hex(3)}"
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield database_url(server, name)
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def run_workers(specs: list[dict]) -> list[dict]:
    """Start one process per spec, wait until all are ready, let them go at once, collect results."""
    procs = []
    try:
        for spec in specs:
            procs.append(await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bench.pg_bench", "--worker", json.dumps(spec), cwd=ROOT,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE))
        for p in procs:
            line = await asyncio.wait_for(p.stdout.readline(), 300)
            if line.strip() != b"ready":
                raise RuntimeError(f"a bench worker did not get ready (exit {await p.wait()})")
        for p in procs:
            p.stdin.write(b"go\n")
            await p.stdin.drain()
        results = []
        for p in procs:
            out, _ = await asyncio.wait_for(p.communicate(), 600)
            if p.returncode != 0:
                raise RuntimeError(f"a bench worker failed (exit {p.returncode})")
            results.append(json.loads(out.decode().strip().splitlines()[-1]))
        return results
    finally:
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()


async def check_logs(url: str, plans: dict[int, list], made: dict[int, int]) -> None:
    """Each game's stored log is the moves made in it, in the planned order: none doubled or lost."""
    store = await open_store(url)
    try:
        for ch, moves in plans.items():
            row = await store.active_game(ch) or await store.last_game(ch)
            stored = [(e.seat, e.action) for e in await store.log(row.id)]
            assert len(stored) == made[ch], f"channel {ch}: {len(stored)} moves stored, {made[ch]} made"
            assert stored == [(s, a) for s, a in moves[:len(stored)]], f"channel {ch}: the log is not the plan"
    finally:
        await store.close()


async def scenario(url: str, processes: int, mode: str, games: int, moves: int) -> dict:
    """Run one scenario on the empty database ``url``; returns moves, seconds, races lost, waits."""
    if mode == "own":
        channels = [[100 * (w + 1) + g for g in range(games)] for w in range(processes)]
    else:
        shared = [10 + g for g in range(games)]
        store = await open_store(url)
        try:
            table = BenchTable(store)
            for ch in shared:
                await open_game(table, ch)
        finally:
            await store.close()
        channels = [shared] * processes
    results = await run_workers([{"url": url, "mode": mode, "channels": chs, "moves": moves} for chs in channels])
    made: dict[int, int] = {}
    for r in results:
        for ch, n in r["made"].items():
            made[int(ch)] = made.get(int(ch), 0) + n
    await check_logs(url, {ch: plan(ch, moves) for ch in made}, made)
    return {"moves": sum(made.values()), "seconds": max(r["end"] for r in results) - min(r["begin"] for r in results),
            "lost": sum(r["lost"] for r in results), "waits": [w for r in results for w in r["waits"]]}


def plural(n: int) -> str:
    return f"{n} process{'es' if n > 1 else ''}"


def waits_row(report: Report, label: str, waits: list[float], note: str) -> None:
    value = f"{statistics.mean(waits) * 1000:.1f} / {percentile(waits, 95) * 1000:.1f} ms"
    report.add("postgresql", f"{label}: game lock wait, mean / p95", value, note)


async def run(report: Report, quick: bool, server: str | None = None) -> None:
    server = server or os.environ.get("RAILHEAD_TEST_DB", "")
    if not is_postgres(server):
        raise SystemExit("bench.pg_bench needs RAILHEAD_TEST_DB=postgresql://... (make bench-postgres starts a server)")
    own_games_n, own_moves = 4, (15 if quick else 80)
    same_games_n, same_moves = 2, (40 if quick else 120)
    for n in (1, 2, 4):
        async with fresh_database(server) as url:
            r = await scenario(url, n, "own", own_games_n, own_moves)
        label = f"{plural(n)}, {own_games_n} games of its own each"
        report.add("postgresql", f"{label}: moves per second", f"{r['moves'] / r['seconds']:,.0f} /s",
                   f"({r['moves']} moves, logs checked)")
        waits_row(report, label, r["waits"], f"({len(r['waits'])} locks)")
    for n in (1, 2, 4):
        async with fresh_database(server) as url:
            r = await scenario(url, n, "same", same_games_n, same_moves)
        label = f"{plural(n)} in the same {same_games_n} games"
        report.add("postgresql", f"{label}: moves per second", f"{r['moves'] / r['seconds']:,.0f} /s",
                   f"({r['moves']} moves, {r['lost']} races lost, logs checked)")
        waits_row(report, label, r["waits"], f"({len(r['waits'])} locks)")
    with tempfile.TemporaryDirectory() as tmp:
        r = await scenario(os.path.join(tmp, "bench.sqlite3"), 1, "own", own_games_n, own_moves)
    report.add("sqlite", f"1 process, {own_games_n} games of its own: moves per second",
               f"{r['moves'] / r['seconds']:,.0f} /s", f"({r['moves']} moves, logs checked)")


async def main(quick: bool) -> None:
    logging.disable(logging.WARNING)
    print(f"Railhead multi-process benchmarks on {platform.node()} ({platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}, {os.cpu_count()} CPUs){' [quick]' if quick else ''}\n")
    report = Report()
    await run(report, quick)
    report.summary()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        print(json.dumps(asyncio.run(worker(json.loads(sys.argv[2])))), flush=True)
    else:
        asyncio.run(main("--quick" in sys.argv))
