"""``railhead migrate`` (issue 22, item 4): every game of all four games, finished and running,
with its log, results and settings, copied into another database and verified by replay; the copy
plays on. With ``make test`` the target is another SQLite file; with ``make test-postgres`` it is a
PostgreSQL database (``store_url``), and back again."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from railhead.bot.migrate import migrate
from railhead.bot.replies import Caller
from railhead.bot.store import StoreError, open_store
from railhead.bot.table import Table

from .backends import postgres_only

FIXTURES = Path(__file__).parent / "fixtures" / "games"
GAMES = ("railways-1p-1", "rotw-2p-1", "steam-3p-1", "workers-2p-1")


async def play_into(store, channel: int, name: str, moves: int | None) -> None:
    """The saved game ``name`` played through a table in ``channel``: all of it, or its first ``moves``."""
    doc = json.loads((FIXTURES / f"{name}.json").read_text())
    table = Table(store, render=False, seeds=lambda: doc["seed"])
    callers = [Caller(channel, 1000 * channel + i, seat) for i, seat in enumerate(doc["seats"])]
    await table.new(callers[0], doc["game"], doc["options"])
    for c in callers[1:]:
        await table.join(c)
    if len(callers) > 1:
        await table.start(callers[0])
    log = doc["log"] if moves is None else doc["log"][:moves]
    for seat, action in log:
        reply = await table.act(callers[seat], action)
        assert reply.caller is None or "not saved" not in reply.caller.text, reply.caller.text


async def seeded_database(path: str) -> dict:
    """A SQLite database with each of ``GAMES`` finished and running, a lobby and a setting."""
    store = await open_store(path)
    try:
        for i, name in enumerate(GAMES):
            await play_into(store, 10 + i, name, None)
            await play_into(store, 20 + i, name, 15)
        table = Table(store, render=False)
        await table.new(Caller(30, 3000, "Lobby"), "rotw")
        await table.settings(Caller(30, 3000, "Lobby"), {"colourblind": True})
        return await store.game_counts()
    finally:
        await store.close()


async def test_migrate_copies_every_game_and_verifies_it_by_replay(tmp_path, store_url):
    source = str(tmp_path / "old.sqlite3")
    counts = await seeded_database(source)
    assert counts == {"finished": 4, "running": 4, "lobby": 1}
    target = store_url if store_url.startswith("postgresql") else str(tmp_path / "new.sqlite3")
    report = await migrate(f"sqlite:{source}", target)
    assert report.problems == [], report.text()
    assert report.statuses == counts and report.replayed == 8 and report.older_rules == 0
    assert report.rows["results"] == 1 + 2 + 3 + 2 and report.rows["prefs"] == 1
    # the copy plays on: a running game's next move is saved, and a new game gets a new id
    store = await open_store(target)
    try:
        assert await store.game_counts() == counts
        running = await store.active_game(20 + GAMES.index("railways-1p-1"))
        table = Table(store, render=False)
        session = await table.session(running.channel_id)
        seat = session.match.prompts()[0]["seat"]
        action = session.match.legal_actions(seat)[0]
        before = len(session.match.log)
        await table.act(Caller(running.channel_id, session.seats[seat].user_id, "P0"), action)
        assert len((await table.session(running.channel_id)).match.log) == before + 1
        await table.new(Caller(40, 4000, "New"), "steam")
        assert (await store.active_game(40)).id > max(r["id"] for r in await store.table_rows("games")
                                                      if r["channel_id"] != 40)
        assert (await store.prefs(3000)).get("colourblind") is True
    finally:
        await store.close()
    # and back: the migrated database into a fresh SQLite file, the same counts
    back = await migrate(target, str(tmp_path / "back.sqlite3"))
    assert back.problems == [] and back.replayed == 8 and back.statuses["running"] == 4


async def test_migrate_refuses_a_target_that_holds_games_and_finds_a_tampered_log(tmp_path):
    source, target = str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")
    await seeded_database(source)
    await seeded_database(target)
    with pytest.raises(StoreError, match="already holds 9 games"):
        await migrate(source, target)
    store = await open_store(source)
    async with store.transaction() as tx:           # a finished game's result changed by hand
        await tx.insert_rows("meta", [{"key": "note", "value": "tampered"}])
    await store.close()
    import sqlite3
    with sqlite3.connect(source) as db:
        db.execute("UPDATE results SET score = score + 5 WHERE game_id = (SELECT min(game_id) FROM results)")
    report = await migrate(source, str(tmp_path / "c.sqlite3"))
    assert len(report.problems) == 1 and "other scores than its results" in report.problems[0]
    assert report.rows["meta"] >= 1


async def test_migrate_refuses_a_target_a_bot_has_used(tmp_path):
    """Review: a target with no games but a bot's settings or command-tree hash failed on a
    duplicate key with a traceback; it is refused in a sentence, before anything is copied."""
    source, target = str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")
    await seeded_database(source)
    store = await open_store(target)
    await Table(store, render=False).settings(Caller(1, 3000, "Lobby"), {"dm": False})
    await store.close()
    with pytest.raises(StoreError, match=r"not empty \(rows in prefs\)"):
        await migrate(source, target)


@postgres_only
async def test_backup_of_a_postgresql_database_is_a_checked_sqlite_file(tmp_path, store_url):
    """``railhead backup`` works for both backends (issue 22, item 4): a PostgreSQL database is
    copied, in one snapshot, into a new SQLite file, every game replayed; the file migrates back."""
    from typer.testing import CliRunner

    from railhead.bot.cli import app

    source = str(tmp_path / "old.sqlite3")
    counts = await seeded_database(source)
    assert (await migrate(source, store_url)).problems == []
    copy = tmp_path / "backup.sqlite3"
    result = await asyncio.to_thread(CliRunner().invoke, app, ["backup", str(copy), "--db", store_url])
    assert result.exit_code == 0, result.output
    assert "Replayed to the same state: 8 games" in result.output and "PROBLEM" not in result.output
    store = await open_store(str(copy))
    try:
        assert await store.game_counts() == counts
    finally:
        await store.close()
    again = await asyncio.to_thread(CliRunner().invoke, app, ["backup", str(copy), "--db", store_url])
    assert again.exit_code == 1 and "exists already" in again.output
