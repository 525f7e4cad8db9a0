#!/bin/sh
# tools/bench-count.sh PROGRAM FILE N [ARGS...]: runs bench/parse_count under
# callgrind, counting only its parse loop, and prints the instructions per
# URL.  Extra ARGS go to the program (e.g. -e: parse recording errors).
set -eu
prog=$1 file=$2 n=$3
shift 3
command -v valgrind >/dev/null || { echo "bench-count: valgrind is not installed" >&2; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
log=$(valgrind --tool=callgrind --toggle-collect='parse_all*' \
  --callgrind-out-file="$out" "$prog" "$file" "$n" "$@" 2>&1)
urls=$(printf '%s\n' "$log" | sed -n 's/^\([0-9]*\) URLs.*/\1/p')
ir=$(printf '%s\n' "$log" | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p')
echo "parse_count${*:+ $*}: $urls URLs of $file, $ir instructions, $(awk "BEGIN { printf \"%.1f\", $ir / $urls }") per URL"
