#!/usr/bin/env bash
# The PostgreSQL tests (docs/deployment.md, docs/storage.md): installs Debian's postgresql
# and libpq-dev when missing, starts a throwaway cluster in a temporary directory as an
# unprivileged user on a loopback port (trust authentication, nothing persistent), runs the
# test cases that need it with STAYS_TEST_POSTGRES_URL set, and stops and removes the
# cluster on exit, whatever happened.
#
# Usage: .ci/postgres.sh [swift test arguments...]   (default: every suite with PostgreSQL cases)
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for pkg in postgresql libpq-dev; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
# PostgreSQL refuses to run as root: use the package's `postgres` user (or make one).
user=postgres
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home "$user"
as_user() { if [ "$(id -u)" = 0 ]; then runuser -u "$user" -- "$@"; else "$@"; fi; }

cluster=$(mktemp -d /tmp/stays-pg.XXXXXX)
chown "$user" "$cluster"
port=${STAYS_TEST_POSTGRES_PORT:-55432}
stop() {
    as_user "$bindir/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$cluster"
}
trap stop EXIT

as_user "$bindir/initdb" -D "$cluster/data" -U stays --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# Loopback only, a socket directory of its own, enough connections for two servers' pools
# and the tests; fsync off: the cluster is thrown away.
as_user "$bindir/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w start -o \
    "-c listen_addresses=127.0.0.1 -p $port -k $cluster -c max_connections=300 -c fsync=off" >/dev/null
export STAYS_TEST_POSTGRES_URL="postgres://stays@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') at $STAYS_TEST_POSTGRES_URL"

if [ $# -gt 0 ]; then
    swift test "$@"
    exit
fi
# The suites with PostgreSQL cases (engine-parameterized ones run both engines), then the
# read end-to-end suites again with their shared server on PostgreSQL: the same test code.
swift test --filter 'PostgresStorageTests\.' --filter 'PersistenceTests\.' \
    --filter 'APITests\.(Postgres|BookingEndToEndTests|DatabaseLocationTests|SQLFallbackEndToEndTests|CopyDatabaseEndToEndTests)'
STAYS_TEST_ENGINE=postgres swift test --skip-build \
    --filter 'APITests\.(QuoteEndToEndTests|ListingsEndToEndTests|CalendarAgainstQuoteEndToEndTests|CanonicalIDEndToEndTests|LocationsAndCalendarEndToEndTests|MapEndToEndTests)'
