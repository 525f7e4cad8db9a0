#!/bin/sh
# tests/deps_test.sh B: tools/deps.sh on systems this machine is not: each
# case runs it with PATH holding only stub commands (a package manager, id,
# dpkg-query, pkg-config, the tools found or not), and checks the install
# line it prints, or the apt-get it runs as root.
set -u
. tests/harness.sh

# stub DIR NAME [BODY]: an executable DIR/bin/NAME running BODY (default:
# succeed quietly).
stub() {
  mkdir -p "$1/bin"
  printf '#!/bin/sh\n%s\n' "${3:-exit 0}" >"$1/bin/$2"
  chmod +x "$1/bin/$2"
}

# system DIR UID PM INSTALLED...: a fake system whose package manager is PM
# (apt-get also gets dpkg-query), running as UID, on which INSTALLED (commands
# cc, make, ...; pkg-config modules pc:NAME; Debian packages deb:NAME) are
# present.
system() {
  dir=$1 uid=$2 pm=$3
  shift 3
  rm -rf "$dir"
  stub "$dir" id "echo $uid"
  stub "$dir" "$pm" "echo \"\$*\" >>'$dir/ran'"
  pcs="" debs=""
  for x in "$@"; do
    case $x in
      pc:*) pcs="$pcs ${x#pc:}" ;;
      deb:*) debs="$debs ${x#deb:}" ;;
      *) stub "$dir" "$x" ;;
    esac
  done
  [ -f "$dir/bin/pkg-config" ] && stub "$dir" pkg-config \
    "case \" $pcs \" in *\" \$2 \"*) exit 0 ;; esac; exit 1"
  [ "$pm" = apt-get ] && stub "$dir" dpkg-query \
    "for p; do :; done; case \" $debs \" in *\" \$p \"*) echo 'install ok installed' ;; esac"
}

# deps DIR GROUP...: runs tools/deps.sh in the fake system; sets out, status.
deps() {
  d=$1
  shift
  out=$(PATH=$d/bin /bin/sh "$ROOT/tools/deps.sh" "$@" 2>&1)
  status=$?
}

# The last line printed (the install line), without leading blanks.
line() { printf '%s\n' "$out" | tail -n 1 | sed 's/^ *//'; }

# warc/'s libraries first, so that ${BUILD% ...} still drops the last ones.
BUILD="cc make sqlite3 pkg-config pc:zlib pc:libzstd pc:libbrotlidec pc:nettle pc:libisal pc:sqlite3 pc:libidn2 pc:libpsl"
S=$TMP/sys

system "$S" 1000 apt-get $BUILD
deps "$S" build
check "all there: silent success" "$status:$out" "0:"

system "$S" 1000 apt-get ${BUILD% pc:libpsl}
deps "$S" build
check "apt, not root: the line starts with sudo" "$status:$(line)" \
  "1:sudo apt-get install -y libpsl-dev"

system "$S" 0 apt-get ${BUILD% pc:libpsl}
deps "$S" build
check "apt, root: runs apt-get" "$status:$(cat "$S/ran")" \
  "0:update -qq
install -y -qq libpsl-dev"

# A fresh Debian: no pkg-config yet, so libraries are asked of dpkg-query.
system "$S" 1000 apt-get cc make sqlite3 deb:zlib1g-dev deb:libzstd-dev \
  deb:libbrotli-dev deb:nettle-dev deb:libisal-dev deb:libsqlite3-dev deb:libidn2-dev
deps "$S" build
check "apt without pkg-config: dpkg-query" "$status:$(line)" \
  "1:sudo apt-get install -y pkg-config libpsl-dev"

system "$S" 1000 dnf $BUILD
deps "$S" build test
check "dnf" "$status:$(line)" \
  "1:sudo dnf install -y python3 nodejs npm gcc-c++ nodejs-devel psl-make-dafsa valgrind uriparser-devel python3-setuptools python3-wheel"

deps "$S" packages
check "dnf: the packages group, sqlite-utils not packaged" "$status:$out" \
  "1:tools/deps.sh: no dnf package for: command sqlite-utils; install by hand
tools/deps.sh: missing packages; run:
  sudo dnf install -y python3-build python3-apsw python3-pluggy"

system "$S" 0 apk ${BUILD% pc:sqlite3 pc:libidn2 pc:libpsl}
deps "$S" build
check "apk as root: printed, no sudo" "$status:$(line)" \
  "1:apk add sqlite-dev libidn2-dev libpsl-dev"

system "$S" 1000 pacman ${BUILD% pc:libpsl}
deps "$S" build
check "pacman" "$status:$(line)" "1:sudo pacman -S --needed libpsl"

system "$S" 501 brew make sqlite3 pkg-config pc:zlib pc:libzstd pc:libbrotlidec pc:nettle pc:libisal pc:sqlite3 pc:libidn2
deps "$S" build
check "brew: no sudo, and the compiler is not brew's" "$status:$out" \
  "1:tools/deps.sh: no brew package for: command cc; install by hand
tools/deps.sh: missing packages; run:
  brew install libpsl"

system "$S" 1000 dnf $BUILD
deps "$S" cluster
check "dqlite where it is not packaged" "$status:$out" \
  "1:tools/deps.sh: no dnf package for: pkg-config module dqlite, command dqlite; install by hand"

deps "$S" nonsense
check "unknown group" "$status" 2

summary
