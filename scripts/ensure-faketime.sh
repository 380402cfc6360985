#!/usr/bin/env bash
# Installs libfaketime (Debian's packages faketime and libfaketime) into the machine cache, shared by every
# clone, for tests run under a shifted clock (scripts/shifted-clock.js). Prints the library's path.
#   ~/.cache/n8n-nodes-terminal49/faketime/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
# The plain library, not libfaketimeMT.so.1: the MT one takes a lock and makes two system calls on every read of
# the clock, which made Date.now() about 40 times slower (6 µs a call) and the shifted unit run 3 to 4 times slower
# than the real one. The shift here is a fixed offset (FAKETIME=+<seconds>), the same for every thread.
# Idempotent (a stamp); works without stdin. FAKETIME_CACHE overrides the folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MACHINE_CACHE="${T49_MACHINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-terminal49}"
DIR="${FAKETIME_CACHE:-$MACHINE_CACHE/faketime}"
STAMP="r1"
LIB="$DIR/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

log() { printf '[ensure-faketime] %s\n' "$*" >&2; }
# shellcheck source=lib/debian-packages.sh
. "$ROOT/scripts/lib/debian-packages.sh"

if [ ! -f "$DIR/.stamp" ] || [ "$(cat "$DIR/.stamp")" != "$STAMP" ] || [ ! -f "$LIB" ]; then
  log "installing libfaketime from Debian packages into $DIR"
  extract_debian_packages "$DIR" faketime libfaketime
  [ -f "$LIB" ] || { log "libfaketime is not at $LIB after extraction"; exit 1; }
  # the shifted clock must reach a child process: check it does
  got=$(LD_PRELOAD="$LIB" FAKETIME="@2031-01-02 03:04:05" TZ=UTC date -u +%Y </dev/null)
  [ "$got" = "2031" ] || { log "libfaketime does not shift the clock (date said $got)"; exit 1; }
  echo "$STAMP" > "$DIR/.stamp"
fi
printf '%s\n' "$LIB"
