#!/usr/bin/env bash
# Contract test: starts a built `stays` on a free port with a fresh demo database and checks
# its real responses against docs/openapi.yaml (Tests/Contract/check_contract.py).
#
# Usage: bash Tests/Contract/run.sh [path/to/stays]   (default .build/debug/stays; builds nothing)
# Exit status: the checker's (0 when every check passed), or 2 when the server cannot start.
set -euo pipefail

binary="${1:-.build/debug/stays}"
case "$binary" in
    /*) ;;
    *) [ -n "${1:-}" ] && binary="$PWD/$binary" ;;  # relative to where we were called from
esac
cd "$(dirname "$0")/../.."
startup_timeout="${STAYS_CONTRACT_STARTUP_SECONDS:-180}"

if [ ! -x "$binary" ]; then
    echo "contract: no executable at $binary (run swift build first)" >&2
    exit 2
fi

if ! python3 -c 'import jsonschema, yaml' >/dev/null 2>&1; then
    python3 -m pip install --quiet --disable-pip-version-check 'jsonschema>=4.18' PyYAML >&2 \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages \
            'jsonschema>=4.18' PyYAML >&2
fi

source Tests/Contract/scratch.sh
scratch_folder contract

# The default guest rate limit (20 a minute) on purpose: the checks create a handful of
# guests, then their last section creates guests until the server answers 429.
"$binary" serve --port 0 --database "$workdir/stays.sqlite" --mail-dir "$workdir/mail" --today 2026-11-23 --quiet \
    >"$workdir/stdout.log" 2>"$workdir/stderr.log" &
server_pid=$!

# Seeding the demo data takes a few seconds on first start; wait for the announced port.
port=""
deadline=$((SECONDS + startup_timeout))
while [ -z "$port" ]; do
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "contract: the server exited before listening:" >&2
        cat "$workdir/stderr.log" >&2
        exit 2
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
        echo "contract: no 'listening on' line within ${startup_timeout}s:" >&2
        cat "$workdir/stderr.log" >&2
        exit 2
    fi
    port="$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$workdir/stderr.log" | head -n 1)"
    [ -n "$port" ] || sleep 0.2
done

status=0
python3 Tests/Contract/check_contract.py "http://127.0.0.1:$port" docs/openapi.yaml || status=$?
if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "contract: the server died during the checks:" >&2
    cat "$workdir/stderr.log" >&2
    [ "$status" -ne 0 ] || status=1
fi
exit "$status"
