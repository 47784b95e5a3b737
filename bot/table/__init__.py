"""The table: ``(channel, user, command, args) -> Reply``.

Knows games, seats, turns, locks and the store; knows nothing of Discord. The cogs and the
local terminal table both drive it. One lock per game serializes its lobby and its moves; each
move is committed in one transaction with its snapshot, its status and the offers (buttons)
that announce it, before anyone is told. Games in different channels never wait for each other
except for the store's own short transactions.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, nullcontext
from datetime import UTC, datetime
from functools import partial

from railhead.engine import IllegalAction, Match

from .. import logs, registry
from ..replies import Reply
from ..session import Session
from ..store import GameRow, SeatRow, Store
from ..ui import GameUI, UIContext
from .arrivals import Arrivals
from .common import ENDED, NOT_SAVED, STALE, last_error
from .info import Information
from .lobby import Lobby
from .messages import Messages
from .moves import Moves
from .personal import Personal
from .programs import Programs
from .robots import Robots

log = logging.getLogger("railhead.table")


class Table(Programs, Robots, Lobby, Information, Moves, Messages, Personal):
    """The service the cogs and the local table drive; see the module docstring and its parts."""

    def __init__(self, store: Store, *, render: bool = True, seeds: Callable[[], int] | None = None,
                 clock: Callable[[], datetime] | None = None):
        self.store = store
        self.render = render
        self.seeds = seeds or (lambda: secrets.randbits(62))
        self.clock = clock or (lambda: datetime.now(UTC))
        self.started = self.clock()
        self._locks: dict[int, asyncio.Lock] = {}
        self._matches: dict[int, Match] = {}
        self._prefs: dict[int, dict] = {}
        self.arrivals = Arrivals()
        # level -> (player, budget) of AI seats (robots.py); None: each game's own (ai_pool.levels); tests set others
        self.ai_levels: dict[str, tuple[str, float | None]] | None = None
        self.post = None                   # delivers an AI move's reply (the bot: to Discord); None: kept in posted
        self.posted: list[Reply] = []
        self._ai_tasks: dict[int, asyncio.Task] = {}
        self._ai_again: set[int] = set()

    @asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold the lock that serializes one game's lobby and moves: this process's asyncio lock,
        then the store's ``game_lock`` (across processes: PostgreSQL's advisory lock; SQLite's is
        a no-op). With a store other processes write (``shared``), a cached match that the log
        has outgrown meanwhile is dropped here, so the holder loads the game afresh."""
        async with self._locks.setdefault(game_id, asyncio.Lock()):
            game_lock = getattr(self.store, "game_lock", None)
            async with game_lock(game_id) if game_lock is not None else nullcontext():
                if getattr(self.store, "shared", False) and game_id in self._matches:
                    snap = await self.store.snapshot(game_id)
                    if snap is None or snap[0] != len(self._matches[game_id].log):
                        self._matches.pop(game_id, None)
                yield

    @staticmethod
    def ui(game_id: str) -> GameUI:
        """The UI module of a game id (raises ``KeyError`` for an unknown one)."""
        return registry.UIS[game_id]

    # --------------------------------------------------------------- loading
    async def session(self, channel_id: int) -> Session | None:
        """The channel's running game, loaded (``None`` if there is none or it cannot be loaded)."""
        return await self.session_for(await self.store.active_game(channel_id), "running")

    async def session_for(self, row: GameRow | None, status: str = "running") -> Session | None:
        """The session of ``row`` when its status is ``status`` and it loads, else ``None``. A game
        that fails to load for another reason (a bug) is logged and also ``None``, so one broken
        game never stops the reminders of the others (``timing.tick``)."""
        if row is None or row.status != status:
            return None
        try:
            return await self.loaded(row)
        except IllegalAction:
            return None
        except Exception:
            log.exception("game %s: could not be loaded", row.id)
            return None

    async def channel_game(self, channel_id: int) -> str | None:
        """The id of the channel's game (its active one, else its last), for commands that default to it."""
        row = await self.store.active_game(channel_id) or await self.store.last_game(channel_id)
        return row.game if row is not None else None

    async def _load(self, row: GameRow) -> Session:
        """Raises ``IllegalAction`` for a game saved under other rules (its log would replay differently)."""
        game = registry.game(row.game)
        if row.rules_version != game.rules_version:
            raise IllegalAction(f"This game was played under an older version of {game.name}'s rules "
                                f"({row.rules_version}; now {game.rules_version}) and cannot go on here. "
                                "`/game abandon` it and open a new one.")
        seats = await self.store.seats(row.id)
        logs.note(game=f"{row.game}#{row.id}", seats={s.user_id: s.seat for s in seats})
        match = self._matches.get(row.id)
        if match is not None and getattr(self.store, "shared", False):
            snap = await self.store.snapshot(row.id)        # another process may have moved meanwhile
            if snap is None or snap[0] != len(match.log):
                match = None
        if match is None:
            match = await self._restore(row, seats)
            self._matches[row.id] = match
            if row.status == "running":
                self._ai_wake(Session(row, seats, match))      # an AI move pending since before a restart
        return Session(row, seats, match)

    async def _restore(self, row: GameRow, seats: list[SeatRow]) -> Match:
        """The latest snapshot when it includes the whole log; otherwise (stale or damaged) a replay."""
        entries = [(e.seat, e.action) for e in await self.store.log(row.id)]
        snap = await self.store.snapshot(row.id)
        state = None
        if snap and snap[0] == len(entries):
            try:
                state = json.loads(snap[1])
            except ValueError:
                log.warning("game %s: damaged snapshot, replaying %d entries", row.id, len(entries))
        game = registry.game(row.game)
        return await asyncio.to_thread(Match.restore, game, row.options, [s.name for s in seats], row.seed,
                                       entries, state)

    async def loaded(self, row: GameRow) -> Session:
        """The session of ``row``. Raises ``IllegalAction`` for a game saved under other rules."""
        return await self._load(row)

    def _context(self, session: Session, seat: int | None) -> UIContext:
        ui = self.ui(session.row.game)
        return UIContext(session.match, seat, session.names, render_board=partial(self._render, ui))


__all__ = ["ENDED", "NOT_SAVED", "STALE", "Session", "Table", "last_error"]
