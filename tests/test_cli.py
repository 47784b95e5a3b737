"""The ``railhead`` command line: a database that cannot be used is one sentence and exit code 1
(no traceback, no hang, nothing sent to Discord first); ``backup`` copies a running database;
tracebacks never show local variables (a game state holds the secret deck orders)."""
import asyncio
import sqlite3
import subprocess
import sys

import discord
import pytest
from typer.testing import CliRunner

from railhead.bot.cli import app
from railhead.bot.store import open_store

from .test_store import EXPECTED, bad_files, no_thread_left, running_game  # noqa: F401 (fixture)

runner = CliRunner()


@pytest.fixture
def offline(monkeypatch):
    """Fails the test if anything tries to log in to Discord."""
    async def refuse(*args, **kwargs):
        raise AssertionError("reached for the network")

    monkeypatch.setattr(discord.Client, "login", refuse)
    monkeypatch.setenv("DISCORD_TOKEN", "fake.token.for-tests")


def assert_one_sentence(result, path: str, expected: str) -> None:
    assert result.exit_code == 1, (result.exit_code, result.output, result.exception)
    text = result.stderr.strip()
    assert "\n" not in text and text.endswith(".") and path in text and expected in text, text
    assert "Traceback" not in result.output and result.stdout == ""


@pytest.mark.parametrize("command", ["run", "local", "sync"])
@pytest.mark.usefixtures("offline", "no_thread_left")
def test_a_bad_database_is_one_sentence_and_exit_1(command, tmp_path):
    files = bad_files(tmp_path)
    for kind in ("read-only", "text file", "missing folder", "garbled"):
        result = runner.invoke(app, [command, "--db", files[kind]])
        assert_one_sentence(result, files[kind], EXPECTED[kind])


HOLD = """
import asyncio, sys
from railhead.bot.store import open_store

async def main():
    store = await open_store(sys.argv[1])
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    await store.close()

asyncio.run(main())
"""


@pytest.mark.usefixtures("offline")
def test_a_database_in_use_by_another_process_is_refused(db_path):
    bot = subprocess.Popen([sys.executable, "-c", HOLD, db_path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True)
    try:
        assert bot.stdout.readline() == "ready\n"
        for command in ("run", "local"):
            result = runner.invoke(app, [command, "--db", db_path])
            assert_one_sentence(result, db_path, "Another Railhead process is already using")
    finally:
        bot.communicate("\n", timeout=60)


def test_without_a_token_run_and_sync_say_what_to_do(monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    for command in ("run", "sync"):
        result = runner.invoke(app, [command])
        assert result.exit_code == 2 and "DISCORD_TOKEN is not set" in result.stderr


def test_sync_reports_how_many_commands(db_path, monkeypatch):
    async def login(self, token):
        assert token == "fake.token.for-tests"

    async def sync_tree(bot, guild_id):
        assert guild_id == 123
        return 5

    monkeypatch.setenv("DISCORD_TOKEN", "fake.token.for-tests")
    monkeypatch.setattr(discord.Client, "login", login)
    monkeypatch.setattr("railhead.bot.sync.sync_tree", sync_tree)
    result = runner.invoke(app, ["sync", "--guild", "123", "--db", db_path])
    assert result.exit_code == 0 and "Synced 5 slash commands in server 123." in result.stdout, result.output


async def test_backup_copies_a_running_database(db_path, tmp_path):
    store = await open_store(db_path)               # a running bot holds the lock; backup needs none
    gid = await running_game(store)
    async with store.transaction() as tx:
        await tx.append(gid, 0, 0, 1, {"type": "pass"}, "S1")
    copy = tmp_path / "backup.sqlite3"
    for _ in range(2):                              # the second run replaces the first copy
        result = runner.invoke(app, ["backup", str(copy), "--db", db_path])
        assert result.exit_code == 0 and "Copied" in result.stdout, result.output
    db = sqlite3.connect(copy)
    assert db.execute("SELECT n, state FROM snapshots WHERE game_id = ?", (gid,)).fetchone() == (1, "S1")
    assert db.execute("SELECT COUNT(*) FROM actions").fetchone() == (1,)
    db.close()
    await store.close()
    assert not (tmp_path / "backup.sqlite3.partial").exists()


def test_backup_of_a_bad_source_is_one_sentence(tmp_path):
    files = bad_files(tmp_path)
    copy = str(tmp_path / "copy.sqlite3")
    result = runner.invoke(app, ["backup", copy, "--db", str(tmp_path / "absent.sqlite3")])
    assert_one_sentence(result, "absent.sqlite3", "There is no database")
    result = runner.invoke(app, ["backup", copy, "--db", files["text file"]])
    assert_one_sentence(result, files["text file"], "Could not copy")


CRASH = """
import sys
from railhead.bot.cli import app

@app.command()
def crash():
    secret_deck = "SECRET-DECK-ORDER-4711"
    raise ValueError("a bug")

sys.argv = ["railhead", "crash"]
app()
"""


def test_a_traceback_shows_no_local_variables():
    assert app.pretty_exceptions_show_locals is False
    child = subprocess.run([sys.executable, "-c", CRASH], capture_output=True, text=True, timeout=60,
                           env={"PATH": "/usr/bin:/bin", "COLUMNS": "200"})
    assert child.returncode == 1 and "a bug" in child.stderr, child.stderr
    assert "SECRET-DECK-ORDER-4711" not in child.stderr + child.stdout


def test_a_discord_that_never_answers_is_logged_in_again_later(db_path, monkeypatch):
    """Issue 31, part 3: the compose shards, whose Discord accepts connections and never answers,
    ended after 30 s (first with a traceback, then with one sentence and exit 1), so the container
    check found them between two restarts whenever the machine was slow. A Discord that does not
    answer is now an outage to wait out: one warning, a fresh bot logs in again later, and the run
    goes on (here the third login works and the bot stops cleanly)."""
    import aiohttp

    from railhead.bot import RailheadBot, service

    made = []

    async def silent_twice(self, token):
        made.append(self)
        if len(made) <= 2:
            raise aiohttp.ConnectionTimeoutError("Connection timeout to host https://discord.com/api/v10/users/@me")

    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setattr(RailheadBot, "start", silent_twice)
    monkeypatch.setattr(service, "LOGIN_RETRY_FIRST", 0.01)
    result = runner.invoke(app, ["run", "--db", db_path])             # logs.setup() logs to its stderr
    assert result.exit_code == 0, result.output
    assert len(made) == 3 and len(set(map(id, made))) == 3            # a fresh bot for every attempt
    warnings = [line for line in result.output.splitlines() if " WARNING railhead.service: " in line]
    assert len(warnings) == 2 and "Discord did not answer in time" in warnings[0], warnings
    assert "attempt 2" in warnings[0] and "attempt 3" in warnings[1]
    assert "Traceback" not in result.output


async def test_a_signal_while_waiting_to_log_in_again_stops_at_once():
    """SIGTERM (``docker stop``) during the wait between two logins stops the bot at once, cleanly."""
    import os
    import signal
    import time

    from railhead.bot.service import pause

    asyncio.get_running_loop().call_later(0.2, os.kill, os.getpid(), signal.SIGTERM)
    began = time.monotonic()
    assert await pause(60) is True
    assert time.monotonic() - began < 5
    assert await pause(0.01) is False


def test_an_unreachable_discord_is_one_sentence_and_exit_1(db_path, monkeypatch):
    """Found following the README's deployment steps without a network: the login's DNS failure
    printed a traceback."""
    import aiohttp
    from aiohttp.client_reqrep import ConnectionKey

    from railhead.bot import RailheadBot

    async def unreachable(self, token):
        key = ConnectionKey("discord.com", 443, True, None, None, None, None)
        raise aiohttp.ClientConnectorError(key, OSError(-3, "Temporary failure in name resolution"))

    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setattr(RailheadBot, "start", unreachable)
    result = runner.invoke(app, ["run", "--db", db_path])
    assert result.exit_code == 1, result.output
    assert "Could not reach Discord (discord.com)" in result.output and "Traceback" not in result.output
