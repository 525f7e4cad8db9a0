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
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
list=$dir/list
"$prog" "$ext" -l >"$list"

# One valgrind for every case: the driver evaluates each case at both sizes,
# each in a connection of its own, and has callgrind dump the count of each
# evaluation (cg.out.K, described "CASE SIZE"), its row on stdout.
valgrind --tool=callgrind --toggle-collect=counted_step \
  --callgrind-out-file="$dir/cg.out" "$prog" "$ext" -a "$small_n" "$big_n" "$filter" \
  >"$dir/rows" 2>"$dir/log" || {
  cat "$dir/log" >&2
  echo "growth-count: the driver failed" >&2
  exit 1
}
# "CASE SIZE IR", one line per dump.
for f in "$dir"/cg.out.*; do
  [ -f "$f" ] || continue
  sed -n 's/^desc: Trigger: Client Request: //p; s/^summary: //p' "$f" | tr '\n' ' '
  echo
done >"$dir/counts"

printf '%-32s %14s %14s %6s %6s\n' "case" "ir at $small_n" "ir at $big_n" "growth" "mem"
bad=0
# A row of the driver: label, size, result type, mem (tab-separated).
while IFS="$(printf '\t')" read -r idx label; do
  case $label in *"$filter"*) ;; *) continue ;; esac
  small=$(awk -v c="$idx" -v n="$small_n" '$1 == c && $2 == n { print $3 }' "$dir/counts")
  big=$(awk -v c="$idx" -v n="$big_n" '$1 == c && $2 == n { print $3 }' "$dir/counts")
  row=$(awk -F'\t' -v l="$label" -v n="$big_n" '$1 == l && $2 == n { print $3, $4 }' "$dir/rows")
  if [ -z "$small" ] || [ -z "$big" ] || [ -z "$row" ]; then
    echo "growth-count: $label: no count" >&2
    exit 1
  fi
  set -- $row
  type=$1 mem=$2
  g=$(awk "BEGIN { printf \"%.2f\", $big / $small / ($big_n / $small_n) }")
  over=$(awk "BEGIN { print ($g > $limit) }")
  flag=
  [ "$type" = err ] && flag=" (err)"
  [ "$over" = 1 ] && { flag="$flag  OVER $limit"; bad=$((bad + 1)); }
  printf '%-32s %14s %14s %6s %6s%s\n' "$label" "$small" "$big" "$g" "$mem" "$flag"
done <"$list"
[ "$bad" -eq 0 ] || { echo "growth-count: $bad case(s) grow faster than n log n" >&2; exit 1; }
