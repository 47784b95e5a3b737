"""When a slash command was sent, by this host's clock, and the refusal of one sent before the
sender's prompt last changed (a double tap, or the same command from two devices).

Buttons carry their prompt's stamp (``offers.bind``); a slash command carries only the time
Discord created its interaction (``Caller.sent_at``, read from the interaction's snowflake by
Discord's clock). The table compares that time with when the sender's prompt began (its
timer's ``since``, written in the move's transaction, bot/timing.py), on this host's clock.
"""
from __future__ import annotations

from collections import deque
from datetime import datetime, timedelta

from ..replies import Refusal
from ..session import Session
from ..store import Store, iso
from ..timing import parse_iso
from .common import OUTDATED


class Arrivals:
    """Discord's creation times of interactions, turned into this host's clock.

    The lag of an interaction (host time at arrival minus Discord's creation time) is the clocks'
    skew plus the network's delay, so the smallest lag of the last ``WINDOW`` arrivals estimates
    the skew from above: an estimated sending time is never earlier than the true one as long as
    the skew holds still, and a repeat is refused only when it was surely sent before the prompt
    changed. If this host's clock jumps forward (or Discord's back), old lags would make fresh
    commands look older than they are: a lag more than ``JUMP`` (= ``SLACK``) above the smallest
    starts the window afresh (Discord expects an answer within 3 s, so network delays rarely differ
    that much), and an estimate is never more than ``SLACK`` before the arrival. The hosts of
    several bot processes keep their clocks in step (NTP): a move's time is written by the
    process that made it."""

    WINDOW = 64
    SLACK = timedelta(seconds=2)
    JUMP = SLACK

    def __init__(self) -> None:
        self._lags: deque[timedelta] = deque(maxlen=self.WINDOW)

    def sent(self, created: datetime | None, now: datetime) -> datetime | None:
        """The estimated host time at which an interaction created at ``created`` (Discord's
        clock) was sent; ``None`` when there is no creation time (the terminal). ``now``: when the
        interaction arrived (``Caller.received_at``, read before it waits on anything), so a command
        queued behind slow moves is not taken for one sent later."""
        if created is None:
            return None
        lag = now - created
        if self._lags and lag > min(self._lags) + self.JUMP:
            self._lags.clear()
        self._lags.append(lag)
        return max(created + min(self._lags), now - self.SLACK)


async def refuse_outdated(store: Store, session: Session, seat: int, sent: datetime | None,
                          created: datetime | None = None) -> None:
    """Raise ``Refusal(OUTDATED)`` when ``outdated`` says so."""
    if await outdated(store, session, seat, sent, created):
        raise Refusal(OUTDATED)


async def outdated(store: Store, session: Session, seat: int, sent: datetime | None,
                   created: datetime | None = None) -> bool:
    """Whether a command by ``seat`` is a repeat: sent (``sent``, host time) before its prompt last
    changed or before its own last move (a seat that just moved may have no prompt left), or created
    (``created``, Discord's clock) no later than the interaction of its last move, which needs no
    estimate at all: a double tap, or the same command from two devices, however long the second
    waited behind slow moves. Never for ``sent`` ``None`` (the terminal, a button)."""
    if sent is None:
        return False
    prompt = session.prompt_of(seat)
    times = [t.since for t in await store.timers(session.row.id)
             if prompt is not None and t.seat == seat and t.stamp == prompt["stamp"]]
    last = await store.last_move(session.row.id, seat)
    if last is not None:
        moved_at, moved_sent = last
        if created is not None and moved_sent is not None and iso(created) <= moved_sent:
            return True
        times.append(moved_at)
    return bool(times) and parse_iso(max(times)) > sent
