import pytest


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "railhead.sqlite3")


@pytest.fixture
def simcord_bot(db_path):
    from bot import create_bot

    return create_bot(db_path)
