#!/usr/bin/env bash
# A client generated from docs/openapi.yaml by openapi-python-client (from PyPI, installed
# when missing) must build, and must walk search -> quote -> guest -> book -> replay -> trips
# -> cancel against a running server (Tests/Contract/generated_client.py).
#
# Usage: bash Tests/Contract/generated_client.sh [path/to/stays]   (default .build/debug/stays)
set -euo pipefail

binary="${1:-.build/debug/stays}"
case "$binary" in
    /*) ;;
    *) binary="$PWD/$binary" ;;
esac
cd "$(dirname "$0")/../.."
today=2026-11-23

if ! command -v openapi-python-client >/dev/null 2>&1; then
    python3 -m pip install --quiet --disable-pip-version-check openapi-python-client >&2 \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages openapi-python-client >&2
fi

source Tests/Contract/scratch.sh
scratch_folder generated

# Generation must succeed; its warnings (responses it leaves out) are shown, and the walk
# fails if one it needs is missing.
openapi-python-client generate --path docs/openapi.yaml --meta none --output-path "$workdir/stays_client" \
    >"$workdir/generate.log" 2>&1 || { cat "$workdir/generate.log" >&2; echo "generated client: generation failed" >&2; exit 1; }
grep -c "^WARNING" "$workdir/generate.log" | sed 's/^/generated client: generator warnings: /'
python3 -m compileall -q "$workdir/stays_client" >/dev/null || { echo "generated client: does not compile" >&2; exit 1; }

"$binary" serve --port 0 --database "$workdir/stays.sqlite" --mail-dir "$workdir/mail" --today "$today" --quiet \
    >"$workdir/stdout.log" 2>"$workdir/stderr.log" &
server_pid=$!
port=""
deadline=$((SECONDS + 180))
while [ -z "$port" ]; do
    kill -0 "$server_pid" 2>/dev/null || { cat "$workdir/stderr.log" >&2; echo "generated client: the server exited" >&2; exit 2; }
    [ "$SECONDS" -lt "$deadline" ] || { cat "$workdir/stderr.log" >&2; echo "generated client: no port in 180 s" >&2; exit 2; }
    port="$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$workdir/stderr.log" | head -n 1)"
    [ -n "$port" ] || sleep 0.2
done

PYTHONPATH="$workdir" python3 Tests/Contract/generated_client.py "http://127.0.0.1:$port" "$today"
