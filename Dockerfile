# Production image: compiled JavaScript, production dependencies only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY migrations ./migrations
COPY proto ./proto
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
# The V8 heap sized for a service, not for the machine: without a limit V8 sizes its heap from the
# host's memory and lets it swell far past what is live between collections (RSS peaks of 300+ MiB
# under load for ~170 MiB in use); a smaller young generation trims the resident set at start.
# Every node process of the image (api, worker, cli) gets them; see docs/benchmarks.md (memory).
ENV NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=384"
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
COPY proto ./proto
USER node
EXPOSE 3000 50051
# Migrations run at start-up (MIGRATIONS_RUN=true); several replicas take turns on an advisory lock.
CMD ["node", "dist/src/main.js"]
