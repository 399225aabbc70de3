# The server image: one build (dist/api) holding both entry points, plus the built web (dist/web) the API serves on
# the same origin. Context: the repository root.
#   docker build -f docker/server.Dockerfile -t cancer-qa/server:latest .
# It runs the API by default; the worker is the same image started with another command:
#   node dist/api/apps/api/src/main.worker.js

# Only the package manifests, so the install layer below is reused until a dependency changes.
FROM node:24-bookworm-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . \( -name package.json -o -name package-lock.json -o -name .npmrc \) -print0 \
  | xargs -0 cp --parents -t /manifests

FROM node:24-bookworm-slim AS build
# A compiler in case a native module (argon2) has no prebuilt binary for this platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NX_DAEMON=false \
    NX_NO_CLOUD=true
COPY --from=manifests /manifests/ ./
# `npm install` honours the lock's versions; `npm ci` refuses our lock, which lacks platform packages the
# registry mirror we lock against does not carry (see README, Operations).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
# Runtime dependencies only. dist/* is self-contained, so the links to our own workspaces go too.
RUN npm prune --omit=dev \
 && rm -rf node_modules/@cqa

# Node 24, production dependencies, tini as PID 1 so SIGTERM reaches Node and the worker can drain, and var/
# (uploads, mail) as the one writable folder.
FROM node:24-bookworm-slim AS server
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
RUN mkdir -p var && chown 1000:1000 var
COPY --from=build /app/dist/api ./dist/api
COPY --from=build /app/dist/web ./dist/web
COPY docker/healthcheck.js ./docker/healthcheck.js
EXPOSE 8080
# Checks the API; the worker, which has no HTTP port, turns it off (Compose) or is not probed over HTTP (Kubernetes).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "docker/healthcheck.js"]
# The image's `node` user, by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/api/apps/api/src/main.js"]
