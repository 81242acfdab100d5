#!/usr/bin/env bash
# The Dockerfile built for real and the image started, on a machine with no Docker engine and no image
# registry: podman builds it on a Node.js base made here (deploy/node-base.sh); the image's file system
# is exported and started as a container runtime would start it (its environment, working directory,
# user and command, /proc and /dev, as PID 1 of nothing else), against a new PostgreSQL database; then
# deploy/image-smoke.mjs checks it. Fails if the image is over IMAGE_MAX_MB (250).
#   TEST_DATABASE_URL=postgres://... deploy/image-ci.sh
#   deploy/image-ci.sh --build-only    (builds it and checks its size; a later full run reuses the layers)
# Needs root, Debian's podman and debootstrap. Where podman cannot run it prints one line and succeeds.
set -euo pipefail
started=$SECONDS
repo="$(cd "$(dirname "$0")/.." && pwd)"
image="${YARDSALE_IMAGE:-localhost/yardsale:ci}"
max_mb="${IMAGE_MAX_MB:-250}"
: "${TEST_DATABASE_URL:?TEST_DATABASE_URL names the PostgreSQL server the image is started against}"

if [ "$(id -u)" != 0 ] || ! command -v podman >/dev/null 2>&1 || ! podman info >/dev/null 2>&1; then
  echo "container image: SKIPPED, podman cannot run here (needs root and a working 'podman info')"
  exit 0
fi

# In memory where it can be (about 350 MB): on a busy disk, writing and deleting the copy took longer
# than starting the image.
if [ -w /dev/shm ] && ! findmnt -no OPTIONS --target /dev/shm | grep -qw noexec; then
  work="$(mktemp -d -p /dev/shm)"
else
  work="$(mktemp -d)"
fi
server_pid=""
database=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  if [ -n "$database" ]; then
    psql --no-psqlrc -q "$TEST_DATABASE_URL" -c "drop database if exists $database with (force)" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
phase() { echo "container image: $1 ($((SECONDS - started)) s)"; }

# The build, its output kept for a failure.
base="$(bash "$repo/deploy/node-base.sh")"
phase "base image $base"
# The build stages are tagged too, so that only images no tag leads to are pruned afterwards: every
# source change leaves a few hundred MB of layers behind, and the stages' layers are the next build's
# cache (the runtime stage starts from scratch, so they are not under the image's own tag).
for target in pruned build runtime; do
  if [ "$target" = runtime ]; then tag="$image"; else tag="$image-$target"; fi
  if ! podman build --format docker --isolation chroot --network host --layers \
    --build-arg NODE_IMAGE="$base" --target "$target" -t "$tag" "$repo" >> "$work/build.log" 2>&1; then
    tail -n 80 "$work/build.log" >&2
    echo "container image: the build failed" >&2
    exit 1
  fi
done
podman image prune -f > /dev/null
phase "built $image"
podman image ls "$image"
size=$(podman image inspect --format '{{.Size}}' "$image")
size_mb=$(((size + 500000) / 1000000))
if [ "$size_mb" -ge "$max_mb" ]; then
  echo "container image: $size_mb MB, over the budget of $max_mb MB" >&2
  exit 1
fi

if [ "${1:-}" = --build-only ]; then
  echo "container image: $size_mb MB, built ($((SECONDS - started)) s)"
  exit 0
fi

# The image's file system and what a runtime reads from its configuration.
root="$work/root"
mkdir -p "$root"
mounted="$(podman image mount "$image")"
tar -C "$mounted" -cf - . | tar -x -C "$root" -f -
podman image unmount "$image" >/dev/null
mapfile -t image_env < <(podman image inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$image" | sed '/^$/d')
mapfile -t image_cmd < <(podman image inspect --format '{{range .Config.Cmd}}{{println .}}{{end}}' "$image" | sed '/^$/d')
workdir="$(podman image inspect --format '{{.Config.WorkingDir}}' "$image")"
user="$(podman image inspect --format '{{.Config.User}}' "$image")"
uid="$(awk -F: -v u="$user" '$1 == u || $3 == u { print $3 }' "$root/etc/passwd")"
gid="$(awk -F: -v u="$user" '$1 == u || $3 == u { print $4 }' "$root/etc/passwd")"
if [ -z "$uid" ] || [ -z "$gid" ]; then
  echo "container image: user $user is not in its /etc/passwd" >&2
  exit 1
fi
mkdir -p "$root/proc" "$root/dev" "$root/etc"
# What a runtime gives every container.
cp /etc/hosts /etc/resolv.conf "$root/etc/"
phase "file system copied out ($(du -sh "$root" | cut -f1)), user $user ($uid:$gid), workdir $workdir"

# A private mount namespace holds /proc and /dev, so nothing is left mounted when the process ends;
# then the image's root, working directory, user and command, with its environment only. Every step
# execs the next, so the process started is the server itself (called in a subshell, which it replaces).
run_in_image() {
  # shellcheck disable=SC2016 # the inner script's own parameters
  exec env -i "${image_env[@]}" "${run_env[@]}" \
    /usr/bin/unshare --mount --propagation private /bin/sh -c \
    '/bin/mount -t proc proc "$1/proc" && /bin/mount --rbind /dev "$1/dev" && root="$1" wd="$2" uid="$3" gid="$4" && shift 4 &&
     exec /usr/bin/unshare --root="$root" --wd="$wd" --setuid "$uid" --setgid "$gid" "$@"' \
    sh "$root" "$workdir" "$uid" "$gid" "$@"
}

# Starts the image with run_env added to its environment, waits for its own HEALTHCHECK command to
# pass, runs the smoke test, and stops it as a runtime does: SIGTERM, after which it must exit 0.
start_and_check() {
  local label="$1" port status healthy=""
  port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  run_env+=(PORT="$port" ADMIN_PASSWORD=image-check-pass-1)
  find "$root/data" -mindepth 1 -delete
  (run_in_image "${image_cmd[@]}") > "$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 60); do
    if (run_in_image node /app/healthcheck.mjs); then healthy=1; break; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
    sleep 1
  done
  if [ -z "$healthy" ]; then
    cat "$work/server.log" >&2
    echo "container image: not healthy within 60 s on $label" >&2
    exit 1
  fi
  phase "started on $label, healthy on port $port"
  if ! ADMIN_PASSWORD=image-check-pass-1 node "$repo/deploy/image-smoke.mjs" "http://127.0.0.1:$port"; then
    cat "$work/server.log" >&2
    exit 1
  fi
  kill -TERM "$server_pid"
  status=0
  wait "$server_pid" || status=$?
  server_pid=""
  if [ "$status" != 0 ]; then
    cat "$work/server.log" >&2
    echo "container image: exit code $status after SIGTERM on $label" >&2
    exit 1
  fi
  phase "stopped cleanly on $label"
}

# As production runs it: on PostgreSQL, a new database.
database="yardsale_image_$$"
PGOPTIONS='-c client_min_messages=warning' psql --no-psqlrc -q "$TEST_DATABASE_URL" \
  -c "drop database if exists $database with (force)" -c "create database $database"
run_env=(DATABASE_URL="${TEST_DATABASE_URL%/*}/$database")
start_and_check PostgreSQL
# As a first try runs it: the embedded database, in the /data volume.
run_env=()
start_and_check "the embedded database"
echo "container image: $size_mb MB, built, started on PostgreSQL and on the embedded database, checked ($((SECONDS - started)) s)"
