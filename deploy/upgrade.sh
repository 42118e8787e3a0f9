#!/usr/bin/env bash
# A new revision of the code on a club machine, while the tables go on playing.
# Usage: [MIGRATE=1] [ENV_FILE=/etc/scorekeeper/env] deploy/upgrade.sh [UNIT...]
#        (default: every running scorekeeper@*.service)
#
# 1. The new code comes into the checkout, its dependencies into .venv and its catalogues are
#    compiled. The running workers have the old code loaded and go on serving it.
# 2. The migrations run once, while the old workers still serve (on the other machines of the
#    database, run this with MIGRATE=0). A migration only adds what the new code needs (tables,
#    columns with defaults), so the old code goes on working on the new schema until replaced.
# 3. Each server is reloaded in turn (systemctl reload: gunicorn's HUP). Its new workers start on
#    the new code while the old ones finish the requests they hold; requests that reach it in
#    the seconds the new workers take to start wait for them. No request is dropped. Caches start empty in the new workers; rendered PDFs in the
#    database are keyed by the code revision, so the new code renders its own.
set -euo pipefail
cd "$(dirname "$0")/.."
# The servers' settings (DATABASE_URL), as their units read them.
env_file=${ENV_FILE:-/etc/scorekeeper/env}
if [ -r "$env_file" ]; then set -a; . "$env_file"; set +a; fi
git pull --ff-only
scripts/bootstrap.sh
scripts/translations.sh compile
if [ "${MIGRATE:-1}" = 1 ]; then
  .venv/bin/scorekeeper db upgrade
fi
units=("$@")
if [ ${#units[@]} -eq 0 ]; then
  mapfile -t units < <(systemctl list-units --plain --no-legend --state=running 'scorekeeper@*.service' |
    awk '{print $1}')
fi
for unit in "${units[@]}"; do
  systemctl reload "$unit"
  # Its requests wait (they are not lost) while the new workers start: a few seconds. The next
  # server is reloaded once this one answers again, so that one of them always answers at once.
  port=${unit#scorekeeper@}
  port=${port%.service}
  sleep 2
  .venv/bin/python -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=60)" \
    "http://127.0.0.1:$port/offline"
done
