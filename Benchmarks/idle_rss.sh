#!/usr/bin/env bash
# The server's resident memory before and while it holds idle keep-alive connections:
#   Benchmarks/idle_rss.sh BINARY DATABASE [COUNT]
# BINARY: a built `stays`; DATABASE: a seeded SQLite file (copied, so the original is not
# touched) or a postgres:// URL; COUNT: connections (default 10000). Prints VmRSS after the
# server is ready and after COUNT connections (Benchmarks/idle_connections.py) are answered
# and idle, and the search index's size line from the server's log.
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/lib.sh
bin=$1 database=$2 count=${3:-10000}
work=$(mktemp -d /tmp/stays-idle-rss.XXXXXX)
if [[ "$database" != postgres* ]]; then cp "$database" "$work/catalog.sqlite"; database=$work/catalog.sqlite; fi
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
port=$(free_port)
"$bin" serve --database "$database" --port "$port" --quiet --no-seed --idle-timeout 900 > "$work/server.log" 2>&1 &
server=$!
holder=
cleanup() { kill $holder $server 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 300); do curl -sf "localhost:$port/health/ready" >/dev/null && break; sleep 0.2; done
rss() { awk '/VmRSS/ { printf "%.1f MB", $2 / 1024 }' "/proc/$server/status"; }
echo "ready: $(rss)"
python3 Benchmarks/idle_connections.py 127.0.0.1 "$port" "$count" > "$work/holder.log" 2>&1 &
holder=$!
for _ in $(seq 300); do grep -q ready "$work/holder.log" && break; sleep 0.2; done
sleep 2
echo "with $(grep -o 'ready.*' "$work/holder.log"): $(rss)"
grep -o 'search index: .*' "$work/server.log" | head -n 1
