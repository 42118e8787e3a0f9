#!/usr/bin/env bash
# Fill in deploy/nginx-site.conf: the nginx site of a club server, on standard output.
# Usage: [ADDRESS=0.0.0.0 ADDRESS6=[::]] [CACHE=/var/lib/nginx/scorekeeper-live] [DOWN="HOST:PORT ..."] \
#          deploy/render-site.sh SERVER_NAME HTTP_PORT HTTPS_PORT CERT KEY HOST:PORT...
# DOWN names servers nginx must leave alone for now (deploy/upgrade.sh, while one restarts).
# CACHE is where nginx keeps the read-only live answers for a moment (it makes the folder).
# e.g.   deploy/render-site.sh club.example.org 80 443 /etc/ssl/club.pem /etc/ssl/club.key \
#          127.0.0.1:8001 127.0.0.1:8002 > /etc/nginx/sites-available/scorekeeper
set -euo pipefail
[ $# -ge 6 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
name=$1 http=$2 https=$3 cert=$4 key=$5
shift 5
servers=""
for server in "$@"; do
  case " ${DOWN:-} " in
    *" $server "*) servers+="    server $server down;\n" ;;
    *) servers+="    server $server max_fails=1 fail_timeout=10s;\n" ;;
  esac
done
fields=(
  "SERVER_NAME=$name" "ADDRESS=${ADDRESS:-0.0.0.0}" "ADDRESS6=${ADDRESS6:-[::]}"
  "CACHE=${CACHE:-/var/lib/nginx/scorekeeper-live}" "HTTP_PORT=$http" "HTTPS_PORT=$https" "CERT=$cert" "KEY=$key" "UPSTREAM_SERVERS=${servers%\\n}"
)
script=()
for field in "${fields[@]}"; do
  # Not in comments: they keep their @NAME@s, which explain the fields.
  script+=(-e "/^[[:space:]]*#/!s|@${field%%=*}@|${field#*=}|g")
done
sed "${script[@]}" "$(dirname "$0")/nginx-site.conf"
