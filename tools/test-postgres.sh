#!/usr/bin/env bash
# `make test-postgres`: the store, table and concurrency suites against a real PostgreSQL.
# The server comes from tools/with-postgres.sh: $RAILHEAD_TEST_DB when it is set (a server of
# your own: postgresql://user@host/db, a user that may CREATE DATABASE), else a throwaway server
# (Debian's `postgresql` package, installed with apt-get when no server binaries are found; a
# Unix socket in a temporary folder; stopped and removed at the end).
# Usage: tools/test-postgres.sh [pytest arguments]  (default: the suites below)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
SUITES=(tests/test_store.py tests/test_store_concurrency.py tests/test_concurrency.py tests/test_table.py
        tests/test_store_postgres.py tests/test_migrate.py)
ARGS=("$@")
[ ${#ARGS[@]} -gt 0 ] || ARGS=(-q "${SUITES[@]}")

if ! "$PY" -c 'import asyncpg' 2>/dev/null; then
  echo "test-postgres: installing asyncpg (the [postgres] extra)"
  "$PY" -m pip install --quiet -c constraints.txt -e '.[test,postgres]'
fi

exec tools/with-postgres.sh "$PY" -m pytest "${ARGS[@]}"
