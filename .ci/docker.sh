#!/usr/bin/env bash
# The container image, end to end, when a container engine is available: build the image
# from the Dockerfile, run it with a throw-away volume, wait for /health/ready, check one
# search and the HEALTHCHECK's own command, then stop it (SIGTERM: a graceful shutdown must
# exit 0). Without an engine (`docker info` fails: no daemon, or only the client installed)
# it says so and succeeds: hadolint in .ci/run still checks the Dockerfile.
#
# Usage: bash .ci/docker.sh
set -euo pipefail
cd "$(dirname "$0")/.."
printf '\n==> %s\n' "Container image (build, run, /health/ready)"

if ! command -v docker >/dev/null 2>&1 || ! docker info >/dev/null 2>&1; then
    echo "docker: no container engine here; image not built (docs/deployment.md, Container image)"
    exit 0
fi

tag="stays:ci-$$"
name="stays-ci-$$"
volume="stays-ci-data-$$"
cleanup() {
    docker rm -f "$name" >/dev/null 2>&1 || true
    docker volume rm "$volume" >/dev/null 2>&1 || true
    docker image rm "$tag" >/dev/null 2>&1 || true
}
trap cleanup EXIT

docker build -t "$tag" .
docker volume create "$volume" >/dev/null
docker run -d --name "$name" -p 127.0.0.1::8080 -v "$volume:/data" -e STAYS_TODAY=2026-11-23 -e STAYS_SEED=demo "$tag" >/dev/null
port="$(docker port "$name" 8080/tcp | head -n 1 | sed 's/.*://')"
base="http://127.0.0.1:$port"

# First start seeds the demo catalog into the empty volume: allow a few minutes.
deadline=$((SECONDS + 300))
until curl -fsS "$base/health/ready" >/dev/null 2>&1; do
    if [ "$(docker inspect -f '{{.State.Running}}' "$name")" != "true" ] || [ "$SECONDS" -ge "$deadline" ]; then
        echo "docker: the container did not become ready:" >&2
        docker logs "$name" >&2 || true
        exit 1
    fi
    sleep 1
done
curl -fsS "$base/listings?limit=1" | jq -e '.items | length == 1' >/dev/null
docker exec "$name" stays healthcheck
docker stop -t 20 "$name" >/dev/null
status="$(docker inspect -f '{{.State.ExitCode}}' "$name")"
if [ "$status" != "0" ]; then
    echo "docker: stays exited $status on SIGTERM" >&2
    docker logs "$name" >&2 || true
    exit 1
fi
echo "docker: image built, served /health/ready and a search, stopped cleanly"
