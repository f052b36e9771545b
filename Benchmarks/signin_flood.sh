#!/usr/bin/env bash
# `/listings` p99 with and without a flood of wrong-password sign-ins (64 connections on
# POST /sessions), with the sign-in limit off and at its default:
#   Benchmarks/signin_flood.sh
# Knobs (environment): DATASET (default 100k), DURATION (seconds per wrk run, default 10),
# FLOOD (flood connections, default 64), LISTINGS_CONNECTIONS (default "64,8"), LIMITS
# (default "0,default"), STAYS (a built `stays` binary), DATABASE (a seeded dataset file to
# copy instead of the cached one; it must be this build's schema or older), LISTINGS_FILE
# (a /listings request list; default made by genrequests.py).
#
# Builds `stays` in release mode, seeds the dataset as run.sh does (cached in
# Benchmarks/.data/), copies it (sign-up writes into it) and runs Benchmarks/signin_flood.py.
# Results in Benchmarks/.out/signin-flood-<time>/; the copy is deleted. Everything stays on
# loopback; every process started is stopped by its PID.
set -euo pipefail
cd "$(dirname "$0")/.."

DATASET=${DATASET:-100k}
DURATION=${DURATION:-10}
FLOOD=${FLOOD:-64}
LISTINGS_CONNECTIONS=${LISTINGS_CONNECTIONS:-64,8}
LIMITS=${LIMITS:-0,default}
TODAY=2026-11-23
SEED=20261122
OUT=Benchmarks/.out/signin-flood-$(date -u +%Y%m%dT%H%M%SZ)

. Benchmarks/lib.sh
install_missing_commands wrk sqlite3
release_stays

cached_dataset
copy="$OUT/stays-signin-$$.sqlite"
cleanup() { rm -f "$copy" "$copy-wal" "$copy-shm"; }
trap cleanup EXIT
cp "$db" "$copy"
args=()
[ -n "${LISTINGS_FILE:-}" ] && args+=(--listings-file "$LISTINGS_FILE")
python3 Benchmarks/signin_flood.py --stays "$BIN_STAYS" --database "$copy" --out "$OUT" --today "$TODAY" \
    --duration "$DURATION" --flood "$FLOOD" --listings-connections "$LISTINGS_CONNECTIONS" --limits "$LIMITS" \
    "${args[@]}" &
driver=$!
trap 'kill -TERM $driver 2>/dev/null; wait $driver 2>/dev/null; cleanup; exit 130' INT TERM
status=0
wait $driver || status=$?
trap - INT TERM
echo "results in $OUT (signin_flood.json, signin_flood.md)" >&2
exit $status
