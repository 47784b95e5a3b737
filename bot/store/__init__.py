"""SQLite persistence through aiosqlite: WAL, synchronous=FULL, numbered migrations.

Tables: games, seats, actions (the log; column ``n`` is the seq), snapshots (latest state,
``n`` = how many log entries it includes), offers (the actions behind buttons, so buttons
survive restarts), prefs and meta. One asyncio lock serializes every use of the connection:
a transaction holds it from BEGIN IMMEDIATE to COMMIT/ROLLBACK, a read holds it briefly, so
games in different channels never share a half-open transaction. One process per database
file: ``open`` holds an exclusive ``flock`` on ``<path>.lock`` until ``close``.
``Store``/``Tx`` are the interface the PostgreSQL store (``postgres.py``, chosen by a
``postgresql://`` URL in ``open_store``) implements too.
"""
from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Protocol

import aiosqlite

from .files import claim, copy_database, copy_to, damaged, explain, release
from .reads import Reads, to_json
from .rows import (
    ELSEWHERE,
    ENDED,
    ChannelBusy,
    GameRow,
    LogEntry,
    Offer,
    ResultRow,
    SeatRow,
    StoreError,
    TimerRow,
    iso,
    new_token,
    now,
)
from .schema import MIGRATIONS, migrate
from .writes import Writes


class Tx(Protocol):
    """What ``async with store.transaction() as tx`` offers (besides the reads game, active_game, seats, ...)."""
    async def insert_rows(self, table: str, rows: list[dict]) -> None:
        """Insert whole rows (dicts by column) into a table, ids kept (``railhead migrate``)."""
    async def game(self, game_id: int) -> GameRow | None:
        """The game game_id, or None."""
    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, or None."""
    async def seats(self, game_id: int) -> list[SeatRow]:
        """The game's seats in seat order."""
    async def create_game(self, channel_id: int, guild_id: int | None, game: str, rules_version: int, options: dict,
                          creator_id: int, timing: dict | None = None) -> int:
        """Open a game in the lobby; returns its id. Raises ChannelBusy when the channel has one."""
    async def add_seat(self, game_id: int, user_id: int, name: str, ai: str | None = None) -> int | None:
        """Seat a user (``ai``: the level of an AI seat); returns the seat number, or None if they
        were seated already."""
    async def set_ai(self, game_id: int, seat: int, level: str | None) -> None:
        """Hand a seat to an AI of ``level``, or back to its person (``None``)."""
    async def remove_seat(self, game_id: int, user_id: int) -> bool:
        """Free a user's seat in the lobby; returns whether they were seated."""
    async def set_status(self, game_id: int, status: str, *,
                         expect: tuple[str, ...] = ("lobby", "running")) -> bool:
        """Move the game to status if it is in one of expect; returns whether it moved."""
    async def start_game(self, game_id: int, seed: int, state_json: str) -> None:
        """Start the game with its seed and the state after setup (canonical JSON)."""
    async def append(self, game_id: int, seq: int, seat: int, user_id: int, action: dict, state_json: str,
                     at: str | None = None, sent: str | None = None) -> None:
        """Add log entry seq and the state after it (canonical JSON) as the snapshot; ``at``: when
        (ISO, this host's clock; now by default), ``sent``: when Discord created its interaction."""
    async def add_offers(self, offers: list[Offer]) -> None:
        """Store the actions behind buttons and menu options, under their tokens."""
    async def void_offers(self, tokens: list[str]) -> None:
        """Forget the offers with these tokens (their buttons then say they have expired)."""
    async def set_hints(self, game_id: int, on: bool) -> None:
        """Allow or forbid hints at a table (``/game hint``, set in the lobby)."""
    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        """Save the id of the game's table message in its channel (``None``: forget it)."""
    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        """Note whether a seated user's DMs are closed to the bot."""
    async def set_timer(self, t: TimerRow) -> None:
        """Create or replace the timer of (t.game_id, t.seat)."""
    async def drop_timers(self, game_id: int, keep: list[int] = ()) -> None:
        """Delete the game's timers except those of the seats in keep."""
    async def set_removed(self, game_id: int, seat: int) -> None:
        """Mark a seat removed after a time-limit vote (the table passes for it)."""
    async def set_prefs(self, user_id: int, prefs: dict) -> None:
        """Save a user's settings (/game settings)."""
    async def set_timing(self, game_id: int, timing: dict) -> None:
        """Save a game's clocks (remind_hours, reminders, limit_hours)."""
    async def timers(self, game_id: int) -> list[TimerRow]:
        """The game's timers."""
    async def append_log(self, game_id: int, entries: list[tuple[int, int, dict]], state_json: str) -> None:
        """Add several log entries (seat, user_id, action) and the state after them."""
    async def add_results(self, results: list[ResultRow]) -> None:
        """Record the results of a finished game, one row per seat."""
    async def meta_set(self, key: str, value: str) -> None:
        """Set a key of the bot's own metadata (e.g. the synced command tree's hash)."""
    async def meta_claim(self, key: str, expect: str, value: str) -> bool:
        """Set a metadata key to value only if it still holds expect; returns whether it did."""
    async def meta_delete(self, key: str) -> bool:
        """Delete a metadata key; returns whether it was there."""
    async def add_note(self, game_id: int, user_id: int, text: str, at: str) -> None:
        """Add one of ``user_id``'s notes on the game, after the others."""
    async def clear_notes(self, game_id: int, user_id: int) -> None:
        """Delete all of ``user_id``'s notes on the game."""
    async def set_follow(self, game_id: int, user_id: int, follow: bool, at: str) -> bool:
        """Start or stop following the game by DM; returns whether anything changed."""
    async def set_program(self, game_id: int, seat: int, program: dict, at: str) -> None:
        """Keep ``seat``'s programmed move, replacing the one before."""
    async def drop_programs(self, game_id: int, seats: list[int] | None = None) -> int:
        """Forget the programmed moves of ``seats`` (``None``: all); returns how many went."""
    async def programs(self, game_id: int) -> dict[int, dict]:
        """Each seat's programmed move, by seat."""


class SqliteTx(Writes):
    """One open transaction; valid only inside its ``async with`` block. The shared writes are ``Writes``';
    SQLite's own are below."""

    def __init__(self, db: aiosqlite.Connection):
        self._db, self.open = db, True

    async def _rows(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        self._check()
        return list(await self._db.execute_fetchall(sql, params))

    async def _exec(self, sql: str, params: tuple = ()) -> int:
        self._check()
        async with self._db.execute(sql, params) as cur:
            return cur.rowcount

    async def _many(self, sql: str, rows: list[tuple]) -> None:
        self._check()
        if rows:
            await self._db.executemany(sql, rows)

    async def create_game(self, channel_id: int, guild_id: int | None, game: str, rules_version: int, options: dict,
                          creator_id: int, timing: dict | None = None) -> int:
        """A new game in the lobby (seed 0); returns its id. Raises ChannelBusy if the channel has an active game."""
        self._check()
        try:
            async with self._db.execute(
                    "INSERT INTO games (channel_id, guild_id, game, rules_version, options, seed, status, creator_id,"
                    " created_at, timing) VALUES (?, ?, ?, ?, ?, 0, 'lobby', ?, ?, ?)",
                    (channel_id, guild_id, game, rules_version, to_json(options), creator_id, now(),
                     to_json(timing or {}))) as cur:
                return cur.lastrowid
        except sqlite3.IntegrityError as exc:
            if "games.channel_id" in str(exc):
                raise ChannelBusy(channel_id) from exc
            raise


class Store(Protocol):
    """The persistence interface (reads + ``transaction()``); ``await Store.open(path)`` opens SQLite."""
    @staticmethod
    async def open(path: str) -> SqliteStore:
        """Open (and migrate) the SQLite database at path; raises StoreError with a sentence."""
        return await SqliteStore.open(path)

    async def close(self) -> None:
        """Close the database and release the process lock."""
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One write transaction (BEGIN IMMEDIATE .. COMMIT, rolled back on an error)."""
    async def game(self, game_id: int) -> GameRow | None:
        """The game game_id, or None."""
    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, or None."""
    async def last_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recent game, whatever its status, or None."""
    async def seats(self, game_id: int) -> list[SeatRow]:
        """The game's seats in seat order."""
    async def log(self, game_id: int) -> list[LogEntry]:
        """The game's whole action log, in order."""
    async def last_move(self, game_id: int, seat: int) -> tuple[str, str | None] | None:
        """``(at, sent)`` of the seat's latest log entry (saved, this host's clock; its interaction
        created, Discord's clock, or None), or None before its first."""
    async def snapshot(self, game_id: int) -> tuple[int, str] | None:
        """The latest state snapshot (entries it includes, canonical JSON), or None."""
    async def offer(self, token: str) -> Offer | None:
        """The offer behind a button or menu option, or None when it expired."""
    async def meta_get(self, key: str) -> str | None:
        """A key of the bot's own metadata, or None."""
    async def meta_due(self, prefix: str, at: str) -> list[tuple[str, str]]:
        """(key, value) of the metadata keys starting with prefix whose ISO time value is at or earlier."""
    async def waiting_turns(self, user_id: int) -> list[tuple[GameRow, TimerRow]]:
        """The running games whose prompt waits on user_id, with the timer of its seat."""
    async def ai_games(self) -> list[int]:
        """The running games with a seat an AI plays (not removed)."""
    async def results(self, *, user_id: int | None = None, game: str | None = None,
                      guild_id: int | None = None) -> list[ResultRow]:
        """Results of finished games, filtered by user, game and guild."""
    async def timers(self, game_id: int) -> list[TimerRow]:
        """The game's timers."""
    async def prefs(self, user_id: int) -> dict:
        """A user's saved settings (empty when none)."""
    async def game_counts(self) -> dict[str, int]:
        """How many games there are by status (for /game health)."""
    async def size(self) -> int:
        """The database's size in bytes."""
    async def due_timers(self, at: str) -> list[TimerRow]:
        """Timers of running games whose reminder or time limit is due at at (ISO time)."""
    async def backup(self, dest_path: str) -> None:
        """Copy the database consistently to dest_path (SQLite's backup API); raises StoreError."""
    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Exclusion of one game's moves across every process using the database (the table takes
        it inside its own asyncio lock): SQLite's is a no-op (one process holds the file's lock);
        PostgreSQL's is an advisory lock."""


class SqliteStore(Reads):
    """The SQLite store. ``await SqliteStore.open(path)``; ``":memory:"`` works for tests."""

    def __init__(self, db: aiosqlite.Connection, path: str, lock_fd: int | None):
        self._db, self.path, self._lock_fd = db, path, lock_fd
        self._lock = asyncio.Lock()
        self._holder: asyncio.Task | None = None        # the task inside a transaction

    @classmethod
    async def open(cls, path: str) -> SqliteStore:
        """Open (creating a missing file) and migrate. Raises StoreError: busy, read-only, not SQLite, damaged, ..."""
        lock_fd = None if path == ":memory:" else claim(path)
        db = None
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
            db.row_factory = sqlite3.Row
            for pragma in ("busy_timeout = 5000", "journal_mode = WAL", "synchronous = FULL", "foreign_keys = OFF"):
                await db.execute_fetchall(f"PRAGMA {pragma}")
            problems = [r[0] for r in await db.execute_fetchall("PRAGMA quick_check")]
            if problems != ["ok"]:
                detail = [line for line in problems[0].splitlines() if not line.startswith("***")][0]
                raise StoreError(damaged(path, detail))
            await migrate(db, path)
            await db.execute_fetchall("PRAGMA foreign_keys = ON")
            return cls(db, path, lock_fd)
        except BaseException as exc:
            try:
                if db is not None:
                    await db.close()        # else aiosqlite's thread keeps the process alive
            finally:
                release(lock_fd)
            if isinstance(exc, sqlite3.Error):
                raise StoreError(explain(path, exc)) from None
            raise

    async def close(self) -> None:
        """Close the connection (after any running transaction) and release the file lock. Idempotent."""
        async with self._lock:
            await self._db.close()
            release(self._lock_fd)
            self._lock_fd = None

    @asynccontextmanager
    async def _use(self) -> AsyncIterator[None]:
        if self._holder is not None and self._holder is asyncio.current_task():
            raise RuntimeError("inside a transaction use tx's methods; the store would wait for itself")
        async with self._lock:
            yield

    async def _rows(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        async with self._use():
            return list(await self._db.execute_fetchall(sql, params))

    async def _run(self, sql: str, params: tuple = ()) -> None:
        """One statement in autocommit (tests and benchmarks only)."""
        async with self._use():
            await self._db.execute_fetchall(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        """BEGIN IMMEDIATE ... COMMIT; ROLLBACK on any exception, which is re-raised."""
        async with self._use():
            self._holder, tx = asyncio.current_task(), SqliteTx(self._db)
            try:
                await self._db.execute_fetchall("BEGIN IMMEDIATE")
                yield tx
                tx.open = False
                await self._db.execute_fetchall("COMMIT")
            except BaseException:
                tx.open = False
                try:
                    await self._db.execute_fetchall("ROLLBACK")     # queued after anything still running
                except sqlite3.OperationalError as exc:
                    if "no transaction is active" not in str(exc):
                        raise
                raise
            finally:
                self._holder = None

    async def backup(self, dest_path: str) -> None:
        """A consistent copy (SQLite backup API, WAL contents included), written atomically to ``dest_path``.
        Raises StoreError if it cannot be written."""
        with copy_to(dest_path, f"write the backup {dest_path}", "check that its folder exists and is writable") \
                as target:
            async with self._use():
                await self._db.backup(target)

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Nothing to take: one process holds the file (``files.claim``), and the table's asyncio
        lock serializes a game within it."""
        yield


def is_postgres(target: str) -> bool:
    """Whether ``RAILHEAD_DB`` (or ``--db``) names a PostgreSQL server rather than a SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))


async def open_store(path: str) -> Store:
    """The store at ``path``: a ``postgresql://`` URL opens PostgreSQL (asyncpg, the ``postgres``
    extra), anything else is a SQLite file (``SqliteStore.open``). Raises StoreError with a sentence."""
    if is_postgres(path):
        from .postgres import PgStore

        return await PgStore.open(path)
    return await SqliteStore.open(path)


__all__ = ["ELSEWHERE", "ENDED", "MIGRATIONS", "ChannelBusy", "GameRow", "LogEntry", "Offer", "ResultRow", "SeatRow",
           "SqliteStore", "SqliteTx", "Store", "StoreError", "TimerRow", "Tx", "copy_database", "is_postgres", "iso",
           "new_token", "now", "open_store"]
