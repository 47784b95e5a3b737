"""AI seats through the real bot under simcord (issue 34): ``/game add-ai``, a whole game of one
person against two AI seats, the time-limit vote's **Replace with AI** and ``/game join``. Every
request passes bot/discord_limits.py (tests/conftest.py)."""
from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta

import pytest

from bench.steam_commands import _typed as typed_command
from railhead.bot import ai_pool
from railhead.engine import GAMES

from .helpers_discord import answer_of, table_of

RANDOM = {"easy": ("random", None), "normal": ("random", None), "hard": ("random", None)}


@pytest.fixture(autouse=True)
def thread_pool(monkeypatch):
    ai_pool.shutdown()
    monkeypatch.setenv("RAILHEAD_AI_PROCESSES", "0")
    yield
    ai_pool.shutdown()


def channel_texts(channel) -> str:
    return "\n".join(m.content for m in channel.history())


async def person_moves(member, channel, session) -> None:
    """A simple policy, through the real commands and buttons: pass (the table's **Pass** button)
    or be done when that is allowed, else the first legal move, typed as its slash command
    (confirmed when the bot asks)."""
    seat = session.seat_of(member.id)
    acts = [a for a in session.match.legal_actions(seat) if a["type"] not in ("undo", "undo_vote")]
    kinds = {a["type"] for a in acts}
    if "pass" in kinds:
        result = await member.click(table_of(channel), label="Pass")
    elif "done" in kinds:
        result = await member.slash(channel, "steam done")
    else:
        name, args = typed_command(acts[0])
        result = await member.slash(channel, f"steam {name}", **args)
    answer = answer_of(result)
    if answer is not None and answer.ephemeral and any(getattr(c, "label", None) in ("Confirm", "Pass anyway")
                                                       for row in answer.components for c in row.children):
        label = next(c.label for row in answer.components for c in row.children
                     if c.label in ("Confirm", "Pass anyway"))
        await member.click(answer, label=label)


async def test_one_person_plays_steam_to_the_end_against_two_ai_seats(simcord_env):
    """`/game add-ai` twice, Start, then the person moves by a simple policy through slash commands
    and buttons while the two AI seats move by themselves (posted by the bot, one line each with
    its reason), to the final scores. No AI seat is pinged; the person is."""
    env = simcord_env
    began = time.perf_counter()
    guild = env.create_guild()
    channel = guild.create_text_channel("steam-vs-bots")
    ann = guild.add_member(env.create_user("Ann"))
    table = env.bot.table
    table.seeds, table.render, table.ai_levels = (lambda: 7), False, dict(RANDOM)
    await ann.slash(channel, "game new", game="steam")
    await ann.slash(channel, "game add-ai", level="normal")
    assert "🤖 **Bot Ada (normal)**" in channel.last_message.content
    await ann.slash(channel, "game add-ai", level="hard")
    await ann.slash(channel, "game start")
    moves = 0
    for _ in range(400):
        await table.ai_idle()
        session = await table.session(channel.id)
        if session is None:
            break
        assert all(p["seat"] == 0 for p in session.match.prompts()), session.match.prompts()
        before = len(session.match.log)
        await person_moves(ann, channel, session)
        await table.ai_idle()
        after = await table.session(channel.id) or await table.finished(channel.id)
        assert len(after.match.log) > before, channel.last_message.content
        moves += 1
    finished = await table.finished(channel.id)
    assert finished is not None and finished.match.outcome() is not None
    said = channel_texts(channel)
    assert "final" in said.lower() or "wins" in said.lower()
    bot_lines = [line for line in said.split("\n") if re.match(r"🤖 \*\*Bot \w+ \((normal|hard)\)\*\*: ", line)]
    assert len(bot_lines) >= 10 and all(line.endswith(": random") for line in bot_lines)    # the reason
    assert not re.search(r"<@-\d+>", said)                         # an AI seat is never pinged
    assert f"<@{ann.id}>" in said
    seconds = time.perf_counter() - began
    print(f"\nSteam, Ann against two AI seats: {moves} of Ann's moves, "
          f"{len(finished.match.log)} log entries, {seconds:.1f} s")


async def test_the_time_limit_vote_replaces_a_late_player_with_an_ai_and_rejoin_gives_the_seat_back(simcord_env):
    """Bob is late; Ann and Cat press **Replace Bob with AI** on the notice; the AI moves for him
    (its line says it plays his seat); `/game join` by Ann is refused, by Bob it gives the seat back."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("slow-steam")
    ann, bob, cat = (guild.add_member(env.create_user(n)) for n in ("Ann", "Bob", "Cat"))
    table = env.bot.table
    game = GAMES["steam"]
    seed = next(n for n in range(50) if game.prompts(game.setup({}, ["A", "B", "C"], n))[0]["seat"] == 1)
    table.seeds, table.render, table.ai_levels = (lambda: seed), False, dict(RANDOM)
    await ann.slash(channel, "game new", game="steam", time_limit_hours=1.0)
    await bob.slash(channel, "game join")
    await cat.slash(channel, "game join")
    await ann.slash(channel, "game start")
    later = datetime.now(UTC) + timedelta(hours=2)
    table.clock = lambda: later
    await env.bot.tick()
    notice = channel.last_message
    assert "Bob**'s time for this move is up" in notice.content
    await ann.click(notice, label="Replace Bob with AI")
    assert "waiting for Cat" in channel.last_message.content
    await cat.click(notice, label="Replace Bob with AI")
    await table.ai_idle()
    said = channel_texts(channel)
    assert "an AI plays Bob's seat" in said and "🤖 **Bob** (played by the AI)" in said
    session = await table.session(channel.id)
    assert any(seat == 1 for seat, _ in session.match.log)
    refused = answer_of(await ann.slash(channel, "game join"))
    assert "already seated" in refused.content
    back = await bob.slash(channel, "game join")
    assert back is not None and "**Bob** takes their seat back from the AI." in channel_texts(channel)
    assert (await table.session(channel.id)).seats[1].ai is None
