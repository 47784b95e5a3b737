#!/usr/bin/env bash
# Run one command with a throwaway PostgreSQL server: tools/with-postgres.sh CMD ARGS...
# (`make test-postgres` through tools/test-postgres.sh, `make bench-postgres`).
# When $RAILHEAD_TEST_DB is already set (a server of your own: postgresql://user@host/db, a user
# that may CREATE DATABASE) it only runs the command. Otherwise it starts a throwaway server:
# PostgreSQL's binaries from /usr/lib/postgresql/<version>/bin (or pg_config's), installed with
# apt-get (Debian's `postgresql` package) when none are found; initdb in a temporary folder, a
# Unix socket in that folder (no TCP port), fsync off (WITH_POSTGRES_DURABLE=1 keeps PostgreSQL's
# default fsync and synchronous commits, as a real deployment has: `make bench-postgres`); exports
# RAILHEAD_TEST_DB=postgresql://railhead@/postgres?host=FOLDER (user railhead, a superuser, no
# password), runs the command, then stops and removes the server, and exits with the command's
# exit code. initdb refuses to run as root, so as root the server runs as the `postgres` user
# (made when missing) and the command as root.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: tools/with-postgres.sh CMD ARGS..." >&2; exit 2; }

if [ -n "${RAILHEAD_TEST_DB:-}" ]; then
  echo "with-postgres: using the server at RAILHEAD_TEST_DB"
  exec "$@"
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
    echo "with-postgres: no PostgreSQL server binaries (initdb); install Debian's postgresql package" \
         "(apt-get install postgresql) or set RAILHEAD_TEST_DB=postgresql://..." >&2
    exit 1
  fi
  echo "with-postgres: no PostgreSQL server found; installing Debian's postgresql package with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  BIN=$(find_bin | sort -V | tail -n 1)
fi
echo "with-postgres: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') from $BIN"

DIR=$(mktemp -d /tmp/railhead-pg.XXXXXX)
AS=()
if [ "$(id -u)" = 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  fi
  chown postgres "$DIR"
  AS=(runuser -u postgres --)
  echo "with-postgres: running as root, so the server runs as the postgres user"
fi
stop() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
FAST="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
if [ "${WITH_POSTGRES_DURABLE:-}" = 1 ]; then
  FAST=""
  echo "with-postgres: durable settings (fsync and synchronous commits on, PostgreSQL's defaults)"
fi
"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U railhead --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start \
  -o "-c listen_addresses='' -k $DIR $FAST -c max_connections=300" >/dev/null || { cat "$DIR/server.log" >&2; exit 1; }
export RAILHEAD_TEST_DB="postgresql://railhead@/postgres?host=$DIR"
echo "with-postgres: throwaway server on the socket in $DIR"
status=0
"$@" || status=$?
exit "$status"
