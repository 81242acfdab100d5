#!/usr/bin/env sh
# The container image's build steps, as one script: the Dockerfile runs each stage, and CI runs them
# all without Docker (deploy/image.test.sh), so what the image does and what is tested cannot drift.
#   deploy/image.sh prune <out>           a workspace of only the server, the web app and what they use
#   deploy/image.sh install               in a pruned workspace: its dependencies, from the lockfile only
#   deploy/image.sh build                 in a pruned workspace: the server bundle and the web app
#   deploy/image.sh deploy <dest>         the built server with production dependencies only, and the web app
#   deploy/image.sh runtime <app> <out>   a root filesystem that runs <app>: node, the shared libraries
#                                         it and <app>'s native addons load, /tmp, /data and the node user
set -eu

stage="${1:?stage: prune, install, build, deploy or runtime}"
case "$stage" in
  prune)
    out="${2:?output folder}"
    # In the image's first stage turbo is installed on its own; in a checkout, the workspace's.
    if command -v turbo >/dev/null 2>&1; then turbo=turbo; else turbo="pnpm exec turbo"; fi
    $turbo prune @yardsale/server @yardsale/web --docker --out-dir "$out"
    ;;
  install)
    pnpm install --frozen-lockfile
    ;;
  build)
    pnpm build --filter=@yardsale/server --filter=@yardsale/web
    ;;
  deploy)
    dest="${2:?destination folder}"
    staging="$dest.deploy"
    rm -rf "$dest" "$staging"
    pnpm --filter @yardsale/server deploy --prod --legacy "$staging"
    # Only what the server runs: its bundle (with the migrations), its manifest and its production
    # dependencies; not its sources, tests, benches or tool configurations.
    mkdir -p "$dest"
    mv "$staging/dist" "$staging/package.json" "$staging/node_modules" "$dest/"
    rm -rf "$staging"
    nm="$dest/node_modules"
    # The workspace's own packages are inlined in the bundle (apps/server/tsdown.config.ts), and
    # typescript and @types/* arrive only as peers for types: nothing loads them at run time.
    rm -rf "$nm/@yardsale" "$nm"/.pnpm/@yardsale+* "$nm"/.pnpm/typescript@* "$nm"/.pnpm/@types+*
    # Type declarations, TypeScript sources, source maps and documents of the dependencies. The
    # bundle's own source map (dist/main.js.map) stays: --enable-source-maps reads it.
    find "$nm" -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' \
      -o -name '*.md' -o -name '*.markdown' \) -delete
    cp -R apps/web/dist "$dest/web"
    ;;
  runtime)
    app="${2:?the deployed app folder}"
    out="${3:?output folder}"
    rm -rf "$out"
    mkdir -p "$out/usr/local/bin" "$out/etc" "$out/tmp" "$out/data"
    chmod 1777 "$out/tmp"
    node="$(command -v node)"
    cp -L "$node" "$out/usr/local/bin/node"
    # The shared libraries node and the native addons (sharp, argon2) load, at the paths the loader
    # looks for them. Addons built for musl are never loaded on this glibc system, so they are skipped.
    libs="$(mktemp)"
    {
      ldd "$node"
      find "$app" -name '*.node' -type f ! -path '*musl*' | while read -r addon; do ldd "$addon" || true; done
    } | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 } $0 ~ /not found/ { print "missing " $1 }' \
      | sort -u > "$libs"
    if grep -q '^missing ' "$libs"; then
      echo "shared libraries not found:" >&2
      grep '^missing ' "$libs" >&2
      exit 1
    fi
    while read -r lib; do
      case "$lib" in
        "$app"/*) ;; # sharp's libvips ships inside the app's node_modules
        *) cp -L --parents "$lib" "$out" ;;
      esac
    done < "$libs"
    rm -f "$libs"
    printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nnode:x:1000:1000:node:/data:/usr/sbin/nologin\n' > "$out/etc/passwd"
    printf 'root:x:0:\nnode:x:1000:\n' > "$out/etc/group"
    # The only folder the unprivileged user writes to.
    chown 1000:1000 "$out/data"
    ;;
  *)
    echo "unknown stage: $stage" >&2
    exit 2
    ;;
esac
