#!/usr/bin/env sh
# The container image's build steps, as one script: the Dockerfile runs each stage, and CI runs them
# all without Docker (deploy/image.test.sh), so what the image does and what is tested cannot drift.
#   deploy/image.sh prune <out>     a workspace of only the server, the web app and what they use
#   deploy/image.sh install         in a pruned workspace: its dependencies, from the lockfile only
#   deploy/image.sh build           in a pruned workspace: the server bundle and the web app
#   deploy/image.sh deploy <dest>   the built server with production dependencies only, and the web app
set -eu

stage="${1:?stage: prune, install, build or deploy}"
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
    pnpm --filter @yardsale/server deploy --prod --legacy "$dest"
    rm -rf "$dest/web"
    cp -R apps/web/dist "$dest/web"
    ;;
  *)
    echo "unknown stage: $stage" >&2
    exit 2
    ;;
esac
