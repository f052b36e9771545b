#!/usr/bin/env bash
# The PostgreSQL tests (docs/deployment.md, docs/storage.md): installs Debian's postgresql
# and libpq-dev when missing, starts a throwaway cluster in a temporary directory as an
# unprivileged user on a loopback port (trust authentication, nothing persistent), runs the
# test cases that need it with STAYS_TEST_POSTGRES_URL set, and stops and removes the
# cluster on exit, whatever happened.
#
# Usage: .ci/postgres.sh [swift test arguments...]   (default: every suite with PostgreSQL cases)
#        .ci/postgres.sh --run COMMAND [ARGS...]      (COMMAND instead of the tests, e.g. .ci/topology.sh)
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
stop() {
    as_user "$bindir/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$cluster"
}
trap stop EXIT

as_user "$bindir/initdb" -D "$cluster/data" -U stays --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null

# A port nobody holds now (the kernel's choice), unless one is given.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Loopback only, a socket directory of its own, enough connections for two servers' pools
# and the tests; fsync off: the cluster is thrown away. A start that fails prints the
# server's own log (the reason is there, not in pg_ctl's message) and is tried again on
# another port; the last try keeps initdb's connection count, chosen to fit this machine.
start() { # port, extra settings...
    local port=$1; shift
    : >"$cluster/log"; chown "$user" "$cluster/log"
    as_user "$bindir/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w -t 120 start -o \
        "-c listen_addresses=127.0.0.1 -p $port -k $cluster -c fsync=off $*" >/dev/null
}
started=
for attempt in 1 2 3; do
    port=${STAYS_TEST_POSTGRES_PORT:-$(free_port)}
    settings="-c max_connections=300"
    [ "$attempt" = 3 ] && settings=""
    if start "$port" $settings; then started=1; break; fi
    echo "PostgreSQL did not start (attempt $attempt, port $port, settings: ${settings:-as initdb chose}); its log:" >&2
    sed 's/^/    /' "$cluster/log" >&2 || true
    as_user "$bindir/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
    sleep 1
done
if [ -z "$started" ]; then
    echo "PostgreSQL could not be started; the machine:" >&2
    { id; ulimit -a; df -h /tmp /dev/shm; ipcs -l; grep -E 'Huge|Shmem|MemAvailable' /proc/meminfo; } >&2 2>&1 || true
    exit 1
fi
export STAYS_TEST_POSTGRES_URL="postgres://stays@127.0.0.1:$port/postgres"
# For a script run with --run that restarts the server (.ci/topology.sh): the cluster's
# directory (data/, log) and how to run pg_ctl on it.
export STAYS_TEST_POSTGRES_CLUSTER="$cluster"
export STAYS_TEST_POSTGRES_CTL="$bindir/pg_ctl" STAYS_TEST_POSTGRES_USER="$user"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') at $STAYS_TEST_POSTGRES_URL ($(as_user "$bindir/psql" -Atq -h 127.0.0.1 -p "$port" -U stays -d postgres -c 'show max_connections') connections)"

if [ "${1:-}" = --run ]; then
    shift
    "$@"
    exit
fi
if [ $# -gt 0 ]; then
    swift test "$@"
    exit
fi
# The suites with PostgreSQL cases (engine-parameterized ones run both engines; the store
# contract, PersistenceTests.StoreContractTests, runs whole on both, and SchemaParityTests
# compares the two migration histories), then the read end-to-end suites again with their
# shared server on PostgreSQL: the same test code.
swift test --filter 'PostgresStorageTests\.' --filter 'PersistenceTests\.' \
    --filter 'APITests\.(Postgres|BookingEndToEndTests|AccountsEndToEndTests|CancellationPreviewEndToEndTests|DatabaseLocationTests|SQLFallbackEndToEndTests|CopyDatabaseEndToEndTests|EventsEndToEndTests|WebhooksEndToEndTests|WebhooksAcrossServersTests|WebhookOrderEndToEndTests|ReviewsEndToEndTests|SearchFiltersEndToEndTests|HostsEndToEndTests|HostRequestsEndToEndTests)'
STAYS_TEST_ENGINE=postgres swift test --skip-build \
    --filter 'APITests\.(QuoteEndToEndTests|ListingsEndToEndTests|CalendarAgainstQuoteEndToEndTests|CanonicalIDEndToEndTests|LocationsAndCalendarEndToEndTests|MapEndToEndTests)'
