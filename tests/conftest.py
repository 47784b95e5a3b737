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
        return bots[-1]

    yield make
    for bot in bots:
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()
