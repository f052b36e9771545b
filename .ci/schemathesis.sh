#!/usr/bin/env bash
# Property-based API testing: schemathesis generates requests from docs/openapi.yaml (valid
# and invalid parameters, bodies and headers) and checks every answer of a real server
# against the same document: no 5xx, and status codes, content types, documented headers and
# response bodies as specified. Bounded: --max-examples per operation and a time budget.
#
# Usage: bash .ci/schemathesis.sh [path/to/stays]   (default .build/debug/stays; builds nothing)
# Knobs (environment): MAX_EXAMPLES (per operation, default 40), MAX_TIME (seconds for the
# whole run, default 180), SEED (default 20261124: the same seed explores the same cases).
# Exit status: schemathesis's (0 when no check failed), 2 when the server cannot start.
set -euo pipefail

binary="${1:-.build/debug/stays}"
case "$binary" in /*) ;; *) binary="$PWD/$binary" ;; esac
cd "$(dirname "$0")/.."
printf '\n==> %s\n' "schemathesis: generated requests against docs/openapi.yaml"
MAX_EXAMPLES=${MAX_EXAMPLES:-40}
MAX_TIME=${MAX_TIME:-180}
SEED=${SEED:-20261124}

if [ ! -x "$binary" ]; then
    echo "schemathesis: no executable at $binary (run swift build first)" >&2
    exit 2
fi
# Pinned: the versions this script was last run green with, so that a new release cannot
# change what CI explores (or how) between two runs of the same commit.
pins=(schemathesis==4.32.5 hypothesis==6.155.2)
python3 -m pip install --quiet --disable-pip-version-check "${pins[@]}" >&2 \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${pins[@]}" >&2

source Tests/Contract/scratch.sh
scratch_folder schemathesis

# A fixed today keeps the demo data's dates and prices the same run to run. No limit on
# POST /guests: schemathesis calls it as often as any operation, and a 429 there is the rate
# limit working, not a finding (Tests/Contract covers the 429).
"$binary" serve --port 0 --database "$workdir/stays.sqlite" --mail-dir "$workdir/mail" --today 2026-11-23 --quiet \
    --guest-rate-limit 0 >"$workdir/stdout.log" 2>"$workdir/stderr.log" &
server_pid=$!
port=""
deadline=$((SECONDS + 180))
while [ -z "$port" ]; do
    if ! kill -0 "$server_pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
        echo "schemathesis: the server did not start:" >&2
        cat "$workdir/stderr.log" >&2
        exit 2
    fi
    port="$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$workdir/stderr.log" | head -n 1)"
    [ -n "$port" ] || sleep 0.2
done
base="http://127.0.0.1:$port"

# One guest for every operation that needs a bearer token (reservations, the wishlist).
token="$(curl -fsS -X POST "$base/guests" | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')"

# From the scratch directory: schemathesis keeps a cache (.schemathesis/) where it runs.
# One worker: with two, hypothesis parses Python source (ast.parse) on two threads at once,
# and CPython 3.11 keeps the AST constructor's recursion depth per interpreter, not per call:
# a CI run crashed inside the tool with "SystemError: AST constructor recursion depth
# mismatch" (python/cpython#106905), no request involved.
spec="$PWD/docs/openapi.yaml"
status=0
(cd "$workdir" && schemathesis --no-color run "$spec" --url "$base" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
    --header "Authorization: Bearer $token" \
    --max-examples "$MAX_EXAMPLES" --max-time "$MAX_TIME" --seed "$SEED" \
    --request-timeout 10 --workers 1 --generation-database none) || status=$?
if [ "$status" -ne 0 ]; then
    echo "schemathesis: failures above (server log: $(wc -l <"$workdir/stderr.log") lines)" >&2
    tail -n 20 "$workdir/stderr.log" >&2
fi
exit "$status"
