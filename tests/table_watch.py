"""A watch over a game's channel through the real bot (issue 33, "One living table message"): every
public delivery of the table (``bot/discord_io.py`` ``send_public``) is checked as it happens. The
table message must be edited in place (a PATCH of the same message), posted anew only when
``SCROLLED`` messages or more came after it (the re-post at the bottom, "The table message" in
docs/players/play-by-chat.md), and each move must add at most one short line to the channel (one
when the move says something; the last move's final scores may come in parts).

Not a test module: ``TableWatch(channel).install(monkeypatch)`` in a whole-game test, then
``watch.check(moves)`` at the end.
"""
from __future__ import annotations

import re

from railhead.bot import discord_io
from railhead.bot.discord_io import SCROLLED
from railhead.bot.discord_limits import IS_COMPONENTS_V2

from .helpers_discord import table_of

SHORT = 1200
"""The longest turn line allowed (characters, under two thirds of a Discord message): what happened
and whom the game waits on. The longest seen end a turn: Railways of the World's 849 characters
(the move, every player's income and dividends, the new card, the next auction, here played at
once by programs, and the next prompt), Steam's 1,164; most are one or two lines."""


class TableWatch:
    """What the bot did to ``channel`` per public delivery: ``deliveries`` (with a table card),
    ``lines`` (the turn lines posted), ``edits`` (PATCHes of the table message), ``posts`` (table
    messages posted: the first and each re-post), ``longest`` (the longest turn line)."""

    def __init__(self, channel):
        self.channel = channel
        self.deliveries = self.edits = self.posts = self.longest = 0
        self.lines: list[str] = []
        self.problems: list[str] = []
        self.table_id: int | None = None
        self._patched: list[str] = []          # ids of the channel's messages the bot edited
        self._posted: list[str | None] = []     # what it posted there: a line's text, None for a table

    def install(self, monkeypatch) -> TableWatch:
        """Wrap ``discord_io.send_public``, and note the bot's requests to the channel's messages
        (reading the channel's history only when the table is posted anew: it grows with the game)."""
        from simcord.http import router

        real_send, real_dispatch = discord_io.send_public, router.dispatch
        channel_id = str(self.channel.id)
        self.table_id = table_of(self.channel).id if table_of(self.channel) is not None else None

        def dispatch(backend, method, path, *, json=None, files=None, **kwargs):
            found = re.match(r"^/channels/(\d+)/messages(?:/(\d+))?$", path)
            if found and found[1] == channel_id:
                if method == "PATCH" and found[2]:
                    self._patched.append(found[2])
                elif method == "POST" and not found[2]:
                    v2 = bool((json or {}).get("flags", 0) & IS_COMPONENTS_V2)
                    self._posted.append(None if v2 else (json or {}).get("content") or "")
            return real_dispatch(backend, method, path, json=json, files=files, **kwargs)

        async def send_public(client, channel, reply):
            if channel.id != self.channel.id or reply.table is None:
                return await real_send(client, channel, reply)
            self._patched.clear()
            self._posted.clear()
            await real_send(client, channel, reply)
            self._after(reply)

        monkeypatch.setattr(router, "dispatch", dispatch)
        monkeypatch.setattr(discord_io, "send_public", send_public)
        return self

    def _after(self, reply) -> None:
        tables = [p for p in self._posted if p is None]
        lines = [p for p in self._posted if p is not None]
        self.deliveries += 1
        seq = reply.table.seq
        if tables:                                        # posted anew: only once scrolled far past
            self.posts += len(tables)
            history = self.channel.history()
            new = table_of(self.channel)
            after_old = len([m for m in history if self.table_id is not None and self.table_id < m.id < new.id])
            if self.table_id is not None and (after_old < SCROLLED or len(tables) != 1):
                self.problems.append(f"move {seq}: the table was posted anew after {after_old} messages")
            self.table_id = new.id
        elif str(self.table_id) not in self._patched:
            self.problems.append(f"move {seq}: the table message was not edited")
        else:
            self.edits += 1
        if not reply.table.final:
            wanted = 1 if reply.channel is not None else 0
            if len(lines) != wanted:
                self.problems.append(f"move {seq}: {len(lines)} channel lines, not {wanted}: "
                                     + " | ".join(line[:80] for line in lines))
            for line in lines:
                self.longest = max(self.longest, len(line))
                if len(line) > SHORT:
                    self.problems.append(f"move {seq}: a line of {len(line)} characters")
        self.lines += lines

    def summary(self) -> str:
        """The figures, one line (``pytest -s`` shows it)."""
        return (f"TABLE WATCH deliveries={self.deliveries} edits={self.edits} posts={self.posts} "
                f"lines={len(self.lines)} longest={self.longest}")

    def check(self, moves: int) -> None:
        """At the game's end: nothing went wrong, every delivery edited or (rarely) re-posted the
        one table, and ``moves`` moves (the game's log) came through it."""
        print("\n" + self.summary())
        assert self.problems == [], self.problems[:10]
        assert self.deliveries >= 1 and self.edits + self.posts == self.deliveries
        assert self.posts <= 1 + len(self.lines) // (SCROLLED - 1), (self.posts, len(self.lines))
        assert self.deliveries <= moves + 1                  # the start, then a move or a chain of them
