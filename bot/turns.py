"""My turns everywhere (issue 33, item 4): ``/railhead turns`` lists, privately, every running game
in every server and DM where the caller must act now; ``/railhead digest`` turns on one DM a day
listing them.

Where the data comes from: the store's ``timers`` (one row per prompted seat of a running game,
kept by ``timing.sync``) joined with ``seats`` (``Store.waiting_turns``); what each game waits for
is its step in force's ``doing`` ("bid or pass in the first-player auction").

The digest's schedule is the metadata key ``digest:<user id>``, whose value is the ISO time of the
next digest: a day after opting in, then every 24 hours at that time of day (a day missed while
the bot was down is skipped, never sent twice). It is kept apart from the user's settings
(``prefs``) on purpose: ``/game settings`` writes the whole settings row from a cache of each
process, which could put an old time back and send a second digest. The minute tick
(``bot.RailheadBot.tick``) calls ``digests``: each due key is claimed with a conditional update
(``Tx.meta_claim``: the value moves on only if it still holds the time read), so of two bot
processes sharing PostgreSQL only one sends a user's digest. The claim comes before the DM: a
process that dies between them loses that day's digest rather than sending it twice. Nothing is
sent on a day when no game waits for the user.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from railhead.engine import Match
from railhead.engine.core.steps import step_in_force

from .replies import Caller, Message, Reply, answered, private
from .session import Session
from .store import GameRow, Store, iso
from .timing import parse_iso

log = logging.getLogger("railhead.turns")
DIGEST = "digest:"               # the metadata key prefix of a user's next digest time
DAY = timedelta(hours=24)
LISTED = 20                      # games listed in one answer or digest (the rest counted)


class TurnsHost(Protocol):
    """What the turns list and the digest need of the table: the store, its clock, and a game's
    session (for what its prompt waits for)."""

    store: Store
    clock: Callable[[], datetime]

    async def session_for(self, row: GameRow | None, status: str = "running") -> Session | None:
        """The session of ``row`` when it has ``status`` and loads, else ``None``."""


@dataclass
class Turn:
    """One game waiting for the user: ``name`` of the game, ``doing`` what it waits for, ``since``
    and ``limit_at`` (ISO times: prompted since; the move's time limit or ``None``), ``link`` to
    the game, ``guild_id`` (``None``: the bot's DM) and ``channel_id``."""

    name: str
    doing: str
    since: str
    limit_at: str | None
    link: str
    guild_id: int | None
    channel_id: int


def game_link(row: GameRow) -> str:
    """A jump link to the game: its table message when the store knows its id (``table_message``,
    issue 33 item 1), else its channel; ``@me`` stands for the guild in a DM."""
    where = f"https://discord.com/channels/{row.guild_id if row.guild_id is not None else '@me'}/{row.channel_id}"
    message = getattr(row, "table_message", None)
    return f"{where}/{message}" if message else where


def waits_for(match: Match, prompt: dict) -> str:
    """What ``prompt`` asks of its seat, in a few words: the step in force's ``doing``, or the
    undo vote."""
    if prompt["kind"] == "undo_vote":
        return "answer the undo vote"
    step = step_in_force(match.game.steps, match.state) if match.game.steps else None
    return step.doing if step is not None else prompt["kind"].replace("_", " ")


async def waiting(host: TurnsHost, user_id: int) -> list[Turn]:
    """The games where ``user_id`` must act now, longest waiting first. A game that cannot be
    loaded (older rules) or whose prompt moved on since the timer was read is left out."""
    turns = []
    for row, timer in await host.store.waiting_turns(user_id):
        session = await host.session_for(row)
        prompt = session.prompt_of(timer.seat) if session is not None else None
        if prompt is None:
            continue
        turns.append(Turn(session.match.game.name, waits_for(session.match, prompt), timer.since, timer.limit_at,
                          game_link(row), row.guild_id, row.channel_id))
    return turns


def _stamp(text: str, style: str = "R") -> str:
    """An ISO time as Discord's timestamp markup (each reader sees it in their own time zone)."""
    return f"<t:{int(parse_iso(text).timestamp())}:{style}>"


def turns_lines(turns: list[Turn]) -> list[str]:
    """One line per game (at most ``LISTED``, then how many more): the game, where, what it waits
    for, since when, the time limit, and the link (masked, in angle brackets: no preview)."""
    lines = []
    for n, t in enumerate(turns[:LISTED], 1):
        where = f"in <#{t.channel_id}>" if t.guild_id is not None else "in your DM with me"
        limit = f", time limit {_stamp(t.limit_at)}" if t.limit_at else ""
        lines.append(f"{n}. **{t.name}** {where}: {t.doing} (waiting since {_stamp(t.since)}{limit}): "
                     f"[go there](<{t.link}>)")
    if len(turns) > LISTED:
        lines.append(f"…and {len(turns) - LISTED} more.")
    return lines


def _count(turns: list[Turn]) -> str:
    return f"{len(turns)} game{'s wait' if len(turns) != 1 else ' waits'} for you"


@answered
async def turns(host: TurnsHost, caller: Caller) -> Reply:
    """``/railhead turns``: the games in every server and DM where the caller must act now (only
    they see it)."""
    found = await waiting(host, caller.user_id)
    if not found:
        return private("No game waits for you right now. (`/railhead digest on:true`: one DM a day when some do.)")
    return private(f"**Your turns**: {_count(found)}.\n" + "\n".join(turns_lines(found)))


@answered
async def digest(host: TurnsHost, caller: Caller, on: bool | None = None) -> Reply:
    """``/railhead digest``: ``on`` turns the daily DM on (the first a day from now, then every
    24 hours at that time) or off; without it, says whether it is on."""
    key = f"{DIGEST}{caller.user_id}"
    current = await host.store.meta_get(key)
    if on is None:
        if current is None:
            return private("Your daily digest is off; `/railhead digest on:true` turns it on.")
        return private(f"Your daily digest is on: the next one {_stamp(current)} ({_stamp(current, 't')} each "
                       "day), if a game waits for you then. `/railhead digest on:false` turns it off.")
    if not on:
        async with host.store.transaction() as tx:
            was = await tx.meta_delete(key)
        return private("Your daily digest is off." if was else "Your daily digest was already off.")
    if current is not None:
        return private(f"Your daily digest is already on: the next one {_stamp(current)}.")
    due = iso(host.clock() + DAY)
    async with host.store.transaction() as tx:
        await tx.meta_set(key, due)
    return private(f"Your daily digest is on: once a day, from {_stamp(due, 'f')} on and then at that time each "
                   "day, I DM you the games that wait for you (nothing on a day when none does). Your DMs must be "
                   "open to me. `/railhead turns` lists them any time; `/railhead digest on:false` stops it.")


def next_due(due: datetime, now: datetime) -> datetime:
    """The digest time after ``due`` that is later than ``now``, a whole number of days on (the
    same time of day; days the bot missed are skipped)."""
    days = max(1, (now - due) // DAY + 1)
    return due + days * DAY


async def digests(host: TurnsHost, now: datetime | None = None) -> list[Reply]:
    """The daily digests due at ``now`` (default: the host's clock), each claimed first (see the
    module docstring): one DM per user whose claim this process won and for whom a game waits."""
    now = now or host.clock()
    replies = []
    for key, value in await host.store.meta_due(DIGEST, iso(now)):
        try:
            user_id, due = int(key.removeprefix(DIGEST)), parse_iso(value)
        except ValueError:
            log.warning("meta %s: not a digest time (%r)", key, value)
            continue
        async with host.store.transaction() as tx:
            won = await tx.meta_claim(key, value, iso(next_due(due, now)))
        if not won:
            continue                                  # another process sent it, or the user turned it off
        found = await waiting(host, user_id)
        if found:
            text = (f"🚂 **Your Railhead turns today**: {_count(found)}.\n" + "\n".join(turns_lines(found))
                    + "\n(`/railhead digest on:false` stops this daily DM.)")
            replies.append(Reply(direct={user_id: Message(text)}))
    return replies


__all__ = ["DAY", "DIGEST", "Turn", "TurnsHost", "digest", "digests", "game_link", "next_due", "turns",
           "turns_lines", "waiting", "waits_for"]
