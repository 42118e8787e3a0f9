#!/usr/bin/env bash
# Run COMMAND against a throwaway PostgreSQL server, then stop it and delete it.
# Usage: scripts/with-postgres.sh COMMAND...
# COMMAND sees TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:PORT/scorekeeper_test
# and exits with its own status.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 COMMAND..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)

pg_bin() { find /usr/lib/postgresql -maxdepth 2 -name bin 2>/dev/null | sort -V | tail -n 1; }
bin=$(pg_bin)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  "$here/apt-install.sh" postgresql
  bin=$(pg_bin)
fi

# initdb and pg_ctl refuse to run as root; as anyone else they run as themselves.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Under /tmp, not $TMPDIR: the postgres user must be able to reach it.
dir=$(mktemp -d /tmp/scorekeeper-pg.XXXXXX)
[ "$(id -u)" -eq 0 ] && chown postgres: "$dir"

cleanup() {
  local status=$?
  if [ -f "$dir/data/postmaster.pid" ]; then
    (cd "$dir" && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null) || true
  fi
  rm -rf "$dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A port the kernel says is free now; the server takes it a moment later.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

(
  cd "$dir"  # the caller's directory (say /root) may be closed to postgres
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale \
    --no-sync >"$dir/initdb.log" || { cat "$dir/initdb.log" >&2; exit 1; }
  # Throwaway data: durability settings off, which makes the tests faster.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
)
"$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres scorekeeper_test

export TEST_DATABASE_URL="postgresql://postgres@127.0.0.1:$port/scorekeeper_test"
echo "with-postgres: $TEST_DATABASE_URL" >&2
set +e
"$@"
exit $?
