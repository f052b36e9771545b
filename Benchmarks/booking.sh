#!/usr/bin/env bash
# The booking benchmark, in one command:
#   Benchmarks/booking.sh
#   RUNS=2 DURATION=10 Benchmarks/booking.sh
# Knobs (environment): DATASET (default 100k), DURATION (seconds per booking wrk run,
# default 10), READ_DURATION (per read wrk run, default 10), CONNECTIONS (default 64),
# STAYS_WANTED (stays prepared for the distinct run, default 80000), RUNS (default 1),
# STAYS (a built `stays` binary to use instead of building one), COPY_DIR (where the
# copy is made, default the run's output directory; COPY_DIR=/dev/shm takes the disk's
# fsyncs out, to see what they cost), DATABASE (a seeded dataset file to copy instead of
# the cached one; it must match the binary's schema).
#
# Builds `stays` in release mode, seeds the dataset as run.sh does (cached in
# Benchmarks/.data/, keyed by a hash of the generator and the migrations), and per run
# COPIES it (bookings write into it) and runs Benchmarks/booking.py on the copy: reads
# before, 64 clients booking distinct listings, 64 clients contending for 4 listings, the
# SQLite checks, reads after. See docs/performance.md, "Booking". Results in
# Benchmarks/.out/booking-<time>/run-N/ (booking.json, booking.md); the copy is deleted.
# Everything stays on loopback; every process started is stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/.."

DATASET=${DATASET:-100k}
DURATION=${DURATION:-10}
READ_DURATION=${READ_DURATION:-10}
CONNECTIONS=${CONNECTIONS:-64}
STAYS_WANTED=${STAYS_WANTED:-80000}
RUNS=${RUNS:-1}
TODAY=2026-11-23
SEED=20261122
OUT=Benchmarks/.out/booking-$(date -u +%Y%m%dT%H%M%SZ)

. Benchmarks/lib.sh

install_missing_commands wrk sqlite3

release_stays

cached_dataset

COPY_DIR=${COPY_DIR:-$OUT}
copy="$COPY_DIR/stays-booking-$$.sqlite"
cleanup() { rm -f "$copy" "$copy-wal" "$copy-shm"; }
trap cleanup EXIT
status=0
for run in $(seq 1 "$RUNS"); do
    step "Run $run of $RUNS: copying $db"
    cleanup
    cp "$db" "$copy"
    python3 Benchmarks/booking.py --stays "$BIN_STAYS" --database "$copy" --today "$TODAY" --out "$OUT/run-$run" \
        --duration "$DURATION" --read-duration "$READ_DURATION" --connections "$CONNECTIONS" \
        --stays-wanted "$STAYS_WANTED" &
    driver=$!
    trap 'kill -TERM $driver 2>/dev/null; wait $driver 2>/dev/null; cleanup; exit 130' INT TERM
    wait $driver || status=$?
    trap - INT TERM
done
echo "results in $OUT (run-N/booking.json, run-N/booking.md)" >&2
exit $status
