#!/bin/sh
# tools/growth-count.sh PROGRAM EXT [FILTER]: runs bench/growth_count under
# callgrind for every growth case (bench/growth_cases.h) whose label contains
# FILTER, at 64 kB and 1 MB (GROWTH_SMALL, GROWTH_BIG: sizes in bytes),
# counting only the expression's evaluation; prints both instruction counts
# and the growth factor ir(big) / ir(small) / (big / small).
# Linear work gives 1.0, n log n 1.25 (log 2^20 / log 2^16); a case above
# GROWTH_LIMIT (default 1.35) fails the run (exit 1): superlinear work.
# Also prints the peak of SQLite's allocator during the larger call as a
# multiple of the argument's size ("mem").
set -eu
prog=$1 ext=$2 filter=${3:-}
limit=${GROWTH_LIMIT:-1.35}
small_n=${GROWTH_SMALL:-65536} big_n=${GROWTH_BIG:-1048576}
command -v valgrind >/dev/null || { echo "growth-count: valgrind is not installed" >&2; exit 1; }
out=$(mktemp)
list=$(mktemp)
trap 'rm -f "$out" "$list"' EXIT
"$prog" "$ext" -l >"$list"

# count CASE SIZE: the instructions of one evaluation, and its result type.
count() {
  log=$(valgrind --tool=callgrind --toggle-collect=counted_step \
    --callgrind-out-file="$out" "$prog" "$ext" "$1" "$2" 2>&1) || {
    printf '%s\n' "$log" >&2
    return 1
  }
  ir=$(printf '%s\n' "$log" | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p')
  res=$(printf '%s\n' "$log" | awk -F'\t' 'NF == 4 { print $3, $4 }')
  echo "$ir $res"
}

printf '%-32s %14s %14s %6s %6s\n' "case" "ir at $small_n" "ir at $big_n" "growth" "mem"
bad=0
while IFS="$(printf '\t')" read -r idx label; do
  case $label in *"$filter"*) ;; *) continue ;; esac
  r=$(count "$idx" "$small_n") || { echo "growth-count: $label failed" >&2; exit 1; }
  set -- $r
  small=$1
  r=$(count "$idx" "$big_n") || { echo "growth-count: $label failed" >&2; exit 1; }
  set -- $r
  big=$1 type=$2 mem=$3
  g=$(awk "BEGIN { printf \"%.2f\", $big / $small / ($big_n / $small_n) }")
  over=$(awk "BEGIN { print ($g > $limit) }")
  flag=
  [ "$type" = err ] && flag=" (err)"
  [ "$over" = 1 ] && { flag="$flag  OVER $limit"; bad=$((bad + 1)); }
  printf '%-32s %14s %14s %6s %6s%s\n' "$label" "$small" "$big" "$g" "$mem" "$flag"
done <"$list"
[ "$bad" -eq 0 ] || { echo "growth-count: $bad case(s) grow faster than n log n" >&2; exit 1; }
