#!/usr/bin/env bash
# Runs one fuzz target for a bounded time, seeded with Fuzz/seeds (HTTP1Fuzzer) and with
# what Fuzz/extract-seeds.py finds in the tests; CI calls it after building the fuzzers.
#
#   Fuzz/run.sh HTTP1Fuzzer 60
#   Fuzz/run.sh BodyFuzzer 60
#   Fuzz/run.sh ICalendarFuzzer 60
#
# Exits non-zero on a crash, a failed invariant, a leak or a slow input (-timeout), after
# printing each failing input in base64 (Fuzz/README.md says how one becomes a test).
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?target}
seconds=${2:-60}
binary=.build/debug/$target
[ -x "$binary" ] || { echo "$binary not built: swift build --sanitize=fuzzer --sanitize=address" >&2; exit 2; }
# Without the coverage sections libFuzzer mutates blind (Fuzz/README.md, "no interesting
# inputs"): say so plainly rather than report a clean run as if it had explored.
# (readelf's output is read whole first: with pipefail, `grep -q` closing the pipe early
# would fail the pipeline.)
if command -v readelf >/dev/null && ! grep -q __sancov_cntrs <<<"$(readelf -S "$binary")"; then
    echo "WARNING: $binary has no sanitizer-coverage sections: libFuzzer runs without coverage feedback" >&2
fi

case $target in
    HTTP1Fuzzer) kind=http; extra=(seeds/); dict=(-dict=http.dict) ;;
    BodyFuzzer) kind=body; extra=(); dict=() ;;
    ICalendarFuzzer) kind=ical; extra=(); dict=(-dict=ical.dict) ;;
    *) echo "unknown target $target" >&2; exit 2 ;;
esac

corpus=corpus/$target           # what libFuzzer grows (not committed)
tests=corpus/$target-tests      # seeds extracted from the tests, fresh on every run
artifacts=corpus/$target-artifacts
rm -rf "$tests" "$artifacts"
mkdir -p "$corpus" "$artifacts"
python3 extract-seeds.py "$kind" "$tests"

status=0
SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
    -print_final_stats=1 "${dict[@]}" -artifact_prefix="$artifacts/" \
    "$corpus" "${extra[@]}" "$tests" >"corpus/$target.log" 2>&1 || status=$?
grep -E '^(#[0-9]+ +DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb)' "corpus/$target.log" || true
if [ "$status" -ne 0 ]; then
    tail -n 60 "corpus/$target.log"
    for input in "$artifacts"/*; do
        [ -f "$input" ] || continue
        echo "FAILING INPUT $(basename "$input") (base64):"
        base64 -w0 "$input"; echo
    done
    echo "$target failed (exit $status)" >&2
    exit 1
fi
echo "$target: no failure in ${seconds} s"
