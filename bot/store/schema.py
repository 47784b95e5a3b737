"""The database schema as numbered migrations, **append only**: a database replays them from its
own number on (``PRAGMA user_version``); see docs/migrations.md. PostgreSQL has its own SQL for
each number, with the same resulting tables and columns (``pg_schema.py``)."""
from __future__ import annotations

import sqlite3

import aiosqlite

from .rows import ELSEWHERE, StoreError

ISO = "strftime('%Y-%m-%dT%H:%M:%fZ', {}, 'unixepoch')"     # REAL epoch -> "2026-11-22T08:50:00.123Z"
MIGRATIONS = [          # append only (see the module docstring)
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
    # 5: a due timer claimed by one bot process until claimed_until (ISO time; PostgreSQL's
    # due_timers sets it, so two processes never send the same reminder; SQLite has one process)
    """
    ALTER TABLE timers ADD COLUMN claimed_until TEXT;
    """,
    # 6: when Discord created the interaction that made a move (ISO time by Discord's clock, NULL for
    # the terminal and the table's own moves): a command created no later than the seat's last move is
    # a repeat of it (bot/table/arrivals.py), whatever the skew between this host's clock and Discord's
    """
    ALTER TABLE actions ADD COLUMN sent TEXT;
    """,
    # 7: a player's private notes on a game (/game note), numbered per game and user; people who follow
    # a game by DM without a seat (/game follow)
    """
    CREATE TABLE notes (game_id INTEGER NOT NULL REFERENCES games(id), user_id INTEGER NOT NULL, n INTEGER NOT NULL,
        text TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (game_id, user_id, n));
    CREATE TABLE followers (game_id INTEGER NOT NULL REFERENCES games(id), user_id INTEGER NOT NULL,
        since TEXT NOT NULL, PRIMARY KEY (game_id, user_id));
    """,
    # 8: the id of the game's living table message in its channel (bot/discord_io.py edits it in
    # place as the game moves and re-posts it when the channel has scrolled far past it); NULL:
    # not posted yet (a game stored before, or a table that never had a channel)
    """
    ALTER TABLE games ADD COLUMN table_message INTEGER;
    """,
    # 9: a seat's programmed move (bot/table/programs.py: "bid up to $N, then pass", "pass this
    # auction", "pass until my next turn"), secret until the table plays it; one per seat, JSON
    """
    CREATE TABLE programs (game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
        program TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (game_id, seat));
    """,
    # 10: AI seats (bot/table/robots.py): the level an AI plays a seat at (easy, normal, hard), NULL for
    # a person. An AI seated in the lobby has a negative user id (never a Discord id); a person's seat
    # handed to an AI after a time-limit vote keeps its user id, so that person may take it back
    """
    ALTER TABLE seats ADD COLUMN ai TEXT;
    """,
    # 11: whether players may ask for hints (/game hint, issue 34), set in the lobby; off by default
    """
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    """,
]

async def migrate(db: aiosqlite.Connection, path: str) -> int:
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
