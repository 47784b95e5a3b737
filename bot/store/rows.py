"""What the store returns and raises: rows of games, seats, timers, log entries, results and
offers, the two errors, and the time and token helpers (every time is ISO-8601 UTC text)."""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime

ENDED = ("finished", "abandoned")
ELSEWHERE = "set RAILHEAD_DB (or --db) to another file"


class StoreError(Exception):
    """The database cannot be used; the message is one clear sentence for a person."""


class ChannelBusy(Exception):
    """``create_game``: the channel already has a game in the lobby or running."""


@dataclass(frozen=True)
class GameRow:
    """A game as stored: channel, game id and rules version, options, seed, status, creator, clocks,
    its table message, whether hints are on."""
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
    table_message: int | None = None   # the id of the game's table message in its channel (migration 8)
    hints: bool = False     # players may ask for hints (/game hint; migration 11)


@dataclass(frozen=True)
class SeatRow:
    """A seat: its number, the user, the name shown, closed DMs, removed after a time-limit vote,
    and the level of the AI that plays it (``None``: a person plays it)."""
    seat: int
    user_id: int
    name: str
    dm_closed: bool = False
    removed: bool = False   # voted out after a time limit: the table passes for this seat
    ai: str | None = None   # easy | normal | hard: an AI plays this seat (migration 10); never pinged or DMed

    @property
    def reachable(self) -> bool:
        """Whether a person sits here to be pinged and sent DMs: not an AI seat, and a real user id
        (AI seats and the seats of an imported game have negative ones)."""
        return self.ai is None and self.user_id > 0


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
    """One entry of a game's action log, as stored."""
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
    """The action behind a button or menu option, with the seat and prompt stamp it is for."""
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
