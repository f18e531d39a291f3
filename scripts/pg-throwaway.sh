#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on a free port and prints its DATABASE_URL.
# initdb refuses to run as root, so the cluster belongs to the `postgres` user when we are root.
# Usage: eval "$(scripts/pg-throwaway.sh)"   -> exports DATABASE_URL and VEXIL_PG_DIR
set -euo pipefail
dir=${VEXIL_PG_DIR:-$(mktemp -d /tmp/vexil-pg.XXXXXX)}
port=${VEXIL_PG_PORT:-$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()')}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
as_pg "'$bindir/initdb' -D '$dir/data' -U vexil --auth=trust -E UTF8 >'$dir/initdb.log' 2>&1"
as_pg "'$bindir/pg_ctl' -D '$dir/data' -l '$dir/server.log' -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" -w start >/dev/null"
echo "export DATABASE_URL=postgres://vexil@127.0.0.1:$port/postgres"
echo "export VEXIL_PG_DIR=$dir"
