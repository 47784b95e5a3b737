import contextlib

import pytest
import pytest_asyncio

from railhead.bot.discord_limits import check_request, sent_v2


class LimitsGuard:
    """Every REST request the bot sends under simcord, checked against Discord's documented
    limits (bot/discord_limits.py). A request Discord would refuse is refused here too, the way
    Discord does (400, error 50035 "Invalid Form Body"), and fails the test at teardown unless the
    test ``expect``s it: simcord itself accepts payloads the real Discord refuses."""

    def __init__(self):
        self.refused: list[str] = []
        self.checked = 0
        self.v2_messages: set[int] = set()      # channel messages sent with IS_COMPONENTS_V2 (edits keep it)

    def expect(self) -> list[str]:
        """The refusals so far (a test that provokes them on purpose takes them here)."""
        refused, self.refused = self.refused, []
        return refused


@pytest.fixture(autouse=True)
def discord_limits(monkeypatch):
    """Hooks simcord's one router that both the bot's HTTP client and its interaction webhooks
    go through (``simcord.http.router.dispatch``)."""
    from simcord.backend.errors import invalid_form_body
    from simcord.http import router

    guard = LimitsGuard()
    original = router.dispatch

    def dispatch(backend, method, path, *, json=None, files=None, **kwargs):
        guard.checked += 1
        problems = check_request(method, path, json, files or [], guard.v2_messages)
        if problems:
            guard.refused += [f"{method} {path}: {p}" for p in problems]
            raise invalid_form_body("; ".join(problems))
        response = original(backend, method, path, json=json, files=files, **kwargs)
        if (made := sent_v2(method, path, json, response)) is not None:
            guard.v2_messages.add(made)
        return response

    monkeypatch.setattr(router, "dispatch", dispatch)
    yield guard
    if guard.refused:
        pytest.fail("Discord would refuse what the bot sent:\n" + "\n".join(guard.refused[:20]), pytrace=False)


class DiscordClock:
    """Discord's clock as simcord shows it, running with real time (see ``discord_clock``)."""

    def __init__(self):
        import time

        self._time = time.monotonic
        self._start = self._time()
        self._stopped_at: float | None = None

    def seconds(self) -> float:
        """Real seconds the clock has run since the test began."""
        return (self._stopped_at if self._stopped_at is not None else self._time()) - self._start

    @contextlib.contextmanager
    def stopped(self):
        """Interactions made inside are created in the same millisecond, as a double tap's two are
        (both before the first is answered); the clock then jumps on to real time."""
        self._stopped_at = self._time()
        try:
            yield
        finally:
            self._stopped_at = None


@pytest.fixture(autouse=True)
def discord_clock(monkeypatch):
    """Discord's clock runs: simcord's virtual clock stands still between ``advance_time`` calls,
    so every interaction of a test would be created in the same millisecond, which the real
    Discord never does; the table binds a slash command to the prompt as it stood when the
    interaction was created (bot/table/arrivals.py). Here the virtual clock also runs with real
    time from the start of the test (``stopped()`` holds it still for a double tap)."""
    from datetime import timedelta

    from simcord._clock import Clock

    clock = DiscordClock()
    monkeypatch.setattr(Clock, "now", lambda c: c._epoch + timedelta(seconds=c.elapsed + clock.seconds()))
    return clock


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "railhead.sqlite3")


@pytest_asyncio.fixture
async def make_bot(db_path):
    """Build bots on the test's database; their stores are closed at teardown (simcord does
    not call ``bot.close()``, and an open aiosqlite connection keeps its thread alive)."""
    from railhead.bot import create_bot

    bots = []

    def make():
        bots.append(create_bot(db_path))
        bots[-1].run_clock = False         # tests call bot.tick() under a clock of their own
        return bots[-1]

    yield make
    for bot in bots:
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


SETTLE_SECONDS = 60.0
"""How long a simcord test waits for the bot's work to settle (simcord's default is 5 s). The bot
draws boards in threads; on a loaded machine, or with the suite spread over every core (``make
test`` runs ``pytest -n auto``), one drawing can take longer than 5 s, and the test then fails
with "bot did not settle" though nothing is wrong. A hang still fails, after a minute."""


@pytest.fixture
def simcord_env(simcord_env, request):
    """simcord's own environment (simcord/pytest_plugin.py) waiting ``SETTLE_SECONDS`` for the bot
    to settle, unless the test's ``@pytest.mark.simcord(settle_timeout=...)`` says otherwise."""
    marker = request.node.get_closest_marker("simcord")
    if not (marker and "settle_timeout" in marker.kwargs):
        simcord_env.settle_timeout = SETTLE_SECONDS
    return simcord_env


@pytest.fixture
def sealed():
    """The test-only Sealed Bid game, registered with the bot for one test."""
    from railhead.bot import registry

    from .sealed.game import GAME
    from .sealed.ui import SealedUI

    registry.register(GAME, SealedUI())
    yield GAME
    registry.unregister(GAME.id)


@pytest_asyncio.fixture(autouse=True)
async def close_stores(monkeypatch):
    """Close every store a test opened, even when the test fails half-way: an open aiosqlite
    connection keeps a thread alive, and pytest would hang at exit instead of failing."""
    from railhead.bot.store import SqliteStore

    opened = []
    original = SqliteStore.open.__func__

    async def tracked(cls, path):
        store = await original(cls, path)
        opened.append(store)
        return store

    monkeypatch.setattr(SqliteStore, "open", classmethod(tracked))
    yield
    for store in opened:
        try:
            await store.close()
        except Exception:
            pass


@pytest_asyncio.fixture
async def store_url(db_path, monkeypatch):
    """The database the store, table and concurrency suites open (tests/backends.py): the SQLite
    file ``db_path``; or, with RAILHEAD_TEST_DB=postgresql://... (``make test-postgres``), a fresh
    PostgreSQL database for this test, dropped after it, every store opened on it closed first."""
    from .backends import POSTGRES, fresh_postgres

    if not POSTGRES:
        yield db_path
        return
    from railhead.bot.store.postgres import PgStore

    opened = []
    original = PgStore.open.__func__

    async def tracked(cls, url, **options):
        store = await original(cls, url, **options)
        opened.append(store)
        return store

    monkeypatch.setattr(PgStore, "open", classmethod(tracked))
    async with fresh_postgres() as url:
        yield url
        for store in opened:
            try:
                await store.close()
            except Exception:
                pass

