"""Discord's shards (issue 22, item 2): ``railhead run --shard-count N --shard-ids a,b`` runs some of
N gateway shards in this process; the sharded bot plays as the plain one, in guilds of every shard
and in DMs; the command line refuses shard numbers that cannot be, and a share of the shards on
a SQLite file (the other processes could not open it)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from railhead.bot import RailheadBot, ShardedRailheadBot, create_bot, shard_plan
from railhead.bot.cli import app

from .test_discord import private

runner = CliRunner()


def test_shard_plans():
    assert shard_plan(None, None) is None
    assert shard_plan(4, None) == [0, 1, 2, 3] and shard_plan(4, [2, 3]) == [2, 3]
    for count, ids in ((None, [0]), (2, [0, 2]), (2, [1, 1]), (0, None)):
        with pytest.raises(ValueError):
            shard_plan(count, ids)


def test_create_bot_builds_the_sharded_client_only_when_asked(db_path):
    assert type(create_bot(db_path)) is RailheadBot
    bot = create_bot(db_path, shard_count=4, shard_ids=[1, 3])
    assert isinstance(bot, ShardedRailheadBot) and bot.shard_count == 4 and bot.shard_ids == [1, 3]


@pytest.mark.parametrize(("args", "said"), [
    (["--shard-ids", "0"], "--shard-ids needs --shard-count"),
    (["--shard-count", "2", "--shard-ids", "0,2"], "distinct numbers from 0 to 1"),
    (["--shard-count", "2", "--shard-ids", "one"], "separated by commas"),
    (["--shard-count", "2", "--shard-ids", "1"], "share a PostgreSQL database"),
])
def test_run_refuses_impossible_shards_in_one_sentence(args, said, db_path, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    result = runner.invoke(app, ["run", "--db", db_path, *args])
    assert result.exit_code == 2 and said in result.output, result.output


@pytest.fixture
def simcord_bot(make_bot, db_path):
    """The bot on two shards, both in this process (as one process of several would run its own)."""
    from railhead.bot import create_bot as build

    bot = build(db_path, shard_count=2, shard_ids=[0, 1])
    bot.run_clock = False
    return bot


async def test_a_sharded_bot_plays_in_guilds_of_both_shards_and_in_dms(simcord_env):
    env = simcord_env
    assert isinstance(env.bot, ShardedRailheadBot) and env.bot.shard_count == 2
    seen_shards = set()
    for n in range(4):                                      # two guilds on each shard
        guild = env.create_guild(shard_id=n % 2)
        seen_shards.add((guild.id >> 22) % 2)
        channel = guild.create_text_channel(f"rails-{n}")
        ann, bob = (guild.add_member(env.create_user(f"{name}{n}")) for name in ("Ann", "Bob"))
        env.bot.table.seeds = lambda: 3
        await ann.slash(channel, "game new", game="rotw", barons=False)
        await bob.slash(channel, "game join")
        await ann.slash(channel, "game start")
        session = await env.bot.table.session(channel.id)
        seat = session.match.prompts()[0]["seat"]
        await (ann, bob)[seat].slash(channel, "rotw bid", amount=2)
        assert f"{session.names[seat]} bids $2,000" in channel.last_message.content
    assert seen_shards == {0, 1}
    solo = env.create_user("Solo")
    await solo.slash("game new", game="railways")
    assert "Railways (solo)** begins" in solo.dm_channel.last_message.content
    status = private(await solo.slash("game status"))
    assert "Railways" in status.content
