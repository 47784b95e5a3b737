"""The whole path, driven by simcord: a slash command or button entering the bot until the
channel message is sent (with the board when the move changed it: an auction pass that ends the
auction), with 1, 100 and 1,000 games in one process. The board itself is timed in render_bench."""
from __future__ import annotations

import contextlib
import os
import random
import tempfile
import time
from datetime import timedelta
from unittest import mock

import simcord
from simcord._clock import Clock

from railhead.bot import create_bot
from railhead.bot.replies import Caller

from .report import Report, percentile

V2 = 1 << 15          # Discord's IS_COMPONENTS_V2 message flag: the game's living table message


def table_message(channel):
    """The game's table message in ``channel`` (the newest V2 message): its buttons are the
    turn's, edited in place; ``None`` before the game starts."""
    return next((m for m in reversed(channel.history()) if m.flags.value & V2), None)


def labels(message) -> list[str]:
    """The labels of every button of ``message``, nested ones (a V2 layout's rows) too."""
    out, stack = [], list(message.components) if message is not None else []
    while stack:
        c = stack.pop(0)
        if getattr(c, "label", None):
            out.append(c.label)
        stack += list(getattr(c, "children", None) or [])
    return out


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def games(n: int) -> str:
    return "1 game" if n == 1 else f"{n:,} games"


@contextlib.contextmanager
def running_clock():
    """Discord's clock runs with real time while the bench plays: simcord's virtual clock stands
    still, so every interaction would be created in the same millisecond, and the table refuses a
    slash command created before the sender's prompt changed (bot/table/arrivals.py), as the real
    Discord, whose clock runs, never makes it (tests/conftest.py does the same for the tests)."""
    start = time.monotonic()
    with mock.patch.object(Clock, "now", lambda c: c._epoch + timedelta(seconds=c.elapsed + time.monotonic() - start)):
        yield


async def run(report: Report, quick: bool) -> None:
    sizes = (1, 100) if quick else (1, 100, 1000)
    samples_per_size = 15 if quick else 40
    for n_games in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            kinds = [measure] + ([measure_workers, measure_steam] if n_games <= 100 else [])
            for kind in kinds:                 # a bot each (one store, one process lock at a time)
                bot = create_bot(os.path.join(tmp, f"{kind.__name__}.sqlite3"))
                try:
                    with running_clock():
                        await kind(report, bot, n_games, samples_per_size)
                finally:
                    if bot.store is not None:
                        await bot.store.close()


async def _started(table, guild, members, game: str, name: str):
    """A new channel ``name`` where ``members`` sit at a started ``game`` (set up through the table,
    not timed); returns the channel."""
    channel = guild.create_text_channel(name)
    callers = [Caller(channel.id, m.id, m.name) for m in members]
    # Railways of the World without baron cards: the measured moves are the auction's passes
    await table.new(callers[0], game, {"barons": False} if game == "rotw" else None)
    for c in callers[1:]:
        await table.join(c)
    await table.start(callers[0])
    return channel


async def measure(report: Report, bot, n_games: int, samples_per_size: int) -> None:
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        members = [guild.add_member(env.create_user(f"player{i}")) for i in range(3)]
        table = env.bot.table
        table.render = False                       # set-up only; measured moves render
        table.seeds = lambda: 42
        channels = []
        rss0 = rss_mb()
        for g in range(n_games):
            channels.append(await _started(table, guild, members, "rotw", f"game-{g}"))
        rss1 = rss_mb()
        table.render = True
        rng = random.Random(1)
        slash, clicks = [], []
        boards = 0
        channel = None
        for i in range(samples_per_size):
            if i % 2 == 0:                  # a slash command in a random game's channel
                channel = rng.choice(channels)
            # odd samples click "Pass" under the message the slash command just posted
            session = await table.session(channel.id)
            before = len(session.match.log)
            seat = session.match.prompts()[0]["seat"]      # prompts may name several seats: the first one
            member = members[seat]
            start = time.perf_counter()
            if i % 2 == 0:
                await member.slash(channel, "rotw pass")
                slash.append(time.perf_counter() - start)
            else:
                await member.click(table_message(channel), label="Pass")
                clicks.append(time.perf_counter() - start)
            assert len((await table.session(channel.id)).match.log) == before + 1, "the move was not made"
            boards += bool(channel.last_message.attachments)   # the board comes when it changed (the auction's end)
        drawn = []                          # the board path: /game board draws and posts the board
        for _ in range(max(5, samples_per_size // 3)):
            channel = rng.choice(channels)
            start = time.perf_counter()
            await members[0].slash(channel, "game board")
            drawn.append(time.perf_counter() - start)
            assert table_message(channel).attachments, "no board attached"
        report.median("bot", f"{games(n_games)}: /game board to board message", drawn)
        report.check("bot", f"{games(n_games)}: /game board to board message (p95)",
                     f"{percentile(drawn, 95) * 1000:.1f} ms", percentile(drawn, 95) < 0.300, "< 300 ms")
        both = slash + clicks
        p95 = percentile(both, 95)
        target = 0.300 if n_games == 100 else None
        what = f"{games(n_games)}: command/button to channel message ({boards}/{len(both)} with a board)"
        report.median("bot", what, both)
        if target:
            report.check("bot", f"{games(n_games)}: command/button to channel message (p95)", f"{p95 * 1000:.1f} ms",
                         p95 < target, "< 300 ms")
        else:
            report.add("bot", f"{games(n_games)}: command/button to channel message (p95)", f"{p95 * 1000:.1f} ms")
        report.add("bot", f"{games(n_games)}: process memory (RSS)", f"{rss1:,.0f} MB",
                   f"(+{rss1 - rss0:,.1f} MB for the games)")
        if n_games == 1000:
            report.check("bot", "1,000 active games in one process (RSS)", f"{rss1:,.0f} MB", rss1 < 1024,
                         "< 1 GB")


async def _to_the_turns(table, callers, channel_id: int) -> None:
    """Railway Workers: play the secret steps (the default moves) until a card is being resolved."""
    for _ in range(40):
        session = await table.session(channel_id)
        match = session.match
        if match.state.step == "play":
            return
        prompt = match.prompts()[0]
        await table.act(callers[prompt["seat"]], match.game.timeout_action(match.state, prompt["seat"]))
    raise AssertionError("the turns did not start")


async def measure_workers(report: Report, bot, n_games: int, samples_per_size: int) -> None:
    """Railway Workers: a turn's button or slash command to the channel message (with the board
    the move changed), in 1 or 100 games at once."""
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        members = [guild.add_member(env.create_user(f"worker{i}")) for i in range(3)]
        table = env.bot.table
        table.render = False
        table.seeds = lambda: 7
        channels = []
        for g in range(n_games):
            channel = await _started(table, guild, members, "workers", f"workers-{g}")
            await _to_the_turns(table, [Caller(channel.id, m.id, m.name) for m in members], channel.id)
            channels.append(channel)
        table.render = True
        rng = random.Random(2)
        times, boards = [], 0
        channel = None
        for i in range(samples_per_size):
            if i % 2 == 0:                  # a slash command in a random game's channel, then a click under it
                channel = rng.choice(channels)
            session = await table.session(channel.id)
            if session is None or session.match.state.step != "play":
                await _to_the_turns(table, [Caller(channel.id, m.id, m.name) for m in members], channel.id)
                continue
            before = len(session.match.log)
            member = members[session.match.prompts()[0]["seat"]]
            start = time.perf_counter()
            if i % 2 == 0 or "Pass (+1 coin)" not in labels(table_message(channel)):
                await member.slash(channel, "workers pass")
            else:
                await member.click(table_message(channel), label="Pass (+1 coin)")
            times.append(time.perf_counter() - start)
            assert len((await table.session(channel.id)).match.log) == before + 1, "the move was not made"
            boards += bool(channel.last_message.attachments)
        p95 = percentile(times, 95)
        report.median("workers", f"{games(n_games)}: command/button to channel message ({boards}/{len(times)} with "
                                 "a board)", times)
        report.check("workers", f"{games(n_games)}: command/button to channel message (p95)",
                     f"{p95 * 1000:.1f} ms", p95 < 0.300, "< 300 ms")


async def measure_steam(report: Report, bot, n_games: int, samples_per_size: int) -> None:
    """Steam: a turn's slash command (a tile, the end of a build, a pass, track points as VP) to the
    channel message (with the board the move changed), in 1 or 100 games at once."""
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        members = [guild.add_member(env.create_user(f"steam{i}")) for i in range(3)]
        table = env.bot.table
        table.render = False
        table.seeds = lambda: 9
        channels = []
        for g in range(n_games):
            channels.append(await _started(table, guild, members, "steam", f"steam-{g}"))
        table.render = True
        rng = random.Random(3)
        times, boards = [], 0
        for _ in range(samples_per_size):
            channel = rng.choice(channels)
            session = await table.session(channel.id)
            if session is None:
                continue
            prompt = session.match.prompts()[0]
            member = members[prompt["seat"]]
            kind = prompt["kind"]
            if kind == "select":
                act = next(a for a in session.match.legal_actions(prompt["seat"]) if a["type"] == "select")
                name, args = "steam tile", {"tile": act["tile"], "pass_option": bool(act.get("pass_option"))}
            elif kind == "build":
                name, args = "steam done", {}
            elif kind == "score":
                name, args = "steam score", {"take": "vp"}
            else:
                name, args = "steam pass", {}
            before = len(session.match.log)
            start = time.perf_counter()
            await member.slash(channel, name, **args)
            times.append(time.perf_counter() - start)
            after = await table.session(channel.id)
            assert after is None or len(after.match.log) == before + 1, f"the move was not made ({name})"
            boards += bool(channel.last_message.attachments)
        p95 = percentile(times, 95)
        report.median("steam", f"{games(n_games)}: command to channel message ({boards}/{len(times)} with a board)",
                      times)
        report.check("steam", f"{games(n_games)}: command to channel message (p95)", f"{p95 * 1000:.1f} ms",
                     p95 < 0.300, "< 300 ms")
