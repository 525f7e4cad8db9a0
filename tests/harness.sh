# tests/harness.sh: sourced by the tests/*_test.sh scripts (run by
# tools/run-tests.sh from the repository root, build directory in $1).
# Counts checks, prints only failures and skips, and ends with the summary
# line "N passed, N failed" that the runner adds up.

ROOT=$(pwd)
B=${1:?usage: sh $0 BUILD_DIR}
case $B in /*) ;; *) B=$ROOT/$B ;; esac
SO=.so
[ "$(uname -s)" = Darwin ] && SO=.dylib

passed=0
failed=0
TMP=$(mktemp -d) || exit 1
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
skip() { printf 'SKIP %s\n' "$*"; }

# check LABEL ACTUAL EXPECTED
check() {
  if [ "$2" = "$3" ]; then pass
  else fail "$1: got '$2', expected '$3'"
  fi
}

# summary: the last line; exit status 1 on any failure.
summary() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}

# readme_block KIND NAME: the fenced block that follows the line
# "<!-- KIND NAME -->" in README.md (KIND: snippet or output), without its
# fences; fails if there is none.  The tests run README's snippets verbatim
# and compare what they print with README's output blocks.
readme_block() {
  awk -v mark="<!-- $1 $2 -->" '
    $0 == mark { found = 1; next }
    found == 1 && /^```/ { found = 2; next }
    found == 2 && /^```/ { done = 1; exit }
    found == 2 { print }
    END { exit !done }' "$ROOT/README.md"
}

# in_build_dir DIR: makes DIR a place where README's relative "./build/url"
# names the extension under test (DIR/build is a link to $B).
in_build_dir() {
  mkdir -p "$1" && ln -s "$B" "$1/build"
}
