#!/usr/bin/env bash
# docs/deployment.md's N servers on PostgreSQL, run for real without a container engine:
# what docs/compose.yaml starts — two Stays servers at once on one empty database with the
# replicas' own command and `DATABASE_URL`, nginx in front with docs/nginx-stays.conf — on
# loopback (the compose file itself is checked by `docker-compose config`). The only changes: the service names stays-1 and stays-2 become 127.0.0.2 and
# 127.0.0.3 (each server binds its own address, as each container has its own), and nginx
# listens on a free port instead of 80. Then, through nginx as a client would:
#   - both servers ready, the database migrated and the demo catalog seeded exactly once;
#   - a guest books a stay; both servers refuse to quote those nights again;
#   - PostgreSQL restarts under both: no request fails once it is back, and a booking on
#     stays-2 after the restart is seen by stays-1 (its LISTEN connection came back);
#   - stays-1 killed (SIGKILL): every read still answered, and the booking retried with its
#     Idempotency-Key is replayed by stays-2.
#
# Usage: .ci/postgres.sh --run .ci/topology.sh [stays binary]   (default .build/debug/stays)
# It needs STAYS_TEST_POSTGRES_URL naming an empty database, which .ci/postgres.sh provides.
set -euo pipefail
cd "$(dirname "$0")/.."
stays=$(readlink -f "${1:-.build/debug/stays}")
url=${STAYS_TEST_POSTGRES_URL:?"run through .ci/postgres.sh --run"}

missing=()
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v docker-compose >/dev/null || missing+=(docker-compose)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    # Without docker.io, which docker-compose recommends: nothing here runs containers.
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
nginx_bin=/usr/sbin/nginx

# The compose file is valid (docker-compose parses it without a daemon), and its replicas'
# command is the one run below: both the same, a postgres:// DATABASE_URL, --host and --port.
docker-compose -f docs/compose.yaml config -q || { echo "topology: docs/compose.yaml is not valid" >&2; exit 1; }
read -r -a command < <(python3 - <<'EOF'
import yaml
services = yaml.safe_load(open("docs/compose.yaml"))["services"]
replicas = [services["stays-1"], services["stays-2"]]
assert replicas[0] == replicas[1], "the two replicas differ"
assert replicas[0]["environment"]["DATABASE_URL"].startswith("postgres://"), "no postgres:// DATABASE_URL"
command = replicas[0]["command"]
assert command[command.index("--host") + 1] == "0.0.0.0" and command[command.index("--port") + 1] == "8080", command
print(" ".join(command))
EOF
)

work=$(mktemp -d /tmp/stays-topology.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "topology: $*" >&2
    for log in "$work"/*.log; do echo "--- $log"; tail -n 20 "$log"; done >&2
    exit 1
}

# The two replicas, started together on the empty database, as compose starts them.
for n in 1 2; do
    DATABASE_URL=$url "$stays" "${command[@]/0.0.0.0/127.0.0.$((n + 1))}" --quiet >"$work/stays-$n.log" 2>&1 &
    pids+=($!)
done
stays1=${pids[0]}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
sed -e 's/stays-1:8080/127.0.0.2:8080/' -e 's/stays-2:8080/127.0.0.3:8080/' -e "s/listen 80;/listen 127.0.0.1:$port;/" \
    docs/nginx-stays.conf >"$work/stays.conf"
cat >"$work/nginx.conf" <<EOF
daemon on;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events {}
http {
    access_log off;
    client_body_temp_path $work/body;
    proxy_temp_path $work/proxy;
    include $work/stays.conf;
}
EOF
"$nginx_bin" -t -q -p "$work" -c "$work/nginx.conf" || fail "nginx refuses docs/nginx-stays.conf"
"$nginx_bin" -p "$work" -c "$work/nginx.conf"
front="http://127.0.0.1:$port"

ready() { [ "$(curl -s -o /dev/null -w '%{http_code}' "$1/health/ready")" = 200 ]; }
for _ in $(seq 600); do
    ready "http://127.0.0.2:8080" && ready "http://127.0.0.3:8080" && break
    sleep 0.2
done
ready "http://127.0.0.2:8080" && ready "http://127.0.0.3:8080" || fail "the two servers are not both ready after 120 s"
ready "$front" || fail "nginx does not reach the servers"
echo "topology: two servers ready behind nginx on $front"

# Migrated and seeded once, although both found the database empty at once.
psql_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/psql
count() { "$psql_bin" -Atq "$url" -c "$1"; }
listings=$(count "SELECT count(*) FROM listings")
[ "$listings" = 3000 ] || fail "expected the 3000 demo listings seeded once, found $listings"
migrations=$(ls Migrations/postgres/*.sql | wc -l)
applied=$(count "SELECT count(*) FROM schema_migrations")
[ "$applied" = "$migrations" ] || fail "expected $migrations migrations applied once, found $applied"
echo "topology: $listings listings seeded once, $applied migrations applied once"

# A stay a month ahead, at the first listing that has it free.
checkin=$(date -u -d '+30 days' +%F) checkout=$(date -u -d '+32 days' +%F)
stay="checkin=$checkin&checkout=$checkout&adults=2"
first=$(curl -sf "$front/listings?$stay&limit=1") || fail "search through nginx failed"
listing=$(jq -r '.items[0].id' <<<"$first")
total=$(jq -r '.items[0].totalPrice' <<<"$first")
token=$(curl -sf -X POST "$front/guests" | jq -r .token) || fail "POST /guests through nginx failed"
key=$(python3 -c 'import uuid; print(uuid.uuid4())')
body="{\"listingId\":\"$listing\",\"checkin\":\"$checkin\",\"checkout\":\"$checkout\",\"adults\":2,\"expectedTotal\":$total}"
book() {
    curl -s -o "$work/booking.json" -w '%{http_code}' -X POST "$front/reservations" -H "Authorization: Bearer $token" \
        -H "Idempotency-Key: $key" -H 'Content-Type: application/json' -d "$body"
}
status=$(book)
[ "$status" = 201 ] || fail "booking through nginx: $status $(cat "$work/booking.json")"
reservation=$(jq -r .id "$work/booking.json")
echo "topology: reservation $reservation of listing $listing, $checkin to $checkout, total $total"

# Both servers, asked directly, now refuse to quote those nights (each follows the log).
quote_status() { curl -s -o /dev/null -w '%{http_code}' "$1/quote?listingId=$listing&$stay"; }
for server in 127.0.0.2 127.0.0.3; do
    seen=
    for _ in $(seq 50); do
        [ "$(quote_status "http://$server:8080")" = 409 ] && { seen=1; break; }
        sleep 0.02
    done
    [ -n "$seen" ] || fail "$server still quotes the booked nights 1 s after the booking"
done
echo "topology: both servers refuse to quote the booked nights"

# PostgreSQL restarts (fast shutdown: every session is cut). Once it is back, no request
# fails on either server, and stays-1 follows a booking made on stays-2.
restart_postgres() {
    local ctl=(-D "$STAYS_TEST_POSTGRES_CLUSTER/data" -l "$STAYS_TEST_POSTGRES_CLUSTER/log" -m fast -w restart)
    if [ "$(id -u)" = 0 ]; then runuser -u "$STAYS_TEST_POSTGRES_USER" -- "$STAYS_TEST_POSTGRES_CTL" "${ctl[@]}"
    else "$STAYS_TEST_POSTGRES_CTL" "${ctl[@]}"; fi >/dev/null
}
restart_postgres || fail "PostgreSQL did not restart"
for n in $(seq 10); do
    for server in 127.0.0.2 127.0.0.3; do
        for target in "/listings?$stay&limit=5" "/listings/$listing"; do
            status=$(curl -s -o "$work/answer.json" -w '%{http_code}' "http://$server:8080$target")
            [ "$status" = 200 ] || fail "after the PostgreSQL restart, $server answered $target with $status $(cat "$work/answer.json")"
        done
    done
done
later_in=$(date -u -d '+40 days' +%F) later_out=$(date -u -d '+42 days' +%F)
found=$(curl -sf "http://127.0.0.3:8080/listings?checkin=$later_in&checkout=$later_out&adults=2&limit=1") ||
    fail "no search from stays-2 after the restart"
later_listing=$(jq -r '.items[0].id' <<<"$found") later_total=$(jq -r '.items[0].totalPrice' <<<"$found")
later="listingId=$later_listing&checkin=$later_in&checkout=$later_out&adults=2"
status=$(curl -s -o "$work/later.json" -w '%{http_code}' -X POST "http://127.0.0.3:8080/reservations" \
    -H "Authorization: Bearer $token" -H "Idempotency-Key: $(python3 -c 'import uuid; print(uuid.uuid4())')" \
    -H 'Content-Type: application/json' \
    -d "{\"listingId\":\"$later_listing\",\"checkin\":\"$later_in\",\"checkout\":\"$later_out\",\"adults\":2,\"expectedTotal\":$later_total}")
[ "$status" = 201 ] || fail "booking on stays-2 after the restart: $status $(cat "$work/later.json")"
seen=
for _ in $(seq 100); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.2:8080/quote?$later")" = 409 ] && { seen=1; break; }
    sleep 0.02
done
[ -n "$seen" ] || fail "stays-1 still quotes nights booked on stays-2 2 s after the booking (after the restart)"
echo "topology: PostgreSQL restarted; 40 of 40 requests after it answered, and stays-1 follows a booking on stays-2"

# One server dies; nginx moves every read to the other, and the retried booking is replayed.
{ kill -9 "$stays1" && wait "$stays1"; } 2>/dev/null || true
answered=0
for i in $(seq 20); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$front/listings?$stay&limit=5")" = 200 ] && answered=$((answered + 1))
done
[ "$answered" = 20 ] || fail "with stays-1 killed, $answered of 20 searches through nginx answered"
status=$(book)
[ "$status" = 201 ] && [ "$(jq -r .id "$work/booking.json")" = "$reservation" ] ||
    fail "the retried booking was not replayed: $status $(cat "$work/booking.json")"
echo "topology: stays-1 killed; 20 of 20 searches answered, the retried booking replayed as reservation $reservation"
