"""A game's creator (or a member with Manage Channel) removes a player and changes the game's
timing (issue "Play-by-chat that people keep playing", "Permissions"; DESIGN.md, "Only seated
players act ... lobby and abandon rights belong to the game's creator and to members with Manage
Channel")."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import time_machine

from railhead.bot.replies import Caller
from railhead.bot.store import open_store
from railhead.bot.table import Table

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


async def table_with(db_path, game="workers", names=("Ann", "Bob", "Cat"), start=True, **timing):
    store = await open_store(db_path)
    table = Table(store, render=False, seeds=lambda: 3)
    callers = [Caller(7, 100 + i, n) for i, n in enumerate(names)]
    await table.new(callers[0], game, None, timing)
    for c in callers[1:]:
        await table.join(c)
    if start:
        await table.start(callers[0])
    return store, table, callers


async def test_the_creator_frees_a_seat_before_the_start(db_path):
    store, table, (ann, bob, cat) = await table_with(db_path, start=False)
    try:
        refused = await table.kick(cat, bob.user_id)
        assert "Only the game's creator" in refused.caller.text
        reply = await table.kick(ann, bob.user_id)
        assert reply.channel.text == "**Ann** removed **Bob** from the table."
        assert [s.name for s in await store.seats((await store.active_game(7)).id)] == ["Ann", "Cat"]
        assert "not seated" in (await table.kick(ann, bob.user_id)).caller.text
        manager = Caller(7, 999, "Mod", can_manage=True)
        assert "removed **Cat**" in (await table.kick(manager, cat.user_id)).channel.text
    finally:
        await store.close()


async def test_a_removed_player_in_a_running_game_moves_no_more(db_path):
    store, table, (ann, bob, cat) = await table_with(db_path)
    try:
        reply = await table.kick(ann, bob.user_id)
        text = reply.channel.text
        assert "**Ann** removed **Bob**, who will pass whenever it is their turn." in text
        assert "Bob's cards are placed." in text                 # his secret step is done for him
        session = await table.session(7)
        assert all(p["seat"] != 1 for p in session.match.prompts())
        assert "already removed" in (await table.kick(ann, bob.user_id)).caller.text
        await table.command(ann, "place", {"cards": "structures worker store share"})
        reply = await table.command(cat, "place", {"cards": "tracks plans move subsidy"})
        assert "Dice rolled" in reply.channel.text
        assert "Only the game's creator" in (await table.kick(cat, ann.user_id)).caller.text
    finally:
        await store.close()


async def test_the_creator_changes_the_timing_and_the_clocks_restart(db_path):
    with time_machine.travel(START, tick=False) as clock:
        store, table, (ann, bob, cat) = await table_with(db_path, game="rotw", remind_hours=12)
        try:
            assert "reminders every 12 h" in (await table.game_timing(bob)).caller.text
            assert "Only the game's creator" in (await table.game_timing(bob, remind_hours=1)).caller.text
            assert "1-720 hours" in (await table.game_timing(ann, time_limit_hours="0.5")).caller.text
            clock.shift(timedelta(hours=5))
            reply = await table.game_timing(ann, remind_hours=2, reminders=1, time_limit_hours=24)
            assert "reminders every 2 h (at most 1), a 24 h time limit per move" in reply.channel.text
            row = await store.active_game(7)
            timers = await store.timers(row.id)
            assert timers and all(t.remind_at.startswith("2026-11-23T16:00") for t in timers)
            clock.shift(timedelta(hours=2, minutes=1))
            assert any("Reminder (1 of 1" in r.channel.text for r in await table.tick())
        finally:
            await store.close()
