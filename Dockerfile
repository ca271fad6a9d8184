# syntax=docker/dockerfile:1
# Quizdeck's container image (docs/operations.md, "Container image"). Not built on the machine this
# repository is tested on (it cannot pull base images); CI runs the same build commands and starts
# the bundled server instead (scripts/check-image.sh).

# ── deps: the npm packages, from the lockfile only ──────────────────────────────────────────────
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ── build: the Next build, the server and its worker threads bundled with esbuild, and the
#    runtime's files laid out in /image (scripts/image-files.mjs: the build, the bundles, the data
#    files, the packages the production dependencies need; no TypeScript, no tsx) ──────────────
FROM deps AS build
COPY . .
RUN npm run build \
 && node scripts/build-server.mjs \
 && node scripts/image-files.mjs /image

# ── runtime: node, the build, production packages; a user without privileges ──────────────────
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    QUIZDECK_DATA_DIR=/data
WORKDIR /app
RUN groupadd --system quizdeck \
 && useradd --system --gid quizdeck --home-dir /app --shell /usr/sbin/nologin quizdeck \
 && mkdir -p /data && chown quizdeck:quizdeck /data
# package.json, next.config.mjs, .next, dist/server (the server, the import worker, the FSRS
# worker, PGlite's worker), src/db/migrations and src/db/seed/quizzes (data, read at run time),
# node_modules.
# scripts/check-image.sh starts the server from the same layout.
COPY --from=build /image ./
USER quizdeck
# PGlite's data (without DATABASE_URL). Several instances need PostgreSQL and Redis instead.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The bundle of src/server/main.ts (scripts/build-server.mjs): plain node, no TypeScript at run time.
CMD ["node", "dist/server/main.mjs"]
