#!/usr/bin/env bash
# Serve the scoresheet with gunicorn, for this machine and for phones on the same Wi-Fi.
# Usage: [HOST=0.0.0.0] [PORT=8000] scripts/serve.sh   (what `make run` calls)
set -euo pipefail
cd "$(dirname "$0")/.."  # templates/, static/ and instance/ are found from the checkout
host=${HOST:-0.0.0.0}
port=${PORT:-8000}

# This machine's own IPv4 addresses, read locally (no packet is sent), loopback left out.
lan_addresses() {
  { hostname -I 2>/dev/null || ip -4 -o addr show scope global 2>/dev/null | awk '{print $4}'; } |
    tr ' ' '\n' | cut -d/ -f1 | grep -E '^[0-9]+(\.[0-9]+){3}$' | grep -v '^127\.' || true
}

echo "Barbu Scorekeeper: open"
echo "  http://localhost:$port"
case $host in
  0.0.0.0) for ip in $(lan_addresses); do echo "  http://$ip:$port   (phones on the same Wi-Fi)"; done ;;
  127.* | localhost) ;;
  *) echo "  http://$host:$port" ;;
esac
echo "Stop with Ctrl-C."

# Links and QR codes handed out from a page opened as localhost point at the LAN address instead.
lan=$(lan_addresses | head -n 1)
if [ -n "$lan" ] && [ -z "${SCOREKEEPER_PUBLIC_URL:-}" ] && [ "$host" = 0.0.0.0 ]; then
  export SCOREKEEPER_PUBLIC_URL="http://$lan:$port"
fi
# gthread: a slow phone connection holds a thread, not a whole worker. No control socket:
# nothing uses it, and its one default path in $HOME would clash between two servers.
exec .venv/bin/gunicorn --bind "$host:$port" --workers 3 --worker-class gthread --threads 4 \
  --access-logfile - --no-control-socket "scorekeeper:create_app()"
