"""Turn timing: reminders, the move time limit, skipping and removing a late player; deadlines in
SQLite survive a restart (issue "Play-by-chat that people keep playing", "Turns and time")."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import time_machine

from railhead.bot.replies import Button, Caller
from railhead.bot.store import open_store
from railhead.bot.table import Table

START = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


async def opened(db_path, names=("Ann", "Bob"), **timing):
    store = await open_store(db_path)
    table = Table(store, render=False, seeds=lambda: 3)
    callers = [Caller(7, 100 + i, n) for i, n in enumerate(names)]
    reply = await table.new(callers[0], "rotw", {"barons": False}, timing)     # the auction first: one seat to move
    assert reply.channel is not None, reply.caller
    for c in callers[1:]:
        await table.join(c)
    await table.start(callers[0])
    return store, table, callers


def texts(replies):
    return [r.channel.text for r in replies]


async def test_reminders_repeat_at_most_the_set_number_of_times(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store, table, (ann, bob) = await opened(db_path, remind_hours=12, reminders=2)
        clock.shift(timedelta(hours=11))
        assert await table.tick() == []
        clock.shift(timedelta(hours=2))
        first = await table.tick()
        assert len(first) == 1 and "Reminder (1 of 2, waiting 13 h)" in first[0].channel.text
        assert first[0].channel.mentions == [ann.user_id] and ann.user_id in first[0].direct
        assert await table.tick() == []                       # not twice for the same deadline
        clock.shift(timedelta(hours=12))
        assert "Reminder (2 of 2" in texts(await table.tick())[0]
        clock.shift(timedelta(hours=48))
        assert await table.tick() == []                       # at most 2
        await store.close()


async def test_a_move_resets_the_clock_and_the_next_player_is_reminded(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store, table, (ann, bob) = await opened(db_path)
        clock.shift(timedelta(hours=6))
        await table.act(ann, {"type": "bid", "amount": 1})
        clock.shift(timedelta(hours=7))                       # 13 h after the start, 7 h after Ann's bid
        assert await table.tick() == []
        clock.shift(timedelta(hours=6))
        due = await table.tick()
        assert len(due) == 1 and due[0].channel.mentions == [bob.user_id]
        await store.close()


async def test_pending_reminders_survive_a_restart(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store, table, (ann, bob) = await opened(db_path)
        await store.close()
        clock.shift(timedelta(hours=13))
        store = await open_store(db_path)                     # a new process: nothing in memory
        due = await Table(store, render=False).tick()
        assert len(due) == 1 and due[0].channel.mentions == [ann.user_id]
        await store.close()


async def test_dm_reminders_follow_the_setting(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store, table, (ann, bob) = await opened(db_path)
        async with store.transaction() as tx:
            await tx.set_prefs(ann.user_id, {"dm": False})
        clock.shift(timedelta(hours=13))
        due = await table.tick()
        assert due[0].channel.mentions == [ann.user_id] and due[0].direct == {}
        await store.close()


async def test_after_the_time_limit_the_others_vote_to_skip(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store, table, (ann, bob) = await opened(db_path, remind_hours=0, time_limit_hours=24)
        clock.shift(timedelta(hours=25))
        (notice,) = await table.tick()
        assert "Ann**'s time for this move is up (24 h)" in notice.channel.text
        await table.store_offers_now(notice.game_id, notice)
        skip = next(c for c in notice.channel.components if isinstance(c, Button) and c.label.startswith("Skip"))
        token = skip.custom_id.split(":")[-1]
        assert "not too late for you" in (await table.click(ann, token)).caller.text
        reply = await table.click(bob, token)
        assert "The players voted: Ann's move is skipped" in reply.channel.text
        assert "Ann passes" in reply.channel.text or "Bob" in reply.channel.text
        log = (await table.session(7)).match.log
        assert log[-1] == (0, {"type": "pass"})
        assert "vote is over" in (await table.click(bob, token)).caller.text
        await store.close()


async def test_a_removed_player_passes_whenever_prompted(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store, table, (ann, bob, cat) = await opened(db_path, ("Ann", "Bob", "Cat"), time_limit_hours=24)
        clock.shift(timedelta(hours=25))
        notices = [r for r in await table.tick() if "time for this move is up" in r.channel.text]
        await table.store_offers_now(notices[0].game_id, notices[0])
        remove = next(c for c in notices[0].channel.components if c.label.startswith("Remove"))
        token = remove.custom_id.split(":")[-1]
        first = await table.click(bob, token)
        assert "Bob** votes to remove Ann; waiting for Cat" in first.channel.text
        done = await table.click(cat, token)
        assert "Ann is removed" in done.channel.text
        seats = await store.seats(done.game_id)
        assert seats[0].removed
        match = (await table.session(7)).match
        assert all(p["seat"] != 0 for p in match.prompts())       # Ann passed and is never waited for
        await store.close()


async def test_the_bot_posts_reminders_in_the_channel_and_by_dm(simcord_env):
    """The background task's work (``bot.tick``) through the real bot: a channel ping and a DM."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("slow")
    ann_user, bob_user = env.create_user("Ann"), env.create_user("Bob")
    ann, bob = guild.add_member(ann_user), guild.add_member(bob_user)
    env.bot.table.seeds = lambda: 3
    await ann.slash(channel, "game new", game="rotw", remind_hours=1.0, barons=False)
    assert "reminders every 1 h" in channel.last_message.content
    await bob.slash(channel, "game join")
    await ann.slash(channel, "game start")
    later = datetime.now(UTC) + timedelta(hours=2)
    env.bot.table.clock = lambda: later
    await env.bot.tick()
    assert "Reminder (1 of 3" in channel.last_message.content and ann.mention in channel.last_message.content
    assert "Your move is waiting" in ann_user.dm_channel.last_message.content
    await env.bot.tick()
    assert "Reminder (1 of 3" in channel.last_message.content       # nothing new: the next is an hour away


async def test_an_imported_solo_game_gets_its_clock(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store = await open_store(db_path)
        table = Table(store, render=False, seeds=lambda: 2)
        ann, cat = Caller(5, 1, "Ann"), Caller(6, 3, "Cat")
        await table.new(ann, "railways", None, {"remind_hours": 1})
        data = (await table.export(ann)).caller.image
        await table.import_game(cat, data)
        timers = await store.timers((await store.active_game(6)).id)
        assert [t.seat for t in timers] == [0]
        clock.shift(timedelta(hours=13))                      # the import has the default 12 h
        assert {r.channel_id for r in await table.tick()} == {5, 6}
        await store.close()


async def test_a_closed_dm_gets_the_channel_reminder_only(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store, table, (ann, bob) = await opened(db_path)
        async with store.transaction() as tx:
            await tx.set_dm_closed(1, ann.user_id, True)
        clock.shift(timedelta(hours=13))
        (due,) = await table.tick()
        assert due.channel.mentions == [ann.user_id] and due.direct == {}
        await store.close()
