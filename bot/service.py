"""Railhead as a service: stopping cleanly on SIGTERM/SIGINT, the in-flight work shutdown
waits for, and the heartbeat that ``railhead health`` checks.

Stopping: ``serve`` runs the bot until a signal, then ``bot.close()`` refuses new interactions,
waits (at most ``GRACE`` seconds) for those being handled and for a reminder round, stops the
timers, closes the connection to Discord and then the store. Both ``railhead run`` and the
simcord script of the tests go through ``serve``; ``railhead local`` uses ``stop_on_signals``.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Iterator
from pathlib import Path

from . import logs
from .store import is_postgres
from .store.postgres import driver, redact

log = logging.getLogger("railhead.service")
GRACE = 7.0                 # seconds shutdown waits for in-flight work (docker stop allows 10)
HEARTBEAT_SECONDS = 30      # how often a running bot touches its heartbeat file
HEARTBEAT_MAX_AGE = 120     # older than this, ``railhead health`` says the bot is wedged
RESTARTING = "Railhead is restarting; nothing was changed. Please try again in a minute."
LOGIN_RETRY_FIRST = 10.0    # seconds before logging in again when Discord did not answer
LOGIN_RETRY_MAX = 300.0     # the wait doubles up to this


class InFlight:
    """Counts the work being handled (interactions, reminder rounds). After ``drain`` starts,
    ``closing`` is true and new work should be refused."""

    def __init__(self) -> None:
        self.count = 0
        self.closing = False
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Count the work inside the ``with`` block (entering never waits)."""
        self.count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self.count -= 1
            if self.count == 0:
                self._idle.set()

    async def drain(self, timeout: float) -> bool:
        """Set ``closing`` and wait until no work is held or ``timeout`` seconds have passed.
        Returns whether everything finished."""
        self.closing = True
        if self.count:
            log.info("waiting for %d interaction(s) in progress", self.count)
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True


@contextlib.asynccontextmanager
async def handling(interaction) -> AsyncIterator[logs.Entry | None]:
    """Wrap one interaction handler: count it as in flight and log its line (bot/logs.py).
    Yields the log entry (set ``entry.result = "error"`` when it failed), or ``None`` when the
    bot is shutting down: the interaction was refused (answered privately) and must be left alone.
    An exception escaping the block is logged as ``result=error`` and raised again."""
    flight: InFlight | None = getattr(interaction.client, "in_flight", None)
    entry = logs.Entry(interaction, *logs.kind_of(interaction))
    if flight is not None and flight.closing:
        try:
            await interaction.response.send_message(RESTARTING, ephemeral=True)
        finally:
            entry.finish("refused")
        yield None
        return
    with flight.hold() if flight is not None else contextlib.nullcontext():
        try:
            yield entry
        except BaseException:
            entry.finish("error")
            raise
        entry.finish(entry.result)


class Stop(asyncio.Event):
    """Set when a stop signal arrived; ``signal`` names it (``SIGTERM``)."""

    signal: str | None = None


@contextlib.contextmanager
def stop_on_signals() -> Iterator[Stop]:
    """Within the block, SIGTERM and SIGINT set the yielded event instead of stopping the process
    (the caller finishes its work and returns); the previous handlers come back after it.
    Needs a running event loop in the main thread (raises ``ValueError`` elsewhere); where the
    loop has no signal support (Windows) the signals keep their usual effect."""
    loop = asyncio.get_running_loop()
    stop = Stop()

    def caught(sig: signal.Signals) -> None:
        if not stop.is_set():
            stop.signal = sig.name
            stop.set()

    installed = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):      # an event loop without signals (Windows)
            loop.add_signal_handler(sig, caught, sig)
            installed.append(sig)
    try:
        yield stop
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


async def serve(bot, running: Awaitable) -> None:
    """Await ``running`` (``bot.start(token)``, or anything that keeps the bot up) until it ends or
    SIGTERM/SIGINT arrives, then close the bot (``RailheadBot.close``: in-flight work first, then
    the timers, Discord and the store). Logs a line when a signal starts the shutdown and one
    when it is done. Raises what ``running`` raised (a refused token, a store error)."""
    with stop_on_signals() as stop:
        main = asyncio.ensure_future(running)
        stopped = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait({main, stopped}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
        if stop.is_set():
            log.info("%s received: shutting down (finishing the moves in progress)", stop.signal)
        began = time.monotonic()
        try:
            await bot.close()
            if not main.done():
                main.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await main              # raises what start() raised
        finally:
            await bot.close()           # again: a store that start() opened meanwhile closes too
        if stop.is_set():
            log.info("shut down cleanly in %.1f s", time.monotonic() - began)


async def pause(seconds: float) -> bool:
    """Wait ``seconds``; returns True at once if SIGTERM/SIGINT arrives meanwhile (the caller then
    stops cleanly, exit code 0), False when the time is up."""
    with stop_on_signals() as stop:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), seconds)
        if stop.is_set():
            log.info("%s received while waiting to log in again: stopped", stop.signal)
        return stop.is_set()


async def serve_retrying(make_bot, token: str) -> None:
    """Run a bot from ``make_bot()`` (a fresh one per attempt, closed after it) with ``serve`` until
    a signal stops it. When Discord accepts the connection but never answers the login (an
    outage, a proxy or firewall that swallows traffic: aiohttp's ``ConnectionTimeoutError``), log
    one warning and log in again after 10 s, then 20, 40, ... up to 5 minutes, so that an outage
    needs no restart by hand and a supervisor sees no crash loop (``railhead health`` says the
    bot never reached Discord meanwhile). Anything else ``bot.start`` raises (a refused token,
    no route or no DNS for discord.com, a store error) is raised at once."""
    import aiohttp

    wait, attempt = LOGIN_RETRY_FIRST, 1
    while True:
        bot = make_bot()
        try:
            async with bot:             # closes the bot (and its store) however start() ends
                await serve(bot, bot.start(token))
            return
        except aiohttp.ConnectionTimeoutError:
            attempt += 1
            log.warning("Discord did not answer in time (a connection was opened, no reply came); logging in "
                        "again in %.0f s (attempt %d). If this goes on, check this machine's network, proxy or "
                        "firewall.", wait, attempt)
        if await pause(wait):
            return
        wait = min(wait * 2, LOGIN_RETRY_MAX)


async def heartbeat(bot, path: str) -> None:
    """One heartbeat: a read through the bot's store (so a wedged event loop, store thread or
    database stops them), then touch ``path``. Raises what the read raised."""
    await asyncio.wait_for(bot.store.game_counts(), 10)
    Path(path).touch()


def _sqlite_games(db_path: str) -> int:
    """The number of games in the SQLite file (read-write open, never created)."""
    if not Path(db_path).is_file():
        raise RuntimeError(f"there is no database at {db_path}")
    try:
        db = sqlite3.connect(f"{Path(db_path).resolve().as_uri()}?mode=rw", uri=True, timeout=5)
        try:
            return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise RuntimeError(f"the database {db_path} cannot be read: {exc}") from None


def _postgres_games(url: str) -> int:
    """The number of games in the PostgreSQL database at ``url`` (one read; a database without
    Railhead's tables cannot be read)."""
    async def count() -> int:                         # read only: never creates or migrates anything
        conn = await driver().connect(url, timeout=10)
        try:
            return await conn.fetchval("SELECT count(*) FROM games")
        finally:
            await conn.close()

    try:
        return asyncio.run(count())
    except Exception as exc:             # StoreError, an unreachable server, ...
        raise RuntimeError(f"the database {redact(url)} cannot be read: {exc}") from None


def check_health(db_path: str, heartbeat_path: str | None, max_age: float = HEARTBEAT_MAX_AGE) -> str:
    """What ``railhead health`` checks: the database opens (never created) and its games table
    answers (only read; a read-write open, so that closing leaves no ``-wal`` file behind when the
    bot is not running), and, when ``heartbeat_path`` is given, the running bot's heartbeat is at
    most ``max_age`` seconds old. Returns a one-line summary; raises ``RuntimeError`` with the
    reason otherwise. A ``postgresql://`` URL is read through the PostgreSQL store (its password
    never printed)."""
    if is_postgres(db_path):
        games, where = _postgres_games(db_path), redact(db_path)
    else:
        games, where = _sqlite_games(db_path), db_path
    summary = f"database {where} readable ({games} game{'' if games == 1 else 's'})"
    if heartbeat_path:
        try:
            age = time.time() - Path(heartbeat_path).stat().st_mtime
        except OSError:
            raise RuntimeError(f"no heartbeat at {heartbeat_path}: the bot has not started or cannot reach "
                               "its database") from None
        if age > max_age:
            raise RuntimeError(f"the heartbeat {heartbeat_path} is {age:.0f} s old (limit {max_age:.0f} s): "
                               "the bot is wedged or its database does not answer")
        summary += f"; heartbeat {age:.0f} s old"
    return summary


__all__ = ["InFlight", "handling", "stop_on_signals", "serve", "heartbeat", "check_health", "GRACE"]
