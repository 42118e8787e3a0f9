#!/usr/bin/env bash
# A new revision of the code on a club machine, while the tables go on playing.
# Usage: [MIGRATE=1] [ENV_FILE=/etc/scorekeeper/env] deploy/upgrade.sh
#
# 1. The new code comes into the checkout, its dependencies into .venv and its catalogues are
#    compiled. The running workers have the old code loaded and go on serving it.
# 2. The migrations run once, while the old workers still serve (on the other machines of the
#    database, run this with MIGRATE=0). A migration only adds what the new code needs (tables,
#    columns with defaults), so the old code goes on working on the new schema until replaced.
# 3. Each server of this machine is replaced in turn, the others serving meanwhile: nginx is told
#    to leave it alone (the site rendered again with it `down`, nginx reloaded gracefully), the
#    server is reloaded (systemctl reload: gunicorn's HUP, new workers on the new code), and once
#    its old workers have finished what they held and a new one answers, nginx takes it back.
#    (A server reloaded while nginx still sends to it would hold those requests for the seconds
#    its new workers take to start, longer on a busy machine: gunicorn stops the old ones first.)
#    Caches start empty in the new workers; rendered PDFs in the database are keyed by the code
#    revision, so the new code renders its own.
#
# SITE in the settings holds the arguments deploy/render-site.sh was given for this machine's
# nginx site, SITE_FILE where it is kept; without them (one server, no nginx) each server is
# simply reloaded, its requests waiting for the new workers.
set -euo pipefail
cd "$(dirname "$0")/.."
env_file=${ENV_FILE:-/etc/scorekeeper/env}
if [ -r "$env_file" ]; then set -a; . "$env_file"; set +a; fi
site_file=${SITE_FILE:-/etc/nginx/sites-available/scorekeeper}

git pull --ff-only
scripts/bootstrap.sh
scripts/translations.sh compile
if [ "${MIGRATE:-1}" = 1 ]; then
  .venv/bin/scorekeeper db upgrade
fi

site() {  # the nginx site with the servers in $1 down, in place, nginx reloaded
  [ -n "${SITE:-}" ] || return 0
  # shellcheck disable=SC2086  # SITE is a list of arguments
  DOWN=$1 deploy/render-site.sh $SITE > "$site_file.new"
  mv "$site_file.new" "$site_file"
  nginx -t -q && nginx -s reload
}

mapfile -t units < <(systemctl list-units --plain --no-legend --state=running 'scorekeeper@*.service' |
  awk '{print $1}')
for unit in "${units[@]}"; do
  port=${unit#scorekeeper@}
  port=${port%.service}
  old=$(pgrep -P "$(systemctl show -p MainPID --value "$unit")" || true)  # its workers now
  site "127.0.0.1:$port"
  systemctl reload "$unit"
  for pid in $old; do
    while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  done
  .venv/bin/python -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=60)" \
    "http://127.0.0.1:$port/offline"
  site ""
done
