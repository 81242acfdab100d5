# syntax=docker/dockerfile:1
# YardSale's server and web app in one image. The build steps are deploy/image.sh's stages, the same
# script CI runs without a container (deploy/image.test.sh); CI also builds this file with podman and
# starts the image (deploy/image-ci.sh). See docs/deploy.md, section 7.
# NODE_IMAGE: a glibc Node.js 24 image with npm (Debian's, as the official ones). Where no image
# registry is reachable, deploy/node-base.sh makes one on the machine.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
# The versions the repository pins (package.json packageManager, turbo in the catalog).
RUN npm install -g pnpm@10.34.9 turbo@2.11.11
WORKDIR /repo

# Only the server, the web app and the packages they use.
FROM base AS pruned
COPY . .
RUN sh deploy/image.sh prune /pruned

FROM base AS build
# Dependencies first, from the package manifests and the lockfile alone, so this layer is cached
# until a dependency changes; the package store is a cache mount, so a changed lockfile downloads
# only what is new.
COPY --from=pruned /pruned/json/ ./
COPY deploy/image.sh deploy/image.sh
RUN --mount=type=cache,id=yardsale-pnpm-store,target=/pnpm-store \
    npm_config_store_dir=/pnpm-store sh deploy/image.sh install
COPY --from=pruned /pruned/full/ ./
RUN sh deploy/image.sh build && sh deploy/image.sh deploy /app \
 && sh deploy/image.sh runtime /app /runtime

# No shell, package manager, npm, pnpm or turbo: node, the libraries it loads, and the app.
FROM scratch AS runtime
COPY --from=build /runtime/ /
COPY --from=build --chown=1000:1000 /runtime/data /data
COPY --from=build /app /app
COPY deploy/healthcheck.mjs /app/healthcheck.mjs
ENV PATH=/usr/local/bin \
    NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/web
WORKDIR /app
# The image's own unprivileged user: /app stays root's and read-only to it; it writes only to /data.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "/app/healthcheck.mjs"]
CMD ["node", "--enable-source-maps", "dist/main.js"]
