"""``railhead run`` against simcord (an offline Discord), for tests/test_service.py.

``python -m tests.service_bot MODE [railhead run options]`` runs the real ``railhead run`` command
(bot/cli.py: logging, the store check, ``create_bot``, the heartbeat, ``bot.service.serve`` and its
signal handling, ``RailheadBot.close``), except that ``bot.start(token)`` attaches the bot to
simcord instead of connecting to Discord. There it opens a Railways of the World game for Ann, Bob
and Cat, prints ``ready`` and stays up until the bot is closed, as a connected bot does.

MODE ``move``: Ann presses "Bid $1,000" and the table's commit is slowed by 2 s (a real sleep in a
thread, under the game's lock); ``moving`` is printed when the move is inside the lock, so that the
test can send its signal then. When the bot has closed, ``answered:`` and the first line of the
channel's last message are printed: the move in flight was committed and announced.
MODE ``idle``: no move.
"""
from __future__ import annotations

import asyncio
import sys
import time

import simcord

from railhead.bot import RailheadBot
from railhead.bot.cli import app
from railhead.bot.table import Table
from tests.helpers_discord import table_of


def slow_commits() -> None:
    original = Table._commit

    async def slow(self, *args, **kwargs):
        print("moving", flush=True)
        await asyncio.to_thread(time.sleep, 2)
        return await original(self, *args, **kwargs)

    Table._commit = slow


async def open_game(env):
    """A started game's channel (Ann, Bob and Cat seated) and Ann."""
    guild = env.create_guild()
    channel = guild.create_text_channel("railways")
    ann, bob, cat = (guild.add_member(env.create_user(name)) for name in ("Ann", "Bob", "Cat"))
    env.bot.table.seeds = lambda: 6
    env.bot.table.render = False
    await ann.slash(channel, "game new", game="rotw", barons=False)
    await bob.slash(channel, "game join")
    await cat.slash(channel, "game join")
    await ann.slash(channel, "game start")
    return channel, ann


def offline_start(mode: str):
    """A ``RailheadBot.start`` that runs under simcord until the bot is closed."""

    async def start(self: RailheadBot, token: str, *, reconnect: bool = True) -> None:
        env = simcord.Env(self)
        await env.start()
        press = None
        try:
            channel, ann = await open_game(env)
            if mode == "move":
                slow_commits()
                press = asyncio.ensure_future(ann.click(table_of(channel), label="Bid $1,000"))
            print("ready", flush=True)
            await asyncio.get_running_loop().create_future()      # connected, until close() ends it
        finally:
            if press is not None and press.done() and not press.cancelled():
                print("answered:", channel.last_message.content.splitlines()[0], flush=True)
            await env.shutdown()

    return start


if __name__ == "__main__":
    RailheadBot.start = offline_start(sys.argv[1])
    sys.argv = ["railhead", "run", *sys.argv[2:]]
    app()
