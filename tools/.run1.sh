#!/bin/sh
# tools/run-sql-tests.sh B: runs every sql-tests/*.sql through the sqlite3
# shell with the extension ./B/url loaded.  Called by tools/run-tests.sh.
#
# Convention of a test file (also in sql-tests/README.md):
#
#  * An assertion is a row inserted into the temp table `checks`, which the
#    runner creates before the file runs:
#        INSERT INTO checks VALUES ('label', actual, expected);
#    It passes iff  actual IS expected AND typeof(actual) = typeof(expected)
#    (so NULL matches only NULL, and the text '1' never matches the integer
#    1).  Labels are the table's primary key: a repeated label is an error.
#    Prefer one VALUES row per assertion; an INSERT ... SELECT may yield no
#    rows, so pair it with an assertion on its row count.
#  * A line "-- error: SUBSTRING" makes the next statement (up to the first
#    line ending in ';') an error assertion: the runner takes it out of the
#    file and runs it alone, in a fresh connection that has only the
#    extension loaded; it passes iff sqlite3 fails and its error message
#    contains SUBSTRING (case-sensitive, non-empty).
#  * Everything else is setup, and must print nothing.  The file runs with
#    .bail on: any error ends it, its summary is then missing, and the file
#    fails.  Any output of its own (say, a bare SELECT meant as an
#    assertion), anything on stderr, and a file with no assertions all fail.
#
# Prints failures, then "sql-tests: N passed, N failed" and, as its last
# line, "N passed, N failed".  Exits non-zero if anything failed.
#
# SANITIZE=1: the extension is instrumented but sqlite3 is not, so sqlite3
# runs with the ASan and UBSan runtimes preloaded, leak detection on, and
# any sanitizer report counts as a failure.
set -u

B=${1:?usage: tools/run-sql-tests.sh BUILD_DIR}
cd "$(dirname "$0")/.." || exit 1
SQLITE3=${SQLITE3:-sqlite3}
case $B in /*) LIB=$B/url ;; *) LIB=./$B/url ;; esac
MARK='@@sql-tests@@'

passed=0
failed=0
fail() { # one failed assertion or file-level problem
  failed=$((failed + 1))
  printf '%s\n' "$*"
}

finish() {
  echo "sql-tests: $passed passed, $failed failed"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}

if [ "${SANITIZE:-0}" = 1 ]; then
  CC=${CC:-cc}
  # The extension itself is preloaded too, only so that it stays mapped
  # after sqlite3 closes the connection: LSan reports leaks at exit, and
  # could not name the extension's functions once it is unloaded.
  case $B in /*) SO=$B/url.so ;; *) SO=$PWD/$B/url.so ;; esac
  case $($CC --version 2>/dev/null) in
    *clang*) # one runtime: ASan's holds UBSan's handlers
      PRELOAD="$($CC -print-file-name=libclang_rt.asan-$(uname -m).so) $SO" ;;
    *) PRELOAD="$($CC -print-file-name=libasan.so) $($CC -print-file-name=libubsan.so) $SO" ;;
  esac
  # exitcode: tell sanitizer deaths apart from sqlite3's own status 1.
  # The sqlite3 shell (3.40) leaks nothing of its own in these runs, so no
  # LSan suppressions are needed; if a newer shell does, add a file
  # tests/lsan.supp naming only the shell's functions, and pass it here.
  ASAN_OPT="detect_leaks=1:exitcode=86"
  UBSAN_OPT="halt_on_error=1:print_stacktrace=1:exitcode=87"
fi

# Runs sqlite3 on stdin with the extension loaded; extra options in "$@".
sql() {
  if [ "${SANITIZE:-0}" = 1 ]; then
    env LD_PRELOAD="$PRELOAD" ASAN_OPTIONS="$ASAN_OPT" \
      UBSAN_OPTIONS="$UBSAN_OPT" \
      "$SQLITE3" -batch -bail -cmd ".load $LIB" "$@" :memory:
  else
    "$SQLITE3" -batch -bail -cmd ".load $LIB" "$@" :memory:
  fi
}

is_sanitizer_report() { grep -q -E 'Sanitizer|runtime error:' "$1"; }

if [ ! -f "$B/url.so" ]; then
  fail "sql-tests: $B/url.so not found (build it first)"
  finish
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# Splits a test file: the main script (error statements blanked, so line
# numbers in sqlite3's messages still match the file) on stdout, and per
# error assertion K: $dir/K.want (substring), K.line, K.sql.
SPLIT='
function bad(msg) { printf "%s:%d: %s\n", FILENAME, NR, msg > "/dev/stderr"; err = 1 }
/^[ \t]*-- error:/ && !in_stmt {
  want = $0
  sub(/^[ \t]*-- error:[ \t]*/, "", want)
  sub(/[ \t\r]+$/, "", want)
  if (want == "") bad("empty -- error: substring")
  k++
  printf "%s\n", want > (dir "/" k ".want"); close(dir "/" k ".want")
  printf "%d\n", NR + 1 > (dir "/" k ".line"); close(dir "/" k ".line")
  in_stmt = 1
  print ""
  next
}
in_stmt {
  print > (dir "/" k ".sql")
  print ""
  if ($0 ~ /;[ \t\r]*$/) { in_stmt = 0; close(dir "/" k ".sql") }
  next
}
{ print }
END {
  if (in_stmt) bad("-- error: statement not terminated by a line ending in ;")
  print k + 0 > (dir "/count")
  exit err
}'

# Reports what the file asserted; runs after the file, in the same session.
OK='(actual IS expected AND typeof(actual) = typeof(expected))'
show() { # quote() of a value, on one line and at most 300 characters
  printf '%s' "substr(replace(replace(quote($1), char(13), '\\r'), char(10), '\\n'), 1, 300)"
}
EPILOGUE="
;
.mode list
.headers off
.nullvalue NULL
SELECT '$MARK FAIL ' || label || ': got ' || $(show actual) || ' expected ' ||
       $(show expected) || CASE WHEN actual IS expected
       THEN ' (types ' || typeof(actual) || ' vs ' || typeof(expected) || ')'
       ELSE '' END
  FROM checks WHERE NOT $OK ORDER BY rowid;
SELECT '$MARK SUMMARY ' || (SELECT count(*) FROM checks WHERE $OK) || ' ' ||
       (SELECT count(*) FROM checks WHERE NOT $OK);"
SETUP="CREATE TEMP TABLE checks(label TEXT PRIMARY KEY NOT NULL CHECK (label <> ''), actual, expected)"

nfiles=0
for f in ${ONLY:-sql-tests/*.sql}; do
  [ -f "$f" ] || continue
  nfiles=$((nfiles + 1))
  name=${f#sql-tests/}
  dir=$tmp/$nfiles
  mkdir "$dir"
  if ! awk -v dir="$dir" "$SPLIT" "$f" >"$dir/main.sql" 2>"$dir/split.err"; then
    fail "FAIL $name: $(cat "$dir/split.err")"
    continue
  fi
  file_pass=0
  file_fail=0

  # The file's assertions.
  { cat "$dir/main.sql"; printf '%s\n' "$EPILOGUE"; } |
    sql -cmd "$SETUP" >"$dir/out" 2>"$dir/err"
  status=$?
  summary=""
  while IFS= read -r line; do
    case $line in
      "$MARK SUMMARY "*) summary=${line#"$MARK SUMMARY "} ;;
      "$MARK FAIL "*) fail "FAIL $name: ${line#"$MARK FAIL "}" ;;
      *) fail "FAIL $name: unexpected output: $line" ;;
    esac
  done <"$dir/out"
  if [ -n "$summary" ]; then
    file_pass=${summary%% *}
    file_fail=${summary#* } # already counted, one per FAIL line
  fi
  broken=0
  if [ "$status" -ne 0 ] || [ -s "$dir/err" ] || [ -z "$summary" ]; then
    broken=1
    fail "FAIL $name: sqlite3 exited with status $status$([ -z "$summary" ] && echo ', before the summary'):"
    sed 's/^/    /' "$dir/err"
  fi

  # The error assertions, each in its own connection.
  k=1
  count=$(cat "$dir/count")
  while [ "$k" -le "$count" ]; do
    want=$(cat "$dir/$k.want")
    line=$(cat "$dir/$k.line")
    sql <"$dir/$k.sql" >"$dir/$k.out" 2>"$dir/$k.err"
    status=$?
    if [ "$status" -eq 1 ] && grep -q -F -e "$want" "$dir/$k.err" &&
       ! is_sanitizer_report "$dir/$k.err" && [ ! -s "$dir/$k.out" ]; then
      file_pass=$((file_pass + 1))
    else
      fail "FAIL $name:$line: expected an error containing '$want'; status $status, stdout '$(head -c 300 "$dir/$k.out")', stderr:"
      sed 's/^/    /' "$dir/$k.err"
    fi
    k=$((k + 1))
  done

  if [ "$broken" = 0 ] && [ $((file_pass + file_fail + count)) -eq 0 ]; then
    fail "FAIL $name: no assertions"
  fi
  passed=$((passed + file_pass))
done

[ "$nfiles" -gt 0 ] || fail "FAIL: no sql-tests/*.sql files"
finish
