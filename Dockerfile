# syntax=docker/dockerfile:1
# YardSale's server and web app in one image. The build steps are deploy/image.sh's stages, the same
# script CI runs without Docker (deploy/image.test.sh). This image is not built on the machines the
# project is tested on (they have no Docker engine); see docs/deploy.md.
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
# until a dependency changes.
COPY --from=pruned /pruned/json/ ./
COPY deploy/image.sh deploy/image.sh
RUN sh deploy/image.sh install
COPY --from=pruned /pruned/full/ ./
RUN sh deploy/image.sh build && sh deploy/image.sh deploy /app

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/web
WORKDIR /app
COPY --from=build /app /app
COPY deploy/healthcheck.mjs /app/healthcheck.mjs
RUN mkdir -p /data && chown node:node /data
# The image's own unprivileged user: /app stays root's and read-only to it; it writes only to /data.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "/app/healthcheck.mjs"]
CMD ["node", "--enable-source-maps", "dist/main.js"]
