#!/usr/bin/env bash
# CPU cost of gzip per route: a release server on DATABASE, wrk on each route with and
# without `Accept-Encoding: gzip`, server CPU (utime + stime from /proc/PID/stat) per response.
# Usage: Benchmarks/gzip.sh DATABASE [SECONDS] [GZIP_LEVEL]   (build first: swift build -c release)
# The bodies for bench-micro's gzip cases: curl each route into a directory, then
#   BENCH_GZIP_BODIES=DIR .build/release/bench-micro 0.5 | grep -A1 gzip
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:?usage: Benchmarks/gzip.sh DATABASE [SECONDS] [GZIP_LEVEL]}
seconds=${2:-5}
level=${3:-1}
port=${PORT:-18477}
bin=.build/release/stays
"$bin" serve --port "$port" --database "$db" --quiet --no-seed --gzip-level "$level" --gzip-min-bytes 1024 2>/tmp/stays-gzip-bench.log &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null && break; sleep 0.1; done
id=$(curl -sf "http://127.0.0.1:$port/listings?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
printf '%-28s %-9s %9s %9s %11s %8s\n' route encoding bytes req/s "CPU µs/req" ratio
for route in "/calendar?listingId=$id&months=12" "/calendar?listingId=$id&months=1" "/listings" "/listings/$id" "/locations/popular" "/health"; do
    identity_bytes=$(curl -s -o /dev/null -w '%{size_download}' "http://127.0.0.1:$port$route")
    for encoding in identity gzip; do
        header=()
        [ "$encoding" = gzip ] && header=(-H "Accept-Encoding: gzip")
        bytes=$(curl -s -o /dev/null -w '%{size_download}' "${header[@]}" "http://127.0.0.1:$port$route")
        before=$(cpu)
        out=$(wrk -t2 -c16 -d"${seconds}s" "${header[@]}" "http://127.0.0.1:$port$route")
        after=$(cpu)
        requests=$(echo "$out" | awk '/requests in/ {print $1}')
        rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
        us=$(python3 -c "print(f'{($after - $before) / $ticks * 1e6 / $requests:.1f}')")
        ratio=$(python3 -c "print(f'{$identity_bytes / $bytes:.1f}x')")
        printf '%-28s %-9s %9s %9s %11s %8s\n' "${route%%\?*}${route:+$( [[ $route == *months=1 ]] && echo ' 1m' || ([[ $route == *months=12 ]] && echo ' 12m'))}" "$encoding" "$bytes" "$rps" "$us" "$ratio"
    done
done
