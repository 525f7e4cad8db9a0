#!/bin/sh
# Installs the Debian packages the project needs when they are missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
#   sh tools/deps.sh          build + test dependencies
#   sh tools/deps.sh fuzz     also clang and its sanitizer/libFuzzer runtime
set -u
pkgs="gcc make pkg-config sqlite3 libsqlite3-dev libidn2-dev libpsl-dev publicsuffix"
[ "${1:-}" = fuzz ] && pkgs="$pkgs clang libclang-rt-14-dev"

missing=""
for p in $pkgs; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
  case "$status" in *"install ok installed"*) ;; *) missing="$missing $p" ;; esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ]; then
  echo "tools/deps.sh: installing:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || {
    echo "tools/deps.sh: apt-get install failed" >&2; exit 1; }
else
  echo "tools/deps.sh: missing Debian packages; run:" >&2
  echo "  sudo apt-get install -y$missing" >&2
  exit 1
fi
