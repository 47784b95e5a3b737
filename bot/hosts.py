"""What the table's helpers may ask of the table: two narrow protocols, so that ``timing`` and
``records`` take "something that holds games" and never import ``bot.table`` (whose parts call
them), not even for type hints: no import cycle (issue 32, "The table without loops").

``Table`` (``bot/table``) satisfies both; a test's fake may satisfy one.
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import Protocol

from .replies import Reply
from .session import Session
from .store import GameRow, Store
from .ui import GameUI


class TimingHost(Protocol):
    """What reminders, time limits and their votes (``bot/timing.py``) need: the store, a game's
    lock and session, its UI (for the prompt's words), and the table's own ways to move for a seat
    (a time-out move, or an AI from now on)."""

    store: Store
    clock: Callable[[], datetime]

    def lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Hold the lock that serializes one game's moves."""

    def ui(self, game_id: str) -> GameUI:
        """The UI module of a game id."""

    async def session_for(self, row: GameRow | None, status: str = "running") -> Session | None:
        """The session of ``row`` when it has ``status`` and loads, else ``None``."""

    async def loaded(self, row: GameRow) -> Session:
        """The session of ``row``; raises ``IllegalAction`` for a game saved under other rules."""

    async def act_for(self, session: Session, seat: int, header: str) -> Reply:
        """Make the time-out move of ``seat`` (voted skip, removed seat) and tell the table."""

    async def store_offers_now(self, game_id: int, reply: Reply) -> None:
        """Store the buttons of ``reply`` (a time-limit vote's) as the game's offers."""

    async def replace_with_ai(self, session: Session, seat: int, header: str) -> Reply:
        """Hand ``seat`` to an AI (a passed vote) and tell the table; the AI moves for it from now on."""


class RecordsHost(Protocol):
    """What stats, history, export and import (``bot/records.py``) need: the store, the channel's
    running or last game, and the table's turn message with its board (for an imported solo game)."""

    store: Store
    clock: Callable[[], datetime]

    async def session(self, channel_id: int) -> Session | None:
        """The channel's running game, loaded, or ``None``."""

    async def finished(self, channel_id: int) -> Session | None:
        """The channel's last finished game, loaded, or ``None``."""

    async def channel_game(self, channel_id: int) -> str | None:
        """The id of the channel's running game, else its last one."""

    def turn(self, session: Session, events: list[dict], header: str = "", actor: int | None = None,
             remind: bool = True) -> Reply:
        """What everyone is told after a move (``Messages.turn``)."""

    async def store_offers_now(self, game_id: int, reply: Reply) -> None:
        """Store the buttons and menus of ``reply`` as the game's current offers."""

    async def with_board(self, session: Session, reply: Reply, close: list[str] | None = None,
                         **options) -> Reply:
        """``reply`` with the board image (and a close view of ``close``) attached."""
