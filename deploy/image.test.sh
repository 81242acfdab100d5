#!/usr/bin/env bash
# The container image's build, without Docker: the Dockerfile's stages (deploy/image.sh) in the same
# order on a pruned copy of this checkout, then the result started as the image starts it, on the
# embedded database, and checked with the image's own health check. CI runs this where podman cannot
# run; elsewhere it builds the Dockerfile itself and starts the image (deploy/image-ci.sh).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

cd "$repo"
sh deploy/image.sh prune "$work/pruned"

# The build stage: manifests and lockfile, install, then the sources, build and deploy.
mkdir -p "$work/build/deploy"
cp -R "$work/pruned/json/." "$work/build/"
cp deploy/image.sh "$work/build/deploy/image.sh"
cd "$work/build"
sh deploy/image.sh install
cp -R "$work/pruned/full/." "$work/build/"
sh deploy/image.sh build
sh deploy/image.sh deploy "$work/app"
cp "$repo/deploy/healthcheck.mjs" "$work/app/healthcheck.mjs"

# The runtime stage: production dependencies only.
if [ -d "$work/app/node_modules/tsx" ] || [ -d "$work/app/node_modules/vitest" ]; then
  echo "development dependencies reached the deployed server" >&2
  exit 1
fi
# Only the bundle ships: no sources, tests, test servers or benches beside it.
if [ -e "$work/app/src" ] || [ -e "$work/app/test" ] || [ -e "$work/app/bench" ]; then
  echo "sources or test code reached the deployed server" >&2
  exit 1
fi
port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
mkdir -p "$work/data"
cd "$work/app"
env -i PATH="$PATH" NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" \
  WEB_DIST_DIR="$work/app/web" ADMIN_PASSWORD=image-check-pass-1 LOG_LEVEL=warn \
  node --enable-source-maps dist/main.js > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 60); do
  if PORT="$port" node healthcheck.mjs; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    cat "$work/server.log" >&2
    echo "the deployed server stopped" >&2
    exit 1
  fi
  sleep 1
done
PORT="$port" node healthcheck.mjs || { cat "$work/server.log" >&2; echo "no health after 60 s" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/" | grep -q '<div id="root">' || { echo "the web app is not served" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/api/openapi.json" | grep -q '"operationId"' || { echo "the API does not answer" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/readyz" | grep -q '"ready"' || { echo "the database or photo storage is not ready" >&2; exit 1; }
kill -TERM "$server_pid"
wait "$server_pid" || true
server_pid=""
echo "image stages: built, deployed with production dependencies only ($(du -sh "$work/app" | cut -f1)), started and healthy"
