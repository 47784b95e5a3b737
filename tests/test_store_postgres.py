"""The PostgreSQL store (issue 22): the same schema as SQLite's, migrations recorded, exclusion of
one game's moves across processes (advisory locks), due timers handed to one process, and two
OS processes playing one game at once, one of them killed with SIGKILL in the middle of a move.
Most tests need RAILHEAD_TEST_DB=postgresql://... (``make test-postgres``); the first ones check
the optional dependency without a server."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from railhead.bot.replies import Caller
from railhead.bot.store import MIGRATIONS, StoreError, TimerRow, open_store
from railhead.bot.table import Table
from railhead.engine import canonical, replay

from .backends import postgres_only
from .helpers_table import seated
from .rotw.helpers import GAME

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------- without a PostgreSQL server
def test_the_postgres_extra_is_pinned_in_the_lock_file():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = dict(line.split("==") for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
                if "==" in line and not line.startswith("#"))
    for spec in project["optional-dependencies"]["postgres"]:
        req = Requirement(spec)
        assert req.name in pins and req.specifier.contains(pins[req.name]), (req, pins.get(req.name))


def test_sqlite_never_imports_asyncpg_and_a_postgres_url_without_it_is_one_sentence(tmp_path):
    script = (
        "import asyncio, sys\n"
        "sys.modules['asyncpg'] = None                      # as if the extra were not installed\n"
        "from railhead.bot.store import StoreError, open_store\n"
        "async def main():\n"
        f"    store = await open_store({str(tmp_path / 'db.sqlite3')!r})\n"
        "    await store.close()\n"
        "    try:\n"
        "        await open_store('postgresql://bot@localhost/railhead')\n"
        "    except StoreError as exc:\n"
        "        print(exc)\n"
        "asyncio.run(main())\n")
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert child.returncode == 0, child.stderr
    assert "asyncpg is not installed" in child.stdout and "railhead[postgres]" in child.stdout


# ---------------------------------------------------------------------------- the schema
def _sqlite_columns(path: str) -> dict[str, set[str]]:
    db = sqlite3.connect(path)
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    out = {t: {r[1] for r in db.execute(f"PRAGMA table_info({t})")} for t in tables}
    db.close()
    return out


@postgres_only
async def test_both_backends_have_the_same_tables_and_columns(store_url, db_path):
    sqlite_store = await open_store(db_path)
    await sqlite_store.close()
    store = await open_store(store_url)
    rows = await store._rows("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema ="
                             " 'public' AND table_name <> 'schema_version'")
    pg: dict[str, set[str]] = {}
    for r in rows:
        pg.setdefault(r["table_name"], set()).add(r["column_name"])
    assert pg == _sqlite_columns(db_path)
    indexes = {r["indexname"]: r["indexdef"] for r in await store._rows("SELECT indexname, indexdef FROM pg_indexes"
                                                                         " WHERE schemaname = 'public'")}
    assert "UNIQUE" in indexes["games_one_active"] and "WHERE" in indexes["games_one_active"]
    assert {"games_channel", "offers_game", "results_user", "results_guild", "timers_remind",
            "timers_limit"} <= set(indexes)
    assert [tuple(r) for r in await store._rows("SELECT version FROM schema_version")] == [(len(MIGRATIONS),)]
    await store.close()
    store = await open_store(store_url)          # reopening applies nothing twice
    assert [tuple(r) for r in await store._rows("SELECT version FROM schema_version")] == [(len(MIGRATIONS),)]
    await store._run("UPDATE schema_version SET version = ?", (len(MIGRATIONS) + 1,))
    await store.close()
    with pytest.raises(StoreError, match="newer Railhead"):
        await open_store(store_url)


# ------------------------------------------------------------------------ locks and timers
@postgres_only
async def test_a_game_lock_holds_across_processes_and_a_cancelled_wait_leaks_nothing(store_url):
    one, two = await open_store(store_url), await open_store(store_url)     # two sessions, as two processes
    async with one.game_lock(1):
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.3):
                async with two.game_lock(1):
                    pass
        async with asyncio.timeout(5):
            async with two.game_lock(2):                  # another game is free
                pass
    async with asyncio.timeout(5):
        async with two.game_lock(1):                      # released, and the cancelled wait left nothing
            with pytest.raises(TimeoutError):
                async with asyncio.timeout(0.3):
                    async with one.game_lock(1):
                        pass
    async with asyncio.timeout(5):
        async with one.game_lock(1):
            pass
    await one.close()
    await two.close()


@postgres_only
async def test_a_due_timer_is_handed_to_one_process_at_a_time(store_url):
    one, two = await open_store(store_url), await open_store(store_url)
    async with one.transaction() as tx:
        gid = await tx.create_game(7, None, "rotw", 1, {}, 1)
        await tx.add_seat(gid, 1, "Ann")
        await tx.start_game(gid, 1, "{}")
        await tx.set_timer(TimerRow(gid, 0, 1, "2026-01-01T00:00:00.000Z", "2026-01-01T12:00:00.000Z", 0, None))
    at = "2026-01-01T12:00:30.000Z"
    got = await asyncio.gather(*(store.due_timers(at) for store in (one, two, one, two)))
    assert sorted(len(g) for g in got) == [0, 0, 0, 1]
    assert await two.due_timers("2026-01-01T12:01:00.000Z") == []            # claimed for two minutes
    assert len(await two.due_timers("2026-01-01T12:03:00.000Z")) == 1        # then free again (a process died)
    async with one.transaction() as tx:
        await tx.set_timer(TimerRow(gid, 0, 1, "2026-01-01T00:00:00.000Z", "2026-01-01T12:00:00.000Z", 1, None))
    assert len(await one.due_timers("2026-01-01T12:03:10.000Z")) == 1        # set_timer unclaims
    await one.close()
    await two.close()


@postgres_only
async def test_two_tables_on_one_database_send_a_reminder_once(store_url):
    store, table, (ann, bob), start = await seated(store_url)
    other = Table(await open_store(store_url), render=False)
    later = datetime.now(UTC) + timedelta(hours=13)
    first, second = await asyncio.gather(table.tick(later), other.tick(later))
    assert len(first) + len(second) == 1, (first, second)
    assert await table.tick(later) == [] and await other.tick(later + timedelta(minutes=5)) == []
    await other.store.close()
    await store.close()


# ---------------------------------------------------------------- two OS processes, kill -9
CHANNEL = 9


async def _new_game(url: str) -> None:
    store = await open_store(url)
    table = Table(store, render=False, seeds=lambda: 5)
    players = [Caller(CHANNEL, 10 * CHANNEL + i, f"P{i}") for i in range(3)]
    await table.new(players[0], "rotw")
    for c in players[1:]:
        await table.join(c)
    assert (await table.start(players[0])).channel is not None
    await store.close()


def _worker(url: str, mode: str, moves: int = 10) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.pg_worker", url, str(CHANNEL), mode, str(moves)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


async def _check_log(url: str, length: int) -> None:
    """The log is seq 0..length-1, the snapshot includes all of it, and replaying it gives the snapshot."""
    store = await open_store(url)
    row = await store.active_game(CHANNEL)
    entries = await store.log(row.id)
    assert [e.seq for e in entries] == list(range(length))
    seq, state_json = await store.snapshot(row.id)
    assert seq == length
    names = [s.name for s in await store.seats(row.id)]
    assert state_json.encode() == canonical(replay(GAME, row.options, names, 5, [(e.seat, e.action)
                                                                                 for e in entries]))
    await store.close()


@postgres_only
async def test_two_processes_moving_in_one_game_neither_double_nor_lose_a_move(store_url):
    await _new_game(store_url)
    workers = [_worker(store_url, "play", 12) for _ in range(2)]
    results = []
    for w in workers:
        out, err = await asyncio.to_thread(w.communicate, timeout=240)
        assert w.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    print("two processes, one game:", results)
    assert [r["moves"] for r in results] == [12, 12] and all(r["not_saved"] == 0 for r in results), results
    await _check_log(store_url, 24)


@postgres_only
async def test_a_process_killed_mid_move_leaves_the_game_playable(store_url):
    await _new_game(store_url)
    hung = _worker(store_url, "hang")
    line = await asyncio.to_thread(hung.stdout.readline)
    assert line.strip() == "inside", hung.stderr.read() if hung.poll() is not None else line
    busy = _worker(store_url, "play", 4)               # starts while the hung process holds the game's lock
    await asyncio.sleep(0.5)
    os.kill(hung.pid, signal.SIGKILL)
    await asyncio.to_thread(hung.wait, 30)
    out, err = await asyncio.to_thread(busy.communicate, timeout=120)
    assert busy.returncode == 0, err
    assert json.loads(out.strip().splitlines()[-1])["moves"] == 4
    await _check_log(store_url, 4)                    # the killed move was rolled back: not in the log
    store = await open_store(store_url)               # and the game goes on here too
    table = Table(store, render=False, seeds=lambda: 5)
    session = await table.session(CHANNEL)
    seat = session.match.prompts()[0]["seat"]
    action = next(a for a in GAME.legal_actions(session.match.state, seat) if a["type"] != "build")
    async with asyncio.timeout(30):
        reply = await table.act(Caller(CHANNEL, 10 * CHANNEL + seat, f"P{seat}"), action)
    assert reply.channel is not None, reply.caller
    await store.close()
    await _check_log(store_url, 5)


@postgres_only
async def test_health_reads_a_postgresql_database_without_printing_its_password(store_url):
    from urllib.parse import urlsplit, urlunsplit

    from railhead.bot.service import check_health

    from .backends import database_url

    store = await open_store(store_url)
    await store.close()
    summary = await asyncio.to_thread(check_health, store_url, None)
    assert "readable (0 games)" in summary
    parts = urlsplit(database_url("absent_database", store_url))
    user = parts.username or "postgres"
    host = parts.netloc.rsplit("@", 1)[-1]
    absent = urlunsplit(parts._replace(netloc=f"{user}:s3cret-pw@{host}"))
    with pytest.raises(RuntimeError, match="cannot be read") as caught:
        await asyncio.to_thread(check_health, absent, None)
    assert "s3cret-pw" not in str(caught.value) and "***" in str(caught.value)


@postgres_only
async def test_a_table_sees_moves_another_process_made_even_outside_the_lock(store_url):
    """Review: on a shared store only ``Table.lock`` dropped a cached game the log had outgrown, so
    a command's handler, a menu's refusal check or ``/game vote`` in the other process worked on
    the old state (Workers' secret moves come by DM to shard 0, the channel's to another shard)."""
    store_a, table_a, callers, _start = await seated("", store=await open_store(store_url))
    store_b = await open_store(store_url)
    table_b = Table(store_b, render=False)
    try:
        before = len((await table_a.session(7)).match.log)          # cached in process A
        seat = (await table_b.session(7)).match.prompts()[0]["seat"]
        await table_b.act(callers[seat], {"type": "bid", "amount": 2})  # process B moves
        assert len((await table_a.session(7)).match.log) == before + 1
    finally:
        await store_b.close()
        await store_a.close()


def test_redact_hides_a_password_anywhere_in_the_url():
    from railhead.bot.store.postgres import redact

    assert redact("postgresql://bot:s3cret@db/railhead") == "postgresql://bot:***@db/railhead"
    assert redact("postgresql://bot@db/railhead?sslmode=require&password=s3cret") == \
        "postgresql://bot@db/railhead?sslmode=require&password=***"
