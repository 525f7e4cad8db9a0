#!/bin/sh
# tests/growth_test.sh B: every call's work grows at most n log n.  Each
# growth case (bench/growth_cases.h: every function on an adversarial
# argument) is run at 4 kB and 64 kB (`make test-full`, URL_TEST_FULL=1:
# 16 kB and 256 kB) under callgrind, which counts the instructions of that
# one evaluation exactly (tools/growth-count.sh, one valgrind for all), so
# the check counts work, not time, and repeats on a busy machine.  A case
# passes if ir(big) / ir(small) / 16 is at most 1.35: linear work gives
# 1.0, a sort n log n up to about 1.33 (1.29 at the larger sizes),
# quadratic work 16.  The cases' list is read from the driver, so a case
# added there is checked here.
set -u
. tests/harness.sh

prog=$B/bench/growth_count
if ! command -v valgrind >/dev/null 2>&1; then
  fail "valgrind is not installed (sh tools/deps.sh test installs it): work growth not counted"
  summary
fi
[ -x "$prog" ] || { fail "no $prog (make $prog)"; summary; }

small=4096 big=65536
case ${URL_TEST_FULL:-0} in ''|0) ;; *) small=16384 big=262144 ;; esac
GROWTH_SMALL=$small GROWTH_BIG=$big GROWTH_LIMIT=1.35 \
  sh tools/growth-count.sh "$prog" "$B/url$SO" >"$TMP/out" 2>"$TMP/err"
cases=$("$prog" "$B/url$SO" -l | wc -l)
rows=$(awk 'NR > 1 && NF >= 5' "$TMP/out" | wc -l)
check "growth-count: one row per case" "$rows" "$cases"
# A row: label, ir small, ir big, growth, mem[, (err)][, OVER limit].
while IFS= read -r line; do
  case $line in
    "case "*) ;;
    *OVER*) fail "superlinear work: $line" ;;
    *) pass ;;
  esac
done <"$TMP/out"
[ -s "$TMP/err" ] && grep -v "case(s) grow faster" "$TMP/err" | sed 's/^/  /'
summary
