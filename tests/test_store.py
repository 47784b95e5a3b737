"""The store (DESIGN.md, "Persistence"): settings, migrations, the transaction interface,
one active game per channel, one process per file, clear errors for bad files, backups. The
interface tests run on PostgreSQL too under ``make test-postgres`` (``store_url``, tests/backends.py)."""
import asyncio
import os
import re
import sqlite3
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta

import pytest

from railhead.bot.store import (
    MIGRATIONS,
    ChannelBusy,
    Offer,
    SeatRow,
    SqliteStore,
    Store,
    StoreError,
    new_token,
    open_store,
)

from .backends import integrity_errors, sqlite_only

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


async def running_game(store, channel=7, users=(1, 2)):
    async with store.transaction() as tx:
        gid = await tx.create_game(channel, 70, "rotw", 1, {"map": "rhine-alps"}, users[0])
        for u in users:
            await tx.add_seat(gid, u, f"P{u}")
        await tx.set_status(gid, "running", expect=("lobby",))
        await tx.start_game(gid, 42, '{"n":0}')
    return gid


@pytest.fixture
def no_thread_left():
    """Fails the test if it leaves a thread running (an unclosed aiosqlite connection
    keeps its non-daemon thread, and with it the process, alive)."""
    before = set(threading.enumerate())
    yield
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=5)
        assert not thread.is_alive(), f"{thread} left running"


# ------------------------------------------------------------------ settings and migrations
@sqlite_only
async def test_settings_and_migrations_applied_once(db_path):
    store = await Store.open(db_path)                  # the Protocol's open is SQLite's
    assert isinstance(store, SqliteStore)
    settings = {p: (await store._rows(f"PRAGMA {p}"))[0][0]
                for p in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout", "user_version")}
    assert settings == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1, "busy_timeout": 5000,
                        "user_version": len(MIGRATIONS)}       # synchronous 2 = FULL
    gid = await running_game(store)
    await store.close()
    store = await open_store(db_path)                  # reopening applies nothing twice and keeps the data
    assert (await store._rows("PRAGMA user_version"))[0][0] == len(MIGRATIONS)
    assert (await store.game(gid)).status == "running"
    await store.close()


def make_v1_database(path):
    """A database as the first release left it: REAL timestamps, two open games in channel 7."""
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0] + "PRAGMA user_version = 1;")
    at = 1795337400.123                                # 2026-11-22T08:50:00.123Z
    games = [(1, 7, "running"), (2, 7, "lobby"), (3, 8, "running"), (4, 8, "finished")]
    db.executemany("INSERT INTO games VALUES (?, ?, 70, 'rotw', 1, '{}', 5, ?, 1, ?)",
                   [(gid, ch, status, at + gid) for gid, ch, status in games])
    db.executemany("INSERT INTO seats VALUES (?, 0, 1, 'Ann')", [(1,), (2,), (3,), (4,)])
    db.execute("INSERT INTO actions VALUES (3, 0, 0, 1, '{\"type\":\"pass\"}', ?)", (at,))
    db.execute("INSERT INTO snapshots VALUES (3, 1, '{}')")
    db.executemany("INSERT INTO offers VALUES (?, ?, 1, '{\"type\":\"pass\"}')", [("a1", 1), ("c3", 3), ("d4", 4)])
    db.commit()
    db.close()


@sqlite_only
async def test_migration_2_keeps_the_data_and_makes_one_game_per_channel(db_path):
    make_v1_database(db_path)
    store = await open_store(db_path)
    assert [(await store.game(g)).status for g in (1, 2, 3, 4)] == ["abandoned", "lobby", "running", "finished"]
    assert (await store.active_game(7)).id == 2 and (await store.last_game(8)).id == 4
    assert (await store.game(1)).created_at == "2026-11-22T08:50:01.123Z"
    (at,) = (await store._rows("SELECT at FROM actions"))[0]
    assert at == "2026-11-22T08:50:00.123Z"
    assert [(e.seq, e.action) for e in await store.log(3)] == [(0, {"type": "pass"})]
    assert await store.snapshot(3) == (1, "{}")
    assert (await store.seats(3))[0].dm_closed is False
    assert await store.offer("c3") == Offer("c3", 3, None, 1, {"type": "pass"})   # old n kept as the stamp
    assert await store.offer("a1") is None and await store.offer("d4") is None      # ended games: pruned
    with pytest.raises(ChannelBusy):
        async with store.transaction() as tx:
            await tx.create_game(8, 70, "rotw", 1, {}, 1)
    async with store.transaction() as tx:
        await tx.meta_set("k", "v")
    assert await store.meta_get("k") == "v"
    assert await store._rows("PRAGMA foreign_key_check") == []
    with pytest.raises(sqlite3.IntegrityError):                     # the rebuilt tables' foreign keys hold
        async with store.transaction() as tx:
            await tx.add_seat(99, 1, "Ghost")
    await store.close()


# ---------------------------------------------------------------------------- transactions
async def test_a_game_from_lobby_to_end(store_url):
    store = await open_store(store_url)
    async with store.transaction() as tx:
        gid = await tx.create_game(7, None, "rotw", 3, {"short": True}, 1)
        people = ((1, "Ann"), (2, "Bob"), (3, "Cat"), (4, "Dan"))
        assert [await tx.add_seat(gid, u, n) for u, n in people] == [0, 1, 2, 3]
        assert await tx.add_seat(gid, 2, "Bob") is None                 # already seated
        await tx.set_dm_closed(gid, 3, True)
        assert await tx.remove_seat(gid, 2) and not await tx.remove_seat(gid, 2)
    assert await store.seats(gid) == [SeatRow(0, 1, "Ann"), SeatRow(1, 3, "Cat", True), SeatRow(2, 4, "Dan")]
    row = await store.game(gid)
    assert (row.status, row.seed, row.options, row.rules_version, row.creator_id) == ("lobby", 0, {"short": True}, 3, 1)
    created = datetime.fromisoformat(row.created_at.replace("Z", "+00:00"))
    assert ISO.match(row.created_at) and abs(created - datetime.now(UTC)) < timedelta(minutes=1)

    async with store.transaction() as tx:
        assert not await tx.set_status(gid, "running", expect=("running",))   # not in expect: unchanged
        assert await tx.set_status(gid, "running", expect=("lobby",))
        await tx.start_game(gid, 99, "S0")
        await tx.append(gid, 0, 0, 1, {"type": "bid", "amount": 2}, "S1")
        await tx.add_offers([Offer("t1", gid, 1, 1, {"type": "pass"}), Offer("t2", gid, None, None, {"type": "x"})])
    assert (await store.game(gid)).seed == 99
    assert await store.snapshot(gid) == (1, "S1")
    log = [(e.seq, e.seat, e.user_id, e.action) for e in await store.log(gid)]
    assert log == [(0, 0, 1, {"type": "bid", "amount": 2})]
    assert ISO.match((await store._rows("SELECT at FROM actions"))[0][0])
    assert await store.offer("t1") == Offer("t1", gid, 1, 1, {"type": "pass"})
    async with store.transaction() as tx:
        await tx.void_offers(["t1"])
    assert await store.offer("t1") is None and await store.offer("t2") is not None
    async with store.transaction() as tx:
        assert await tx.set_status(gid, "finished", expect=("running",))
    assert await store.offer("t2") is None                               # ending a game prunes its offers
    assert await store.active_game(7) is None and (await store.last_game(7)).status == "finished"
    await store.close()


async def test_a_failed_transaction_changes_nothing_and_the_store_goes_on(store_url):
    store = await open_store(store_url)
    gid = await running_game(store)
    with pytest.raises(integrity_errors()):
        async with store.transaction() as tx:
            await tx.append(gid, 0, 0, 1, {"type": "pass"}, "S1")
            await tx.add_offers([Offer(new_token(), gid, 0, 1, {"type": "bid"})])
            await tx.append(gid, 0, 1, 2, {"type": "pass"}, "S1")       # seq 0 twice
    assert await store.log(gid) == [] and await store.snapshot(gid) == (0, '{"n":0}')
    assert await store._rows("SELECT * FROM offers") == []
    with pytest.raises(KeyError):                                        # any exception rolls back
        async with store.transaction() as tx:
            await tx.set_status(gid, "abandoned")
            raise KeyError("boom")
    assert (await store.game(gid)).status == "running"
    async with store.transaction() as tx:
        await tx.append(gid, 0, 0, 1, {"type": "pass"}, "S1")
    assert [e.seq for e in await store.log(gid)] == [0]
    await store.close()


async def test_one_active_game_per_channel(store_url):
    store = await open_store(store_url)
    gid = await running_game(store, channel=7)
    with pytest.raises(ChannelBusy):
        async with store.transaction() as tx:
            await tx.create_game(7, None, "rotw", 1, {}, 5)
    await running_game(store, channel=8)                                # another channel is free
    async with store.transaction() as tx:
        assert await tx.set_status(gid, "abandoned")
        assert await tx.active_game(7) is None
        new = await tx.create_game(7, None, "rotw", 1, {}, 5)
    assert (await store.active_game(7)).id == new
    await store.close()


async def test_misuse_inside_a_transaction_raises_instead_of_hanging(store_url):
    store = await open_store(store_url)
    async with store.transaction() as tx:
        async with asyncio.timeout(5):                      # same task: the store's reads would wait for this tx
            with pytest.raises(RuntimeError):
                await store.game(1)
            with pytest.raises(RuntimeError):
                async with store.transaction():
                    pass
        assert await tx.game(1) is None
    with pytest.raises(RuntimeError):
        await tx.game(1)                                     # a transaction is over after its block
    await store.close()


# ------------------------------------------------------------------ one process per file
@sqlite_only
async def test_a_second_open_of_the_same_file_is_refused(db_path, no_thread_left):
    store = await open_store(db_path)
    with pytest.raises(StoreError, match=f"Another Railhead process is already using {re.escape(db_path)}; stop it"):
        await open_store(db_path)
    alias = os.path.join(os.path.dirname(db_path), "alias.sqlite3")
    os.symlink(db_path, alias)
    with pytest.raises(StoreError, match="Another Railhead process"):
        await open_store(alias)                         # the same file under another name
    other = subprocess.run([sys.executable, "-c", OPEN_IN_A_CHILD, db_path], capture_output=True, text=True, timeout=60)
    assert other.stdout.startswith("StoreError: Another Railhead process"), other
    await store.close()
    store = await open_store(db_path)                   # released by close
    await store.close()
    memory = [await open_store(":memory:"), await open_store(":memory:")]
    for m in memory:
        await m.close()


OPEN_IN_A_CHILD = """
import asyncio, sys
from railhead.bot.store import StoreError, open_store
for path in sys.argv[1:]:
    try:
        asyncio.run(open_store(path))
        print("opened")
    except StoreError as exc:
        print("StoreError:", exc)
"""


# ---------------------------------------------------------------------------- bad files
def bad_files(tmp_path):
    """``{kind: path}``: files that open() must refuse."""
    good = tmp_path / "good.sqlite3"
    db = sqlite3.connect(good)
    db.execute("CREATE TABLE t (x TEXT)")
    db.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 300)
    db.commit()
    db.close()
    data = good.read_bytes()
    files = {"missing folder": tmp_path / "nowhere" / "db.sqlite3", "text file": tmp_path / "notes.txt",
             "truncated": tmp_path / "truncated.sqlite3", "garbled": tmp_path / "garbled.sqlite3",
             "read-only": tmp_path / "readonly.sqlite3", "a folder": tmp_path / "folder.sqlite3",
             "newer schema": tmp_path / "newer.sqlite3"}
    files["text file"].write_text("These are my notes, not a database.\n" * 20)
    files["truncated"].write_bytes(data[: len(data) // 2])
    files["garbled"].write_bytes(data[:8192] + os.urandom(4096) + data[12288:])
    files["read-only"].write_bytes(data)
    files["read-only"].chmod(0o444)
    files["a folder"].mkdir()
    db = sqlite3.connect(files["newer schema"])
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    return {kind: str(path) for kind, path in files.items()}


EXPECTED = {"missing folder": "does not exist", "text file": "is not a SQLite database", "truncated": "is damaged",
            "garbled": "is damaged", "read-only": "is read-only", "a folder": "is a folder",
            "newer schema": "newer Railhead"}


@sqlite_only
async def test_bad_files_give_one_clear_sentence_and_leave_no_thread(tmp_path, no_thread_left):
    for kind, path in bad_files(tmp_path).items():
        for _ in range(2):                              # the second try is not refused as "in use": lock released
            with pytest.raises(StoreError) as caught:
                await open_store(path)
            message = str(caught.value)
            assert EXPECTED[kind] in message and path in message, (kind, message)
            assert "\n" not in message and message.endswith(".") and "Another Railhead" not in message
    assert os.stat(tmp_path / "readonly.sqlite3").st_mode & 0o222 == 0


@sqlite_only
def test_bad_files_do_not_hang_a_process(tmp_path):
    """In a fresh process: every refusal is a StoreError and the process then exits by itself."""
    paths = list(bad_files(tmp_path).values())
    child = subprocess.run([sys.executable, "-c", OPEN_IN_A_CHILD, *paths], capture_output=True, text=True, timeout=60)
    assert child.returncode == 0 and child.stderr == "", child.stderr
    assert child.stdout.count("StoreError:") == len(paths), child.stdout


@sqlite_only
async def test_a_missing_file_in_an_existing_folder_is_created(tmp_path):
    path = tmp_path / "first-run.sqlite3"
    store = await open_store(str(path))
    assert path.exists() and await store.active_game(7) is None
    await store.close()


# ------------------------------------------------------------------------------- backups
@sqlite_only
async def test_backup_includes_what_is_still_in_the_wal(db_path, tmp_path):
    store = await open_store(db_path)
    gid = await running_game(store)
    async with store.transaction() as tx:
        for seq in range(50):
            await tx.append(gid, seq, seq % 2, 1 + seq % 2, {"type": "pass", "seq": seq}, f"S{seq + 1}")
    assert os.path.getsize(db_path + "-wal") > 0                     # not checkpointed
    copy = tmp_path / "copy.sqlite3"
    await store.backup(str(copy))
    db = sqlite3.connect(copy)
    assert db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (gid,)).fetchone() == (50,)
    assert db.execute("SELECT n, state FROM snapshots").fetchone() == (50, "S50")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    with pytest.raises(StoreError, match="Could not write the backup"):
        await store.backup(str(tmp_path / "nowhere" / "copy.sqlite3"))
    await store.close()


@sqlite_only
async def test_a_backup_waits_for_the_open_transaction(db_path, tmp_path):
    store = await open_store(db_path)
    gid = await running_game(store)
    inside = asyncio.Event()

    async def move():
        async with store.transaction() as tx:
            await tx.append(gid, 0, 0, 1, {"type": "pass"}, "S1")
            inside.set()
            await asyncio.sleep(0.05)
            await tx.append(gid, 1, 1, 2, {"type": "pass"}, "S2")

    async def copy():
        await inside.wait()
        await store.backup(str(tmp_path / "copy.sqlite3"))

    await asyncio.gather(move(), copy())
    db = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert db.execute("SELECT COUNT(*) FROM actions").fetchone() == (2,)   # never half a transaction
    db.close()
    await store.close()
