#!/usr/bin/env bash
# Profiles one scenario's requests in the release server with callgrind (perf's hardware
# counters are not available in most VMs), and prints the top functions by inclusive cost.
#   Benchmarks/profile.sh DATABASE REQUESTS_FILE [N]
# REQUESTS_FILE: a list from Benchmarks/genrequests.py (one path?query per line); the
# first N (default 200) are sent one after another over one keep-alive connection.
# Output: Benchmarks/.out/profile-<name>.{callgrind,txt}.
set -euo pipefail
cd "$(dirname "$0")/.."
db=$1 requests=$2 count=${3:-200}
name=$(basename "$requests" .txt)
out=Benchmarks/.out/profile-$name
mkdir -p Benchmarks/.out
BIN=$(swift build -c release --show-bin-path)
log=$(mktemp)
valgrind --tool=callgrind --callgrind-out-file="$out.callgrind" --dump-instr=no \
    "$BIN/stays" serve --port 0 --database "$db" --quiet --no-seed --today 2026-11-23 2>"$log" &
server=$!
trap 'kill -TERM $server 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 1 600); do
    port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$log" | cut -d: -f3 || true)
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { cat "$log" >&2; exit 1; }
python3 - "$port" "$requests" "$count" <<'PY'
import http.client, sys
port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
lines = [l.strip() for l in open(path) if l.strip()][:count]
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
bad = 0
for i in range(count):
    conn.request("GET", lines[i % len(lines)], headers={"Accept-Language": "ko-KR"})
    r = conn.getresponse(); r.read()
    bad += r.status >= 300
print(f"sent {count} requests, {bad} not 2xx", file=sys.stderr)
PY
kill -TERM $server
wait $server || true
trap - EXIT
rm -f "$log"
callgrind_annotate --inclusive=yes "$out.callgrind" 2>/dev/null | head -60 | cut -c1-220 > "$out.txt"
echo "profile: $out.txt" >&2
