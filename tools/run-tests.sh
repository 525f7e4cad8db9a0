#!/bin/sh
# tools/run-tests.sh B: runs every test of build tree B (build, build-san)
# from the repository root, JOBS at a time (default: the cores):
#   - each $B/tests/*_test program (WPT conformance and unit tests), then
#   - the SQL tests (tools/run-sql-tests.sh B), then
#   - each tests/*_test.sh B (install, renamed copies, Python, Node, the
#     README's snippets and SQL blocks), except under sanitizers.
# Every suite ends its output with "N passed, N failed".  A suite fails if it
# reports failures, exits non-zero (crash, sanitizer report, leak), or prints
# no such summary; such a suite adds one failure to the totals if it did not
# report one itself.  Prints each suite's output, then as the last line the
# totals "N passed, N failed"; exits non-zero if anything failed.
#
# VERBOSE=1 (make test VERBOSE=1) is passed on to the test programs in the
# environment: those that list deliberate differences from their data
# (canon_test, validation_test) then print each, not only their count.
#
# URL_TEST_FULL=1 (make test-full) likewise: the exhaustive sweeps
# (tests/check.h, check_full; tests/growth_test.sh) instead of samples.
#
# SANITIZE=1 (make test-sanitize): the test programs are instrumented
# themselves; run-sql-tests.sh preloads the runtimes into sqlite3.  Leak
# detection is on for both.
set -u

B=${1:?usage: tools/run-tests.sh BUILD_DIR}
cd "$(dirname "$0")/.." || exit 1

if [ "${SANITIZE:-0}" = 1 ]; then
  # exitcode: tell a sanitizer's death apart from a suite's own failure.
  ASAN_OPTIONS="detect_leaks=1:exitcode=86${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=87${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
  export ASAN_OPTIONS UBSAN_OPTIONS
fi

passed=0
failed=0
out=$(mktemp -d) || exit 1
trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT TERM

# The suites run JOBS at a time (default: the machine's cores), each into a
# file of its own; their outputs are printed in the order listed, whole.
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
n=0
# add_suite NAME COMMAND...: lists a suite (the command's words have no
# spaces: paths under the repository and B).
add_suite() {
  n=$((n + 1))
  f=$out/$(printf %04d "$n")
  printf '%s\n' "$1" >"$f.name"
  shift
  printf '%s\n' "$*" >"$f.cmd"
}

# report_suite F: echoes suite F's output, adds its counts.
report_suite() {
  name=$(cat "$1.name")
  status=$(cat "$1.rc" 2>/dev/null || echo 1)
  echo "== $name"
  cat "$1.out"
  # The last summary line, not the last line: a sanitizer's report may
  # follow it (the exit status then fails the suite).
  summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1.out" | tail -n 1)
  if [ -z "$summary" ]; then
    echo "$name: no summary line (exit status $status)"
    failed=$((failed + 1))
    return
  fi
  p=${summary%% passed*}
  f=${summary#*passed, }
  f=${f%% failed}
  passed=$((passed + p))
  failed=$((failed + f))
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "$name: exit status $status despite no failures"
    failed=$((failed + 1))
  elif [ "$status" -eq 0 ] && [ "$f" -ne 0 ]; then
    echo "$name: exit status 0 despite failures"
  fi
}

found=0
for t in "$B"/tests/*_test; do
  [ -f "$t" ] && [ -x "$t" ] || continue
  found=$((found + 1))
  add_suite "${t##*/}" "$t"
done
if [ "$found" -eq 0 ]; then
  echo "no test programs in $B/tests (build them first)"
  failed=$((failed + 1))
fi

add_suite sql-tests sh tools/run-sql-tests.sh "$B"

# Host tests (install, file names, Python, Node, README snippets): each
# tests/*_test.sh loads the plain build, so not under sanitizers.
if [ "${SANITIZE:-0}" = 1 ]; then
  echo "== tests/*_test.sh: not run under sanitizers (they load $B from uninstrumented hosts)"
else
  for t in tests/*_test.sh; do
    [ -f "$t" ] && add_suite "${t#tests/}" sh "$t" "$B"
  done
fi

# The longest first (the host tests, then the SQL tests), so that the
# JOBS lanes end together.
ls "$out"/*.cmd | sort -r | xargs -P "$JOBS" -n 1 sh -c '
  f=${1%.cmd}
  sh -c "$(cat "$1")" </dev/null >"$f.out" 2>&1
  echo $? >"$f.rc"' sh
for c in "$out"/*.cmd; do
  report_suite "${c%.cmd}"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
