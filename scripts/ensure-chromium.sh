#!/usr/bin/env bash
# Chromium for the browser test of the n8n editor (test/e2e/editor.e2e.test.ts, driven by playwright-core):
# Debian's package `chromium`, at /usr/bin/chromium. Called by `npm run test:e2e` after scripts/ensure-n8n.sh.
#
#   bash scripts/ensure-chromium.sh     instant when /usr/bin/chromium runs; installs it when missing and root
#
# Root (CI's container, a fresh VM): `apt-get install -y chromium` (about 1-2 minutes, once per machine). Not
# root: stops with the reason and the command to run, since a system package needs root. Works without stdin.
#
# Environment:
#   CHROMIUM   the browser to use instead of /usr/bin/chromium (must run `--version`)
set -euo pipefail

log() { printf '[ensure-chromium] %s\n' "$*" >&2; }
BIN="${CHROMIUM:-/usr/bin/chromium}"

works() { "$BIN" --version </dev/null >/dev/null 2>&1; }

if [ -x "$BIN" ] && works; then
  log "$("$BIN" --version </dev/null 2>/dev/null | head -1) at $BIN"
  exit 0
fi
if [ -n "${CHROMIUM:-}" ]; then
  log "CHROMIUM=$BIN does not run ($BIN --version failed): point CHROMIUM at a Chromium, or unset it to use Debian's /usr/bin/chromium"
  exit 1
fi
if [ "$(id -u)" != "0" ]; then
  log "Chromium is missing: the browser test of the n8n editor needs Debian's chromium at /usr/bin/chromium,"
  log "and installing a system package needs root. Run:  sudo apt-get install -y chromium"
  exit 1
fi
command -v apt-get >/dev/null 2>&1 || {
  log "Chromium is missing and this machine has no apt-get: install Chromium and set CHROMIUM=<its path>"
  exit 1
}
T0=$(date +%s)
log "installing Debian's chromium (apt-get install -y chromium; once per machine, about 1-2 minutes)"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y chromium </dev/null >/dev/null 2>&1; then
  log "  apt-get install failed; running apt-get update first"
  apt-get update -qq </dev/null >/dev/null 2>&1 || { log "apt-get update failed"; exit 1; }
  apt-get install -y chromium </dev/null >/dev/null 2>&1 \
    || { log "apt-get install -y chromium failed; run it by hand to see why"; exit 1; }
fi
works || { log "chromium was installed but $BIN --version fails"; exit 1; }
log "$("$BIN" --version </dev/null 2>/dev/null | head -1) installed in $(( $(date +%s) - T0 )) s"
