"""AI seats never block people's commands (issue 34): a person's slash command or button, to the
channel message, in a game of three people, first alone, then while AI seats think in 10 other games
at once (each a person and two AI seats of level ``normal``; the person removed at once, so their AI
seats play on against each other and think the whole time). The AI thinks in the worker processes
of ``bot/ai_pool.py`` (``RAILHEAD_AI_PROCESSES``, default one per core but one); every AI move is
committed, drawn and posted by the bot's own process, as in production."""
from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time

import simcord

from railhead.bot import ai_pool, create_bot
from railhead.bot.replies import Caller

from .bot_bench import _started, running_clock, table_message
from .report import Report, percentile

AI_GAMES = 10


async def _person_commands(env, table, members, channel, samples: int, rng: random.Random) -> list[float]:
    """``samples`` timings of a person's command in ``channel``: ``/rotw pass`` and **Pass** by
    turns, with ``/game status`` between (a read)."""
    times = []
    for i in range(samples):
        session = await table.session(channel.id)
        if session is None:
            break
        seat = session.match.prompts()[0]["seat"]
        member = members[seat]
        start = time.perf_counter()
        if i % 3 == 0:
            await member.slash(channel, "game status")
        elif i % 3 == 1:
            await member.slash(channel, "rotw pass")
        else:
            await member.click(table_message(channel), label="Pass")
        times.append(time.perf_counter() - start)
        await asyncio.sleep(rng.uniform(0.01, 0.05))        # a person's pace: the AI games move meanwhile
    return times


async def measure(report: Report, bot, samples: int, ai_games: int = AI_GAMES, budget: int | None = None) -> None:
    """The two rows: without AI, and with ``ai_games`` games of AI seats thinking (``budget``:
    their playouts per move, default the ``normal`` level's; a small one makes their moves land
    often, so the bot's process commits, draws and posts them while the person plays)."""
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        members = [guild.add_member(env.create_user(f"person{i}")) for i in range(3)]
        table = env.bot.table
        table.render = True
        table.seeds = lambda: 42
        table.ai_levels = table.levels_of("rotw")
        if budget is not None:
            table.ai_levels["normal"] = ("search", budget)
        player, playouts = table.ai_levels["normal"]
        rng = random.Random(5)
        quiet = await _started(table, guild, members, "rotw", "people-only")
        alone = await _person_commands(env, table, members, quiet, samples, rng)
        busy = await _started(table, guild, members, "rotw", "people-busy")
        for g in range(ai_games):               # a person and two AI seats; the person leaves at once
            channel = guild.create_text_channel(f"bots-{g}")
            ann = Caller(channel.id, members[0].id, members[0].name, can_manage=True)
            await table.new(ann, "rotw")
            await table.add_ai(ann, "normal")
            await table.add_ai(ann, "normal")
            await table.start(ann)
            await table.kick(ann, ann.user_id)   # removed: passes for it, the AI seats play on
        await asyncio.sleep(1.0)
        moves = await _ai_moves(table)
        began = time.perf_counter()
        with_ai = await _person_commands(env, table, members, busy, samples, rng)
        seconds = time.perf_counter() - began
        moved = await _ai_moves(table) - moves
        thinking = sum(1 for t in table._ai_tasks.values() if not t.done())
        table.stop_ai()
        p_alone, p_ai = percentile(alone, 95), percentile(with_ai, 95)
        report.add("ai seats", f"a person's command, no AI thinking ({len(alone)} commands; p95)",
                   f"{p_alone * 1000:.1f} ms")
        report.add("ai seats", f"the same, AI ({player} {playouts}) thinking in {thinking} games ({moved} AI moves "
                               f"in {seconds:.0f} s; p95)", f"{p_ai * 1000:.1f} ms",
                   f"({(p_ai - p_alone) * 1000:+.0f} ms)")


async def _ai_moves(table) -> int:
    """How many moves the logs of the games with AI seats hold."""
    count = 0
    for game_id in list(table._ai_tasks):
        count += len(await table.store.log(game_id))
    return count


async def run(report: Report, quick: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(os.path.join(tmp, "ai.sqlite3"))
        try:
            with running_clock():
                await measure(report, bot, 24 if quick else 60)
        finally:
            ai_pool.shutdown()
            if bot.store is not None:
                await bot.store.close()
        bot = create_bot(os.path.join(tmp, "ai-fast.sqlite3"))
        try:
            with running_clock():
                await measure(report, bot, 24 if quick else 60, budget=5)
        finally:
            ai_pool.shutdown()
            if bot.store is not None:
                await bot.store.close()
