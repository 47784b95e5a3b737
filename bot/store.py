"""SQLite persistence through aiosqlite: WAL, synchronous=FULL, numbered migrations.

Tables: games, seats, actions (the log; column ``n`` is the seq), snapshots (latest state,
``n`` = how many log entries it includes), offers (the actions behind buttons, so buttons
survive restarts), prefs and meta. One asyncio lock serializes every use of the connection:
a transaction holds it from BEGIN IMMEDIATE to COMMIT/ROLLBACK, a read holds it briefly, so
games in different channels never share a half-open transaction. One process per database
file: ``open`` holds an exclusive ``flock`` on ``<path>.lock`` until ``close``.
``Store``/``Tx`` are the interface a shared SQL server would implement too.
"""
from __future__ import annotations

import asyncio
import fcntl
import json
import os
import secrets
import sqlite3
import stat
from collections.abc import AsyncIterator, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, closing, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

ISO = "strftime('%Y-%m-%dT%H:%M:%fZ', {}, 'unixepoch')"     # REAL epoch -> "2026-11-22T08:50:00.123Z"
MIGRATIONS = [          # append only: a database replays them from its own number on (docs/migrations.md)
    # 1: the first schema
    """
    CREATE TABLE games (id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, guild_id INTEGER, game TEXT NOT NULL,
        rules_version INTEGER NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
        creator_id INTEGER NOT NULL, created_at REAL NOT NULL);
    CREATE INDEX games_channel ON games(channel_id, status);
    CREATE TABLE seats (game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY (game_id, seat), UNIQUE (game_id, user_id));
    CREATE TABLE actions (game_id INTEGER NOT NULL REFERENCES games(id), n INTEGER NOT NULL, seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL, action TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, n));
    CREATE TABLE snapshots (game_id INTEGER PRIMARY KEY REFERENCES games(id), n INTEGER NOT NULL, state TEXT NOT NULL);
    CREATE TABLE offers (token TEXT PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id), n INTEGER NOT NULL,
        action TEXT NOT NULL);
    CREATE TABLE prefs (user_id INTEGER PRIMARY KEY, prefs TEXT NOT NULL);
    """,
    # 2: one active game per channel, ISO-8601 UTC timestamps, seat/stamp on offers, dm_closed, meta.
    # (Tables are rebuilt to change column types, SQLite's documented way; foreign keys are off meanwhile.)
    f"""
    UPDATE games SET status = 'abandoned' WHERE status IN ('lobby', 'running') AND id NOT IN
        (SELECT MAX(id) FROM games WHERE status IN ('lobby', 'running') GROUP BY channel_id);
    CREATE TABLE games2 (id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, guild_id INTEGER, game TEXT NOT NULL,
        rules_version INTEGER NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
        creator_id INTEGER NOT NULL, created_at TEXT NOT NULL);
    INSERT INTO games2 SELECT id, channel_id, guild_id, game, rules_version, options, seed, status, creator_id,
        {ISO.format('created_at')} FROM games;
    DROP TABLE games;
    ALTER TABLE games2 RENAME TO games;
    CREATE INDEX games_channel ON games(channel_id);
    CREATE UNIQUE INDEX games_one_active ON games(channel_id) WHERE status IN ('lobby', 'running');
    CREATE TABLE actions2 (game_id INTEGER NOT NULL REFERENCES games(id), n INTEGER NOT NULL, seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL, action TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (game_id, n));
    INSERT INTO actions2 SELECT game_id, n, seat, user_id, action, {ISO.format('at')} FROM actions;
    DROP TABLE actions;
    ALTER TABLE actions2 RENAME TO actions;
    CREATE TABLE offers2 (token TEXT PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER,
        stamp INTEGER, action TEXT NOT NULL);
    INSERT INTO offers2 SELECT token, game_id, NULL, n, action FROM offers    -- old n as stamp: never unchecked
        WHERE game_id IN (SELECT id FROM games WHERE status IN ('lobby', 'running'));
    DROP TABLE offers;
    ALTER TABLE offers2 RENAME TO offers;
    CREATE INDEX offers_game ON offers(game_id);
    ALTER TABLE seats ADD COLUMN dm_closed INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
    """,
    # 3: the result of every finished game per seat (records, personal bests, later ratings)
    """
    CREATE TABLE results (game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL, game TEXT NOT NULL, guild_id INTEGER, variant TEXT NOT NULL,
        score INTEGER NOT NULL, rank INTEGER NOT NULL, success INTEGER, finished_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seat));
    CREATE INDEX results_user ON results(user_id, game, variant);
    CREATE INDEX results_guild ON results(guild_id, game);
    """,
    # 4: turn timing per game (reminders, move time limit), a timer per prompted seat, removed seats
    """
    ALTER TABLE games ADD COLUMN timing TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE seats ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE timers (game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
        stamp INTEGER NOT NULL, since TEXT NOT NULL, remind_at TEXT, reminders INTEGER NOT NULL DEFAULT 0,
        limit_at TEXT, late INTEGER NOT NULL DEFAULT 0, votes TEXT NOT NULL DEFAULT '{}',
        PRIMARY KEY (game_id, seat));
    CREATE INDEX timers_remind ON timers(remind_at);
    CREATE INDEX timers_limit ON timers(limit_at);
    """,
]
ENDED = ("finished", "abandoned")
ELSEWHERE = "set RAILHEAD_DB (or --db) to another file"


class StoreError(Exception):
    """The database cannot be used; the message is one clear sentence for a person."""


class ChannelBusy(Exception):
    """``create_game``: the channel already has a game in the lobby or running."""


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    rules_version: int
    options: dict
    seed: int
    status: str             # lobby | running | finished | abandoned
    creator_id: int
    created_at: str         # ISO-8601 UTC, "2026-11-22T08:50:00.123Z"
    timing: dict = field(default_factory=dict)   # {"remind_hours", "reminders", "limit_hours"}


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str
    dm_closed: bool = False
    removed: bool = False   # voted out after a time limit: the table passes for this seat


@dataclass(frozen=True)
class TimerRow:
    """The clock of one prompted seat: ``stamp`` of its prompt, ``since`` (ISO time), the next
    reminder (``remind_at``, ``None``: no more), how many were sent, the time limit
    (``limit_at``), ``late`` once it passed, and the other seats' ``votes`` (``{seat: "skip"|"remove"}``)."""

    game_id: int
    seat: int
    stamp: int
    since: str
    remind_at: str | None
    reminders: int
    limit_at: str | None
    late: bool = False
    votes: dict = field(default_factory=dict)


@dataclass(frozen=True)
class LogEntry:
    seq: int                # 0, 1, 2, ... per game
    seat: int
    user_id: int
    action: dict


@dataclass(frozen=True)
class ResultRow:
    """One seat's result of a finished game. ``variant``: what makes scores comparable (for
    Railways solo: map and objective); ``success``: the objective met (``None``: no objective)."""

    game_id: int
    seat: int
    user_id: int
    game: str
    guild_id: int | None
    variant: str
    score: int
    rank: int
    success: bool | None = None
    finished_at: str = ""
    name: str = ""          # the seat's name in that game


@dataclass(frozen=True)
class Offer:
    token: str
    game_id: int
    seat: int | None        # None: anyone may press it
    stamp: int | None       # None: no staleness check
    action: dict


def new_token() -> str:
    """A short unguessable hex token (12 characters)."""
    return secrets.token_hex(6)


def iso(at: datetime) -> str:
    """``at`` as ISO-8601 UTC text with milliseconds ("2026-11-22T08:50:00.123Z"), the form every
    time in the database has (so times compare as text)."""
    return at.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def now() -> str:
    """The current time as ISO-8601 UTC text with milliseconds."""
    return iso(datetime.now(UTC))


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _game(r: sqlite3.Row) -> GameRow:
    return GameRow(r["id"], r["channel_id"], r["guild_id"], r["game"], r["rules_version"], json.loads(r["options"]),
                   r["seed"], r["status"], r["creator_id"], r["created_at"], json.loads(r["timing"]))


def _timer(r: sqlite3.Row) -> TimerRow:
    return TimerRow(r["game_id"], r["seat"], r["stamp"], r["since"], r["remind_at"], r["reminders"], r["limit_at"],
                    bool(r["late"]), {int(k): v for k, v in json.loads(r["votes"]).items()})


class _Reads:
    """The reads shared by the store (which takes the lock) and a transaction (which holds it)."""

    async def _rows(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        raise NotImplementedError

    async def _row(self, sql: str, params: tuple = ()) -> sqlite3.Row | None:
        rows = await self._rows(sql, params)
        return rows[0] if rows else None

    async def game(self, game_id: int) -> GameRow | None:
        r = await self._row("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(r) if r else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running (at most one)."""
        r = await self._row("SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
                            (channel_id,))
        return _game(r) if r else None

    async def last_game(self, channel_id: int) -> GameRow | None:
        """The channel's newest game, any status."""
        r = await self._row("SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return _game(r) if r else None

    async def seats(self, game_id: int) -> list[SeatRow]:
        """In seat (join) order."""
        rows = await self._rows("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return [SeatRow(r["seat"], r["user_id"], r["name"], bool(r["dm_closed"]), bool(r["removed"])) for r in rows]

    async def game_counts(self) -> dict[str, int]:
        """How many games have each status."""
        rows = await self._rows("SELECT status, COUNT(*) AS n FROM games GROUP BY status")
        return {r["status"]: r["n"] for r in rows}

    async def size(self) -> int:
        """The database's size in bytes (pages in use)."""
        r = await self._row("SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()")
        return int(r["n"]) if r else 0

    async def prefs(self, user_id: int) -> dict:
        """A user's settings (``/game settings``), ``{}`` when none were set."""
        r = await self._row("SELECT prefs FROM prefs WHERE user_id = ?", (user_id,))
        return json.loads(r["prefs"]) if r else {}

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._rows("SELECT * FROM timers WHERE game_id = ? ORDER BY seat", (game_id,))
        return [_timer(r) for r in rows]

    async def due_timers(self, at: str) -> list[TimerRow]:
        """Timers of running games whose reminder or time limit is due at ``at`` (ISO time)."""
        rows = await self._rows(
            "SELECT t.* FROM timers t JOIN games g ON g.id = t.game_id WHERE g.status = 'running' AND "
            "((t.remind_at IS NOT NULL AND t.remind_at <= ?) OR (t.limit_at IS NOT NULL AND t.limit_at <= ? "
            "AND t.late = 0)) ORDER BY t.game_id, t.seat", (at, at))
        return [_timer(r) for r in rows]

    async def log(self, game_id: int) -> list[LogEntry]:
        """The game's actions ordered by seq."""
        rows = await self._rows("SELECT * FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
        return [LogEntry(r["n"], r["seat"], r["user_id"], json.loads(r["action"])) for r in rows]

    async def snapshot(self, game_id: int) -> tuple[int, str] | None:
        """``(seq, state JSON)``: the state after the first ``seq`` log entries."""
        r = await self._row("SELECT n, state FROM snapshots WHERE game_id = ?", (game_id,))
        return (r["n"], r["state"]) if r else None

    async def offer(self, token: str) -> Offer | None:
        r = await self._row("SELECT * FROM offers WHERE token = ?", (token,))
        return Offer(r["token"], r["game_id"], r["seat"], r["stamp"], json.loads(r["action"])) if r else None

    async def meta_get(self, key: str) -> str | None:
        r = await self._row("SELECT value FROM meta WHERE key = ?", (key,))
        return r["value"] if r else None

    async def results(self, *, user_id: int | None = None, game: str | None = None,
                      guild_id: int | None = None) -> list[ResultRow]:
        """Results of finished games, newest first, filtered by user, game and guild."""
        where, params = [], []
        for column, value in (("user_id", user_id), ("game", game), ("guild_id", guild_id)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        sql = "SELECT r.*, s.name FROM results r JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat" + \
            (" WHERE " + " AND ".join(f"r.{w}" for w in where) if where else "") + \
            " ORDER BY r.finished_at DESC, r.game_id DESC, r.seat"
        rows = await self._rows(sql, tuple(params))
        return [ResultRow(r["game_id"], r["seat"], r["user_id"], r["game"], r["guild_id"], r["variant"], r["score"],
                          r["rank"], None if r["success"] is None else bool(r["success"]), r["finished_at"],
                          r["name"]) for r in rows]


class Tx(Protocol):
    """What ``async with store.transaction() as tx`` offers (besides the reads game, active_game, seats, ...)."""
    async def game(self, game_id: int) -> GameRow | None: ...
    async def active_game(self, channel_id: int) -> GameRow | None: ...
    async def seats(self, game_id: int) -> list[SeatRow]: ...
    async def create_game(self, channel_id: int, guild_id: int | None, game: str, rules_version: int, options: dict,
                          creator_id: int, timing: dict | None = None) -> int: ...
    async def add_seat(self, game_id: int, user_id: int, name: str) -> int | None: ...
    async def remove_seat(self, game_id: int, user_id: int) -> bool: ...
    async def set_status(self, game_id: int, status: str, *,
                         expect: tuple[str, ...] = ("lobby", "running")) -> bool: ...
    async def start_game(self, game_id: int, seed: int, state_json: str) -> None: ...
    async def append(self, game_id: int, seq: int, seat: int, user_id: int, action: dict, state_json: str) -> None: ...
    async def add_offers(self, offers: list[Offer]) -> None: ...
    async def void_offers(self, tokens: list[str]) -> None: ...
    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None: ...
    async def set_timer(self, t: TimerRow) -> None: ...
    async def drop_timers(self, game_id: int, keep: list[int] = ()) -> None: ...
    async def set_removed(self, game_id: int, seat: int) -> None: ...
    async def set_prefs(self, user_id: int, prefs: dict) -> None: ...
    async def set_timing(self, game_id: int, timing: dict) -> None: ...
    async def timers(self, game_id: int) -> list[TimerRow]: ...
    async def append_log(self, game_id: int, entries: list[tuple[int, int, dict]], state_json: str) -> None: ...
    async def add_results(self, results: list[ResultRow]) -> None: ...
    async def meta_set(self, key: str, value: str) -> None: ...


class SqliteTx(_Reads):
    """One open transaction; valid only inside its ``async with`` block."""

    def __init__(self, db: aiosqlite.Connection):
        self._db, self.open = db, True

    async def _rows(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        if not self.open:
            raise RuntimeError("this transaction has ended")
        return list(await self._db.execute_fetchall(sql, params))

    async def _exec(self, sql: str, params: tuple = ()) -> aiosqlite.Cursor:
        if not self.open:
            raise RuntimeError("this transaction has ended")
        async with self._db.execute(sql, params) as cur:
            return cur

    async def create_game(self, channel_id: int, guild_id: int | None, game: str, rules_version: int, options: dict,
                          creator_id: int, timing: dict | None = None) -> int:
        """A new game in the lobby (seed 0); returns its id. Raises ChannelBusy if the channel has an active game."""
        try:
            cur = await self._exec(
                "INSERT INTO games (channel_id, guild_id, game, rules_version, options, seed, status, creator_id,"
                " created_at, timing) VALUES (?, ?, ?, ?, ?, 0, 'lobby', ?, ?, ?)",
                (channel_id, guild_id, game, rules_version, _json(options), creator_id, now(), _json(timing or {})))
        except sqlite3.IntegrityError as exc:
            if "games.channel_id" in str(exc):
                raise ChannelBusy(channel_id) from exc
            raise
        return cur.lastrowid

    async def add_seat(self, game_id: int, user_id: int, name: str) -> int | None:
        """Seat the user in the next seat and return it; None if already seated."""
        if await self._row("SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)):
            return None
        (seat,) = await self._row("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
        await self._exec("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                         (game_id, seat, user_id, name))
        return seat

    async def remove_seat(self, game_id: int, user_id: int) -> bool:
        """Remove the user's seat and close the gap (join order kept); False if not seated."""
        r = await self._row("SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        if r is None:
            return False
        await self._exec("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        for (seat,) in await self._rows("SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat",
                                        (game_id, r["seat"])):
            await self._exec("UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?", (seat - 1, game_id, seat))
        return True

    async def set_status(self, game_id: int, status: str, *, expect: tuple[str, ...] = ("lobby", "running")) -> bool:
        """Change the status if it is one of ``expect``; True if changed. Ending a game deletes its offers."""
        marks = ", ".join("?" * len(expect))
        cur = await self._exec(f"UPDATE games SET status = ? WHERE id = ? AND status IN ({marks})",
                               (status, game_id, *expect))
        if cur.rowcount and status in ENDED:
            await self._exec("DELETE FROM offers WHERE game_id = ?", (game_id,))
        return cur.rowcount > 0

    async def start_game(self, game_id: int, seed: int, state_json: str) -> None:
        """Status running, the seed, and the initial state as the snapshot with seq 0."""
        await self._exec("UPDATE games SET status = 'running', seed = ? WHERE id = ?", (seed, game_id))
        await self._snapshot(game_id, 0, state_json)

    async def append(self, game_id: int, seq: int, seat: int, user_id: int, action: dict, state_json: str) -> None:
        """Log entry ``seq`` and the state after it (snapshot seq + 1). A taken seq raises sqlite3.IntegrityError."""
        await self._exec("INSERT INTO actions (game_id, n, seat, user_id, action, at) VALUES (?, ?, ?, ?, ?, ?)",
                         (game_id, seq, seat, user_id, _json(action), now()))
        await self._snapshot(game_id, seq + 1, state_json)

    async def _snapshot(self, game_id: int, seq: int, state_json: str) -> None:
        await self._exec("INSERT INTO snapshots (game_id, n, state) VALUES (?, ?, ?) ON CONFLICT(game_id) DO UPDATE"
                         " SET n = excluded.n, state = excluded.state", (game_id, seq, state_json))

    async def append_log(self, game_id: int, entries: list[tuple[int, int, dict]], state_json: str) -> None:
        """Log ``(seat, user_id, action)`` entries from seq 0 (an imported game) and the state after them."""
        for seq, (seat, user_id, action) in enumerate(entries):
            await self._exec("INSERT INTO actions (game_id, n, seat, user_id, action, at) VALUES (?, ?, ?, ?, ?, ?)",
                             (game_id, seq, seat, user_id, _json(action), now()))
        await self._snapshot(game_id, len(entries), state_json)

    async def add_results(self, results: list[ResultRow]) -> None:
        """Record a finished game's results (one row per seat)."""
        for r in results:
            await self._exec("INSERT INTO results (game_id, seat, user_id, game, guild_id, variant, score, rank, "
                             "success, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (r.game_id, r.seat, r.user_id, r.game, r.guild_id, r.variant, r.score, r.rank,
                              None if r.success is None else int(r.success), now()))

    async def add_offers(self, offers: list[Offer]) -> None:
        for o in offers:
            await self._exec("INSERT INTO offers (token, game_id, seat, stamp, action) VALUES (?, ?, ?, ?, ?)",
                             (o.token, o.game_id, o.seat, o.stamp, _json(o.action)))

    async def void_offers(self, tokens: list[str]) -> None:
        for token in tokens:
            await self._exec("DELETE FROM offers WHERE token = ?", (token,))

    async def set_timer(self, t: TimerRow) -> None:
        """Create or replace the timer of ``(t.game_id, t.seat)``."""
        await self._exec("INSERT OR REPLACE INTO timers (game_id, seat, stamp, since, remind_at, reminders, limit_at, "
                         "late, votes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (t.game_id, t.seat, t.stamp, t.since, t.remind_at, t.reminders, t.limit_at, int(t.late),
                          _json({str(k): v for k, v in t.votes.items()})))

    async def drop_timers(self, game_id: int, keep: list[int] = ()) -> None:
        """Delete the game's timers except those of the seats in ``keep``."""
        marks = ",".join("?" * len(keep))
        await self._exec(f"DELETE FROM timers WHERE game_id = ?{f' AND seat NOT IN ({marks})' if keep else ''}",
                         (game_id, *keep))

    async def set_prefs(self, user_id: int, prefs: dict) -> None:
        await self._exec("INSERT OR REPLACE INTO prefs (user_id, prefs) VALUES (?, ?)", (user_id, _json(prefs)))

    async def set_removed(self, game_id: int, seat: int) -> None:
        await self._exec("UPDATE seats SET removed = 1 WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def set_timing(self, game_id: int, timing: dict) -> None:
        await self._exec("UPDATE games SET timing = ? WHERE id = ?", (_json(timing), game_id))

    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        await self._exec("UPDATE seats SET dm_closed = ? WHERE game_id = ? AND user_id = ?",
                         (int(closed), game_id, user_id))

    async def meta_set(self, key: str, value: str) -> None:
        await self._exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE"
                         " SET value = excluded.value", (key, value))


class Store(Protocol):
    """The persistence interface (reads + ``transaction()``); ``await Store.open(path)`` opens SQLite."""
    @staticmethod
    async def open(path: str) -> SqliteStore:
        return await SqliteStore.open(path)

    async def close(self) -> None: ...
    def transaction(self) -> AbstractAsyncContextManager[Tx]: ...
    async def game(self, game_id: int) -> GameRow | None: ...
    async def active_game(self, channel_id: int) -> GameRow | None: ...
    async def last_game(self, channel_id: int) -> GameRow | None: ...
    async def seats(self, game_id: int) -> list[SeatRow]: ...
    async def log(self, game_id: int) -> list[LogEntry]: ...
    async def snapshot(self, game_id: int) -> tuple[int, str] | None: ...
    async def offer(self, token: str) -> Offer | None: ...
    async def meta_get(self, key: str) -> str | None: ...
    async def results(self, *, user_id: int | None = None, game: str | None = None,
                      guild_id: int | None = None) -> list[ResultRow]: ...
    async def timers(self, game_id: int) -> list[TimerRow]: ...
    async def prefs(self, user_id: int) -> dict: ...
    async def game_counts(self) -> dict[str, int]: ...
    async def size(self) -> int: ...
    async def due_timers(self, at: str) -> list[TimerRow]: ...
    async def backup(self, dest_path: str) -> None: ...


class SqliteStore(_Reads):
    """The SQLite store. ``await SqliteStore.open(path)``; ``":memory:"`` works for tests."""

    def __init__(self, db: aiosqlite.Connection, path: str, lock_fd: int | None):
        self._db, self.path, self._lock_fd = db, path, lock_fd
        self._lock = asyncio.Lock()
        self._holder: asyncio.Task | None = None        # the task inside a transaction

    @classmethod
    async def open(cls, path: str) -> SqliteStore:
        """Open (creating a missing file) and migrate. Raises StoreError: busy, read-only, not SQLite, damaged, ..."""
        lock_fd = None if path == ":memory:" else _claim(path)
        db = None
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
            db.row_factory = sqlite3.Row
            for pragma in ("busy_timeout = 5000", "journal_mode = WAL", "synchronous = FULL", "foreign_keys = OFF"):
                await db.execute_fetchall(f"PRAGMA {pragma}")
            problems = [r[0] for r in await db.execute_fetchall("PRAGMA quick_check")]
            if problems != ["ok"]:
                detail = [line for line in problems[0].splitlines() if not line.startswith("***")][0]
                raise StoreError(_damaged(path, detail))
            await _migrate(db, path)
            await db.execute_fetchall("PRAGMA foreign_keys = ON")
            return cls(db, path, lock_fd)
        except BaseException as exc:
            try:
                if db is not None:
                    await db.close()        # else aiosqlite's thread keeps the process alive
            finally:
                _release(lock_fd)
            if isinstance(exc, sqlite3.Error):
                raise StoreError(_explain(path, exc)) from None
            raise

    async def close(self) -> None:
        """Close the connection (after any running transaction) and release the file lock. Idempotent."""
        async with self._lock:
            await self._db.close()
            _release(self._lock_fd)
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
        with _copy_to(dest_path, f"write the backup {dest_path}", "check that its folder exists and is writable") \
                as target:
            async with self._use():
                await self._db.backup(target)


async def open_store(path: str) -> SqliteStore:
    """``await SqliteStore.open(path)``; raises StoreError when the file cannot be used."""
    return await SqliteStore.open(path)


def copy_database(db_path: str, dest_path: str) -> None:
    """Copy a database that a running bot may be using (read-only, no process lock). Raises StoreError."""
    if not os.path.isfile(db_path):
        raise StoreError(f"There is no database at {db_path}; give the right file with --db or RAILHEAD_DB.")
    if os.path.realpath(db_path) == os.path.realpath(dest_path):
        raise StoreError(f"The backup {dest_path} would overwrite the database itself; choose another path.")
    with _copy_to(dest_path, f"copy {db_path} to {dest_path}",
                  f"check both paths and that {db_path} is a Railhead database") as target, \
            closing(sqlite3.connect(f"{Path(db_path).absolute().as_uri()}?mode=ro", uri=True)) as source:
        source.backup(target)


@contextmanager
def _copy_to(dest_path: str, what: str, advice: str) -> Iterator[sqlite3.Connection]:
    """A new database at ``<dest>.partial`` to copy into, renamed over ``dest_path`` when the copy
    is complete (never a half-written backup). Raises StoreError: "Could not <what> (...); <advice>."."""
    tmp = _fresh(f"{dest_path}.partial")
    try:
        with closing(sqlite3.connect(tmp, check_same_thread=False)) as target:
            yield target
        os.replace(tmp, dest_path)
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(f"Could not {what} ({exc}); {advice}.") from None
    finally:
        _fresh(tmp)


def _fresh(path: str) -> str:
    """Remove a leftover file (a half-written copy); returns the path."""
    if os.path.exists(path):
        os.remove(path)
    return path


async def _migrate(db: aiosqlite.Connection, path: str) -> int:
    """Apply the pending migrations, each in one transaction; returns the schema version."""
    ((version,),) = await db.execute_fetchall("PRAGMA user_version")
    if version > len(MIGRATIONS):
        raise StoreError(f"The database {path} was written by a newer Railhead (schema {version}, this one knows"
                         f" {len(MIGRATIONS)}); upgrade Railhead or {ELSEWHERE}.")
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        try:
            await db.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};")
            if await db.execute_fetchall("PRAGMA foreign_key_check"):
                raise sqlite3.IntegrityError(f"migration {number} left rows pointing at missing games")
            await db.execute_fetchall("COMMIT")
        except BaseException:
            if db.in_transaction:
                await db.execute_fetchall("ROLLBACK")
            raise
    return len(MIGRATIONS)


def _claim(path: str) -> int:
    """Check the path and take the process lock on ``<path>.lock``; returns its descriptor. Raises StoreError."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise StoreError(f"The folder {folder} for the database {path} does not exist; create it or {ELSEWHERE}.")
    if os.path.isdir(path):
        raise StoreError(f"{path} is a folder, not a database file; {ELSEWHERE}.")
    if os.path.exists(path):
        mode = os.stat(path).st_mode
        if not os.access(path, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
            raise StoreError(f"The database {path} is read-only; make it writable (chmod u+w {path}) or {ELSEWHERE}.")
        with open(path, "rb") as f:
            head = f.read(16)
        if head and head != b"SQLite format 3\x00":
            raise StoreError(f"{path} is not a SQLite database; {ELSEWHERE}, or move this file away to start"
                             f" afresh.")
    try:                            # the real path: a symlink or another spelling of the path shares the lock
        fd = os.open(f"{os.path.realpath(path)}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StoreError(f"Cannot create the lock file {path}.lock ({exc.strerror}); make the folder {folder}"
                         f" writable or {ELSEWHERE}.") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreError(f"Another Railhead process is already using {path}; stop it first or {ELSEWHERE}.") from None
    return fd


def _release(lock_fd: int | None) -> None:
    if lock_fd is not None:
        os.close(lock_fd)           # closing the descriptor releases the flock


def _explain(path: str, exc: sqlite3.Error) -> str:
    text = str(exc)
    if "not a database" in text:
        return f"{path} is not a SQLite database; {ELSEWHERE}, or move this file away to start afresh."
    if "malformed" in text or "corrupt" in text:
        return _damaged(path, text)
    if "readonly" in text or "read-only" in text:
        return f"The database {path} cannot be written (SQLite: {text}); check its permissions or {ELSEWHERE}."
    return f"Cannot open the database {path} (SQLite: {text}); check the file and its folder or {ELSEWHERE}."


def _damaged(path: str, detail: str) -> str:
    return (f"The database {path} is damaged (SQLite: {detail}); restore it from a backup (`railhead backup` makes"
            f" one), or move it away to start afresh.")
