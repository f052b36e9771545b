#!/usr/bin/env bash
# Instructions per /locations request, counted by callgrind: a number that does not move
# with the machine's load (wall-clock and CPU-time numbers do, on a shared machine), for
# comparing two builds of the autocomplete path.
#
#   Benchmarks/autocomplete_instructions.sh STAYS_BINARY [N]
#
# Seeds a small demo dataset (2,000 listings; every demo location, the 234 landmarks
# included: autocomplete's cost depends on the location list, not on the listing count),
# generates the autocomplete list with Benchmarks/genrequests.py (same generator and seed as
# Benchmarks/autocomplete_landmarks.sh), starts the server under callgrind, sends 50
# requests to warm it up, zeroes the counters, sends the first N (default 500) requests of
# the list over one keep-alive connection and dumps. Prints instructions per request for
# the whole server process (parsing, routing, JSON, sockets: every thread) and for
# LocationService.autocomplete alone (inclusive). Every process started is stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$1; COUNT=${2:-500}
OUT=$(mktemp -d /tmp/stays-autocomplete-ir-XXXXXX)
server=""
stop() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
trap stop EXIT

"$BIN" seed --listings 2000 --seed 20261122 --today 2026-11-23 --database "$OUT/db.sqlite" >/dev/null 2>&1
wait_port() {
    for _ in $(seq 1 600); do
        port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$1" | cut -d: -f3 || true)
        [ -n "$port" ] && return
        sleep 0.1
    done
    cat "$1" >&2; exit 1
}
touch "$OUT/plain.log" "$OUT/server.log"
"$BIN" serve --port 0 --database "$OUT/db.sqlite" --quiet --no-seed --today 2026-11-23 2>"$OUT/plain.log" &
server=$!
wait_port "$OUT/plain.log"
python3 Benchmarks/genrequests.py "http://127.0.0.1:$port" "$OUT/db.sqlite" "$OUT/requests" 2026-11-23 2000 >/dev/null 2>&1
stop

valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.%p" --dump-instr=no \
    "$BIN" serve --port 0 --database "$OUT/db.sqlite" --quiet --no-seed --today 2026-11-23 2>"$OUT/server.log" &
server=$!
wait_port "$OUT/server.log"
send() {
    python3 - "$port" "$OUT/requests/locations.txt" "$1" "$2" <<'PY'
import http.client, sys
port, path, start, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
lines = [l.strip() for l in open(path) if l.strip()]
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
for i in range(start, start + count):
    conn.request("GET", lines[i % len(lines)], headers={"Accept-Language": "ko-KR"})
    response = conn.getresponse(); response.read()
    if response.status != 200: sys.exit(f"{lines[i % len(lines)]}: {response.status}")
PY
}
send 1000 50
callgrind_control -z "$server" >/dev/null
send 0 "$COUNT"
callgrind_control -d "$server" >/dev/null
dump=$(ls -t "$OUT"/callgrind.* | head -1)
total=$(callgrind_annotate "$dump" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
autocomplete=$(callgrind_annotate --inclusive=yes --threshold=100 "$dump" 2>/dev/null \
    | awk '/15LocationServiceC12autocomplete5query5limit/ && !found { gsub(",", "", $1); print $1; found = 1 }')
echo "requests: $COUNT /locations (first $COUNT of $OUT/requests/locations.txt)"
echo "server instructions per request: $((total / COUNT))"
echo "LocationService.autocomplete instructions per request (inclusive): $((${autocomplete:-0} / COUNT))"
stop
[ -n "${KEEP:-}" ] && echo "kept $OUT" || rm -rf "$OUT"
