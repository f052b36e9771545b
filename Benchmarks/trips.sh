#!/usr/bin/env bash
# The trips benchmark (issue 17), in one command:
#   Benchmarks/trips.sh
#   LISTINGS=2000 REQUESTS=500 Benchmarks/trips.sh
# Knobs (environment): LISTINGS (default 2000: the catalog only has to hold the booked
# listings), REQUESTS (HTTP requests per measurement, default 500), STAYS (a built `stays`
# binary instead of a release build), STAYS_BEFORE (a build of commit ca3dad4, before
# issue 17: it seeds the file and is measured over HTTP first), POSTGRES=1 (also on PostgreSQL: a throwaway
# cluster as .ci/postgres.sh starts, the same rows copied in with `stays copy-database`,
# Benchmarks/trips_postgres.py timing the SQL before and after with pgbench).
#
# Builds `stays` in release mode, seeds LISTINGS demo listings into a fresh file, and runs
# Benchmarks/trips.py on it: guests with 1,000 and 10,000 reservations, a trips page's
# time by the SQL before issue 17 and after, and over HTTP. See docs/performance.md,
# "Trips". Results in Benchmarks/.out/trips-<time>/ (trips.md, trips.json); the database
# is deleted. Everything stays on loopback; the server is stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/.."

LISTINGS=${LISTINGS:-2000}
REQUESTS=${REQUESTS:-500}
TODAY=2026-11-23
SEED=20261122
OUT=Benchmarks/.out/trips-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$OUT"

. Benchmarks/lib.sh

release_stays

db="$OUT/trips.sqlite"
cleanup() { rm -f "$db" "$db-wal" "$db-shm"; }
trap cleanup EXIT
step "Seeding $LISTINGS listings into $db"
"${STAYS_BEFORE:-$BIN_STAYS}" seed --listings "$LISTINGS" --seed "$SEED" --today "$TODAY" --database "$db" >&2
python3 Benchmarks/trips.py --stays "$BIN_STAYS" --database "$db" --today "$TODAY" --out "$OUT" --requests "$REQUESTS" \
    ${STAYS_BEFORE:+--stays-before "$STAYS_BEFORE"}

if [ "${POSTGRES:-}" = 1 ]; then
    postgres_tools
    bindir=$PG_BINDIR
    cluster=$(mktemp -d /tmp/stays-trips-pg.XXXXXX)
    chown "$PG_USER" "$cluster" 2>/dev/null || true
    stop_cluster() { as_user "$bindir/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$cluster"; }
    trap 'stop_cluster; cleanup' EXIT
    as_user "$bindir/initdb" -D "$cluster/data" -U stays --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    port=$(free_port)
    : >"$cluster/log"; chown "$PG_USER" "$cluster/log" 2>/dev/null || true
    as_user "$bindir/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w -t 120 start \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $cluster" >/dev/null
    url="postgres://stays@127.0.0.1:$port/postgres"
    step "Copying $db into PostgreSQL at $url"
    "$BIN_STAYS" copy-database --from "$db" --to "$url" >&2
    PATH="$bindir:$PATH" python3 Benchmarks/trips_postgres.py --url "$url" --results "$OUT"
fi
echo "results in $OUT (trips.md, trips.json)" >&2
