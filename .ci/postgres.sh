#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on 127.0.0.1:${PGPORT:-5433} (trust auth, loopback only)
# and prints the TEST_DATABASE_URL for it. Idempotent: an already-running server is reused.
set -euo pipefail
port=${PGPORT:-5433}
dir=${PGDATA_DIR:-/tmp/quizdeck-pg}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if ! run "$bin/pg_isready -h 127.0.0.1 -p $port -q"; then
  if [ ! -f "$dir/PG_VERSION" ]; then
    mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    run "$bin/initdb -D $dir -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
  fi
  run "$bin/pg_ctl -D $dir -l $dir/server.log -w -o '-h 127.0.0.1 -p $port -k /tmp -c fsync=off -c max_connections=200' start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
