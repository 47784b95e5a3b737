"""SQLite persistence through aiosqlite: WAL mode, numbered migrations.

Tables: games, seats, actions (the log), snapshots (latest state cache), offers (the
actions behind buttons and select options, so buttons survive restarts) and prefs.
Each action is committed with its snapshot in one transaction before anyone is told.
The ``Store`` interface is what a shared SQL server would have to implement too.
"""
from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

import aiosqlite

MIGRATIONS = [
    # 1: the first schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        guild_id INTEGER,
        game TEXT NOT NULL,
        rules_version INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
        creator_id INTEGER NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE INDEX games_channel ON games(channel_id, status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id),
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        action TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, n)
    );
    CREATE TABLE snapshots (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        n INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE offers (
        token TEXT PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        n INTEGER NOT NULL,
        action TEXT NOT NULL
    );
    CREATE TABLE prefs (
        user_id INTEGER PRIMARY KEY,
        prefs TEXT NOT NULL
    );
    """,
]


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    rules_version: int
    options: dict
    seed: int
    status: str
    creator_id: int


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str


class Store:
    """Async persistence. Open with ``await Store.open(path)``; ``":memory:"`` works for tests."""

    def __init__(self, db: aiosqlite.Connection):
        self.db = db

    @classmethod
    async def open(cls, path: str) -> "Store":
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        store = cls(db)
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=NORMAL"):
            await store._rows(f"PRAGMA {pragma}")
        await store.migrate()
        return store

    async def _run(self, sql: str, params: tuple = ()) -> int:
        """Execute one statement and close its cursor; returns the last row id."""
        async with self.db.execute(sql, params) as cur:
            return cur.lastrowid

    async def _rows(self, sql: str, params: tuple = ()) -> list:
        return list(await self.db.execute_fetchall(sql, params))

    async def _row(self, sql: str, params: tuple = ()):
        rows = await self._rows(sql, params)
        return rows[0] if rows else None

    async def migrate(self) -> int:
        """Apply pending migrations; returns the schema version."""
        (version,) = await self._row("PRAGMA user_version")
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
        return len(MIGRATIONS)

    async def close(self) -> None:
        await self.db.close()

    # ------------------------------------------------------------- games
    async def create_game(self, channel_id: int, guild_id: int | None, game: str, rules_version: int,
                          options: dict, seed: int, creator_id: int) -> int:
        return await self._run(
            "INSERT INTO games (channel_id, guild_id, game, rules_version, options, seed, status, creator_id,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?)",
            (channel_id, guild_id, game, rules_version, json.dumps(options), seed, creator_id, time.time()),
        )

    def _game(self, row: Any) -> GameRow:
        return GameRow(row["id"], row["channel_id"], row["guild_id"], row["game"], row["rules_version"],
                       json.loads(row["options"]), row["seed"], row["status"], row["creator_id"])

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._row("SELECT * FROM games WHERE id = ?", (game_id,))
        return self._game(row) if row else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, if any."""
        row = await self._row("SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running') ORDER BY id DESC LIMIT 1",
            (channel_id,))
        return self._game(row) if row else None

    async def set_status(self, game_id: int, status: str) -> None:
        await self._run("UPDATE games SET status = ? WHERE id = ?", (status, game_id))
        await self.db.commit()

    async def start_game(self, game_id: int, seed: int, state_json: str) -> None:
        """Mark a lobby running with its seed and initial state, in one transaction."""
        await self._run("BEGIN")
        await self._run("UPDATE games SET seed = ?, status = 'running' WHERE id = ?", (seed, game_id))
        await self._run("INSERT INTO snapshots (game_id, n, state) VALUES (?, 0, ?)", (game_id, state_json))
        await self.db.commit()

    # ------------------------------------------------------------- seats
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._rows("SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return [SeatRow(r["seat"], r["user_id"], r["name"]) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, name: str) -> int:
        seats = await self.seats(game_id)
        seat = len(seats)
        await self._run("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                              (game_id, seat, user_id, name))
        await self.db.commit()
        return seat

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        """Remove a lobby seat and renumber the rest in join order."""
        seats = [s for s in await self.seats(game_id) if s.user_id != user_id]
        await self._run("BEGIN")
        await self._run("DELETE FROM seats WHERE game_id = ?", (game_id,))
        async with self.db.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                                       [(game_id, i, s.user_id, s.name) for i, s in enumerate(seats)]):
            pass
        await self.db.commit()

    # ----------------------------------------------------------- actions
    async def append_action(self, game_id: int, n: int, seat: int, user_id: int, action: dict,
                            state_json: str, status: str | None = None) -> None:
        """Commit action number ``n`` and the resulting state snapshot in one transaction."""
        await self._run("BEGIN")
        try:
            await self._run(
                "INSERT INTO actions (game_id, n, seat, user_id, action, at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, n, seat, user_id, json.dumps(action, separators=(",", ":")), time.time()))
            await self._run(
                "INSERT INTO snapshots (game_id, n, state) VALUES (?, ?, ?) "
                "ON CONFLICT(game_id) DO UPDATE SET n = excluded.n, state = excluded.state",
                (game_id, n + 1, state_json))
            if status:
                await self._run("UPDATE games SET status = ? WHERE id = ?", (status, game_id))
            await self.db.commit()
        except BaseException:
            await self.db.rollback()
            raise

    async def actions(self, game_id: int) -> list[tuple[int, dict]]:
        rows = await self._rows("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
        return [(r["seat"], json.loads(r["action"])) for r in rows]

    async def snapshot(self, game_id: int) -> tuple[int, str] | None:
        row = await self._row("SELECT n, state FROM snapshots WHERE game_id = ?", (game_id,))
        return (row["n"], row["state"]) if row else None

    # ------------------------------------------------------------ offers
    async def add_offers(self, game_id: int, n: int, actions: list[dict]) -> list[str]:
        """Store actions offered by buttons/select options; returns one short token each."""
        tokens = [secrets.token_hex(6) for _ in actions]
        async with self.db.executemany(
                "INSERT INTO offers (token, game_id, n, action) VALUES (?, ?, ?, ?)",
                [(t, game_id, n, json.dumps(a, separators=(",", ":"))) for t, a in zip(tokens, actions)]):
            pass
        await self.db.commit()
        return tokens

    async def offer(self, token: str) -> tuple[int, int, dict] | None:
        row = await self._row("SELECT game_id, n, action FROM offers WHERE token = ?",
                                           (token,))
        return (row["game_id"], row["n"], json.loads(row["action"])) if row else None
