# Sourced by scripts/ensure-*.sh: Debian packages extracted into a folder of the machine cache, with no
# system install and no root-owned state (apt-get download + dpkg -x). The caller defines log().

# extract_debian_packages DIR PKG...: DIR is emptied, then holds the packages' files (DIR/usr/...).
extract_debian_packages() {
  local dir="$1"
  shift
  local debs="$dir.debs"
  rm -rf "$debs" "$dir"
  mkdir -p "$debs" "$dir"
  if ! (cd "$debs" && apt-get download "$@" </dev/null >/dev/null 2>&1); then
    log "  apt-get download failed; running apt-get update first"
    apt-get update -qq </dev/null >/dev/null 2>&1 || log "  apt-get update failed (not root?)"
    (cd "$debs" && apt-get download "$@" </dev/null) || { log "apt-get download $* failed"; exit 1; }
  fi
  local f
  for f in "$debs"/*.deb; do dpkg -x "$f" "$dir"; done
  rm -rf "$debs"
}
