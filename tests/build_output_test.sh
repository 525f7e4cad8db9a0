#!/bin/sh
# tests/build_output_test.sh B: what a newcomer sees.
#  - `make` builds in parallel by default (one job per processor) unless -j
#    is given, and prints one short line per file ("  CC core/url_buf.c");
#    V=1 prints the full compiler command.
#  - A test program's output is its own: tools it runs (psl-make-dafsa in
#    psl_diff_test) print nothing among the counts.
set -u
. tests/harness.sh

# The make running this test passes its jobserver in MAKEFLAGS: a make of
# our own must start afresh, as a user's would.
unset MAKEFLAGS MFLAGS MAKELEVEL

# flags [ARGS]: the MAKEFLAGS make settles on (its database, dry run).
flags() {
  make --no-print-directory -p -n "$@" help 2>&1 | sed -n 's/^MAKEFLAGS = //p'
}
n=$( (nproc || sysctl -n hw.ncpu || echo 2) 2>/dev/null | head -n 1)
case " $(flags) " in *" -j$n "*) pass ;; *) fail "make: not parallel by default: MAKEFLAGS '$(flags)'" ;; esac
case " $(flags -j1) " in *" -j1 "*) pass ;; *) fail "make -j1: MAKEFLAGS '$(flags -j1)'" ;; esac

# One object into a fresh build directory (its dependency stamp copied, so
# only the compiler speaks).
mkdir -p "$TMP/b"
cp "$B/.deps-build" "$TMP/b/" 2>/dev/null || touch "$TMP/b/.deps-build"
make --no-print-directory B="$TMP/b" "$TMP/b/core/url_buf.o" >"$TMP/quiet" 2>&1
check "make: one short line per file" "$(cat "$TMP/quiet")" "  CC   core/url_buf.c"
rm -f "$TMP/b/core/url_buf.o"
make --no-print-directory B="$TMP/b" V=1 "$TMP/b/core/url_buf.o" >"$TMP/loud" 2>&1
if grep -q -e "-c core/url_buf.c -o $TMP/b/core/url_buf.o" "$TMP/loud"; then pass
else fail "make V=1: no full compiler command in '$(cat "$TMP/loud")'"
fi

if [ -x "$B/tests/psl_diff_test" ]; then
  "$B/tests/psl_diff_test" >"$TMP/psl" 2>&1
  if grep -n "Unsupported kind of rule" "$TMP/psl" >"$TMP/noise"; then
    fail "psl_diff_test: psl-make-dafsa's own output among the counts: $(head -n 1 "$TMP/noise")"
  else pass
  fi
else
  skip "no $B/tests/psl_diff_test"
fi

summary
