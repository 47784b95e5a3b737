"""``/game note`` and ``/game follow`` at the table (issue 33, "Private notes" and "Spectators");
the whole game with a follower through Discord is in tests/test_full_game.py."""
from __future__ import annotations

from railhead.bot.replies import Caller
from railhead.bot.store import open_store

from .helpers_table import seated


async def test_notes_are_a_players_own_and_show_in_their_hand(db_path):
    store, table, (ann, bob), _ = await seated(db_path)
    assert "no notes" in (await table.note(ann)).caller.text
    assert "Noted (1 note" in (await table.note(ann, "Bob saves for the Köln link")).caller.text
    assert "Noted (2 notes" in (await table.note(ann, "  bid 4 next turn ")).caller.text
    listed = (await table.note(ann)).caller.text
    assert "1. Bob saves for the Köln link\n2. bid 4 next turn" in listed
    assert "bid 4 next turn" in (await table.hand(ann)).caller.text
    assert "Köln" not in (await table.hand(bob)).caller.text and "no notes" in (await table.note(bob)).caller.text
    stranger = Caller(ann.channel_id, 999, "Vic")
    assert "seated" in (await table.note(stranger, "hello")).caller.text
    assert "2 notes" in (await table.note(ann, clear=True)).caller.text
    assert "no notes" in (await table.note(ann)).caller.text
    await store.close()


async def test_a_note_has_limits_and_outlives_a_restart(db_path):
    store, table, (ann, _), _ = await seated(db_path)
    refused = (await table.note(ann, "x" * 501)).caller.text
    assert "at most 500 characters" in refused and "no notes" in (await table.note(ann)).caller.text
    for i in range(25):
        await table.note(ann, f"note {i}")
    assert "25 notes on this game already" in (await table.note(ann, "one more")).caller.text
    await store.close()
    store, table, (ann, _), _ = await seated(db_path, store=await open_store(db_path), channel=8)
    assert "no notes" in (await table.note(ann)).caller.text          # another channel's game: its own notes
    old = Caller(7, 700, "Ann")
    assert "25. note 24" in (await table.note(old)).caller.text
    await store.close()


async def test_following_is_for_those_without_a_seat_and_can_stop(db_path):
    store, table, (ann, bob), _ = await seated(db_path)
    vic = Caller(ann.channel_id, 999, "Vic")
    assert "seated in this game" in (await table.follow(ann)).caller.text
    assert "You now follow this game" in (await table.follow(vic)).caller.text
    assert "already" in (await table.follow(vic)).caller.text
    session = await table.session(ann.channel_id)
    prompt = session.match.prompts()[0]
    actor = [ann, bob][prompt["seat"]]
    action = session.match.legal_actions(prompt["seat"])[0]
    reply = await table.act(actor, action)
    assert reply.direct[999].text.endswith(reply.channel.text) and "(you follow it)" in reply.direct[999].text
    assert "no longer follow" in (await table.follow(vic, stop=True)).caller.text
    assert "were not following" in (await table.follow(vic, stop=True)).caller.text
    session = await table.session(ann.channel_id)
    prompt = session.match.prompts()[0]
    reply = await table.act([ann, bob][prompt["seat"]], session.match.legal_actions(prompt["seat"])[0])
    assert 999 not in reply.direct
    await store.close()


async def test_a_follower_whose_dms_are_closed_follows_no_more(db_path):
    store, table, (ann, _), _ = await seated(db_path)
    vic = Caller(ann.channel_id, 999, "Vic")
    await table.follow(vic)
    row = await store.active_game(ann.channel_id)
    assert await store.followers(row.id) == [999]
    assert await table.dm_failed(row.id, 999) is None
    assert await store.followers(row.id) == []
    await store.close()
