#!/bin/sh
# tests/install_test.sh B: the extension as users install and load it.
#  - `make install DESTDIR=...` puts exactly $PREFIX/lib/sqlite3-url/url.so
#    there, and the sqlite3 shell loads it by that path; `make uninstall`
#    removes exactly that;
#  - copies renamed sqlite-url.so, liburl.so, ... load with a plain `.load`
#    (SQLite tries sqlite3_extension_init first);
#  - the shared object exports only its two entry points;
#  - make honours CC, CPPFLAGS, CFLAGS, LDFLAGS;
#  - README's sqlite3 shell snippet, run verbatim, prints README's output.
set -u
. tests/harness.sh

BREL=$1
QUERY="SELECT url_hostname('https://www.EXAMPLE.com:8080/');"

# loads LABEL FILE [ENTRY]: a fresh sqlite3 shell loads FILE and runs QUERY.
loads() {
  got=$(sqlite3 -batch :memory: ".load $2 ${3:-}" "$QUERY" 2>&1)
  check "$1" "$got" www.example.com
}

# mk ARGS...: runs this repository's make (not as part of the caller's
# jobserver), quietly unless it fails.
mk() {
  if ! env -u MAKEFLAGS -u MAKELEVEL make --no-print-directory B="$BREL" "$@" \
      >"$TMP/make.out" 2>&1; then
    fail "make $*: $(cat "$TMP/make.out")"
    return 1
  fi
}

# files DIR: every file under DIR, one per line, relative and sorted.
files() { (cd "$1" && find . -type f | sort); }

# --- install into a DESTDIR, load by the installed path, uninstall
D=$TMP/dest
EXT=usr/local/lib/sqlite3-url/url$SO
if mk install DESTDIR="$D"; then
  check "install: the files installed" "$(files "$D")" "./$EXT"
  loads "install: load by installed path" "$D/${EXT%$SO}"
  loads "install: load by installed file name" "$D/$EXT"
  mk uninstall DESTDIR="$D" &&
    check "uninstall: nothing left" "$(files "$D")$(ls "$D/usr/local/lib")" ""
fi

if mk install DESTDIR="$D" PREFIX=/opt/url; then
  check "install PREFIX=/opt/url" "$(files "$D")" "./opt/url/lib/sqlite3-url/url$SO"
  echo keep >"$D/opt/url/lib/sqlite3-url/other.txt"
  mk uninstall DESTDIR="$D" PREFIX=/opt/url &&
    check "uninstall: removes only its file" "$(files "$D")" \
      "./opt/url/lib/sqlite3-url/other.txt"
fi

# --- any file name
mkdir "$TMP/names"
for name in sqlite-url liburl url-0.1.0 sqlite3_url_ext; do
  cp "$B/url$SO" "$TMP/names/$name$SO"
  loads "renamed copy $name$SO: plain .load" "$TMP/names/$name"
done
loads "renamed copy: named entry point" "$TMP/names/sqlite-url" sqlite3_url_init

# --- exports: the entry points and nothing else
if [ "$(uname -s)" = Linux ] && command -v nm >/dev/null 2>&1; then
  check "exported symbols (nm -D)" \
    "$(nm -D --defined-only "$B/url$SO" | awk '{ print $3 }' | sort | tr '\n' ' ')" \
    "sqlite3_extension_init sqlite3_url_init "
else
  skip "exported symbols: checked with GNU nm on Linux only"
fi

# --- make honours the user's CC, CPPFLAGS, CFLAGS, LDFLAGS (dry run)
if mk -n -B V=1 "$BREL/url$SO" CC=my-cc CPPFLAGS=-DMY_CPP CFLAGS=-Omy LDFLAGS=-Lmy; then
  compile=$(grep -c '^my-cc .*-DMY_CPP .*-Omy .*-c ' "$TMP/make.out")
  link=$(grep -c '^my-cc .*-Omy .*-Lmy .*url\.' "$TMP/make.out")
  # every layer layers.mk lists, and ext/
  check "make CC= CPPFLAGS= CFLAGS=: every compile" "$compile" \
    "$(for d in $(sed -n 's/^LAYERS := //p' layers.mk) ext; do ls "$d"/*.c; done | wc -l | tr -d ' ')"
  check "make CC= CFLAGS= LDFLAGS=: the link" "$link" 1
fi

# --- README's sqlite3 shell snippet
if readme_block snippet shell >"$TMP/shell.sql" &&
   readme_block output shell >"$TMP/shell.want"; then
  in_build_dir "$TMP/shell"
  (cd "$TMP/shell" && sqlite3 -batch :memory: <"$TMP/shell.sql") >"$TMP/shell.got" 2>&1
  check "README sqlite3 shell snippet" "$(cat "$TMP/shell.got")" "$(cat "$TMP/shell.want")"
else
  fail "README.md: no '<!-- snippet shell -->' / '<!-- output shell -->' block"
fi

summary
