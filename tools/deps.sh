#!/bin/sh
# tools/deps.sh [GROUP...]: checks that what the project needs is installed.
# When something is missing: as root on a system with apt-get it installs the
# Debian packages; otherwise it prints the exact install line for the package
# manager it finds (apt-get, dnf, apk, pacman, brew; `sudo` when not root)
# and fails.  The Makefile runs it once per build directory (a stamp file).
#
#   build    C compiler, make, pkg-config, the sqlite3 shell, SQLite, libidn2,
#            libpsl, the Public Suffix List data, and for warc/ ISA-L's
#            igzip, zlib, zstd, brotli's decoder and nettle's hashes
#                                                        (the default group)
#   test     python3, node + npm + a C++ compiler + node's headers (the tests
#            that load the extension from Python and Node), psl-make-dafsa
#            (DAFSA lists for the public suffix tests), valgrind
#            (tests/growth_test.sh counts instructions), liburiparser
#            (tests/uriparser_diff_test.c, the RFC 3986 differential)
#            python3's venv, setuptools and wheel (README's quick start:
#            `pip install .` into a venv, tests/quickstart_test.sh)
#   packages python3-build, apsw, sqlite-utils, pluggy (`make test-packages`:
#            the wheel built and queried through sqlite3, apsw, sqlite-utils
#            and its plugin hook)
#   fuzz     clang with libFuzzer
#   bench    zlib (bench/html_bench reads gzipped pages); libgumbo, for the
#            HTML parser comparison (the bench only); liburiparser, for
#            the uri_* comparison (bench/uriparserext.c); ISA-L and
#            libdeflate, the inflaters bench/warc_bench measures against zlib
#   cluster  dqlite: libdqlite-dev and go-dqlite's `dqlite` shell
#
# Checks look at commands, pkg-config modules and files, so they work on any
# system; without pkg-config (a fresh Debian) a library is looked up with
# dpkg-query instead.
set -u

# Requirement table: group, check, then the package that provides it for
# apt-get, dnf, apk, pacman and brew ('-': not needed or not packaged there).
REQS='
build   cmd:cc          gcc             gcc                gcc          gcc             -
build   cmd:make        make            make               make         make            -
build   cmd:pkg-config  pkg-config      pkgconf-pkg-config pkgconf      pkgconf         pkg-config
build   cmd:sqlite3     sqlite3         sqlite             sqlite       sqlite          sqlite
build   pc:sqlite3      libsqlite3-dev  sqlite-devel       sqlite-dev   sqlite          sqlite
build   pc:libidn2      libidn2-dev     libidn2-devel      libidn2-dev  libidn2         libidn2
build   pc:libpsl       libpsl-dev      libpsl-devel       libpsl-dev   libpsl          libpsl
build   psl-data        publicsuffix    publicsuffix-list  -            publicsuffix-list -
build   pc:zlib         zlib1g-dev      zlib-devel         zlib-dev     zlib            zlib
build   pc:libzstd      libzstd-dev     libzstd-devel      zstd-dev     zstd            zstd
build   pc:libbrotlidec libbrotli-dev   brotli-devel       brotli-dev   brotli          brotli
build   pc:nettle       nettle-dev      nettle-devel       nettle-dev   nettle          nettle
build   pc:libisal      libisal-dev     isa-l-devel        isa-l-dev    isa-l           isa-l
test    cmd:python3     python3         python3            python3      python          python
test    cmd:node        nodejs          nodejs             nodejs       nodejs          node
test    cmd:npm         npm             npm                npm          npm             -
test    cmd:c++         g++             gcc-c++            g++          gcc             -
test    node-headers    libnode-dev     nodejs-devel       nodejs-dev   -               -
test    cmd:psl-make-dafsa psl-make-dafsa psl-make-dafsa   libpsl-utils libpsl          libpsl
test    cmd:valgrind    valgrind        valgrind           valgrind     valgrind        -
test    pc:liburiparser liburiparser-dev uriparser-devel   uriparser-dev uriparser      uriparser
test    py:ensurepip    python3-venv    python3            python3      python          -
test    py:setuptools   python3-setuptools python3-setuptools py3-setuptools python-setuptools -
test    py:wheel        python3-wheel   python3-wheel      py3-wheel    python-wheel    -
packages py:build       python3-build   python3-build      py3-build    python-build    -
packages py:apsw        python3-apsw    python3-apsw       py3-apsw     python-apsw     -
packages py:pluggy      python3-pluggy  python3-pluggy     py3-pluggy   python-pluggy   -
packages cmd:sqlite-utils sqlite-utils  -                  -            -               -
fuzz    cmd:clang       clang           clang              clang        clang           llvm
fuzz    libfuzzer       libclang-rt-dev compiler-rt        compiler-rt  compiler-rt     -
bench   pc:zlib         zlib1g-dev      zlib-devel         zlib-dev     zlib            zlib
bench   pc:gumbo        libgumbo-dev    gumbo-parser-devel gumbo-parser-dev gumbo-parser -
bench   pc:liburiparser liburiparser-dev uriparser-devel   uriparser-dev uriparser      uriparser
bench   pc:libisal      libisal-dev     isa-l-devel        isa-l-dev    isa-l           isa-l
bench   pc:libdeflate   libdeflate-dev  libdeflate-devel   libdeflate-dev libdeflate    libdeflate
cluster pc:dqlite       libdqlite-dev   -                  -            -               -
cluster cmd:dqlite      go-dqlite       -                  -            -               -
'

have_cmd() { command -v "$1" >/dev/null 2>&1; }

# The package manager: its column in REQS and its name.
pm_col=0
for pm in apt-get dnf apk pacman brew; do
  pm_col=$((pm_col + 1))
  have_cmd "$pm" && break
  pm=none
done

# dpkg_has PACKAGE: installed according to dpkg.
dpkg_has() {
  case $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) in
    *"install ok installed"*) return 0 ;;
  esac
  return 1
}

# met CHECK DEBIAN_PACKAGE: is the requirement satisfied?
met() {
  case $1 in
    cmd:*) have_cmd "${1#cmd:}" ;;
    pc:*)
      if have_cmd pkg-config; then pkg-config --exists "${1#pc:}"
      elif have_cmd dpkg-query; then dpkg_has "$2"
      else return 1
      fi ;;
    psl-data) [ -r /usr/share/publicsuffix/public_suffix_list.dat ] ;;
    py:*) # a module of python3; with apt-get, of Debian's python3 (the
          # one Debian's packages install into, which a pyenv python3
          # first on PATH does not see)
      py=python3
      [ "$pm" = apt-get ] && [ -x /usr/bin/python3 ] && py=/usr/bin/python3
      # (from /: a build/ folder here would pass for the module build)
      have_cmd "$py" && (cd / && "$py" -c "import ${1#py:}") >/dev/null 2>&1 ;;
    node-headers) # what node-gyp builds against without downloading
      node=$(command -v node) || return 1
      [ -r "${node%/bin/node}/include/node/node_version.h" ] ;;
    libfuzzer) # clang can link a libFuzzer target
      have_cmd clang || return 1
      printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' |
        clang -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1 ;;
    *) echo "tools/deps.sh: unknown check $1" >&2; return 1 ;;
  esac
}

groups=${*:-build}
missing=""      # packages to install
unpackaged=""   # requirements this package manager has no package for
for group in $groups; do
  case " build test packages fuzz bench cluster " in
    *" $group "*) ;;
    *) echo "tools/deps.sh: unknown group '$group' (build, test, packages, fuzz, bench, cluster)" >&2
       exit 2 ;;
  esac
  table=$(printf '%s\n' "$REQS" | while read -r g check rest; do
    [ "$g" = "$group" ] && printf '%s %s\n' "$check" "$rest"
  done)
  while read -r check deb rest; do
    [ -n "$check" ] || continue
    # shellcheck disable=SC2086 # the package columns, split on blanks
    set -- $deb $rest
    shift $((pm_col - 1))
    pkg=$1
    [ "$pm" = none ] && pkg=${check#*:}
    met "$check" "$deb" && continue
    if [ "$pkg" = - ]; then
      case $check in
        cmd:*) what="command ${check#cmd:}" ;;
        pc:*) what="pkg-config module ${check#pc:}" ;;
        py:*) what="python3 module ${check#py:}" ;;
        *) what=$check ;;
      esac
      unpackaged="${unpackaged:+$unpackaged, }$what"
    else
      case " $missing " in *" $pkg "*) ;; *) missing="$missing $pkg" ;; esac
    fi
  done <<EOF
$table
EOF
done

[ -z "$missing$unpackaged" ] && exit 0
if [ -n "$unpackaged" ]; then
  echo "tools/deps.sh: no $pm package for: $unpackaged; install by hand" >&2
  [ -z "$missing" ] && exit 1
fi

root=0
[ "$(id -u)" = 0 ] && root=1
if [ "$pm" = apt-get ] && [ "$root" = 1 ]; then
  echo "tools/deps.sh: installing:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086 # one word per package
  if apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null; then
    exit 0
  fi
  echo "tools/deps.sh: apt-get install failed" >&2
  exit 1
fi

sudo=""
[ "$root" = 0 ] && sudo="sudo "
case $pm in
  apt-get) line="${sudo}apt-get install -y$missing" ;;
  dnf)     line="${sudo}dnf install -y$missing" ;;
  apk)     line="${sudo}apk add$missing" ;;
  pacman)  line="${sudo}pacman -S --needed$missing" ;;
  brew)    line="brew install$missing" ;;
  *)       line="(no known package manager) install:$missing" ;;
esac
echo "tools/deps.sh: missing packages; run:" >&2
echo "  $line" >&2
exit 1
