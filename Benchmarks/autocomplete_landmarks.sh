#!/usr/bin/env bash
# What landmarks cost autocomplete: /locations under the autocomplete scenario, on one
# demo dataset with its landmarks and then without them (same binary, same requests).
#
#   Benchmarks/autocomplete_landmarks.sh STAYS_BINARY DATABASE [RUNS]
#
# DATABASE: a demo dataset from `stays seed --seed 20261122 --today 2026-11-23` (such as
# Benchmarks/.data/1m-*.sqlite); it is CHANGED: landmarks are added with `stays seed
# --listings 1` (rewrites listing 0 as it was, saves every location, refreshes counts),
# then deleted again. Requests: Benchmarks/genrequests.py's locations list (landmark names
# included), generated once with the landmarks present. Each run: wrk -t2 -c64 -d10s with
# Benchmarks/lua/paths.lua; server CPU per request from /proc/PID/stat (utime + stime).
# Every process started is stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$1; DB=$2; RUNS=${3:-3}
OUT=$(mktemp -d /tmp/stays-autocomplete-XXXXXX)
PORT=${PORT:-18803}
server=""
stop() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
trap stop EXIT

start() {
    "$BIN" serve --port "$PORT" --database "$DB" --quiet --no-seed --today 2026-11-23 >/dev/null 2>"$OUT/server.log" &
    server=$!
    for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && return; sleep 1; done
    echo "server did not start" >&2; exit 1
}

measure() {
    local label=$1 ticks_before ticks_after
    for run in $(seq 1 "$RUNS"); do
        ticks_before=$(awk '{print $14 + $15}' "/proc/$server/stat")
        wrk -t2 -c64 -d10s --latency --timeout=5s -s Benchmarks/lua/paths.lua "http://127.0.0.1:$PORT" -- \
            "$OUT/requests/locations.txt" > "$OUT/wrk.txt"
        ticks_after=$(awk '{print $14 + $15}' "/proc/$server/stat")
        python3 - "$label" "$run" "$ticks_before" "$ticks_after" "$(getconf CLK_TCK)" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import json, os, re, sys
label, run, before, after, hz, load = sys.argv[1:]
result = json.loads(re.search(r"^RESULT (\{.*\})$", open(os.environ["WRK_OUT"]).read(), re.M).group(1))
seconds = result["duration_us"] / 1e6
cpu = (int(after) - int(before)) / int(hz) * 1e6 / result["requests"]
print(f"| {label} | {run} | {result['requests'] / seconds:.0f} | {result['p50'] / 1000:.2f} | {result['p99'] / 1000:.2f} | "
      f"{result['max'] / 1000:.1f} | {cpu:.1f} | {load} |")
PY
    done
}
export WRK_OUT="$OUT/wrk.txt"

"$BIN" seed --listings 1 --seed 20261122 --today 2026-11-23 --database "$DB" >&2
echo "locations: $(sqlite3 "$DB" "SELECT group_concat(kind || ' ' || n, ', ') FROM (SELECT kind, count(*) AS n FROM locations GROUP BY kind)")"
start
python3 Benchmarks/genrequests.py "http://127.0.0.1:$PORT" "$DB" "$OUT/requests" 2026-11-23 2000 >&2
echo "| locations | run | req/s | p50 ms | p99 ms | max ms | server CPU µs/req | load average |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
measure "with landmarks"
stop
sqlite3 "$DB" "DELETE FROM locations WHERE kind = 'landmark'"
start
measure "without landmarks"
stop
echo "requests and logs in $OUT" >&2
