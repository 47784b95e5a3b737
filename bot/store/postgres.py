"""PostgreSQL persistence through asyncpg (``RAILHEAD_DB=postgresql://user@host/db``), for several
bot processes sharing one database; install with the ``postgres`` extra (``pip install
'railhead[postgres]'``). asyncpg is imported only when such a URL is opened.

The same ``Store``/``Tx`` interface and rows as SQLite's store, the same numbered migrations
(``pg_schema.py``), times as ISO-8601 UTC text. A pool of connections: each transaction and each
read takes one, so games never share a half-open transaction. What SQLite gets from being one
process, PostgreSQL gets from the database:

* one active game per channel: the partial unique index ``games_one_active`` (ChannelBusy);
* one move at a time per game, across processes: ``game_lock`` holds a session advisory lock
  (key: the game id) on a connection of a second, small pool for as long as the table's lock is
  held (``Table.lock``); a process that dies loses its connections and so its locks. The log's
  primary key (game, seq) refuses a move played on a stale state all the same;
* a due timer handed to one process: ``due_timers`` claims the rows it returns for two minutes
  (``claimed_until``, ``FOR UPDATE SKIP LOCKED``); the tick then re-reads the timer under the
  game's lock before it sends anything.
"""
from __future__ import annotations

import asyncio
import functools
import itertools
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any

from .pg_schema import pg_migrate
from .reads import TABLES, Reads, timer_row, to_json
from .rows import ChannelBusy, StoreError, TimerRow, iso, now
from .writes import Writes

CLAIM = timedelta(minutes=2)        # how long a due timer returned to one process is hidden from others
ELSEWHERE = "set RAILHEAD_DB (or --db) to another database"


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """SQL written with ``?`` marks (the shared reads') with PostgreSQL's ``$1``, ``$2``, ... instead."""
    count = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def redact(url: str) -> str:
    """The URL without its password (``user:password@`` or ``?password=``), to name the database
    in a sentence."""
    url = re.sub(r"://([^:/@?]*):[^@/?]*@", r"://\1:***@", url)
    return re.sub(r"([?&]password=)[^&]*", r"\1***", url, flags=re.IGNORECASE)


def driver() -> Any:
    """The asyncpg module; raises StoreError with a sentence when the extra is not installed."""
    try:
        import asyncpg
    except ImportError:
        raise StoreError("RAILHEAD_DB names a PostgreSQL database but asyncpg is not installed; install Railhead "
                         "with its postgres extra (pip install 'railhead[postgres]'), or set RAILHEAD_DB to a "
                         "SQLite file.") from None
    return asyncpg


def _count(status: str) -> int:
    """The row count of a command status ("UPDATE 2" -> 2)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PgReads(Reads):
    """The shared reads, with PostgreSQL's own database size."""

    async def size(self) -> int:
        """The database's size in bytes (``pg_database_size``)."""
        r = await self._row("SELECT pg_database_size(current_database()) AS n")
        return int(r["n"]) if r else 0


class PgTx(PgReads, Writes):
    """One open transaction on one pooled connection; valid only inside its ``async with`` block.
    The shared writes are ``Writes``'; PostgreSQL's own are below."""

    def __init__(self, conn: Any):
        self._conn, self.open = conn, True

    async def _rows(self, sql: str, params: tuple = ()) -> list[Any]:
        self._check()
        return await self._conn.fetch(numbered(sql), *params)

    async def _exec(self, sql: str, params: tuple = ()) -> int:
        self._check()
        return _count(await self._conn.execute(numbered(sql), *params))

    async def _many(self, sql: str, rows: list[tuple]) -> None:
        self._check()
        if rows:
            await self._conn.executemany(numbered(sql), rows)

    async def insert_rows(self, table: str, rows: list[dict]) -> None:
        """Insert ``rows`` (dicts by column, as ``table_rows`` reads them) into ``table``, ids kept;
        after ``games``, its identity column continues above the highest id copied."""
        await super().insert_rows(table, rows)
        if table == "games" and rows:
            await self._exec("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))")

    async def create_game(self, channel_id: int, guild_id: int | None, game: str, rules_version: int, options: dict,
                          creator_id: int, timing: dict | None = None) -> int:
        """A new game in the lobby (seed 0); returns its id. Raises ChannelBusy if the channel has an
        active game (the index ``games_one_active``); the transaction goes on (a savepoint)."""
        self._check()
        unique = driver().UniqueViolationError
        try:
            async with self._conn.transaction():
                return await self._conn.fetchval(numbered(
                    "INSERT INTO games (channel_id, guild_id, game, rules_version, options, seed, status, creator_id,"
                    " created_at, timing) VALUES (?, ?, ?, ?, ?, 0, 'lobby', ?, ?, ?) RETURNING id"),
                    channel_id, guild_id, game, rules_version, to_json(options), creator_id, now(),
                    to_json(timing or {}))
        except unique as exc:
            if exc.constraint_name == "games_one_active":
                raise ChannelBusy(channel_id) from exc
            raise


class PgStore(PgReads):
    """The PostgreSQL store: ``await PgStore.open("postgresql://...")`` (see the module docstring)."""

    shared = True           # other processes may write the same games: the table re-checks what it cached

    def __init__(self, pool: Any, locks: Any, where: str):
        self._pool, self._locks, self.path = pool, locks, where
        self._holders: set[asyncio.Task] = set()       # the tasks inside a transaction

    @classmethod
    async def open(cls, url: str, *, max_size: int = 10, lock_max_size: int = 20) -> PgStore:
        """Connect and migrate. ``max_size``: connections for reads and transactions;
        ``lock_max_size``: games locked at once by this process (one connection each). Raises
        StoreError: asyncpg missing, server unreachable, login refused, newer schema, ..."""
        asyncpg, where = driver(), redact(url)
        pool = locks = None
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size)
            async with pool.acquire() as conn:
                await pg_migrate(conn, where)
            locks = await asyncpg.create_pool(url, min_size=0, max_size=lock_max_size)
            return cls(pool, locks, where)
        except BaseException as exc:
            for p in (locks, pool):
                if p is not None:
                    p.terminate()
            if isinstance(exc, (OSError, asyncpg.PostgresError, asyncpg.InterfaceError)):
                raise StoreError(f"Cannot use the PostgreSQL database {where} ({type(exc).__name__}: {exc}); check "
                                 f"that the server runs, the URL and the user's rights, or {ELSEWHERE}.") from None
            raise

    async def close(self) -> None:
        """Close both pools (after the transactions and locks in use end, 10 s at most). Idempotent."""
        for pool in (self._locks, self._pool):
            try:
                await asyncio.wait_for(pool.close(), 10)
            except (TimeoutError, OSError):
                pool.terminate()

    def _guard(self) -> None:
        if asyncio.current_task() in self._holders:
            raise RuntimeError("inside a transaction use tx's methods; the store would wait for itself")

    async def _rows(self, sql: str, params: tuple = ()) -> list[Any]:
        self._guard()
        async with self._pool.acquire() as conn:
            return await conn.fetch(numbered(sql), *params)

    async def table_dump(self) -> dict[str, list[dict]]:
        """Every table's rows in one read-only REPEATABLE READ transaction: a consistent copy even
        while bot processes write (``railhead backup``, ``railhead migrate``)."""
        self._guard()
        async with self._pool.acquire() as conn:
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                return {table: [dict(r) for r in await conn.fetch(f"SELECT * FROM {table} ORDER BY {order}")]
                        for table, order in TABLES.items()}

    async def _run(self, sql: str, params: tuple = ()) -> None:
        """One statement in autocommit (tests and benchmarks only)."""
        self._guard()
        async with self._pool.acquire() as conn:
            await conn.execute(numbered(sql), *params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgTx]:
        """BEGIN ... COMMIT on one pooled connection (READ COMMITTED); ROLLBACK on any exception,
        which is re-raised. One game's moves are serialized by ``game_lock``, not by this."""
        self._guard()
        task = asyncio.current_task()
        async with self._pool.acquire() as conn:
            tx = PgTx(conn)
            self._holders.add(task)
            try:
                async with conn.transaction():
                    yield tx
                    tx.open = False
            finally:
                tx.open = False
                self._holders.discard(task)

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game's advisory lock (waiting for another process that holds it) on a
        connection of the lock pool. If taking or releasing it fails or is cancelled half-way, the
        connection is closed: the server then drops the lock with the session."""
        conn = await self._locks.acquire()
        clean = False
        try:
            await conn.execute("SELECT pg_advisory_lock($1)", game_id)
            try:
                yield
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", game_id)
                clean = True
        finally:
            if not clean:
                conn.terminate()
            await self._locks.release(conn)

    async def due_timers(self, at: str) -> list[TimerRow]:
        """Timers of running games whose reminder or time limit is due at ``at`` (ISO time) and that
        no other process claimed; claims them until ``at`` + CLAIM (``set_timer`` unclaims)."""
        until = iso(datetime.fromisoformat(at.replace("Z", "+00:00")) + CLAIM)
        rows = await self._rows(
            "UPDATE timers SET claimed_until = ? WHERE (game_id, seat) IN (SELECT t.game_id, t.seat FROM timers t "
            "JOIN games g ON g.id = t.game_id WHERE g.status = 'running' AND ((t.remind_at IS NOT NULL AND "
            "t.remind_at <= ?) OR (t.limit_at IS NOT NULL AND t.limit_at <= ? AND t.late = 0)) AND "
            "(t.claimed_until IS NULL OR t.claimed_until <= ?) FOR UPDATE OF t SKIP LOCKED) RETURNING *",
            (until, at, at, at))
        return sorted((timer_row(r) for r in rows), key=lambda t: (t.game_id, t.seat))

    async def backup(self, dest_path: str) -> None:
        """Not for PostgreSQL yet: raises StoreError naming pg_dump."""
        raise StoreError(f"railhead backup copies SQLite files; back up the PostgreSQL database {self.path} with "
                         f"pg_dump (pg_dump -Fc -f {dest_path} DATABASE).")


__all__ = ["CLAIM", "PgStore", "PgTx", "driver", "numbered", "redact"]
