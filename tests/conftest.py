import pytest
import pytest_asyncio


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "railhead.sqlite3")


@pytest_asyncio.fixture
async def make_bot(db_path):
    """Build bots on the test's database; their stores are closed at teardown (simcord does
    not call ``bot.close()``, and an open aiosqlite connection keeps its thread alive)."""
    from bot import create_bot

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


@pytest.fixture
def sealed():
    """The test-only Sealed Bid game, registered with the bot for one test."""
    from bot import registry

    from .sealed.game import GAME
    from .sealed.ui import SealedUI

    registry.register(GAME, SealedUI())
    yield GAME
    registry.unregister(GAME.id)


@pytest_asyncio.fixture(autouse=True)
async def close_stores(monkeypatch):
    """Close every store a test opened, even when the test fails half-way: an open aiosqlite
    connection keeps a thread alive, and pytest would hang at exit instead of failing."""
    from bot.store import SqliteStore

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
