"""The writes both stores' transactions share (SQLite's ``SqliteTx`` and PostgreSQL's ``PgTx``), as
``reads.py`` holds their reads: one SQL text with ``?`` marks (which the PostgreSQL store numbers),
built on three primitives each backend provides: ``_rows(sql, params)``, ``_exec(sql, params)``
(returns how many rows changed) and ``_many(sql, rows)`` (one statement per row; nothing when
``rows`` is empty). What differs stays with the backend: ``create_game`` (the driver's unique
violation, the new id) and, on PostgreSQL, ``insert_rows`` continuing the games' identity."""
from __future__ import annotations

from .reads import TABLES, Reads, to_json
from .rows import ENDED, Offer, ResultRow, TimerRow, now


class Writes(Reads):
    """The writes of an open transaction (``self.open``), shared by both backends."""

    open: bool

    def _check(self) -> None:
        if not self.open:
            raise RuntimeError("this transaction has ended")

    async def _exec(self, sql: str, params: tuple = ()) -> int:
        raise NotImplementedError

    async def _many(self, sql: str, rows: list[tuple]) -> None:
        raise NotImplementedError

    async def insert_rows(self, table: str, rows: list[dict]) -> None:
        """Insert ``rows`` (dicts by column, as ``table_rows`` reads them) into ``table``, ids kept."""
        if table not in TABLES:
            raise KeyError(table)
        if not rows:
            return
        columns = list(rows[0])
        await self._many(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
                         [tuple(r[c] for c in columns) for r in rows])

    async def add_seat(self, game_id: int, user_id: int, name: str, ai: str | None = None) -> int | None:
        """Seat the user in the next seat and return it; None if already seated. ``ai``: the level
        of the AI that plays the seat (its ``user_id`` negative), ``None`` for a person."""
        if await self._row("SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)):
            return None
        seat = int((await self._row("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,)))[0])
        await self._exec("INSERT INTO seats (game_id, seat, user_id, name, ai) VALUES (?, ?, ?, ?, ?)",
                         (game_id, seat, user_id, name, ai))
        return seat

    async def set_ai(self, game_id: int, seat: int, level: str | None) -> None:
        """Hand ``seat`` to an AI of ``level`` (a person's seat after a time-limit vote), or give it
        back to its person (``None``: ``/game join``)."""
        await self._exec("UPDATE seats SET ai = ? WHERE game_id = ? AND seat = ?", (level, game_id, seat))

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
        changed = await self._exec(f"UPDATE games SET status = ? WHERE id = ? AND status IN ({marks})",
                                   (status, game_id, *expect))
        if changed and status in ENDED:
            await self._exec("DELETE FROM offers WHERE game_id = ?", (game_id,))
            await self._exec("DELETE FROM programs WHERE game_id = ?", (game_id,))
        return changed > 0

    async def start_game(self, game_id: int, seed: int, state_json: str) -> None:
        """Status running, the seed, and the initial state as the snapshot with seq 0."""
        await self._exec("UPDATE games SET status = 'running', seed = ? WHERE id = ?", (seed, game_id))
        await self._snapshot(game_id, 0, state_json)

    async def append(self, game_id: int, seq: int, seat: int, user_id: int, action: dict, state_json: str,
                     at: str | None = None, sent: str | None = None) -> None:
        """Log entry ``seq`` and the state after it (snapshot seq + 1). ``at``: when it was made (ISO
        time, this host's clock; now by default); ``sent``: when Discord created the interaction that
        made it (ISO time, Discord's clock; ``None`` for the terminal and the table's own moves). A
        taken seq raises the driver's integrity error: sqlite3.IntegrityError, or
        asyncpg.UniqueViolationError (an IntegrityConstraintViolationError)."""
        await self._exec("INSERT INTO actions (game_id, n, seat, user_id, action, at, sent) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (game_id, seq, seat, user_id, to_json(action), at or now(), sent))
        await self._snapshot(game_id, seq + 1, state_json)

    async def _snapshot(self, game_id: int, seq: int, state_json: str) -> None:
        await self._exec("INSERT INTO snapshots (game_id, n, state) VALUES (?, ?, ?) ON CONFLICT (game_id) DO UPDATE"
                         " SET n = excluded.n, state = excluded.state", (game_id, seq, state_json))

    async def append_log(self, game_id: int, entries: list[tuple[int, int, dict]], state_json: str) -> None:
        """Log ``(seat, user_id, action)`` entries from seq 0 (an imported game) and the state after them."""
        at = now()
        await self._many("INSERT INTO actions (game_id, n, seat, user_id, action, at) VALUES (?, ?, ?, ?, ?, ?)",
                         [(game_id, seq, seat, user_id, to_json(action), at)
                          for seq, (seat, user_id, action) in enumerate(entries)])
        await self._snapshot(game_id, len(entries), state_json)

    async def add_results(self, results: list[ResultRow]) -> None:
        """Record a finished game's results (one row per seat)."""
        at = now()
        await self._many("INSERT INTO results (game_id, seat, user_id, game, guild_id, variant, score, rank, "
                         "success, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         [(r.game_id, r.seat, r.user_id, r.game, r.guild_id, r.variant, r.score, r.rank,
                           None if r.success is None else int(r.success), at) for r in results])

    async def add_offers(self, offers: list[Offer]) -> None:
        """Store the actions behind buttons and menu options, under their tokens."""
        await self._many("INSERT INTO offers (token, game_id, seat, stamp, action) VALUES (?, ?, ?, ?, ?)",
                         [(o.token, o.game_id, o.seat, o.stamp, to_json(o.action)) for o in offers])

    async def void_offers(self, tokens: list[str]) -> None:
        """Forget the offers with these tokens (their buttons then say they have expired)."""
        await self._many("DELETE FROM offers WHERE token = ?", [(token,) for token in tokens])

    async def set_timer(self, t: TimerRow) -> None:
        """Create or replace the timer of ``(t.game_id, t.seat)`` (unclaimed)."""
        await self._exec("INSERT INTO timers (game_id, seat, stamp, since, remind_at, reminders, limit_at, late, "
                         "votes, claimed_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL) ON CONFLICT (game_id, seat)"
                         " DO UPDATE SET stamp = excluded.stamp, since = excluded.since,"
                         " remind_at = excluded.remind_at, reminders = excluded.reminders,"
                         " limit_at = excluded.limit_at, late = excluded.late, votes = excluded.votes,"
                         " claimed_until = NULL",
                         (t.game_id, t.seat, t.stamp, t.since, t.remind_at, t.reminders, t.limit_at, int(t.late),
                          to_json({str(k): v for k, v in t.votes.items()})))

    async def drop_timers(self, game_id: int, keep: list[int] = ()) -> None:
        """Delete the game's timers except those of the seats in ``keep``."""
        marks = ",".join("?" * len(keep))
        await self._exec(f"DELETE FROM timers WHERE game_id = ?{f' AND seat NOT IN ({marks})' if keep else ''}",
                         (game_id, *keep))

    async def set_prefs(self, user_id: int, prefs: dict) -> None:
        """Save a user's settings (/game settings)."""
        await self._exec("INSERT INTO prefs (user_id, prefs) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE"
                         " SET prefs = excluded.prefs", (user_id, to_json(prefs)))

    async def set_removed(self, game_id: int, seat: int) -> None:
        """Mark a seat removed after a time-limit vote (the table passes for it)."""
        await self._exec("UPDATE seats SET removed = 1 WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def set_timing(self, game_id: int, timing: dict) -> None:
        """Save a game's clocks (remind_hours, reminders, limit_hours)."""
        await self._exec("UPDATE games SET timing = ? WHERE id = ?", (to_json(timing), game_id))

    async def set_hints(self, game_id: int, on: bool) -> None:
        """Allow or forbid hints at a table (``/game hint``, set in the lobby)."""
        await self._exec("UPDATE games SET hints = ? WHERE id = ?", (1 if on else 0, game_id))

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        """Save the id of the game's table message in its channel (``None``: forget it)."""
        await self._exec("UPDATE games SET table_message = ? WHERE id = ?", (message_id, game_id))

    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        """Note whether a seated user's DMs are closed to the bot."""
        await self._exec("UPDATE seats SET dm_closed = ? WHERE game_id = ? AND user_id = ?",
                         (int(closed), game_id, user_id))

    async def add_note(self, game_id: int, user_id: int, text: str, at: str) -> None:
        """Add one of ``user_id``'s notes on the game, after the others (``at``: ISO time)."""
        await self._exec("INSERT INTO notes (game_id, user_id, n, text, at) SELECT ?, ?, COALESCE(MAX(n), 0) + 1, "
                         "?, ? FROM notes WHERE game_id = ? AND user_id = ?",
                         (game_id, user_id, text, at, game_id, user_id))

    async def clear_notes(self, game_id: int, user_id: int) -> None:
        """Delete all of ``user_id``'s notes on the game."""
        await self._exec("DELETE FROM notes WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    async def set_follow(self, game_id: int, user_id: int, follow: bool, at: str) -> bool:
        """Start (``follow``) or stop following the game by DM; returns whether anything changed."""
        if follow:
            return await self._exec("INSERT INTO followers (game_id, user_id, since) VALUES (?, ?, ?) "
                                    "ON CONFLICT (game_id, user_id) DO NOTHING", (game_id, user_id, at)) > 0
        return await self._exec("DELETE FROM followers WHERE game_id = ? AND user_id = ?", (game_id, user_id)) > 0

    async def set_program(self, game_id: int, seat: int, program: dict, at: str) -> None:
        """Keep ``seat``'s programmed move (it replaces the one before; ``at``: ISO time)."""
        await self._exec("INSERT INTO programs (game_id, seat, program, at) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT (game_id, seat) DO UPDATE SET program = excluded.program, at = excluded.at",
                         (game_id, seat, to_json(program), at))

    async def drop_programs(self, game_id: int, seats: list[int] | None = None) -> int:
        """Forget the programmed moves of ``seats`` (``None``: every seat's); returns how many went."""
        if seats is None:
            return await self._exec("DELETE FROM programs WHERE game_id = ?", (game_id,))
        dropped = 0
        for seat in seats:
            dropped += await self._exec("DELETE FROM programs WHERE game_id = ? AND seat = ?", (game_id, seat))
        return dropped

    async def meta_set(self, key: str, value: str) -> None:
        """Set a key of the bot's own metadata (e.g. the synced command tree's hash)."""
        await self._exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE"
                         " SET value = excluded.value", (key, value))

    async def meta_claim(self, key: str, expect: str, value: str) -> bool:
        """Set the metadata ``key`` to ``value`` only if it still holds ``expect``; returns whether it
        did. Of several processes claiming the same key at once, one wins: PostgreSQL's second
        UPDATE waits for the first's row lock, then finds the value changed (a daily digest is sent
        once, ``bot/turns.py``)."""
        return await self._exec("UPDATE meta SET value = ? WHERE key = ? AND value = ?", (value, key, expect)) > 0

    async def meta_delete(self, key: str) -> bool:
        """Delete the metadata ``key``; returns whether it was there."""
        return await self._exec("DELETE FROM meta WHERE key = ?", (key,)) > 0
