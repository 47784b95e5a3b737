"""Which database the store, table and concurrency suites run on. ``make test``: SQLite files.
``make test-postgres`` (tools/test-postgres.sh) sets ``RAILHEAD_TEST_DB=postgresql://...``: a
server where each test gets a fresh database of its own (``fresh_postgres``), dropped after it;
the tests of SQLite's own behaviour (files, PRAGMAs, the process lock) are skipped there."""
from __future__ import annotations

import itertools
import os
import secrets
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit, urlunsplit

import pytest

POSTGRES_URL = os.environ.get("RAILHEAD_TEST_DB", "")
POSTGRES = POSTGRES_URL.startswith(("postgresql://", "postgres://"))
BACKEND = "postgresql" if POSTGRES else "sqlite"

sqlite_only = pytest.mark.skipif(POSTGRES, reason="SQLite's own behaviour (files, PRAGMAs); `make test` runs it")
postgres_only = pytest.mark.skipif(not POSTGRES, reason="needs RAILHEAD_TEST_DB=postgresql://... (make test-postgres)")
_names = itertools.count()


def integrity_errors() -> tuple[type[Exception], ...]:
    """What a broken constraint raises: sqlite3's IntegrityError, or asyncpg's."""
    try:
        import asyncpg
    except ImportError:
        return (sqlite3.IntegrityError,)
    return (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


def database_url(name: str, base: str = POSTGRES_URL) -> str:
    """``base`` (the server's URL) naming the database ``name`` instead."""
    parts = urlsplit(base)
    return urlunsplit(parts._replace(path=f"/{name}"))


@asynccontextmanager
async def fresh_postgres() -> AsyncIterator[str]:
    """A new, empty database on the RAILHEAD_TEST_DB server; yields its URL; drops it after
    (closing every store opened on it first, see conftest ``store_url``)."""
    import asyncpg

    name = f"railhead_test_{os.getpid()}_{next(_names)}_{secrets.token_hex(3)}"
    admin = await asyncpg.connect(POSTGRES_URL)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield database_url(name)
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()
