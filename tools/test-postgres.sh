#!/usr/bin/env bash
# `make test-postgres`: the store, table and concurrency suites against a real PostgreSQL.
# Uses $RAILHEAD_TEST_DB when it is set (a server of your own: postgresql://user@host/db, a user
# that may CREATE DATABASE). Otherwise starts a throwaway server: PostgreSQL's binaries from
# /usr/lib/postgresql/<version>/bin (or pg_config's), installed with apt-get (Debian's
# `postgresql` package) when none are found; initdb in a temporary folder, a Unix socket in that
# folder (no TCP port), fsync off; stopped and removed at the end. initdb refuses to run as root,
# so as root the server runs as the `postgres` user (made when missing) and the tests as root.
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

if [ -n "${RAILHEAD_TEST_DB:-}" ]; then
  echo "test-postgres: using the server at RAILHEAD_TEST_DB"
  exec "$PY" -m pytest "${ARGS[@]}"
fi

find_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return; }
  done
  if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; return; fi
  command -v initdb >/dev/null && dirname "$(command -v initdb)"
}
BIN=$(find_bin | sort -V | tail -n 1 || true)
if [ -z "$BIN" ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "test-postgres: no PostgreSQL server binaries (initdb); install Debian's postgresql package" \
         "(apt-get install postgresql) or set RAILHEAD_TEST_DB=postgresql://..." >&2
    exit 1
  fi
  echo "test-postgres: no PostgreSQL server found; installing Debian's postgresql package with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  BIN=$(find_bin | sort -V | tail -n 1)
fi
echo "test-postgres: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') from $BIN"

DIR=$(mktemp -d /tmp/railhead-pg.XXXXXX)
AS=()
if [ "$(id -u)" = 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  fi
  chown postgres "$DIR"
  AS=(runuser -u postgres --)
  echo "test-postgres: running as root, so the server runs as the postgres user"
fi
stop() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT
"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U railhead --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start \
  -o "-c listen_addresses='' -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
      -c max_connections=300" >/dev/null || { cat "$DIR/server.log" >&2; exit 1; }
export RAILHEAD_TEST_DB="postgresql://railhead@/postgres?host=$DIR"
echo "test-postgres: throwaway server on the socket in $DIR"
"$PY" -m pytest "${ARGS[@]}"
