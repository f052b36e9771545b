#!/usr/bin/env bash
# What clients see while PostgreSQL restarts under a loaded Stays server:
#   Benchmarks/postgres_restart.sh
#   STAYS=/path/to/stays RESTARTS=3 Benchmarks/postgres_restart.sh
# Knobs (environment): STAYS (a built `stays` binary instead of a release build), RESTARTS
# (default 3), INTERVAL (seconds between restarts, default 8), CONNECTIONS (wrk's, default 32),
# TARGET (default a dated /listings search, which reads summaries from the database).
#
# Starts a throwaway PostgreSQL cluster (a temp directory, an unprivileged user, a loopback
# port), one Stays server on it (which seeds 3,000 demo listings), and wrk on TARGET; every
# INTERVAL seconds `pg_ctl restart -m fast` cuts every session. Then counts the statuses in
# the server's access log and, per restart, the 5xx answered while pg_ctl ran and in the five
# seconds after it returned. Results in Benchmarks/.out/postgres-restart-*/.
set -euo pipefail
cd "$(dirname "$0")/.."

RESTARTS=${RESTARTS:-3}
INTERVAL=${INTERVAL:-8}
CONNECTIONS=${CONNECTIONS:-32}
TARGET=${TARGET:-/listings?limit=10&checkin=2026-12-10&checkout=2026-12-12&adults=2}
OUT=Benchmarks/.out/postgres-restart-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$OUT"
OUT=$(readlink -f "$OUT")

. Benchmarks/lib.sh
install_missing_commands wrk
dpkg -s postgresql >/dev/null 2>&1 || install_packages postgresql
release_stays

postgres_tools
bindir=$PG_BINDIR
cluster=$(mktemp -d /tmp/stays-pgrestart.XXXXXX)
chown "$PG_USER" "$cluster"
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    as_user "$bindir/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$cluster"
}
trap cleanup EXIT
ctl() { as_user "$bindir/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w "$@" >/dev/null; }

step "PostgreSQL cluster and one Stays server (3,000 demo listings)"
as_user "$bindir/initdb" -D "$cluster/data" -U stays --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
pgport=$(free_port)
ctl start -o "-c listen_addresses=127.0.0.1 -p $pgport -k $cluster"
port=$(free_port)
"$BIN_STAYS" serve --port "$port" --today 2026-11-23 --database "postgres://stays@127.0.0.1:$pgport/postgres" \
    >"$OUT/access.log" 2>"$OUT/server.log" &
server_pid=$!
for _ in $(seq 600); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/health/ready" && break
    sleep 0.2
done
curl -sf -o /dev/null "http://127.0.0.1:$port/health/ready" || { cat "$OUT/server.log" >&2; exit 1; }

step "wrk on $TARGET with $RESTARTS restarts, $INTERVAL s apart"
duration=$(( (RESTARTS + 1) * INTERVAL ))
wrk -t2 -c"$CONNECTIONS" -d"${duration}s" "http://127.0.0.1:$port$TARGET" >"$OUT/wrk.txt" 2>&1 &
wrk_pid=$!
: >"$OUT/restarts"
for _ in $(seq "$RESTARTS"); do
    sleep "$INTERVAL"
    { date +%s.%N; ctl -m fast restart; date +%s.%N; } >>"$OUT/restarts"
done
wait "$wrk_pid"
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""

python3 - "$OUT" <<'EOF' | tee "$OUT/postgres-restart.md"
import collections, datetime, json, sys
out = sys.argv[1]
statuses, failures = collections.Counter(), []
for line in open(f"{out}/access.log"):
    try:
        entry = json.loads(line)
    except ValueError:
        continue
    statuses[entry["status"]] += 1
    if entry["status"] >= 500:
        at = datetime.datetime.fromisoformat(entry["time"].replace("Z", "+00:00")).timestamp()
        failures.append((at, entry["status"]))
print("| status | responses |\n|---|---:|")
for status, count in sorted(statuses.items()):
    print(f"| {status} | {count} |")
times = [float(x) for x in open(f"{out}/restarts")]
print("\n| restart | pg_ctl restart, s | 5xx while it ran | 5xx in the 5 s after |\n|---|---:|---:|---:|")
for n in range(0, len(times), 2):
    began, ended = times[n], times[n + 1]
    def summary(selected):
        kinds = collections.Counter(status for _, status in selected)
        return ", ".join(f"{count} × {status}" for status, count in sorted(kinds.items())) or "0"
    during = [f for f in failures if began - 0.05 <= f[0] <= ended + 0.05]
    after = [f for f in failures if ended + 0.05 < f[0] <= ended + 5]
    print(f"| {n // 2 + 1} | {ended - began:.2f} | {summary(during)} | {summary(after)} |")
EOF
grep -E "Requests/sec" "$OUT/wrk.txt" | tee -a "$OUT/postgres-restart.md"
echo "results: $OUT/postgres-restart.md" >&2
