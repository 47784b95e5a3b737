"""Railhead as a service: SIGTERM and SIGINT stop ``railhead local`` and the bot's run path (a real
subprocess, under simcord for Discord) with exit code 0 within 10 s, a move in flight committed and
the store closed cleanly; one log line per interaction; ``railhead health`` and the heartbeat."""
from __future__ import annotations

import asyncio
import os
import queue
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from railhead.bot import service
from railhead.bot.cli import app
from railhead.bot.store import open_store

from .helpers_discord import table_in_channel, table_of

ROOT = Path(__file__).resolve().parents[1]
STOP_WITHIN = 10.0


class Child:
    """A subprocess in the project folder whose stdout lines are read by a thread (so a test
    never blocks on a child that hangs) and whose stderr goes to a file."""

    def __init__(self, args: list[str], tmp_path: Path, env: dict[str, str]):
        self.err_path = tmp_path / "stderr.txt"
        with open(self.err_path, "w") as err:
            self.proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=err, text=True, env={**os.environ, **env})
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def type(self, text: str) -> None:
        self.proc.stdin.write(text)
        self.proc.stdin.flush()

    def wait_for(self, marker: str, timeout: float = 120) -> None:
        """Read stdout until a line contains ``marker``; fails at the end of output or after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                pytest.fail(f"no {marker!r} after {timeout} s; stdout: {self.seen[-5:]}; stderr: {self.stderr()}")
            if line is None:
                pytest.fail(f"the process ended before {marker!r}; stderr: {self.stderr()}")
            self.seen.append(line)
            if marker in line:
                return

    def stop(self, sig: signal.Signals) -> float:
        """Send ``sig``, wait for the exit (at most ``STOP_WITHIN`` s) and return how long it took."""
        began = time.monotonic()
        self.proc.send_signal(sig)
        try:
            self.proc.wait(timeout=STOP_WITHIN)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            pytest.fail(f"still running {STOP_WITHIN} s after {sig.name}; stderr: {self.stderr()}")
        for line in iter(lambda: self.lines.get(timeout=5), None):     # the rest of stdout
            self.seen.append(line)
        return time.monotonic() - began

    def stderr(self) -> str:
        return self.err_path.read_text()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def child(tmp_path):
    children = []

    def start(*args: str, **env: str) -> Child:
        children.append(Child(list(args), tmp_path, env))
        return children[-1]

    yield start
    for c in children:
        c.kill()


def assert_closed_cleanly(db_path: str) -> sqlite3.Connection:
    """No ``-wal`` file is left (SQLite removes it when the last connection closes cleanly) and
    the database passes its integrity check; returns a connection to read it."""
    assert not Path(db_path + "-wal").exists(), "the store was not closed: its -wal file is left"
    db = sqlite3.connect(db_path)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    return db


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_local_table_stops_on_a_signal_and_keeps_the_game(sig, child, db_path, tmp_path):
    local = child("-m", "railhead.bot.cli", "local", "--db", db_path, "--boards", str(tmp_path / "boards"))
    local.type("as Ann\ngame new rotw\n")
    local.wait_for("opened a table")
    local.type("as Bob\ngame join\n")
    local.wait_for("Bob** joins")
    took = local.stop(sig)
    assert local.proc.returncode == 0, local.stderr()
    assert took < STOP_WITHIN
    assert f"{sig.name}: stopping" in local.stderr() and "Stopped." in local.stderr()
    db = assert_closed_cleanly(db_path)
    assert db.execute("SELECT game, status FROM games").fetchall() == [("rotw", "lobby")]
    assert db.execute("SELECT COUNT(*) FROM seats").fetchone() == (2,)
    db.close()


def run_offline(child, mode: str, db_path: str, tmp_path: Path) -> Child:
    """``railhead run`` under simcord (tests/service_bot.py), with a heartbeat file."""
    return child("-m", "tests.service_bot", mode, "--db", db_path, DISCORD_TOKEN="fake.token.for-tests",
                 RAILHEAD_HEARTBEAT=str(tmp_path / "heartbeat"), RAILHEAD_LOG="info")


def test_run_stops_on_sigterm_and_closes_the_store(child, db_path, tmp_path):
    bot = run_offline(child, "idle", db_path, tmp_path)
    bot.wait_for("ready")
    health = subprocess.run([sys.executable, "-m", "railhead.bot.cli", "health", "--db", db_path], cwd=ROOT, text=True,
                            capture_output=True, timeout=60,
                            env={**os.environ, "RAILHEAD_HEARTBEAT": str(tmp_path / "heartbeat")})
    assert health.returncode == 0 and "healthy" in health.stdout and "heartbeat" in health.stdout, health
    took = bot.stop(signal.SIGTERM)
    log = bot.stderr()
    assert bot.proc.returncode == 0, log
    assert took < STOP_WITHIN
    assert "SIGTERM received: shutting down" in log and "shut down cleanly" in log
    db = assert_closed_cleanly(db_path)
    assert db.execute("SELECT game, status FROM games").fetchall() == [("rotw", "running")]
    db.close()


def test_run_on_sigint_finishes_the_move_in_flight_first(child, db_path, tmp_path):
    bot = run_offline(child, "move", db_path, tmp_path)
    bot.wait_for("ready")
    bot.wait_for("moving")              # Ann's bid holds the game's lock, its commit 2 s away
    took = bot.stop(signal.SIGINT)
    log = bot.stderr()
    assert bot.proc.returncode == 0, log
    assert took < STOP_WITHIN
    assert "waiting for 1 interaction(s) in progress" in log and "shut down cleanly" in log
    assert "answered: Ann bids $1,000." in "".join(bot.seen)       # announced, too
    assert re.search(r"interaction .* game=rotw#1 seat=0 kind=button action=bid ms=\d+ result=ok", log), log
    db = assert_closed_cleanly(db_path)
    assert db.execute("SELECT n, seat, action FROM actions").fetchall() == [(0, 0, '{"type":"bid","amount":1}')]
    db.close()


# ----------------------------------------------------------------- in-process

def interaction_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "railhead.interaction"]


async def test_each_slash_command_and_button_press_logs_one_line(simcord_env, caplog):
    env = simcord_env
    channel, (ann, bob, cat) = await table_in_channel(env, "rotw", ("Ann", "Bob", "Cat"), "railways", seed=6,
                                                      barons=False)
    caplog.set_level("INFO", logger="railhead.interaction")
    caplog.clear()
    await ann.click(table_of(channel), label="Bid $1,000")
    await bob.slash(channel, "rotw pass")
    await cat.slash(channel, "game rules")
    button, slash, rules = interaction_lines(caplog)
    where = f"guild={channel.guild.id} channel={channel.id}"
    assert re.fullmatch(rf"interaction {where} user={ann.id} game=rotw#1 seat=0 kind=button action=bid "
                        r"ms=\d+ result=ok", button), button
    assert re.fullmatch(rf"interaction {where} user={bob.id} game=rotw#1 seat=1 kind=slash "
                        r'command="rotw pass" ms=\d+ result=ok', slash), slash
    assert re.fullmatch(rf"interaction {where} user={cat.id} game=- seat=- kind=slash "
                        r'command="game rules" ms=\d+ result=ok', rules), rules


async def test_while_shutting_down_new_interactions_are_refused_and_change_nothing(simcord_env, caplog):
    env = simcord_env
    channel, (ann, bob) = await table_in_channel(env, "rotw", ("Ann", "Bob"), "railways", seed=6, barons=False)
    caplog.set_level("INFO", logger="railhead.interaction")
    before = channel.last_message
    env.bot.in_flight.closing = True
    result = await ann.click(table_of(channel), label="Bid $1,000")
    assert result.response.ephemeral and "restarting" in result.response.content
    assert channel.last_message.id == before.id
    assert (await env.bot.store.log(1)) == []
    assert re.search(rf"user={ann.id} game=- seat=- kind=button action=- ms=\d+ result=refused$",
                     interaction_lines(caplog)[-1])


async def test_draining_waits_for_held_work_up_to_a_deadline():
    flight = service.InFlight()
    with flight.hold():
        assert not await flight.drain(0.05)          # still held: the deadline passes
    assert flight.closing and await flight.drain(0.05)

    flight = service.InFlight()

    async def move():
        with flight.hold():
            await asyncio.sleep(0.1)
            return "committed"

    task = asyncio.ensure_future(move())
    await asyncio.sleep(0)
    assert await flight.drain(5) and task.done() and task.result() == "committed"


runner = CliRunner()


async def test_health_checks_the_database_and_the_heartbeat(db_path, tmp_path):
    beat = tmp_path / "heartbeat"
    absent = runner.invoke(app, ["health", "--db", db_path])
    assert absent.exit_code == 1 and "unhealthy: there is no database" in absent.stderr
    store = await open_store(db_path)                   # the running bot holds the database
    ok = runner.invoke(app, ["health", "--db", db_path])
    assert ok.exit_code == 0 and "healthy: database" in ok.stdout and "(0 games)" in ok.stdout, ok.output
    missing = runner.invoke(app, ["health", "--db", db_path, "--heartbeat", str(beat)])
    assert missing.exit_code == 1 and "no heartbeat" in missing.stderr

    class Bot:
        pass

    bot = Bot()
    bot.store = store
    await service.heartbeat(bot, str(beat))             # what the bot does every 30 s
    fresh = runner.invoke(app, ["health", "--db", db_path], env={"RAILHEAD_HEARTBEAT": str(beat)})
    assert fresh.exit_code == 0 and "heartbeat 0 s old" in fresh.stdout, fresh.output
    old = time.time() - 600
    os.utime(beat, (old, old))
    stale = runner.invoke(app, ["health", "--db", db_path, "--heartbeat", str(beat)])
    assert stale.exit_code == 1 and "is 600 s old" in stale.stderr and "wedged" in stale.stderr
    await store.close()
    assert runner.invoke(app, ["health", "--db", db_path]).exit_code == 0
    assert not Path(db_path + "-wal").exists()          # a check of a stopped bot's database leaves nothing

    garbled = tmp_path / "garbled.sqlite3"
    garbled.write_bytes(b"not a database" * 100)
    bad = runner.invoke(app, ["health", "--db", str(garbled)])
    assert bad.exit_code == 1 and "cannot be read" in bad.stderr


def test_log_level_comes_from_railhead_log(monkeypatch):
    import logging

    from railhead.bot import logs

    configured = []
    monkeypatch.setattr(logging, "basicConfig", lambda **kw: configured.append(kw))   # pytest's capture stays
    monkeypatch.setattr(logging.getLogger("railhead"), "level", logging.NOTSET)
    monkeypatch.setenv("RAILHEAD_LOG", "debug")
    assert logs.setup() == logging.DEBUG and logging.getLogger("railhead").level == logging.DEBUG
    assert configured[0]["level"] == logging.INFO                  # the libraries stay at INFO
    with pytest.raises(ValueError, match="not a log level"):
        logs.setup("loud")
