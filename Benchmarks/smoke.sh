#!/usr/bin/env bash
# CI's benchmark smoke run: 10k listings, a couple of seconds per route, the SQLite floor
# for a second per route. Fails on any non-2xx response, socket error or server crash; never
# on speed. Release build (about 1.5-3 min from clean on 2 cores), so it measures the build
# people deploy. Takes DURATION (default 2) from the environment.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-2}
TODAY=2026-11-23
OUT=Benchmarks/.out/smoke

for tool in wrk python3; do
    command -v "$tool" >/dev/null || { echo "smoke.sh: $tool is missing (apt-get install wrk)" >&2; exit 1; }
done

swift build -c release --product stays
swift build -c release --product bench-db
BIN=$(swift build -c release --show-bin-path)

key=$(cat Sources/DataImport/*.swift Sources/stays/DataCommands.swift Migrations/*.sql | sha256sum | cut -c1-12)
mkdir -p Benchmarks/.data
db="Benchmarks/.data/10k-$key.sqlite"
if [ ! -f "$db" ]; then
    rm -f "$db.partial" "$db.partial-wal" "$db.partial-shm"
    start=$(date +%s)
    "$BIN/stays" seed --listings 10000 --seed 20261122 --today "$TODAY" --database "$db.partial" >&2
    echo $(( $(date +%s) - start )) > "$db.seconds"
    mv "$db.partial" "$db"
fi

python3 Benchmarks/bench.py --smoke --stays "$BIN/stays" --bench-db "$BIN/bench-db" --dataset "10k:$db:smoke" \
    --duration "$DURATION" --connections 16 --floor-seconds 1 --requests 300 --today "$TODAY" --out "$OUT" >/dev/null &
driver=$!
trap 'kill -TERM $driver 2>/dev/null; wait $driver 2>/dev/null' INT TERM
status=0
wait $driver || status=$?
trap - INT TERM
[ $status -eq 0 ] && echo "smoke: every route answered 2xx under load; results in $OUT/results.md" >&2
exit $status
