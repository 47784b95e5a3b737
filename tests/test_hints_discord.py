"""Hints through the real bot and simcord (issue 34, "Hints"): ``/railways hint`` and
``/game hint`` answer ephemerally, the lobby option is announced in the channel, and every
request passes the Discord limits checker (tests/conftest.py)."""
from __future__ import annotations

import pytest

from railhead.bot import ai_pool, hints

from .helpers_discord import controls, table_of


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    ai_pool.shutdown()
    monkeypatch.setenv("RAILHEAD_AI_PROCESSES", "0")
    monkeypatch.setattr(hints, "PLAYOUTS", 6)
    yield
    ai_pool.shutdown()


def ephemeral(result):
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None and answer.ephemeral
    return answer


def labels(message):
    return [c.label for c in controls(message) if getattr(c, "label", None)]


async def test_railways_hint_in_a_dm_is_private_and_play_it_moves(simcord_env):
    env = simcord_env
    ann = env.create_user("Ann")
    env.bot.table.seeds = lambda: 11
    await ann.slash("game new", game="railways", cards="5 6 7 8")
    channel = ann.dm_channel
    before = len(channel.history())
    answer = ephemeral(await ann.slash("railways hint"))
    assert answer.content.startswith("💡 **Hint**: A passenger die showing ")
    assert "Expected final score about " in answer.content
    assert labels(answer.message) == ["Play it"]
    assert len(channel.history()) == before                     # nothing said in the channel
    await ann.click(answer.message, label="Play it")
    session = await env.bot.table.session(channel.id)
    assert len(session.match.log) == 1 and session.match.log[0][1]["type"] == "place"


async def new_steam_table(env, allow: bool | None):
    guild = env.create_guild()
    channel = guild.create_text_channel("steam")
    ann, bob, cat = (guild.add_member(env.create_user(n)) for n in ("Ann", "Bob", "Cat"))
    env.bot.table.seeds = lambda: 3
    await ann.slash(channel, "game new", game="steam")
    assert "Hints: off" in channel.last_message.content
    refused = ephemeral(await ann.slash(channel, "game hint"))
    assert "has not started yet" in refused.content
    if allow is not None:
        wrong = ephemeral(await bob.slash(channel, "game hint", allow=True))
        assert "Only the game's creator" in wrong.content
        await ann.slash(channel, "game hint", allow=allow)
        assert f"**Ann** turned hints {'on' if allow else 'off'} for this game" in channel.last_message.content
    for m in (bob, cat):
        await m.slash(channel, "game join")
    await ann.slash(channel, "game start")
    session = await env.bot.table.session(channel.id)
    users = {m.id: m for m in (ann, bob, cat)}
    mover = users[session.seats[session.match.prompts()[0]["seat"]].user_id]
    return channel, mover, [m for m in (ann, bob, cat) if m is not mover]


async def test_game_hint_when_on_answers_the_mover_privately(simcord_env):
    env = simcord_env
    channel, mover, (idle, _) = await new_steam_table(env, allow=True)
    said = len(channel.history())
    answer = ephemeral(await mover.slash(channel, "game hint"))
    assert answer.content.startswith("💡 **Hint**: ") and "\nWhy: won " in answer.content
    assert labels(answer.message) == ["Play it"]
    assert len(channel.history()) == said
    other = ephemeral(await idle.slash(channel, "game hint"))
    assert other.content.startswith("It is not your turn")
    late = ephemeral(await mover.slash(channel, "game hint", allow=False))
    assert "set in the lobby" in late.content
    await mover.click(answer.message, label="Play it")
    assert len(channel.history()) > said                       # the move was announced
    assert table_of(channel) is not None


async def test_game_hint_is_refused_when_the_table_left_hints_off(simcord_env):
    env = simcord_env
    channel, mover, _ = await new_steam_table(env, allow=None)
    refused = ephemeral(await mover.slash(channel, "game hint"))
    assert refused.content.startswith("Hints are off at this table.")
