# syntax=docker/dockerfile:1
# Quizdeck's container image (docs/operations.md, "Container image"). Not built on the machine this
# repository is tested on (it cannot pull base images); CI runs the same build commands and starts
# the bundled server instead (scripts/check-image.sh).

# ── deps: the npm packages, from the lockfile only ──────────────────────────────────────────────
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ── build: the Next build and the custom server bundled with esbuild, then dev packages dropped ─
FROM deps AS build
COPY . .
RUN npx next build \
 && node scripts/build-server.mjs \
 && npm prune --omit=dev --no-audit --no-fund

# ── runtime: node, the build, production packages; a user without privileges ──────────────────
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    QUIZDECK_DATA_DIR=/data
WORKDIR /app
RUN groupadd --system quizdeck \
 && useradd --system --gid quizdeck --home-dir /app --shell /usr/sbin/nologin quizdeck \
 && mkdir -p /data && chown quizdeck:quizdeck /data
COPY --from=build /app/package.json /app/next.config.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/dist ./dist
# Read at run time from src/: migrations, demo quizzes, the import worker (which compiles the
# import parsers of src/core with tsx) and the i18n request config that next.config.ts names.
COPY --from=build /app/src ./src
USER quizdeck
# PGlite's data (without DATABASE_URL). Several instances need PostgreSQL and Redis instead.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The bundle of src/server/main.ts (scripts/build-server.mjs): plain node, no TypeScript at start.
CMD ["node", "dist/server/main.mjs"]
