"""My turns everywhere (issue 33, item 4, "My turns everywhere"): ``/railhead turns`` lists privately
every game in every server and DM where the caller must act, with a link to each; ``/railhead
digest`` sends one DM a day listing them, once even with two bot processes on one database; the
contexts and installs of every command group as Discord receives them."""
from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
import time_machine

from railhead.bot import registry
from railhead.bot.cogs.lobby import Lobby
from railhead.bot.cogs.railhead import Railhead
from railhead.bot.cogs.spec import game_group
from railhead.bot.replies import Caller
from railhead.bot.store import open_store
from railhead.bot.sync import payload
from railhead.bot.table import Table
from railhead.bot.turns import DIGEST, digest, digests, game_link, next_due, turns

from .backends import postgres_only

ROOT = Path(__file__).resolve().parent.parent
START = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2          # Discord's interaction context types
GUILD_INSTALL, USER_INSTALL = 0, 1                # Discord's application integration types


def private(result):
    """The ephemeral answer to an interaction: the deferred response or its last follow-up."""
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None and answer.ephemeral
    return answer


def digest_dms(user) -> list[str]:
    """The daily digests ``user`` received by DM (not the turn notices and reminders)."""
    channel = user.dm_channel
    return [m.content for m in channel.history() if "Railhead turns today" in m.content] if channel else []


async def three_games(env):
    """Ann in three games: a RotW game in one server where the auction waits for her (seat 0),
    one in another server where it waits for Cat, and a solo Railways game in her DM with the bot."""
    ann_user = env.create_user("Ann")
    env.bot.table.seeds = lambda: 3
    first, second = env.create_guild(), env.create_guild()
    mine = first.create_text_channel("rails-mine")
    theirs = second.create_text_channel("rails-theirs")
    ann_1, bob = first.add_member(ann_user), first.add_member(env.create_user("Bob"))
    cat, ann_2 = second.add_member(env.create_user("Cat")), second.add_member(ann_user)
    for channel, (opener, other) in ((mine, (ann_1, bob)), (theirs, (cat, ann_2))):
        await opener.slash(channel, "game new", game="rotw", barons=False)
        await other.slash(channel, "game join")
        await opener.slash(channel, "game start")
    await ann_user.slash("game new", game="railways")
    return SimpleNamespace(ann=ann_user, ann_1=ann_1, ann_2=ann_2, cat=cat, first=first, second=second, mine=mine,
                           theirs=theirs)


async def test_turns_lists_the_games_waiting_for_you_in_every_server_and_dm(simcord_env):
    env = simcord_env
    g = await three_games(env)
    dm = g.ann.dm_channel
    asked = [await g.ann_2.slash(g.theirs, "railhead turns"), await g.ann.slash("railhead turns")]
    for result in asked:                                          # from a server or the DM: the same list
        text = private(result).content
        assert "2 games wait for you" in text, text
        assert f"https://discord.com/channels/{g.first.id}/{g.mine.id}" in text
        assert f"https://discord.com/channels/@me/{dm.id}" in text
        assert str(g.theirs.id) not in text                       # Cat's turn there, not Ann's
        assert "bid or pass in the first-player auction" in text
        assert "place the four passenger dice" in text
    text = private(await g.cat.slash(g.theirs, "railhead turns")).content
    assert "1 game waits for you" in text and f"/{g.second.id}/{g.theirs.id}" in text
    # Cat's game moves on: now it waits for Ann there, and the list says so
    await g.cat.slash(g.theirs, "rotw bid", amount=1)
    text = private(await g.ann_2.slash(g.theirs, "railhead turns")).content
    assert "3 games wait for you" in text and f"/{g.second.id}/{g.theirs.id}" in text
    assert "No game waits for you" in private(await g.cat.slash(g.theirs, "railhead turns")).content


def test_the_link_goes_to_the_table_message_when_the_store_knows_it():
    """The table message (issue 33, item 1) is the better target; without its id, the channel."""
    assert game_link(SimpleNamespace(guild_id=5, channel_id=6)) == "https://discord.com/channels/5/6"
    assert game_link(SimpleNamespace(guild_id=None, channel_id=6)) == "https://discord.com/channels/@me/6"
    assert game_link(SimpleNamespace(guild_id=5, channel_id=6, table_message=None)).endswith("/5/6")
    assert game_link(SimpleNamespace(guild_id=5, channel_id=6, table_message=7)) == \
        "https://discord.com/channels/5/6/7"


async def test_the_daily_digest_through_the_bot(simcord_env):
    """Opted in, Ann gets one DM a day later (at the minute tick), none the next minute, none on a
    day when nothing waits for her, none after opting out."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("daily")
    ann_user, bob_user = env.create_user("Ann"), env.create_user("Bob")
    ann, bob = guild.add_member(ann_user), guild.add_member(bob_user)
    with time_machine.travel(datetime.now(UTC), tick=True) as clock:      # the host's clock; Discord's runs on
        env.bot.table.seeds = lambda: 3
        await ann.slash(channel, "game new", game="rotw", barons=False, remind_hours=0.0)
        await bob.slash(channel, "game join")
        await ann.slash(channel, "game start")
        said = private(await ann.slash(channel, "railhead digest", on=True)).content
        assert "Your daily digest is on" in said
        assert "is on: the next one" in private(await ann.slash(channel, "railhead digest")).content
        clock.shift(timedelta(hours=23, minutes=59))
        await env.bot.tick()
        assert digest_dms(ann_user) == []                                    # not yet a day
        clock.shift(timedelta(minutes=1))
        await env.bot.tick()
        (sent,) = digest_dms(ann_user)
        assert "Your Railhead turns today" in sent
        assert f"https://discord.com/channels/{guild.id}/{channel.id}" in sent
        clock.shift(timedelta(minutes=1))
        await env.bot.tick()
        assert len(digest_dms(ann_user)) == 1                               # once a day
        await ann.slash(channel, "rotw bid", amount=1)                      # now Bob's turn: nothing waits for Ann
        clock.shift(timedelta(days=1))
        await env.bot.tick()
        assert len(digest_dms(ann_user)) == 1
        await bob.slash(channel, "rotw pass")                               # Ann's turn again (her action)
        assert "off" in private(await ann.slash(channel, "railhead digest", on=False)).content
        clock.shift(timedelta(days=1))
        await env.bot.tick()
        assert len(digest_dms(ann_user)) == 1                               # opted out
        assert digest_dms(bob_user) == []                                   # never opted in


async def opened(path, names=("Ann", "Bob")):
    store = await open_store(path)
    table = Table(store, render=False, seeds=lambda: 3)
    callers = [Caller(7, 100 + i, n) for i, n in enumerate(names)]
    await table.new(callers[0], "rotw", {"barons": False}, {"remind_hours": 0})     # the auction first
    for c in callers[1:]:
        await table.join(c)
    await table.start(callers[0])
    return store, table, callers


async def test_the_digest_keeps_its_time_of_day_and_survives_a_restart(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store, table, (ann, bob) = await opened(db_path)
        await digest(table, ann, True)
        await store.close()
        clock.shift(timedelta(days=3, hours=5))                 # the bot was down three days
        store = await open_store(db_path)
        table = Table(store, render=False)
        (sent,) = await digests(table)
        assert list(sent.direct) == [ann.user_id]
        assert await digests(table) == []
        assert await store.meta_get(f"{DIGEST}{ann.user_id}") == "2026-11-26T09:00:00.000Z"   # 9:00 again
        assert "the next one <t:1795683600:R>" in (await digest(table, ann)).caller.text
        await store.close()


def test_next_due_skips_missed_days_and_keeps_the_time():
    due = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    assert next_due(due, due) == due + timedelta(days=1)
    assert next_due(due, due + timedelta(minutes=1)) == due + timedelta(days=1)
    assert next_due(due, due + timedelta(days=2, hours=1)) == due + timedelta(days=3)


async def test_two_tables_on_one_database_claim_a_digest_once(store_url):
    """Two bot processes share one database (PostgreSQL with ``make test-postgres``; on SQLite,
    two tables on one store): the conditional claim gives each day's digest to one of them."""
    store, table, (ann, bob) = await opened(store_url)
    other = Table(await open_store(store_url) if store_url.startswith("postgres") else store, render=False)
    await digest(table, ann, True)
    day = datetime.now(UTC) + timedelta(days=1, minutes=1)
    for n in range(3):
        first, second = await asyncio.gather(digests(table, day), digests(other, day))
        assert len(first) + len(second) == 1, (n, first, second)
        assert await digests(table, day + timedelta(minutes=1)) == []
        day += timedelta(days=1)
    if other.store is not store:
        await other.store.close()
    await store.close()


@postgres_only
async def test_two_processes_claim_many_due_digests_each_once_on_postgresql(store_url):
    """The race itself: thirty users due at once, two stores (two connection pools, as two
    processes) claiming them together; each user's digest is claimed exactly once."""
    store, other = await open_store(store_url), await open_store(store_url)
    users = list(range(1000, 1030))
    async with store.transaction() as tx:
        for user_id in users:
            await tx.meta_set(f"{DIGEST}{user_id}", "2026-01-01T09:00:00.000Z")
    claimed: list[int] = []

    async def claim(s):
        for key, value in await s.meta_due(DIGEST, "2026-01-02T09:00:00.000Z"):
            async with s.transaction() as tx:
                if await tx.meta_claim(key, value, "2026-01-02T09:00:00.000Z"):
                    claimed.append(int(key.removeprefix(DIGEST)))

    await asyncio.gather(claim(store), claim(other))
    assert sorted(claimed) == users
    await other.close()
    await store.close()


DIGEST_PROCESS = """
import asyncio, json, os, sys, time
from datetime import datetime
from railhead.bot.store import open_store
from railhead.bot.table import Table
from railhead.bot.turns import digests

async def main(url, go, now):
    store = await open_store(url)
    table = Table(store, render=False)
    while not os.path.exists(go):                  # both processes ready: claim at the same moment
        time.sleep(0.005)
    sent = await digests(table, datetime.fromisoformat(now))
    await store.close()
    print(json.dumps([user_id for reply in sent for user_id in reply.direct]), flush=True)

asyncio.run(main(*sys.argv[1:4]))
"""


@postgres_only
async def test_two_bot_processes_on_one_postgresql_send_each_digest_once(store_url, tmp_path):
    """Two OS processes, each with its own store and table on one PostgreSQL database, run the
    minute tick's digests at the same moment: twelve players whose turn it is each get exactly
    one digest between them."""
    store = await open_store(store_url)
    table = Table(store, render=False, seeds=lambda: 3)
    players = []
    for channel in range(20, 32):                 # a game per channel, waiting for its first player
        first, second = Caller(channel, 10 * channel, "Ann"), Caller(channel, 10 * channel + 1, "Bob")
        await table.new(first, "rotw", None, {"remind_hours": 0})
        await table.join(second)
        await table.start(first)
        await digest(table, first, True)
        players.append(first.user_id)
    await store.close()
    go = tmp_path / "go"
    day = (datetime.now(UTC) + timedelta(days=1, minutes=1)).isoformat()
    workers = [subprocess.Popen([sys.executable, "-c", DIGEST_PROCESS, store_url, str(go), day], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    await asyncio.sleep(2)
    go.touch()
    sent = []
    for w in workers:
        out, err = await asyncio.to_thread(w.communicate, timeout=120)
        assert w.returncode == 0, err
        sent.append(json.loads(out.strip().splitlines()[-1]))
    print("digests sent by each process:", [len(s) for s in sent])
    assert sorted(sent[0] + sent[1]) == sorted(players)


async def test_the_claim_is_conditional(db_path):
    """Of two claims of the same due time, the second finds it moved on; a deleted key cannot be
    claimed."""
    store = await open_store(db_path)
    async with store.transaction() as tx:
        await tx.meta_set("digest:1", "2026-11-22T09:00:00.000Z")
    async with store.transaction() as tx:
        assert await tx.meta_claim("digest:1", "2026-11-22T09:00:00.000Z", "2026-11-23T09:00:00.000Z")
    async with store.transaction() as tx:
        assert not await tx.meta_claim("digest:1", "2026-11-22T09:00:00.000Z", "2026-11-23T09:00:00.000Z")
        assert await tx.meta_delete("digest:1") and not await tx.meta_delete("digest:1")
        assert not await tx.meta_claim("digest:1", "2026-11-23T09:00:00.000Z", "2026-11-24T09:00:00.000Z")
    assert await store.meta_due("digest:", "2030-01-01T00:00:00.000Z") == []
    await store.close()


async def test_turns_at_the_table_level_follow_the_prompts(db_path):
    with time_machine.travel(START, tick=False):
        store, table, (ann, bob) = await opened(db_path)
        text = (await turns(table, ann)).caller.text
        assert "1 game waits for you" in text and "https://discord.com/channels/@me/7" in text
        assert "No game waits for you" in (await turns(table, bob)).caller.text
        await store.close()


# ------------------------------------------------------------------------- contexts and installs
@pytest.fixture
async def synced():
    """Every command group as the bot syncs it (bot/sync.py ``payload``), by name."""
    from railhead.bot import create_bot

    bot = create_bot(":memory:")
    await bot.add_cog(Lobby(bot))
    await bot.add_cog(Railhead(bot))
    for ui in registry.UIS.values():
        if ui.commands:
            bot.tree.add_command(game_group(ui))
    yield {c["name"]: c for c in payload(bot)}
    await bot.close()


def test_every_group_declares_where_it_is_installed_and_used(synced):
    """Discord (Application Commands, "Contexts" and "Installation Context"): a command reaches
    private channels (group DMs, other DMs) only when installed to a user. ``/railhead`` reads the
    store only, so it is installed to servers and users and works in all three contexts; ``/game``
    and the game groups post in the game's channel, so they are installed to servers only and
    never declare private channels; a solo game's group and ``/game`` also work in the bot's DM."""
    assert synced["railhead"]["integration_types"] == [GUILD_INSTALL, USER_INSTALL]
    assert synced["railhead"]["contexts"] == [GUILD, BOT_DM, PRIVATE_CHANNEL]
    assert synced["game"]["contexts"] == [GUILD, BOT_DM]
    for ui in registry.UIS.values():
        if ui.commands:
            assert synced[ui.prefix]["contexts"] == ([GUILD, BOT_DM] if ui.in_dms else [GUILD]), ui.prefix
    for name, command in synced.items():
        assert command["contexts"] is not None and command["integration_types"] is not None, name
        if PRIVATE_CHANNEL in command["contexts"]:
            assert USER_INSTALL in command["integration_types"], name
        if name != "railhead":
            assert command["integration_types"] == [GUILD_INSTALL], name


def test_the_railhead_group_fits_its_own_limit(synced):
    from railhead.bot.discord_limits import check_commands

    assert check_commands([synced["railhead"]]) == []
    assert re.fullmatch(r"[a-z]+", synced["railhead"]["name"])
