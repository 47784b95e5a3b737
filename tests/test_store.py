"""Persistence: WAL, migrations, one transaction per action, restore by replay (DESIGN.md, "Persistence")."""
import sqlite3

import pytest

from bot.replies import Caller
from bot.store import MIGRATIONS, Store
from bot.table import Table
from engine import canonical


async def running_table(path, seed=3):
    store = await Store.open(path)
    table = Table(store, render=False, seeds=lambda: seed)
    ann, bob = Caller(7, 1, "Ann"), Caller(7, 2, "Bob")
    await table.new(ann, "rotw")
    await table.join(bob)
    await table.start(ann)
    return store, table, ann, bob


async def test_wal_mode_and_migrations_are_idempotent(db_path):
    store = await Store.open(db_path)
    (mode,) = await store._row("PRAGMA journal_mode")
    assert mode == "wal"
    assert await store.migrate() == len(MIGRATIONS)
    await store.close()
    store = await Store.open(db_path)           # reopening applies nothing twice
    (version,) = await store._row("PRAGMA user_version")
    assert version == len(MIGRATIONS)
    await store.close()


async def test_actions_survive_a_new_process_and_a_stale_snapshot_is_replayed(db_path):
    store, table, ann, bob = await running_table(db_path)
    await table.act(ann, {"type": "bid", "amount": 2})
    await table.act(bob, {"type": "pass"})
    before = canonical((await table.session(7)).state)
    await store._run("UPDATE snapshots SET n = 1")          # as if a crash left an old snapshot
    await store.close()

    store2 = await Store.open(db_path)
    table2 = Table(store2, render=False)
    session = await table2.session(7)
    assert canonical(session.state) == before and session.state["n"] == 2
    await store2.close()


async def test_a_failed_commit_changes_nothing(db_path):
    store, table, ann, bob = await running_table(db_path)
    with pytest.raises(sqlite3.IntegrityError):
        await store.append_action(1, 0, 0, 1, {"type": "pass"}, "{}")
        await store.append_action(1, 0, 0, 1, {"type": "pass"}, "{}")      # same n twice
    assert len(await store.actions(1)) == 1
    assert (await store.snapshot(1))[0] == 1
    await store.close()


async def test_offers_are_stored_and_refused_for_an_older_state(db_path):
    store, table, ann, bob = await running_table(db_path)
    (token,) = await store.add_offers(1, 0, [{"type": "bid", "amount": 1}])
    reply = await table.click(ann, token)
    assert "Ann bids $1,000" in reply.text
    reply = await table.click(bob, token)
    assert reply.ephemeral and "earlier moment" in reply.text
    await store.close()


async def test_lobby_buttons_of_an_earlier_game_are_refused(db_path):
    store = await Store.open(db_path)
    table = Table(store, render=False)
    ann, bob = Caller(7, 1, "Ann"), Caller(7, 2, "Bob")
    old = await table.new(ann, "rotw")
    await table.abandon(ann)
    await table.new(ann, "rotw")
    join_old = old.components[0].custom_id.split(":")[-1]
    reply = await table.click(bob, join_old)
    assert reply.ephemeral and "earlier game" in reply.text
    assert [s.name for s in await store.seats(2)] == ["Ann"]
    await store.close()
