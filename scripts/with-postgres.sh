#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server on loopback,
# which this script starts and always stops.
set -euo pipefail
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$pg_bin" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }

workdir=$(mktemp -d /tmp/looplabel-pg.XXXXXX)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
run_as=()
if [ "$(id -u)" = "0" ]; then
  chown postgres "$workdir"
  run_as=(runuser -u postgres --)
fi

cleanup() {
  "${run_as[@]}" "$pg_bin/pg_ctl" -D "$workdir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT

"${run_as[@]}" "$pg_bin/initdb" -D "$workdir/data" -U looplabel --auth=trust >/dev/null
"${run_as[@]}" "$pg_bin/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $workdir -c fsync=off -c max_connections=200" start >/dev/null

export TEST_DATABASE_URL="postgres://looplabel@127.0.0.1:$port/postgres"
echo "PostgreSQL on 127.0.0.1:$port"
"$@"
