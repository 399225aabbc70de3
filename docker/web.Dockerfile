# The built web (shell + patient, expert and admin remotes) behind an unprivileged nginx, for teams that put
# the bundle on a CDN or edge. The default deployment does not need it: the server image serves the same files.
# Context: the repository root.
#   docker build -f docker/web.Dockerfile -t cancer-qa/web:latest .
# The edge in front must route /api/* and /admin/queues to the API (one origin, no CORS).

FROM node:24-bookworm-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . \( -name package.json -o -name package-lock.json -o -name .npmrc \) -print0 \
  | xargs -0 cp --parents -t /manifests

FROM node:24-bookworm-slim AS build
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

# The layout the API serves: the shell at /, each remote under /remotes/<name>/.
FROM nginxinc/nginx-unprivileged:1.30-alpine AS web
COPY docker/web.nginx.conf /etc/nginx/conf.d/default.conf
COPY docker/web.security-headers.conf /etc/nginx/cqa/security-headers.conf
COPY --from=build /app/dist/web/shell/ /usr/share/nginx/html/
COPY --from=build /app/dist/web/patient/ /usr/share/nginx/html/remotes/patient/
COPY --from=build /app/dist/web/expert/ /usr/share/nginx/html/remotes/expert/
COPY --from=build /app/dist/web/admin/ /usr/share/nginx/html/remotes/admin/
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
# The image's nginx user (uid 101).
USER 101:101
