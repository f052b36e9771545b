#!/usr/bin/env bash
# Instructions per booking under callgrind, as Benchmarks/profile.sh measures GET routes:
#   Benchmarks/profile_booking.sh STAYS DATABASE NAME [N]
# Starts STAYS (a built binary) under callgrind with instrumentation off on DATABASE (a
# SQLite file it books into: give it a copy), signs up an anonymous guest, prepares N+20
# one-night stays from dated searches and quotes, books 20 to warm up, then books N (default
# 200) one after another over one keep-alive connection with instrumentation on. Prints the
# instructions per booking (the whole process); the profile is Benchmarks/.out/NAME.callgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
stays=$1 db=$2 name=$3 count=${4:-200}
mkdir -p Benchmarks/.out
out=Benchmarks/.out/$name
log=$(mktemp)
valgrind --tool=callgrind --callgrind-out-file="$out.callgrind" --dump-instr=no --instr-atstart=no \
    "$stays" serve --port 0 --database "$db" --quiet --no-seed --today 2026-11-23 2>"$log" &
server=$!
port=""
for _ in $(seq 1 6000); do
    port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$log" | cut -d: -f3 || true)
    [ -n "$port" ] && break; sleep 0.1
done
python3 - "$port" "$count" "$server" <<'PY'
import http.client, json, sys, subprocess, uuid, datetime
port, count, server = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
def call(method, path, body=None, headers=None):
    h = dict(headers or {}); data = None
    if body is not None: data = json.dumps(body).encode(); h["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=h); r = conn.getresponse(); p = r.read()
    return r.status, (json.loads(p) if p[:1] in b"{[" else None)
status, guest = call("POST", "/guests", {})
token = guest.get("token") or guest.get("guestToken") or guest.get("accessToken")
stays = []
day = datetime.date(2027, 3, 1)
while len(stays) < count + 20:
    ci, co = day, day + datetime.timedelta(days=1)
    s, page = call("GET", f"/listings?checkin={ci}&checkout={co}&adults=1&limit=50")
    for item in page["items"]:
        s, q = call("GET", f"/quote?listingId={item['id']}&checkin={ci}&checkout={co}&adults=1")
        if s == 200: stays.append({"listingId": item["id"], "checkin": str(ci), "checkout": str(co), "adults": 1, "expectedTotal": q["total"]})
    day += datetime.timedelta(days=1)
def book(stay):
    s, b = call("POST", "/reservations", stay, {"Authorization": "Bearer " + token, "Idempotency-Key": str(uuid.uuid4())})
    return s
warm = [book(st) for st in stays[:20]]
subprocess.run(["callgrind_control", "-i", "on", server], capture_output=True)
codes = [book(st) for st in stays[20:20 + count]]
subprocess.run(["callgrind_control", "-i", "off", server], capture_output=True)
print("warmup", warm.count(201), "measured 201s:", codes.count(201), "of", len(codes), file=sys.stderr)
PY
kill -TERM $server; wait $server || true
total=$(grep -m1 '^totals:' "$out.callgrind" | awk '{print $2}')
echo "$name: instructions per booking: $((total / count))"
