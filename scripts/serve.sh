#!/usr/bin/env bash
# Serve the scoresheet with gunicorn, for this machine and for phones on the same Wi-Fi.
# Usage: [HOST=0.0.0.0] [PORT=8000] [CERT=cert.pem KEY=key.pem] [WORKERS=n] scripts/serve.sh
# (what `make run` calls). With CERT and KEY it serves HTTPS directly.
set -euo pipefail
cd "$(dirname "$0")/.."  # templates/, static/ and instance/ are found from the checkout
host=${HOST:-0.0.0.0}
port=${PORT:-8000}
cert=${CERT:-}
key=${KEY:-}
# Both cores: one gevent worker per core (each holds thousands of connections), at least two.
workers=${WORKERS:-$(nproc 2>/dev/null || echo 2)}
[ "$workers" -ge 2 ] || workers=2

scheme=http
tls=()
if [ -n "$cert" ] || [ -n "$key" ]; then
  [ -r "$cert" ] && [ -r "$key" ] || { echo "CERT and KEY must both name readable files." >&2; exit 2; }
  scheme=https
  tls=(--certfile "$cert" --keyfile "$key")
fi

# This machine's own IPv4 addresses, read locally (no packet is sent), loopback left out.
lan_addresses() {
  { hostname -I 2>/dev/null || ip -4 -o addr show scope global 2>/dev/null | awk '{print $4}'; } |
    tr ' ' '\n' | cut -d/ -f1 | grep -E '^[0-9]+(\.[0-9]+){3}$' | grep -v '^127\.' || true
}

echo "Barbu Scorekeeper: open"
echo "  $scheme://localhost:$port"
case $host in
  0.0.0.0) for ip in $(lan_addresses); do echo "  $scheme://$ip:$port   (phones on the same Wi-Fi)"; done ;;
  127.* | localhost) ;;
  *) echo "  $scheme://$host:$port" ;;
esac
if [ "$scheme" = http ]; then
  echo "Plain HTTP: anyone on this network can read the edit links. Set CERT and KEY to serve HTTPS."
fi
echo "Stop with Ctrl-C."

# Links and QR codes handed out from a page opened as localhost point at the LAN address instead.
lan=$(lan_addresses | head -n 1)
if [ -n "$lan" ] && [ -z "${SCOREKEEPER_PUBLIC_URL:-}" ] && [ "$host" = 0.0.0.0 ]; then
  export SCOREKEEPER_PUBLIC_URL="$scheme://$lan:$port"
fi
# gevent workers with timeouts on every connection (see scorekeeper/server/worker.py for why): a slow
# or idle phone costs a greenlet, not a worker. --keep-alive is also how long a request's headers
# may take. X-Forwarded-* headers are left to the app, which trusts them only when configured
# (SCOREKEEPER_TRUSTED_PROXIES). No control socket: nothing uses it, and its one default path in
# $HOME would clash between two servers.
# (WSGI_APP lets bench/ serve its baseline app with exactly these settings.)
# Every phone holds a connection (a file descriptor): a shell's usual soft limit of 1024 would refuse
# them long before the workers' 4000 each, so take what the hard limit allows, up to 65536.
hard=$(ulimit -Hn)
if [ "$hard" = unlimited ] || [ "$hard" -gt 65536 ]; then hard=65536; fi
[ "$(ulimit -Sn)" != unlimited ] && [ "$(ulimit -Sn)" -lt "$hard" ] && ulimit -Sn "$hard" || true
timeout=${REQUEST_TIMEOUT:-10}
export REQUEST_TIMEOUT=$timeout
exec .venv/bin/gunicorn --bind "$host:$port" --workers "$workers" \
  --worker-class scorekeeper.server.worker.Worker --worker-connections 4000 \
  --keep-alive "$timeout" --graceful-timeout 10 --forwarded-allow-ips "" \
  "${tls[@]}" --access-logfile - --no-control-socket "${WSGI_APP:-scorekeeper.server.worker:application()}"
