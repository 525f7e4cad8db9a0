#!/bin/sh
# tests/node_test.sh B: README's Node snippet, run verbatim with
# better-sqlite3, prints README's output.
#
# better-sqlite3 comes from the npm registry, installed once into B/node
# (reused while it loads).  It is built from source (node-gyp, a C++
# compiler) against the headers that come with node (Debian: libnode-dev),
# so nothing is downloaded but the registry package.  Skipped, with the
# reason printed, only when the registry cannot be reached.
set -u
. tests/harness.sh

MOD=$B/node/node_modules
# The newest better-sqlite3 line that supports this node (12.x dropped 18).
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)
case $node_major in
  '') fail "node: not found (sh tools/deps.sh test installs it)"; summary ;;
  1[0-9]) PKG=better-sqlite3@11.10.0 ;;
  *) PKG=better-sqlite3@12 ;;
esac

loads_module() {
  NODE_PATH=$MOD node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null
}

install_module() {
  registry=$(npm config get registry 2>/dev/null)
  if ! npm view "$PKG" version --fetch-retries=1 --fetch-timeout=20000 \
      >/dev/null 2>&1; then
    skip "node: the npm registry ($registry) cannot be reached to install $PKG"
    summary
  fi
  rm -rf "$B/node" && mkdir -p "$B/node" || return 1
  # node's own headers, so node-gyp downloads none.
  prefix=$(dirname "$(dirname "$(command -v node)")")
  if [ -r "$prefix/include/node/node_version.h" ]; then
    npm_config_nodedir=$prefix
    export npm_config_nodedir
  fi
  echo "node: installing $PKG into $B/node (built from source, once)"
  npm install --prefix "$B/node" --no-save --no-package-lock --no-audit \
    --no-fund --build-from-source "$PKG" >"$B/node/install.log" 2>&1
}

if ! loads_module && ! { install_module && loads_module; }; then
  fail "node: installing $PKG failed; the end of $B/node/install.log:"
  tail -n 20 "$B/node/install.log" 2>/dev/null | sed 's/^/    /'
elif readme_block snippet node >"$TMP/snippet.js" &&
     readme_block output node >"$TMP/want"; then
  in_build_dir "$TMP/run"
  (cd "$TMP/run" && NODE_PATH=$MOD node "$TMP/snippet.js") >"$TMP/got" 2>&1
  check "README Node snippet (node $(node --version), $PKG)" \
    "$(cat "$TMP/got")" "$(cat "$TMP/want")"
else
  fail "README.md: no '<!-- snippet node -->' / '<!-- output node -->' block"
fi

summary
