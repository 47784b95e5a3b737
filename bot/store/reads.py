"""The reads both stores share (SQLite's and PostgreSQL's): one SQL text with ``?`` marks, which
the PostgreSQL store numbers (``$1``, ``$2``, ...); and the conversions of rows into row objects."""
from __future__ import annotations

import json
from typing import Any

from .rows import GameRow, LogEntry, Offer, ResultRow, SeatRow, TimerRow


def to_json(value: Any) -> str:
    """Compact JSON text, as every JSON column holds it."""
    return json.dumps(value, separators=(",", ":"))


def game_row(r: Any) -> GameRow:
    """A ``games`` row (sqlite3.Row or asyncpg.Record) as a GameRow."""
    return GameRow(r["id"], r["channel_id"], r["guild_id"], r["game"], r["rules_version"], json.loads(r["options"]),
                   r["seed"], r["status"], r["creator_id"], r["created_at"], json.loads(r["timing"]),
                   r["table_message"], bool(r["hints"]))


def timer_row(r: Any) -> TimerRow:
    """A ``timers`` row as a TimerRow."""
    return TimerRow(r["game_id"], r["seat"], r["stamp"], r["since"], r["remind_at"], r["reminders"], r["limit_at"],
                    bool(r["late"]), {int(k): v for k, v in json.loads(r["votes"]).items()})


# Every table of the schema, in an order that copies parents before children (``railhead migrate``),
# with the columns that order its rows.
TABLES = {"games": "id", "seats": "game_id, seat", "actions": "game_id, n", "snapshots": "game_id",
          "offers": "token", "prefs": "user_id", "meta": "key", "results": "game_id, seat", "timers": "game_id, seat",
          "notes": "game_id, user_id, n", "followers": "game_id, user_id",
          "programs": "game_id, seat"}


class Reads:
    """The reads shared by the store (which takes the lock) and a transaction (which holds it)."""

    async def table_rows(self, table: str) -> list[dict]:
        """Every row of ``table`` (one of ``TABLES``) as a dict by column, in key order: for copying
        a whole database (``railhead migrate``). Raises ``KeyError`` for another name."""
        order = TABLES[table]
        return [dict(r) for r in await self._rows(f"SELECT * FROM {table} ORDER BY {order}")]

    async def table_dump(self) -> dict[str, list[dict]]:
        """Every table's rows (``table_rows``), by table name in ``TABLES`` order. A SQLite store
        is one process's, so nobody writes between the reads; PostgreSQL's reads them in one
        snapshot (``PgStore.table_dump``)."""
        return {table: await self.table_rows(table) for table in TABLES}

    async def _rows(self, sql: str, params: tuple = ()) -> list[Any]:
        raise NotImplementedError

    async def _row(self, sql: str, params: tuple = ()) -> Any | None:
        rows = await self._rows(sql, params)
        return rows[0] if rows else None

    async def game(self, game_id: int) -> GameRow | None:
        """The game ``game_id``, or None."""
        r = await self._row("SELECT * FROM games WHERE id = ?", (game_id,))
        return game_row(r) if r else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running (at most one)."""
        r = await self._row("SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
                            (channel_id,))
        return game_row(r) if r else None

    async def last_game(self, channel_id: int) -> GameRow | None:
        """The channel's newest game, any status."""
        r = await self._row("SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return game_row(r) if r else None

    async def seats(self, game_id: int) -> list[SeatRow]:
        """In seat (join) order."""
        rows = await self._rows("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return [SeatRow(r["seat"], r["user_id"], r["name"], bool(r["dm_closed"]), bool(r["removed"]), r["ai"])
                for r in rows]

    async def ai_games(self) -> list[int]:
        """The ids of the running games where an AI plays a seat that is not removed (the table
        resumes their AI moves after a restart, ``bot/table/robots.py``)."""
        rows = await self._rows("SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id "
                                "WHERE g.status = 'running' AND s.ai IS NOT NULL AND s.removed = 0 ORDER BY g.id")
        return [r["id"] for r in rows]

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
        """The game's timers, in seat order."""
        rows = await self._rows("SELECT * FROM timers WHERE game_id = ? ORDER BY seat", (game_id,))
        return [timer_row(r) for r in rows]

    async def due_timers(self, at: str) -> list[TimerRow]:
        """Timers of running games whose reminder or time limit is due at ``at`` (ISO time)."""
        rows = await self._rows(
            "SELECT t.* FROM timers t JOIN games g ON g.id = t.game_id WHERE g.status = 'running' AND "
            "((t.remind_at IS NOT NULL AND t.remind_at <= ?) OR (t.limit_at IS NOT NULL AND t.limit_at <= ? "
            "AND t.late = 0)) ORDER BY t.game_id, t.seat", (at, at))
        return [timer_row(r) for r in rows]

    async def waiting_turns(self, user_id: int) -> list[tuple[GameRow, TimerRow]]:
        """Every running game, in any server or DM, whose prompt waits on ``user_id`` now: the game
        and the timer of the user's prompted seat (``timing.sync`` keeps one per prompted seat;
        a removed seat or an AI seat, which the table plays for, is left out), longest waiting first."""
        rows = await self._rows(
            "SELECT g.*, t.* FROM timers t JOIN seats s ON s.game_id = t.game_id AND s.seat = t.seat "
            "JOIN games g ON g.id = t.game_id WHERE s.user_id = ? AND s.removed = 0 AND s.ai IS NULL "
            "AND g.status = 'running' ORDER BY t.since, g.id", (user_id,))
        return [(game_row(r), timer_row(r)) for r in rows]

    async def meta_due(self, prefix: str, at: str) -> list[tuple[str, str]]:
        """``(key, value)`` of the metadata keys starting with ``prefix`` (no ``%`` or ``_`` in it)
        whose value, an ISO time, is ``at`` or earlier: the daily digests due (``bot/turns.py``)."""
        rows = await self._rows("SELECT key, value FROM meta WHERE key LIKE ? AND value <= ? ORDER BY key",
                                (prefix + "%", at))
        return [(r["key"], r["value"]) for r in rows]

    async def log(self, game_id: int) -> list[LogEntry]:
        """The game's actions ordered by seq."""
        rows = await self._rows("SELECT * FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
        return [LogEntry(r["n"], r["seat"], r["user_id"], json.loads(r["action"])) for r in rows]

    async def last_move(self, game_id: int, seat: int) -> tuple[str, str | None] | None:
        """``(at, sent)`` of ``seat``'s latest log entry (ISO times: saved, by this host's clock; its
        interaction created, by Discord's, or ``None``), or ``None`` before its first."""
        r = await self._row("SELECT at, sent FROM actions WHERE game_id = ? AND seat = ? ORDER BY n DESC LIMIT 1",
                            (game_id, seat))
        return (r["at"], r["sent"]) if r else None

    async def snapshot(self, game_id: int) -> tuple[int, str] | None:
        """``(seq, state JSON)``: the state after the first ``seq`` log entries."""
        r = await self._row("SELECT n, state FROM snapshots WHERE game_id = ?", (game_id,))
        return (r["n"], r["state"]) if r else None

    async def offer(self, token: str) -> Offer | None:
        """The offer behind a button or menu option, or None when it expired."""
        r = await self._row("SELECT * FROM offers WHERE token = ?", (token,))
        return Offer(r["token"], r["game_id"], r["seat"], r["stamp"], json.loads(r["action"])) if r else None

    async def notes(self, game_id: int, user_id: int) -> list[str]:
        """``user_id``'s notes on the game (``/game note``), oldest first."""
        rows = await self._rows("SELECT text FROM notes WHERE game_id = ? AND user_id = ? ORDER BY n",
                                (game_id, user_id))
        return [r["text"] for r in rows]

    async def followers(self, game_id: int) -> list[int]:
        """The user ids following the game by DM (``/game follow``), in the order they began."""
        rows = await self._rows("SELECT user_id FROM followers WHERE game_id = ? ORDER BY since, user_id", (game_id,))
        return [r["user_id"] for r in rows]

    async def programs(self, game_id: int) -> dict[int, dict]:
        """Each seat's programmed move in the game (``bot/table/programs.py``), by seat: secret
        from everyone but that seat's player."""
        rows = await self._rows("SELECT seat, program FROM programs WHERE game_id = ? ORDER BY seat", (game_id,))
        return {r["seat"]: json.loads(r["program"]) for r in rows}

    async def meta_get(self, key: str) -> str | None:
        """A key of the bot's own metadata, or None."""
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
