#!/bin/sh
# tests/quickstart_test.sh B: README's quick start, run as pasted: the
# sqlite3 shell block (make, .load), the Python block (a venv, `pip install
# .`, sqlite_url.load) and the Node block (`npm pack`, `npm install` of the
# tarball into a new folder, node:sqlite), each in a copy of this tree
# named sqlite-url (the name the Node block's path uses), given B's
# objects: `make` there finds them up to date, so only links.
# The packages built from a clean copy and a fresh build, and their other
# hosts (apsw, sqlite-utils, better-sqlite3, the release archive), are
# `make test-packages` (tests/packages/test.sh).
#
# Python: the first of python3 on PATH and /usr/bin/python3 that can load
# extensions (tests/packages/common.sh), as python3.  Node: a Node >=
# 22.13 (node:sqlite), from the npm registry when the one on PATH is older:
# that block is skipped, with the reason, only when none can be had.
set -u
. tests/harness.sh
. tests/packages/common.sh

# package.json must state a version (npm reads no other place): the one
# url_version() reports, which the Makefile and setup.py read.
version=$(env -u MAKEFLAGS -u MAKELEVEL make -s version)
check "package.json's version is url_version()'s ($version, ext/url_ext.c)" \
  "$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' package.json)" "$version"

SRC=$TMP/sqlite-url
if ! clean_copy "$SRC"; then
  fail "copying the tree into $SRC"
  summary
fi
# B's objects and dependency stamps, their times kept.
mkdir -p "$SRC/build"
for d in $(sed -n 's/^LAYERS := //p' layers.mk) ext; do
  [ -d "$B/$d" ] && cp -pR "$B/$d" "$SRC/build/"
done
cp -p "$B"/.deps-* "$SRC/build/" 2>/dev/null

run_block quickstart-shell "$SRC"

if py=$(usable_python); then
  mkdir -p "$TMP/py" && ln -s "$py" "$TMP/py/python3"
  run_block quickstart-pip "$SRC" PATH="$TMP/py:$PATH" PIP_NO_INDEX=1
else
  fail "python: no python3 that can load extensions and has venv, setuptools and wheel (sh tools/deps.sh test installs Debian's)"
fi

if n22=$(node22_bin 2>"$TMP/node22.err"); then
  run_block quickstart-npm "$SRC" PATH="$n22:$PATH" \
    npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
else
  skip "README quickstart-npm block: $(cat "$TMP/node22.err")"
fi

summary
