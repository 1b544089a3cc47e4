#!/usr/bin/env bash
# Runs a command as on a machine with only Node.js: in a Linux network namespace of its own, where
# nothing listens (no PostgreSQL on 5432, no Redis on 6379: the machine's servers are unreachable),
# and with a PATH on which no PostgreSQL or Redis program is found (redis-server, initdb, pg_ctl,
# postgres, psql ...), and without DATABASE_URL, REDIS_URL, TEST_DATABASE_URL or
# TEST_REDIS_URL, nor a browser for the browser tests. Needs root (ip netns). Examples, from the
# repository root:
#
#   scripts/bare-machine.sh npm test
#   scripts/bare-machine.sh npx jest test/e2e/orders
#
# The namespace (BARE_NETNS, default sfbare) is made if missing and removed afterwards if made here.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi
if [ "$(id -u)" != 0 ]; then
  echo "$0: needs root (ip netns)" >&2
  exit 2
fi

ns=${BARE_NETNS:-sfbare}
made_ns=false
if ! ip netns list | grep -qw "$ns"; then
  ip netns add "$ns"
  made_ns=true
fi
shadow=$(mktemp -d)
cleanup() {
  rm -rf "$shadow"
  if $made_ns; then ip netns del "$ns" || true; fi
}
trap cleanup EXIT
# Killed (a timeout, Ctrl-C): exit through the EXIT trap, so the namespace is removed.
trap 'exit 143' TERM
trap 'exit 130' INT
ip netns exec "$ns" ip link set lo up

# Programs a bare machine lacks. A PATH directory holding any of them is replaced by a directory of
# links to its other programs, so everything else (node, npm, git, which ...) is found as before.
hidden=" redis-server redis-cli redis-sentinel redis-benchmark postgres postmaster initdb pg_ctl pg_ctlcluster psql pg_isready createdb dropdb pg_dump pg_restore "
new_path=""
i=0
IFS=: read -r -a dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  [ -d "$dir" ] || continue
  holds=false
  for program in $hidden; do
    if [ -e "$dir/$program" ]; then holds=true; fi
  done
  if $holds; then
    i=$((i + 1))
    mkdir "$shadow/$i"
    for file in "$dir"/*; do
      name=$(basename "$file")
      case "$hidden" in *" $name "*) continue ;; esac
      ln -s "$file" "$shadow/$i/$name"
    done
    dir="$shadow/$i"
  fi
  new_path=${new_path:+$new_path:}$dir
done

# Server addresses from the shell would point at servers a bare machine does not have; nor has it a
# browser (the browser tests read CHROMIUM_PATH, test/support/browser.ts, and skip saying so).
ip netns exec "$ns" env -u DATABASE_URL -u REDIS_URL -u TEST_DATABASE_URL -u TEST_REDIS_URL \
  CHROMIUM_PATH=/bare-machine/has-no/chromium PATH="$new_path" "$@"
