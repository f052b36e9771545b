#!/usr/bin/env bash
# Before and after a change, alternated in one run on the same machine and data:
#   Benchmarks/before_after.sh b2f64fa            # that commit against this checkout
# Knobs (environment): DATASET (default 100k), ROUTES (comma list; empty: bookings only), ROUNDS (default 3), DURATION (seconds per
# wrk run, default 5), BOOKING_ROUNDS (default 3), BOOKING_DURATION (default 5),
# STAYS_WANTED (stays prepared per booking run, default 40000: more than a run books), BEFORE_STAYS / AFTER_STAYS
# (built binaries to use instead of building), WORK (default /tmp/stays-before-after).
#
# Builds the commit in a git worktree under WORK (its own .build) and this checkout, both
# release; seeds the dataset once with the BEFORE binary (its schema is the older one) and
# lets the after binary migrate a copy of it when it starts; then runs
# Benchmarks/before_after.py: every read route per round, before and after alternated, and
# bookings/s on fresh copies. Results in Benchmarks/.out/before-after-<time>/. Every
# process started is stopped by its PID.
set -euo pipefail
cd "$(dirname "$0")/.."

COMMIT=${1:?usage: Benchmarks/before_after.sh COMMIT}
DATASET=${DATASET:-100k}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5}
BOOKING_ROUNDS=${BOOKING_ROUNDS:-3}
BOOKING_DURATION=${BOOKING_DURATION:-5}
STAYS_WANTED=${STAYS_WANTED:-40000}
WORK=${WORK:-/tmp/stays-before-after}
ROUTES=${ROUTES-health,locations,listings,listings_dates,map,histogram,calendar,quote}
TODAY=2026-11-23
SEED=20261122
OUT=Benchmarks/.out/before-after-$(date -u +%Y%m%dT%H%M%SZ)

. Benchmarks/lib.sh
install_missing_commands wrk sqlite3
mkdir -p "$WORK" "$OUT"

if [ -z "${BEFORE_STAYS:-}" ]; then
    tree="$WORK/tree-$COMMIT"
    [ -d "$tree" ] || git worktree add --detach "$tree" "$COMMIT"
    step "Release build of $COMMIT"
    (cd "$tree" && swift build -c release --product stays)
    BEFORE_STAYS=$(cd "$tree" && swift build -c release --show-bin-path)/stays
fi
STAYS=${AFTER_STAYS:-} release_stays
AFTER_STAYS=$BIN_STAYS

case $DATASET in
    *k) count=$(( ${DATASET%k} * 1000 )) ;;
    *m) count=$(( ${DATASET%m} * 1000000 )) ;;
    *) echo "before_after.sh: DATASET '$DATASET' must look like 100k or 1m" >&2; exit 2 ;;
esac
before_db="$WORK/$DATASET-$COMMIT.sqlite"
if [ ! -f "$before_db" ]; then
    step "Seeding $DATASET listings with the before binary"
    rm -f "$before_db.partial"*
    "$BEFORE_STAYS" seed --listings "$count" --seed "$SEED" --today "$TODAY" --database "$before_db.partial" >&2
    mv "$before_db.partial" "$before_db"; rm -f "$before_db.partial-wal" "$before_db.partial-shm"
fi
after_db="$WORK/$DATASET-$COMMIT-after.sqlite"
rm -f "$after_db" "$after_db-wal" "$after_db-shm"
cp "$before_db" "$after_db"   # the after server migrates it when it starts

step "Alternating before and after ($ROUNDS rounds, ${DURATION}s per run)"
python3 Benchmarks/before_after.py --before "$BEFORE_STAYS" --after "$AFTER_STAYS" \
    --before-db "$before_db" --after-db "$after_db" --out "$OUT" --rounds "$ROUNDS" --duration "$DURATION" \
    --routes "$ROUTES" --booking-rounds "$BOOKING_ROUNDS" --booking-duration "$BOOKING_DURATION" --stays-wanted "$STAYS_WANTED" \
    --copy-dir "$WORK" --today "$TODAY" &
driver=$!
trap 'kill -TERM $driver 2>/dev/null; wait $driver 2>/dev/null; exit 130' INT TERM
status=0
wait $driver || status=$?
trap - INT TERM
echo "results in $OUT (before_after.json, before_after.md)" >&2
exit $status
