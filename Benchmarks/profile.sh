#!/usr/bin/env bash
# Profiles one scenario's requests in the release server with callgrind (perf's hardware
# counters are not available in most VMs), and prints the top functions by inclusive cost.
#   Benchmarks/profile.sh DATABASE REQUESTS_FILE [N]
# REQUESTS_FILE: a list from Benchmarks/genrequests.py (one path?query per line); the
# first N (default 200) are sent one after another over one keep-alive connection.
# DATABASE: a SQLite file or a PostgreSQL URL. STAYS (environment): a built `stays` binary
# instead of the release build's; NAME: the output's name instead of REQUESTS_FILE's.
# Instrumentation is off while the server starts (loading the index) and for WARMUP
# requests (default 20: prepared statements, caches), then on for the N measured ones.
# COLLECT (environment): count only inside functions matching this callgrind pattern (for
# example '*ConnectionC8dispatch*', the request path), leaving out the background jobs, whose
# share callgrind's slowness inflates (a timed job runs as often per second, over ~50x fewer
# requests per second).
# Output: Benchmarks/.out/profile-<name>.{callgrind,txt}; the txt starts with the
# instructions per request (the whole process: handlers, event loops, libpq, libc).
set -euo pipefail
cd "$(dirname "$0")/.."
db=$1 requests=$2 count=${3:-200}
name=${NAME:-$(basename "$requests" .txt)}
out=Benchmarks/.out/profile-$name
mkdir -p Benchmarks/.out
STAYS=${STAYS:-$(swift build -c release --show-bin-path)/stays}
log=$(mktemp)
warmup=${WARMUP:-20}
collect=()
[ -n "${COLLECT:-}" ] && collect=(--toggle-collect="$COLLECT")
valgrind --tool=callgrind --callgrind-out-file="$out.callgrind" --dump-instr=no --instr-atstart=no "${collect[@]}" \
    "$STAYS" serve --port 0 --database "$db" --quiet --no-seed --today 2026-11-23 2>"$log" &
server=$!
trap 'kill -TERM $server 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 1 6000); do
    port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$log" | cut -d: -f3 || true)
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { cat "$log" >&2; exit 1; }
send() {  # send FIRST COUNT: requests FIRST..FIRST+COUNT-1 of the list, one after another
    python3 - "$port" "$requests" "$1" "$2" <<'PY'
import http.client, sys
port, path, first, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
lines = [l.strip() for l in open(path) if l.strip()]
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
bad = 0
for i in range(first, first + count):
    conn.request("GET", lines[i % len(lines)], headers={"Accept-Language": "ko-KR"})
    r = conn.getresponse(); r.read()
    bad += r.status >= 300
print(f"sent {count} requests, {bad} not 2xx", file=sys.stderr)
PY
}
send "$count" "$warmup"
callgrind_control -i on "$server" >/dev/null
send 0 "$count"
callgrind_control -i off "$server" >/dev/null
kill -TERM $server
wait $server || true
trap - EXIT
rm -f "$log"
total=$(grep -m1 '^totals:' "$out.callgrind" | awk '{print $2}')
{
    echo "instructions per request: $((total / count)) ($total over $count requests)"
    callgrind_annotate --inclusive=yes "$out.callgrind" 2>/dev/null | head -80 | cut -c1-220
} > "$out.txt"
echo "profile: $out.txt" >&2
