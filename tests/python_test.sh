#!/bin/sh
# tests/python_test.sh B: README's Python snippet, run verbatim by Python's
# sqlite3 module (Debian's python3), prints README's output.
#
# The interpreter: $PYTHON, else the first of python3 on PATH and
# /usr/bin/python3 whose sqlite3 module can load extensions (a Python built
# without --enable-loadable-sqlite-extensions, as pyenv's default, cannot).
set -u
. tests/harness.sh

can_load='import sqlite3; sqlite3.connect(":memory:").enable_load_extension'
py=""
for p in ${PYTHON:-python3 /usr/bin/python3}; do
  if "$p" -c "$can_load" >/dev/null 2>&1; then py=$p; break; fi
done

if [ -z "$py" ]; then
  fail "python: no ${PYTHON:-python3} whose sqlite3 module can load extensions (install Debian's python3)"
elif readme_block snippet python >"$TMP/snippet.py" &&
     readme_block output python >"$TMP/want"; then
  in_build_dir "$TMP/run"
  (cd "$TMP/run" && "$py" "$TMP/snippet.py") >"$TMP/got" 2>&1
  check "README Python snippet ($py)" "$(cat "$TMP/got")" "$(cat "$TMP/want")"
else
  fail "README.md: no '<!-- snippet python -->' / '<!-- output python -->' block"
fi

summary
