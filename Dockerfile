# Hausportal in one image: the API and the built web app it serves. deploy/README.md shows how
# to run it with PostgreSQL, Redis and Caddy (deploy/compose.yaml).

# ---- build: every dependency, the web build, then the dev dependencies dropped ----
# The full image has python3, make and g++ for better-sqlite3 when no prebuilt binary fits.
FROM node:24-bookworm AS build
WORKDIR /app

# The manifests first, so `npm ci` stays cached until a dependency changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci

COPY . .
# The web app and the server compiled ahead of time (apps/server/dist/server.js, issue 34). tsx is a
# dependency of apps/server (the CLI commands run from source), so it survives the prune.
RUN npm run build -w apps/web \
 && node scripts/build-server.mjs \
 && npm prune --omit=dev

# ---- runtime ----
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 SEED_DEMO=false

# Same WORKDIR and layout as the build stage: npm's workspace links are relative
# (node_modules/@hausportal/contract -> ../../packages/contract), and COPY keeps them as links.
COPY --from=build /app/package.json /app/tsconfig.base.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The templates of the legal pages a new install shows until an administrator saves them (issue 25).
COPY --from=build /app/docs/legal ./docs/legal

# SQLite and uploads on disk live in /data; with PostgreSQL and MEDIA_STORE=database it stays empty.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000

# server.ts is a cluster primary: it migrates once, forks WEB_CONCURRENCY workers and passes
# SIGTERM on to them, which finish their requests (up to 10 s) and the mail in hand (up to 5 s)
# and hand back what they could not send (ADR 027). SIGHUP replaces the workers one at a time.
STOPSIGNAL SIGTERM
# Readiness, not liveness (ADR 027): "healthy" means the database, the media store and Redis answer,
# so `docker compose ps` and anything that waits for "healthy" see a replica that cannot serve.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself, no wrapper: the primary is then the process tini signals, so
# `docker compose kill -s SIGHUP app` reaches it. Source maps name the TypeScript lines in stack traces.
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
