#!/usr/bin/env bash
# Time from a fresh clone to the first answered request, on the zero-setup path of the README: a
# `git clone` of this repository, its dependencies (node_modules of this checkout linked in place of
# `npm install`, which needs the network and is not timed), then what `npm run serve` runs (build,
# then start) with no DATABASE_URL, REDIS_URL or APP_KEY and a new DATA_DIR, until GET /health/live
# answers 200: the first run initialises the embedded PostgreSQL. Then a restart on the same data.
#
# For a bare machine, run it inside scripts/bare-machine.sh (no PostgreSQL, no Redis reachable):
#
#   scripts/bare-machine.sh scripts/first-request.sh
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
# As root the embedded PostgreSQL runs as the `postgres` user, which must be able to enter DATA_DIR.
chmod 755 "$work"
port=${PORT:-3000}
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  # The server stops its embedded PostgreSQL; wait for it before removing the data.
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# Polls GET /health/live (Node's fetch: nothing but Node.js is assumed) until 200, for at most 180 s.
wait_live() {
  node -e '
    const url = process.argv[1];
    const deadline = Date.now() + 180_000;
    (async () => {
      for (;;) {
        const ok = await fetch(url).then((r) => r.status === 200, () => false);
        if (ok) process.exit(0);
        if (Date.now() > deadline) process.exit(1);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();' "http://127.0.0.1:$port/health/live"
}

serve() {
  env -u DATABASE_URL -u REDIS_URL -u APP_KEY NODE_ENV=development DATA_DIR="$work/var" PORT="$port" \
    LOG_LEVEL=warn STORE_BACKEND=postgres QUEUE_BACKEND=postgres node dist/src/main.js >>"$work/serve.log" 2>&1 &
  server=$!
}

stop() {
  kill -TERM "$server"
  wait "$server" || true
  server=""
}

t0=$(now)
git clone -q "$repo" "$work/app"
ln -s "$repo/node_modules" "$work/app/node_modules"
cd "$work/app"
clone=$(since "$t0")

t1=$(now)
npm run -s build >/dev/null
build=$(since "$t1")

t2=$(now)
serve
if ! wait_live; then
  cat "$work/serve.log" >&2
  exit 1
fi
first=$(since "$t2")
total=$(since "$t0")
stop

t3=$(now)
serve
wait_live || { cat "$work/serve.log" >&2; exit 1; }
restart=$(since "$t3")
stop

echo "clone ${clone} s, build ${build} s, first start to /health/live ${first} s (embedded PostgreSQL initdb included)"
echo "total from git clone to the first answered request: ${total} s (after npm install)"
echo "restart on the same data to /health/live: ${restart} s"
