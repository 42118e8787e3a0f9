#!/usr/bin/env bash
# A dated backup of the club's database while the servers keep running, and old ones pruned.
# Usage: [KEEP_DAYS=30] deploy/backup.sh DIRECTORY    (prints the file it wrote)
# Runs `scorekeeper backup`: pg_dump's custom format for PostgreSQL (one consistent moment,
# nobody waits), SQLite's online backup otherwise. Read back with `scorekeeper restore FILE`.
# deploy/scorekeeper-backup.timer runs it every night; DATABASE_URL comes from the environment
# (/etc/scorekeeper/env).
set -euo pipefail
[ $# -eq 1 ] || { sed -n '2,3p' "$0" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
file="$1/scorekeeper-$(date -u +%Y%m%dT%H%M%SZ).backup"
"$here/.venv/bin/scorekeeper" backup "$file" >/dev/null
find "$1" -maxdepth 1 -name 'scorekeeper-*.backup' -mtime +"${KEEP_DAYS:-30}" -delete
echo "$file"
