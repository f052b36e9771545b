#!/usr/bin/env bash
# The Stays benchmark, in one command:
#   Benchmarks/run.sh                      # 10k and 100k listings
#   DATASETS="10k 100k 1m" Benchmarks/run.sh
# Knobs (environment): DATASETS, DURATION (seconds per wrk run, default 10), CONNECTIONS
# (default 64), FLOOR_SECONDS (bench-db sql, default 5), IDLE (idle connections for the
# connection-scale scenario, default 10000, 0 to skip), IDLE_DATASET (default 100k, else the
# first dataset), SCENARIOS (comma list), DOC (default docs/performance.md).
#
# Builds `stays`, `bench-micro` and `bench-db` in release mode, generates the datasets with `stays seed`
# (cached in Benchmarks/.data/, keyed by a hash of the generator and the migrations),
# then runs Benchmarks/bench.py: nginx reference, every scenario per dataset with wrk,
# the SQLite floor, connection scale and micro-benchmarks; writes the results into
# docs/performance.md. Everything stays on loopback; every process started is stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/.."

DATASETS=${DATASETS:-"10k 100k"}
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-64}
FLOOR_SECONDS=${FLOOR_SECONDS:-5}
IDLE=${IDLE:-10000}
IDLE_DATASET=${IDLE_DATASET:-100k}
SCENARIOS=${SCENARIOS:-health,locations,listings,histogram,calendar,quote,mixed}
DOC=${DOC:-docs/performance.md}
TODAY=2026-11-23
SEED=20261122
DATA=Benchmarks/.data
OUT=Benchmarks/.out/$(date -u +%Y%m%dT%H%M%SZ)

. Benchmarks/lib.sh

# 10,000 idle connections need as many descriptors in the server and in the holder.
hard=$(ulimit -Hn)
want=$(( IDLE + 4096 ))
if [ "$hard" != unlimited ] && [ "$want" -gt "$hard" ]; then want=$hard; fi
ulimit -n "$want"

install_missing_commands wrk nginx:nginx-light sqlite3

step "Release build"
swift build -c release --product stays
swift build -c release --product bench-micro
swift build -c release --product bench-db
BIN=$(swift build -c release --show-bin-path)

# The datasets, rebuilt whenever the generator or the schema changes.
key=$(cat Sources/DataImport/*.swift Sources/stays/DataCommands.swift Migrations/*.sql | sha256sum | cut -c1-12)
mkdir -p "$DATA"
dataset_args=()
seeding_args=()
for name in $DATASETS; do
    case $name in
        *k) count=$(( ${name%k} * 1000 )) ;;
        *m) count=$(( ${name%m} * 1000000 )) ;;
        *) echo "run.sh: dataset '$name' must look like 10k or 1m" >&2; exit 2 ;;
    esac
    db="$DATA/$name-$key.sqlite"
    if [ ! -f "$db" ]; then
        step "Seeding $name listings into $db"
        rm -f "$db.partial" "$db.partial-wal" "$db.partial-shm"
        start=$(date +%s)
        "$BIN/stays" seed --listings "$count" --seed "$SEED" --today "$TODAY" --database "$db.partial" >&2
        echo $(( $(date +%s) - start )) > "$db.seconds"
        mv "$db.partial" "$db"; rm -f "$db.partial-wal" "$db.partial-shm"
    fi
    size=$(du -h "$db" | cut -f1)
    seconds=$(cat "$db.seconds" 2>/dev/null || echo "?")
    dataset_args+=(--dataset "$name:$db:$count listings, ${size}B database, seeded in ${seconds} s")
    seeding_args+=(--seeding "$name:${seconds} | $size")
done

step "Benchmarks (${DURATION}s per run, $CONNECTIONS connections)"
python3 Benchmarks/bench.py --stays "$BIN/stays" --micro "$BIN/bench-micro" --bench-db "$BIN/bench-db" "${dataset_args[@]}" "${seeding_args[@]}" \
    --scenarios "$SCENARIOS" --duration "$DURATION" --connections "$CONNECTIONS" --floor-seconds "$FLOOR_SECONDS" \
    --idle "$IDLE" --idle-dataset "$IDLE_DATASET" --today "$TODAY" --out "$OUT" --doc "$DOC" \
    --command "DATASETS=\"$DATASETS\" Benchmarks/run.sh" &
driver=$!
trap 'kill -TERM $driver 2>/dev/null; wait $driver 2>/dev/null' INT TERM
status=0
wait $driver || status=$?
trap - INT TERM

step "EXPLAIN QUERY PLAN"
last=$(for name in $DATASETS; do echo "$DATA/$name-$key.sqlite"; done | tail -1)
for name in $DATASETS; do [ "$name" = 100k ] && last="$DATA/100k-$key.sqlite"; done
python3 Benchmarks/explain.py "$last" "$DOC" > "$OUT/explain.md"
echo "results in $OUT (results.json, results.md, explain.md)" >&2
exit $status
