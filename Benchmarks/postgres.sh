#!/usr/bin/env bash
# The PostgreSQL scale-out benchmark, in one command:
#   Benchmarks/postgres.sh
#   LISTINGS=100000 DURATION=10 Benchmarks/postgres.sh
# Knobs (environment): LISTINGS (default 100000), DURATION (seconds per wrk run, default 10),
# CONNECTIONS (default 64), STAYS (a built `stays` binary instead of a release build),
# SQLITE (a SQLite file seeded before with the same LISTINGS, copied instead of seeding),
# SCENARIOS (read scenarios, comma-separated; default listings,quote,mixed; calendar too),
# SERVERS (PostgreSQL configurations by server count; default 1,2), BOOKING=0 (skip booking),
# DIRECT=1 (one PostgreSQL server measured without nginx in front, as the SQLite one is),
# STAYS_POSTGRES_URL (how the Stays servers connect instead of the loopback TCP URL, e.g.
# through the cluster's Unix socket: postgresql:///postgres?host=$CLUSTER_DIR&port=...).
#
# Starts a throwaway PostgreSQL cluster (as .ci/postgres.sh does: a temp directory, an
# unprivileged user, a loopback port), seeds LISTINGS demo listings into it and into a
# SQLite file with the same generator seed and day, then runs Benchmarks/postgres.py:
# the read scenarios on SQLite (one server, the reference), on PostgreSQL with one Stays
# server behind nginx and with two; the booking scenario on PostgreSQL with one and two;
# CPU per request of Stays and of PostgreSQL; the 1-to-2 server ratio; the time from
# starting a server on the seeded database to serving. Results in Benchmarks/.out/postgres-*/.
# Everything stays on loopback; every process started is stopped by PID or by pg_ctl.
set -euo pipefail
cd "$(dirname "$0")/.."

LISTINGS=${LISTINGS:-100000}
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-64}
TODAY=2026-11-23
OUT=Benchmarks/.out/postgres-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$OUT"

. Benchmarks/lib.sh

install_missing_commands wrk nginx:nginx-light
dpkg -s postgresql >/dev/null 2>&1 || install_packages postgresql

release_stays

step "PostgreSQL cluster"
postgres_tools
bindir=$PG_BINDIR
# CLUSTER_DIR keeps the cluster (and its seeded catalog) for the next run: seeding 100k
# listings takes minutes. Without it, a temporary cluster is removed on exit.
if [ -n "${CLUSTER_DIR:-}" ]; then
    cluster=$CLUSTER_DIR
    mkdir -p "$cluster"
else
    cluster=$(mktemp -d /tmp/stays-pgbench.XXXXXX)
fi
chown "$PG_USER" "$cluster"
port=${PGPORT_BENCH:-$(free_port)}
cleanup() {
    as_user "$bindir/pg_ctl" -D "$cluster/data" -m fast stop >/dev/null 2>&1 || true
    if [ -z "${CLUSTER_DIR:-}" ]; then rm -rf "$cluster"; fi
}
trap cleanup EXIT
fresh=0
if [ ! -f "$cluster/data/PG_VERSION" ]; then
    fresh=1
    as_user "$bindir/initdb" -D "$cluster/data" -U stays --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
fi
# Durable commits (fsync on, synchronous_commit on): the booking numbers include them.
as_user "$bindir/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w start -o \
    "-c listen_addresses=127.0.0.1 -p $port -k $cluster -c max_connections=200 -c shared_buffers=256MB" >/dev/null
url="postgres://stays@127.0.0.1:$port/postgres"

step "Seeding $LISTINGS listings into PostgreSQL and SQLite"
if [ "$fresh" = 1 ]; then
    "$BIN_STAYS" seed --database "$url" --listings "$LISTINGS" --today "$TODAY" 2>&1 | tail -n 1 | tee "$OUT/seed-postgres.txt"
else
    # Bookings of earlier runs are kept; they only make the booking scenario's 409s likelier.
    echo "reusing the seeded cluster in $cluster" >&2
fi
if [ -n "${SQLITE:-}" ]; then
    cp "$SQLITE" "$OUT/catalog.sqlite"   # a file seeded before with the same LISTINGS and day
else
    "$BIN_STAYS" seed --database "$OUT/catalog.sqlite" --listings "$LISTINGS" --today "$TODAY" 2>&1 | tail -n 1 | tee "$OUT/seed-sqlite.txt"
fi

step "Scenarios"
python3 Benchmarks/postgres.py --stays "$BIN_STAYS" --sqlite "$OUT/catalog.sqlite" --postgres "${STAYS_POSTGRES_URL:-$url}" \
    --postmaster-pid-file "$cluster/data/postmaster.pid" --out "$OUT" --today "$TODAY" \
    --duration "$DURATION" --connections "$CONNECTIONS" --listings "$LISTINGS" \
    --scenarios "${SCENARIOS:-listings,quote,mixed}" --servers "${SERVERS:-1,2}" \
    $([ "${BOOKING:-1}" = 0 ] && echo --no-booking) $([ "${DIRECT:-0}" = 1 ] && echo --direct)
rm -f "$OUT"/catalog.sqlite*
echo "results: $OUT/postgres.md" >&2
