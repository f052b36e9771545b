#!/usr/bin/env bash
# The web client in a real browser (Tests/Browser/flow.py): Debian's chromium driven by
# Playwright for Python, against `.build/debug/stays serve` on a temporary database, a free
# port and a fixed today; the mail it sends (verification and reset links) goes to a temporary
# --mail-dir that the test reads. Installs chromium (and a Korean font, so screenshots show Hangul),
# the Playwright package and axe-playwright-python (axe-core, for the accessibility check) when
# missing; never `playwright install` (it downloads a
# browser from the internet). Screenshots of every step go to .ci/artifacts/browser/ and are
# listed with their sizes in the log. Usage: .ci/browser.sh [--docs DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/debug/stays
today=2026-11-23
out=.ci/artifacts/browser

missing=()
for pkg in chromium fonts-noto-cjk; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
python3 -c "import playwright" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check playwright
# axe-core (the accessibility rules the test runs on every screen) ships inside this package.
python3 -c "import axe_playwright_python" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check axe-playwright-python

[ -x "$binary" ] || swift build --product stays

work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
# The host flow's listing has its photo on https://photos.stays.test, which the test answers for.
"$binary" serve --today "$today" --database "$work/browser.sqlite" --port "$port" --mail-dir "$work/mail" --quiet \
    --image-origin https://photos.stays.test >"$work/server.log" 2>&1 &
server=$!
cleanup() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Seeding the demo catalog takes a few seconds on a fresh database.
for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null && break
    kill -0 "$server" 2>/dev/null || { cat "$work/server.log"; echo "stays serve exited" >&2; exit 1; }
    sleep 0.5
done

# The demo accounts' password, printed once at seeding: the host flow signs in with it.
STAYS_DEMO_PASSWORD=$(sed -n 's/.*demo accounts: .* password \([^ ]*\) .*/\1/p' "$work/server.log" | head -n 1)
export STAYS_DEMO_PASSWORD

rm -rf "$out"
mkdir -p "$out"
status=0
python3 Tests/Browser/flow.py "http://127.0.0.1:$port" "$today" "$out" --mail-dir "$work/mail" "$@" || status=$?
echo "screenshots in $out:"
ls -l "$out" | awk 'NR > 1 { printf "  %8d  %s\n", $5, $9 }'
if [ "$status" -ne 0 ]; then
    tail -n 20 "$work/server.log"
    exit "$status"
fi
