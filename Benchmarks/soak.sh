#!/usr/bin/env bash
# The soak benchmark, in one command:
#   Benchmarks/soak.sh                      # 30 minutes
#   DURATION=120 Benchmarks/soak.sh         # a short run
# Knobs (environment): DURATION (seconds, default 1800), RATE (requests per second offered,
# default 200), WORKERS (keep-alive clients, default 8), SAMPLE (seconds per window,
# default 60), DATASET (default 20k), STAYS (a built `stays` binary instead of building one),
# DATABASE (a seeded dataset file to copy instead of the cached one).
#
# Builds `stays` in release mode, seeds the dataset (cached in Benchmarks/.data/ like
# booking.sh), COPIES it (the run books into it) and runs Benchmarks/soak.py on the copy:
# mixed reads, bookings and cancellations at a steady rate, with the server's RSS, open
# descriptors and p99 sampled every window. See docs/performance.md, "Soak". Results in
# Benchmarks/.out/soak-<time>/ (soak.json, soak.md); the copy is deleted. Exit status 1 when
# any request failed. Everything stays on loopback; every process started is stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-1800}
RATE=${RATE:-200}
WORKERS=${WORKERS:-8}
SAMPLE=${SAMPLE:-60}
DATASET=${DATASET:-20k}
TODAY=2026-11-23
SEED=20261122
OUT=Benchmarks/.out/soak-$(date -u +%Y%m%dT%H%M%SZ)

. Benchmarks/lib.sh

install_missing_commands sqlite3

release_stays

cached_dataset

copy="$OUT/stays-soak-$$.sqlite"
cleanup() { rm -f "$copy" "$copy-wal" "$copy-shm"; }
trap cleanup EXIT
cp "$db" "$copy"
step "Soaking for $DURATION s at $RATE req/s"
status=0
python3 Benchmarks/soak.py --stays "$BIN_STAYS" --database "$copy" --today "$TODAY" --out "$OUT" \
    --duration "$DURATION" --rate "$RATE" --workers "$WORKERS" --sample "$SAMPLE" &
driver=$!
trap 'kill -TERM $driver 2>/dev/null; wait $driver 2>/dev/null; cleanup; exit 130' INT TERM
wait $driver || status=$?
echo "results in $OUT (soak.json, soak.md)" >&2
exit $status
